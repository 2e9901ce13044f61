#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A drop target on Wayland: a ``WaylandWindow`` whose data device's drags are answered as the
/// core protocol asks (`wl_data_device`, version 3). A drag's offer lists its MIME types; when it
/// enters, the type `choose` picks is accepted (`accept`, or `null` to refuse) with copy and move
/// allowed, copy preferred; at the drop, the type is received through a pipe, then the offer is
/// finished and destroyed. A failed transfer destroys the offer unfinished, which tells the source
/// (it is cancelled).
///
/// One thread uses it at a time; it is not `Sendable`. Every wait has a deadline, and a drag that
/// goes silent over the window is forgotten after `idle`.
final class WaylandDropTarget {
    let window: WaylandWindow

    init(
        socket: String, title: String, width: Int, height: Int, picture: WindowPicture?,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        window = try WaylandWindow(
            socket: socket, title: title, width: width, height: height, picture: picture, deadline: deadline)
    }

    /// Waits for the next drop and takes the type `choose` picks from those the drag offers (in
    /// its order; asked when it enters): `nil` when `deadline` comes first.
    ///
    /// - Throws: ``ClipboardError``: a drop whose data cannot be taken (`timedOut`, `tooLarge`)
    ///   after the source was told; `connectionFailed`, `protocolError`.
    func nextDrop(
        limit: Int, idle: Duration, deadline: ContinuousClock.Instant, isTargeted: ((Bool) -> Void)? = nil,
        choose: @escaping ([ClipboardType]) -> ClipboardType?
    ) throws(ClipboardError) -> DroppedData? {
        let connection = window.connection
        var drag: (offer: WaylandObject<WlDataOffer>?, chosen: ClipboardType?, offered: [ClipboardType])?
        var action: WaylandDragActions = []
        var lastHeard = ContinuousClock.now
        var targeted = false
        func sayTargeted(_ now: Bool) {
            if now != targeted {
                targeted = now
                isTargeted?(now)
            }
        }
        defer { sayTargeted(false) }
        func forget(_ offer: WaylandObject<WlDataOffer>?) throws(ClipboardError) {
            if let offer { try window.destroy(offer) }
        }
        while true {
            let wait = drag == nil ? deadline : min(deadline, lastHeard + idle)
            guard let event = try connection.nextEvent(deadline: wait) else {
                guard let current = drag, ContinuousClock.now < deadline else { return nil }
                // The drag went silent over the window: forgotten.
                try forget(current.offer)
                drag = nil
                sayTargeted(false)
                continue
            }
            lastHeard = .now
            if try window.handle(event) { continue }
            switch event {
            case .dragEnter(let serial, window.surface.id, _, _, let entered):
                let offer = entered.map(WaylandObject<WlDataOffer>.init)
                if let previous = drag?.offer, previous != offer { try forget(previous) }
                let offered = offer.map { window.types(of: $0).map(ClipboardType.init(offered:)) } ?? []
                let chosen = offer == nil ? nil : choose(offered)
                action = []
                drag = (offer, chosen, offered)
                guard let offer else { continue }
                try connection.send(.accept(serial: serial, mimeType: chosen?.name), to: offer)
                try connection.send(.setActions([.copy, .move], preferred: .copy), to: offer)
                sayTargeted(chosen != nil)
            case .action(let offer, let chosen) where offer == drag?.offer?.id:
                action = chosen
            case .dragLeave(window.dataDevice.id):
                // wlroots sends `leave` after `drop` too; the dropped offer is already handled.
                if let current = drag { try forget(current.offer) }
                drag = nil
                sayTargeted(false)
            case .dragDrop(window.dataDevice.id):
                guard let current = drag else { continue }
                drag = nil
                sayTargeted(false)
                guard let chosen = current.chosen, let offer = current.offer else {
                    try forget(current.offer)
                    continue
                }
                var data = Data()
                do throws(ClipboardError) {
                    try connection.receive(
                        chosen.name, from: offer, sender: "the drag's source",
                        limit: limit, idle: idle, deadline: deadline,
                        into: ChunkSink { data.append(contentsOf: $0) })
                } catch {
                    // Destroyed unfinished: the source is cancelled.
                    try forget(offer)
                    try connection.roundTrip(deadline: .now + idle) { _ in }
                    throw ClipboardError(error.code, "the drop failed, and the source was told: \(error.reason)")
                }
                try connection.send(.finish, to: offer)
                try forget(offer)
                // The compositor has the finish before this client can go away.
                try connection.roundTrip(deadline: .now + idle) { event throws(ClipboardError) in
                    _ = try window.handle(event)
                }
                return DroppedData(
                    type: chosen, data: data, action: action == .move ? "move" : "copy", offered: current.offered)
            default:
                continue
            }
        }
    }
}
