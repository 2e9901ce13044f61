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
    /// picks for the point pressed, in the window's pixels), and follows the drag to its end;
    /// `willBegin` is called once the compositor is asked to start the drag, and `isAccepted` told
    /// `true` when the target under it accepts a type with an action (`wl_data_source.target` and
    /// `action`: a release then drops), `false` when that stops.
    ///
    /// - Returns: How it ended; `nil` when no drag started and ended by `deadline`.
    func followPointer(
        choosing choose: ((Double, Double) -> ClipboardContent)?, willBegin: (() -> Void)? = nil,
        isAccepted: ((Bool) -> Void)? = nil, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> DragSource.Outcome? {
        let connection = window.connection
        var pointer = (x: 0.0, y: 0.0)
        var drag: (source: WaylandObject<WlDataSource>, content: ClipboardContent, dropped: Bool)?
        var action: WaylandDragActions = []
        // The type the target under the drag accepts, and whether the last said it was accepted.
        var acceptedType: String?
        var saidAccepted = false
        func sayAccepted() {
            let now = drag.map { !$0.dropped } == true && acceptedType != nil && !action.isEmpty
            if now != saidAccepted {
                saidAccepted = now
                isAccepted?(now)
            }
        }
        var transfers = WaylandTransfers()
        var lastHeard = ContinuousClock.now
        defer {
            transfers.closeAll()
            if let drag { try? end(drag.source) }
            if saidAccepted { isAccepted?(false) }
        }
        while true {
            while let event = try connection.nextEvent(deadline: .now) {
                lastHeard = .now
                if try window.handle(event) { continue }
                switch event {
                case .pointerEnter(_, window.surface.id, let x, let y), .pointerMotion(let x, let y):
                    pointer = (x, y)
                case .pointerButton(let serial, WaylandWindow.firstButton, pressed: true) where drag == nil:
                    let chosen = choose?(pointer.x, pointer.y) ?? content
                    let source: WaylandObject<WlDataSource> = connection.newObject()
                    try connection.send(.createDataSource(source), to: window.dataDeviceManager)
                    for target in chosen.targets {
                        try connection.send(.offer(mimeType: target), to: source)
                    }
                    try connection.send(.setActions([.copy, .move]), to: source)
                    try connection.send(
                        .startDrag(source: source, origin: window.surface, icon: nil, serial: serial),
                        to: window.dataDevice)
                    drag = (source, chosen, false)
                    (action, acceptedType) = ([], nil)
                    willBegin?()
                case .send(let source, let type, let received) where source == drag?.source.id:
                    let descriptor = connection.claim(received)
                    guard let content = drag?.content, case .success(let bytes) = content.bytes(for: type) else {
                        descriptor.close()  // a type not offered, or an export that failed: an empty answer
                        continue
                    }
                    transfers.start(descriptor, bytes: bytes, snapshot: content.snapshot(for: type))
                case .target(let source, let type) where source == drag?.source.id:
                    acceptedType = type
                    sayAccepted()
                case .action(let source, let chosen) where source == drag?.source.id:
                    action = chosen
                    sayAccepted()
                case .dropPerformed(let source) where source == drag?.source.id:
                    drag?.dropped = true
                    sayAccepted()
                case .dragFinished(let source) where source == drag?.source.id:
                    return .dropped(accepted: true, action: action == .move ? "move" : "copy")
                case .cancelled(let source) where source == drag?.source.id:
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
    private func end(_ source: WaylandObject<WlDataSource>) throws(ClipboardError) {
        try window.connection.send(.destroy, to: source)
        window.connection.forget(source)
        try window.connection.roundTrip(deadline: .now + idle) { event throws(ClipboardError) in
            _ = try window.handle(event)
        }
    }
}
