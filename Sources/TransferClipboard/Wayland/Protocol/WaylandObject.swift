internal import TransferSupport

/// An object's identifier on a Wayland connection (*The Wayland Protocol*, "Wire Format": an
/// `object` or `new_id` argument): the client allocates its own from 2 upwards, the compositor
/// its own from `0xFF000000`; 0 is the null object, which an argument marked `allow-null` may be
/// and ``WaylandArgumentReader`` reads as `nil`.
struct WaylandObjectID: Hashable, ExpressibleByIntegerLiteral, CustomStringConvertible {
    var rawValue: UInt32

    init(_ rawValue: UInt32) {
        self.rawValue = rawValue
    }

    init(integerLiteral value: UInt32) {
        self.init(value)
    }

    /// `wl_display`, the object every connection starts with.
    static let display: WaylandObjectID = 1

    var description: String { "\(rawValue)" }
}

/// An interface of the Wayland protocols the clipboard speaks, as `wayland-scanner` writes one
/// from a protocol's XML: the name a compositor advertises it by, the requests a client sends to
/// its objects (``Request``), and which of ``WaylandEvent``'s tables decodes its events.
///
/// The interfaces are caseless enums named as the XML names them (`wl_data_offer` is
/// ``WlDataOffer``), in `Wayland/Protocol/`, a file per XML: `WaylandCore.swift` and
/// `WaylandDataDevice.swift` (`wayland.xml`), `XdgShell.swift`, `DataControl.swift`,
/// `VirtualPointer.swift`.
protocol WaylandInterface {
    /// The requests of the interface that the clipboard sends, each with its opcode: its position
    /// among the XML's requests.
    associatedtype Request: WaylandRequest
    /// The interface's name in the registry and in `wl_registry.bind`.
    static var name: String { get }
    /// The table its events are decoded with; `nil` for an interface whose events the clipboard
    /// does not follow (they decode as ``WaylandEvent/other(object:opcode:)``).
    static var events: WaylandEvent.Interface? { get }
}

/// An object of `Interface` on a connection: its identifier, typed, so that only the requests of
/// its interface can be sent to it (``WaylandConnection/send(_:to:)``).
struct WaylandObject<Interface: WaylandInterface>: Hashable {
    let id: WaylandObjectID

    init(_ id: WaylandObjectID) {
        self.id = id
    }
}

/// A request of one interface, as a value: its opcode and arguments, written by a pure function
/// (``message(to:)``) the connection sends, and the descriptor of its `fd` argument, which goes
/// beside the bytes.
protocol WaylandRequest {
    /// The request's position among its interface's requests.
    var opcode: UInt16 { get }
    /// The arguments in the order of the XML, `fd` arguments left out.
    var arguments: WaylandArguments { get }
    /// The descriptor of the request's `fd` argument, if it has one.
    var descriptor: FileDescriptor? { get }
}

extension WaylandRequest {
    var descriptor: FileDescriptor? { nil }

    /// The request sent to `object`.
    func message(to object: WaylandObjectID) -> WaylandMessage {
        WaylandMessage(object: object, opcode: opcode, arguments: arguments.bytes)
    }
}

/// The requests of an interface that has none the clipboard sends.
enum NoWaylandRequests: WaylandRequest {
    var opcode: UInt16 { switch self {} }
    var arguments: WaylandArguments { switch self {} }
}
