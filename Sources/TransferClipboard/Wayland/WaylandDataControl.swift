internal import CTransferKitSystem
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A data-control device on a Wayland compositor: the protocol clipboard tools and managers use
/// to read and set the selection without a surface or keyboard focus. `ext-data-control-v1`
/// where the compositor has it, else `zwlr-data-control-unstable-v1` (version 2 for the primary
/// selection); the two have the same requests and events under different names.
///
/// On connecting, the compositor sends the current selection's offer, its MIME types, and the
/// `selection` (and `primary_selection`) event naming it; every later change repeats that. This
/// type keeps the latest offer of each selection.
final class WaylandDataControl {
    /// The opcodes of the manager, device, source and offer, which both protocols share.
    enum Opcode {
        static let createDataSource: UInt16 = 0
        static let getDataDevice: UInt16 = 1
        static let setSelection: UInt16 = 0
        static let setPrimarySelection: UInt16 = 2
        static let offer: UInt16 = 0
        static let receive: UInt16 = 0
        static let destroy: UInt16 = 1
        // Events
        static let dataOffer: UInt16 = 0
        static let selection: UInt16 = 1
        static let finished: UInt16 = 2
        static let primarySelection: UInt16 = 3
        static let send: UInt16 = 0
        static let cancelled: UInt16 = 1
    }

    let connection: WaylandConnection
    /// The protocol bound: `ext_data_control_manager_v1` or `zwlr_data_control_manager_v1`.
    let protocolName: String
    let manager: UInt32
    let device: UInt32
    /// Whether the bound version has the primary selection.
    let hasPrimarySelection: Bool
    private let maximumTypes: Int
    /// The MIME types of every offer alive, as announced so far.
    private var offers: [UInt32: [String]] = [:]
    /// Offers that announced more types than the limit: their types are not kept.
    private var oversized: Set<UInt32> = []
    /// The offer each selection holds; none when it is empty.
    private var currentOffer: [ClipboardSelection: UInt32] = [:]
    /// Set when the compositor said the device is gone.
    private var failure: ClipboardError?

    /// Binds the compositor's data-control manager and the first seat, and makes a device for it.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` when the compositor has neither protocol
    ///   (GNOME's Mutter), or no seat; `timedOut`, `connectionFailed`, `protocolError`.
    init(_ connection: WaylandConnection, maximumTypes: Int, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        self.connection = connection
        self.maximumTypes = maximumTypes
        let (registry, globals) = try connection.globals(deadline: deadline)
        let chosen: (interface: String, version: UInt32, primary: Bool)
        if globals["ext_data_control_manager_v1"] != nil {
            chosen = ("ext_data_control_manager_v1", 1, true)
        } else if let wlr = globals["zwlr_data_control_manager_v1"] {
            let version = min(wlr.version, 2)
            chosen = ("zwlr_data_control_manager_v1", version, version >= 2)
        } else {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) offers neither ext-data-control-v1 nor "
                    + "zwlr-data-control-v1, which reading and setting the clipboard without a window needs "
                    + "(GNOME's Mutter has neither; use its X11 clipboard through XWayland)")
        }
        guard let seat = globals["wl_seat"] else {
            throw ClipboardError(.unsupported, "the Wayland compositor at \(connection.name) has no seat")
        }
        protocolName = chosen.interface
        hasPrimarySelection = chosen.primary
        manager = try connection.bind(
            registry, globals[chosen.interface]!.name, chosen.interface, version: chosen.version)
        let seatID = try connection.bind(registry, seat.name, "wl_seat", version: 1)
        device = connection.newID(.dataControlDevice)
        try connection.send(manager, Opcode.getDataDevice, .init().uint(device).uint(seatID))
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in
            try handle(event)
        }
        if let failure { throw failure }
    }

    /// Follows the device's and offers' events: a new offer and its types, a selection naming one
    /// (the offer it replaces destroyed). Returns `false` for an event that is none of these, for
    /// the caller to handle.
    @discardableResult
    func handle(_ event: WaylandEvent) throws(ClipboardError) -> Bool {
        switch event {
        case .dataOffer(device, let offer):
            offers[offer] = []
        case .selection(device, let selection, let offer):
            let previous = currentOffer[selection]
            currentOffer[selection] = offer == 0 ? nil : offer
            if let previous, previous != offer, !currentOffer.values.contains(previous) {
                offers[previous] = nil
                oversized.remove(previous)
                try connection.send(previous, Opcode.destroy)
                connection.forget(previous)
            }
        case .finished(device):
            failure = ClipboardError(
                .connectionFailed, "the Wayland compositor at \(connection.name) ended the data-control device")
        case .offer(let offer, let type) where offers[offer] != nil || oversized.contains(offer):
            if offers[offer] != nil {
                offers[offer]!.append(type)
                if offers[offer]!.count > maximumTypes {
                    offers[offer] = nil
                    oversized.insert(offer)
                }
            }
        case .other(device, _):
            break
        default:
            return false
        }
        return true
    }

    /// Sets `selection` to nothing: its owner's source is cancelled.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` for the primary selection where the compositor
    ///   has none.
    func clear(_ selection: ClipboardSelection, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        if selection == .primary, !hasPrimarySelection {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) has \(protocolName) version 1, which has no "
                    + "primary selection")
        }
        try connection.send(
            device, selection == .primary ? Opcode.setPrimarySelection : Opcode.setSelection, .init().uint(0))
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in try handle(event) }
    }

    /// The MIME types of `selection`, in the owner's order.
    ///
    /// - Throws: ``ClipboardError``: `empty` when nothing is on it; `unsupported` for the primary
    ///   selection where the compositor has none; `tooLarge` over the types limit.
    func types(_ selection: ClipboardSelection) throws(ClipboardError) -> (offer: UInt32, types: [String]) {
        if let failure { throw failure }
        if selection == .primary, !hasPrimarySelection {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) has \(protocolName) version 1, which has no "
                    + "primary selection")
        }
        guard let offer = currentOffer[selection] else {
            throw ClipboardError(.empty, "the \(selection) selection is empty")
        }
        guard let types = offers[offer] else {
            throw ClipboardError(
                .tooLarge,
                "the clipboard's owner offers more than \(maximumTypes) types (Clipboard.Limits.maximumTypes)")
        }
        return (offer, types)
    }

    /// Hands `sink` the bytes the owner of `selection` sends for `type` as they arrive: a pipe
    /// handed to it through the compositor, read to its end.
    ///
    /// The end of the pipe is the end of the data, as Wayland has no length: an owner that dies
    /// mid-transfer gives what it wrote so far, as `wl-paste` does.
    ///
    /// - Throws: ``ClipboardError``: `typeNotOffered` when the owner does not offer `type`;
    ///   `tooLarge` past `limit`; `timedOut` after `idle` without a byte, or at `deadline`.
    func read(
        _ type: String, from selection: ClipboardSelection, limit: Int, idle: Duration,
        deadline: ContinuousClock.Instant,
        into sink: ChunkSink
    ) throws(ClipboardError) {
        let (offer, types) = try types(selection)
        guard types.contains(type) else {
            throw ClipboardError(
                .typeNotOffered, "the clipboard does not offer \(type); it offers \(types.joined(separator: ", "))")
        }
        try connection.receive(
            type, from: offer, opcode: Opcode.receive, sender: "the clipboard's owner", limit: limit, idle: idle,
            deadline: deadline, into: sink)
    }
}

extension WaylandDataControl: SelectionReader {
    func names(_ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> [String]
    {
        try types(selection).types
    }

    func stream(
        _ name: String, _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant,
        into sink: ChunkSink
    ) throws(ClipboardError) -> String {
        try read(name, from: selection, limit: limit, idle: idle, deadline: deadline, into: sink)
        return name
    }
}
