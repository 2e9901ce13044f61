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
    let connection: WaylandConnection
    /// The protocol bound: `ext_data_control_manager_v1` or `zwlr_data_control_manager_v1`.
    let protocolName: String
    let manager: WaylandObject<DataControlManager>
    let device: WaylandObject<DataControlDevice>
    /// Whether the bound version has the primary selection.
    let hasPrimarySelection: Bool
    private let maximumTypes: Int
    /// The MIME types of every offer alive, as announced so far.
    private var offers: [WaylandObjectID: [String]] = [:]
    /// Offers that announced more types than the limit: their types are not kept.
    private var oversized: Set<WaylandObjectID> = []
    /// The offer each selection holds; none when it is empty.
    private var currentOffer: [ClipboardSelection: WaylandObjectID] = [:]
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
        let chosen: (interface: String, global: WaylandGlobal, version: UInt32, primary: Bool)
        if let ext = globals[DataControlManager.name] {
            chosen = (DataControlManager.name, ext, 1, true)
        } else if let wlr = globals[DataControlManager.wlrootsName] {
            let version = min(wlr.version, 2)
            chosen = (DataControlManager.wlrootsName, wlr, version, version >= 2)
        } else {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(connection.name) offers neither ext-data-control-v1 nor "
                    + "zwlr-data-control-v1, which reading and setting the clipboard without a window needs "
                    + "(GNOME's Mutter has neither; use its X11 clipboard through XWayland)")
        }
        guard let seat = globals[WlSeat.name] else {
            throw ClipboardError(.unsupported, "the Wayland compositor at \(connection.name) has no seat")
        }
        protocolName = chosen.interface
        hasPrimarySelection = chosen.primary
        manager = try connection.bind(
            chosen.global, named: chosen.interface, version: chosen.version, through: registry)
        let seatObject: WaylandObject<WlSeat> = try connection.bind(seat, version: 1, through: registry)
        device = connection.newObject()
        try connection.send(.getDataDevice(device, seat: seatObject), to: manager)
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
        case .dataOffer(device.id, let offer):
            offers[offer] = []
        case .selection(device.id, let selection, let offer):
            let previous = currentOffer[selection]
            currentOffer[selection] = offer
            if let previous, previous != offer, !currentOffer.values.contains(previous) {
                offers[previous] = nil
                oversized.remove(previous)
                let destroyed = WaylandObject<DataControlOffer>(previous)
                try connection.send(.destroy, to: destroyed)
                connection.forget(destroyed)
            }
        case .finished(device.id):
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
        case .other(device.id, _):
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
        try connection.send(.set(selection, to: nil), to: device)
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in try handle(event) }
    }

    /// The MIME types of `selection`, in the owner's order.
    ///
    /// - Throws: ``ClipboardError``: `empty` when nothing is on it; `unsupported` for the primary
    ///   selection where the compositor has none; `tooLarge` over the types limit.
    func types(_ selection: ClipboardSelection) throws(ClipboardError)
        -> (offer: WaylandObject<DataControlOffer>, types: [String])
    {
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
        return (WaylandObject(offer), types)
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
            type, from: offer, sender: "the clipboard's owner", limit: limit, idle: idle,
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
