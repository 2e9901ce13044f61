internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A drag source on Wayland: a ``WaylandWindow`` from which a press of the first button starts a
/// drag (`wl_data_device.start_drag` with the press's serial, as compositors require) of a data
/// source offering the content's types, with copy and move allowed. The compositor moves the drag;
/// the source answers each `send` as a selection's owner does (``WaylandTransfers``), and the drag
/// ends with `dnd_finished` (taken), or `cancelled` (refused, or dropped and not taken).
///
/// One thread uses it at a time; it is not `Sendable`. A target that goes silent after the drop is
/// given up after `idle`.
final class WaylandDragSource {
    let window: WaylandWindow
    private let content: ClipboardContent
    private let idle: Duration

    init(
        socket: String, content: ClipboardContent, title: String, width: Int, height: Int, picture: WindowPicture?,
        idle: Duration, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        window = try WaylandWindow(
            socket: socket, title: title, width: width, height: height, picture: picture, deadline: deadline)
        self.content = content
        self.idle = idle
    }

    /// Waits for a press of the first button on the window, drags the content (or what `choose`
    /// picks for the point pressed, in the window's pixels), and follows the drag to its end.
    ///
    /// - Returns: How it ended; `nil` when no drag started and ended by `deadline`.
    func followPointer(
        choosing choose: ((Double, Double) -> ClipboardContent)?, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> DragSource.Outcome? {
        let connection = window.connection
        var pointer = (x: 0.0, y: 0.0)
        var drag: (source: UInt32, content: ClipboardContent, dropped: Bool)?
        var action: UInt32 = 0
        var transfers = WaylandTransfers()
        var lastHeard = ContinuousClock.now
        defer {
            transfers.closeAll()
            if let drag { try? end(drag.source) }
        }
        while true {
            while let event = try connection.nextEvent(deadline: .now) {
                lastHeard = .now
                if try window.handle(event) { continue }
                switch event {
                case .pointerEnter(_, window.surface, let x, let y), .pointerMotion(let x, let y):
                    pointer = (x, y)
                case .pointerButton(let serial, WaylandWindow.firstButton, pressed: true) where drag == nil:
                    let chosen = choose?(pointer.x, pointer.y) ?? content
                    let source = connection.newID(.dataSource)
                    try connection.send(window.dataDeviceManager, 0, .init().uint(source))  // create_data_source
                    for target in chosen.targets {
                        try connection.send(source, 0, .init().string(target))  // offer
                    }
                    try connection.send(source, 2, .init().uint(1 | 2))  // set_actions: copy, move
                    try connection.send(
                        window.dataDevice, 0, .init().uint(source).uint(window.surface).uint(0).uint(serial))
                    drag = (source, chosen, false)
                    action = 0
                case .send(let source, let type, let received) where source == drag?.source:
                    let descriptor = connection.claim(received)
                    guard let content = drag?.content, case .success(let bytes) = content.bytes(for: type) else {
                        descriptor.close()  // a type not offered, or an export that failed: an empty answer
                        continue
                    }
                    transfers.start(descriptor, bytes: bytes, snapshot: content.snapshot(for: type))
                case .action(let source, let chosen) where source == drag?.source:
                    action = chosen
                case .dropPerformed(let source) where source == drag?.source:
                    drag?.dropped = true
                case .dragFinished(let source) where source == drag?.source:
                    return .dropped(accepted: true, action: action == 2 ? "move" : "copy")
                case .cancelled(let source) where source == drag?.source:
                    return drag?.dropped == true ? .dropped(accepted: false, action: "none") : .refused
                default:
                    continue
                }
            }
            let waitingForTarget = drag?.dropped == true
            let wait = waitingForTarget ? min(deadline, lastHeard + idle) : deadline
            guard try transfers.wait(on: connection, idle: idle, until: wait) else {
                if waitingForTarget, ContinuousClock.now < deadline { return .expired }
                return nil
            }
        }
    }

    /// Destroys the drag's data source (`wl_data_source.destroy`), and waits for the compositor to
    /// have it.
    private func end(_ source: UInt32) throws(ClipboardError) {
        try window.connection.send(source, 1)
        window.connection.forget(source)
        try window.connection.roundTrip(deadline: .now + idle) { event throws(ClipboardError) in
            _ = try window.handle(event)
        }
    }
}
