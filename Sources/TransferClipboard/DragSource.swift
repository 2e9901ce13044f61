import Synchronization
public import TransferKit
internal import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A window of its own from which the user drags items into other apps: what SwiftUI's
/// `.draggable(_:)` gives a view, for a program with no toolkit (`transfer drag`).
///
/// The items are offered as a copy offers them (every representation under the names other apps
/// know, each exported when a target asks; files as a file list). The window opens on the display
/// ``ClipboardDisplay/init(environment:)`` chooses: on a Wayland compositor (`WAYLAND_DISPLAY`) a
/// press of the first button starts a drag of a `wl_data_device` data source, which the compositor
/// moves and drops; on an X server (`DISPLAY`) the items are offered on `XdndSelection`, a press
/// and a move past three pixels start the drag, the window under the pointer is found as XDND
/// version 5 says and told of the drag one position at a time, and the release drops onto a
/// target that accepted. Either way the drag's data is exported from here when the target asks
/// (`Docs/DragAndDrop.md`).
///
/// `DragSource` is `Sendable`: one drag is followed at a time.
public final class DragSource: Sendable {
    /// How a drag ended.
    public enum Outcome: Sendable, Hashable {
        /// Dropped on a target, which took the data with `action` (`copy`, `move`, `private`), or
        /// did not take it (`accepted` false).
        case dropped(accepted: Bool, action: String)
        /// Released over nothing that takes drops, or over a target that refused them.
        case refused
        /// The target stopped answering.
        case expired
    }

    /// The limits of every wait.
    public let limits: Clipboard.Limits
    private let state: Mutex<Backend>

    /// The window's protocol.
    private enum Backend {
        case x11(X11DragSource, window: X11Window)
        case wayland(WaylandDragSource)
    }
    /// What each column of the window drags, when it is split in columns (``init(eachOf:title:frame:picture:environment:limits:)``).
    private let columns: (contents: [ClipboardContent], width: Int)?

    /// Opens and shows a window from which `items` are dragged.
    ///
    /// - Parameters:
    ///   - items: The items; the first one's types are offered, and the files of all of them as a
    ///     file list.
    ///   - title: The window's name.
    ///   - frame: Where the window is on the screen, and its size, in pixels (a window manager may
    ///     place it elsewhere; a Wayland compositor places it, and may size it).
    ///   - environment: Where `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, `DISPLAY`, `XAUTHORITY` and `HOME`
    ///     are read.
    ///   - limits: How long a target may stay silent.
    /// - Throws: ``ClipboardError``: `noDisplay` without `WAYLAND_DISPLAY` or `DISPLAY`;
    ///   `transferFailed` when the items export nothing; `connectionFailed` when the display server
    ///   refuses; `unsupported` when a Wayland compositor lacks what a window needs.
    public convenience init<Item: Transferable>(
        _ items: [Item], title: String = "Drag from here", frame: WindowFrame = WindowFrame(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        try self.init(items, title: title, frame: frame, picture: nil, environment: environment, limits: limits)
    }

    /// Opens and shows a window from which `items` are dragged, showing `picture`.
    package convenience init<Item: Transferable>(
        _ items: [Item], title: String, frame: WindowFrame, picture: WindowPicture?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        try self.init(
            content: try ClipboardContent(items: items.map { ShareItem($0) }), title: title, frame: frame,
            environment: environment, limits: limits, picture: picture)
    }

    /// Opens and shows a window split into as many columns as `items`, of equal widths (the last
    /// takes what is left): a press on a column drags its item alone, as dragon and ripdrag drag
    /// one of the files they show.
    package convenience init<Item: Transferable>(
        eachOf items: [Item], title: String, frame: WindowFrame, picture: WindowPicture?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        var contents: [ClipboardContent] = []
        for item in items { contents.append(try ClipboardContent(items: [ShareItem(item)])) }
        try self.init(
            content: try ClipboardContent(items: items.map { ShareItem($0) }), title: title, frame: frame,
            environment: environment, limits: limits, picture: picture,
            columns: (contents, max(1, Int(frame.width) / max(1, items.count))))
    }

    /// Opens and shows a window from which `data` is dragged under `names` (MIME types, or X11
    /// names such as `UTF8_STRING`), as ``Clipboard/copy(_:as:to:)`` offers it.
    public convenience init(
        data: Data, as names: [String], title: String = "Drag from here", frame: WindowFrame = WindowFrame(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        try self.init(
            data: data, as: names, title: title, frame: frame, picture: nil, environment: environment, limits: limits)
    }

    /// Opens and shows a window from which `data` is dragged under `names`, showing `picture`.
    package convenience init(
        data: Data, as names: [String], title: String, frame: WindowFrame, picture: WindowPicture?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        try self.init(
            content: ClipboardContent(bytes: data, names: names), title: title, frame: frame,
            environment: environment, limits: limits, picture: picture)
    }

    private init(
        content: ClipboardContent, title: String, frame: WindowFrame, environment: [String: String],
        limits: Clipboard.Limits, picture: WindowPicture?,
        columns: (contents: [ClipboardContent], width: Int)? = nil
    ) throws(ClipboardError) {
        self.columns = columns
        self.limits = limits
        let deadline = ContinuousClock.now + limits.timeout
        if case .wayland(let socket) = try DropTarget.display(environment: environment) {
            state = Mutex(
                .wayland(
                    try WaylandDragSource(
                        socket: socket, content: content, title: title, width: Int(frame.width),
                        height: Int(frame.height), picture: picture, idle: limits.idleTimeout, deadline: deadline)))
            return
        }
        let connection = try DropTarget.connection(environment: environment, limits: limits)
        let selection = try X11Selection(connection, deadline: deadline)
        let source = try X11DragSource(selection, content: content, idle: limits.idleTimeout, deadline: deadline)
        let window = try connection.createVisibleWindow(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height,
            eventMask: picture == nil ? .buttonDrag : [.buttonDrag, .exposure])
        source.painter = try picture.map { picture throws(ClipboardError) in
            try X11WindowPainter(picture, on: window, connection)
        }
        try X11DropTarget.name(window, title, on: connection, atoms: source.atoms)
        try connection.mapWindow(window)
        try source.painter?.paint()
        try connection.sync(deadline: deadline)
        source.ownWindow = window
        state = Mutex(.x11(source, window: window))
    }

    /// Waits for the user to drag from the window, and for the drag to end.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for a drag to start and end.
    ///   - willBegin: Called once the drag starts, before any target hears of it: on X11 when the
    ///     pointer, pressed on the window, has moved past the drag threshold; on Wayland when the
    ///     compositor is asked to start it (`wl_data_device.start_drag`) — as AppKit's
    ///     `draggingSession(_:willBeginAt:)` is called (here on the thread that follows the drag,
    ///     not the main one).
    ///   - isAccepted: Told `true` when the window under the drag would take it (it accepted one of
    ///     the types offered, with an action: a release now drops), and `false` when it stops being
    ///     so — another window, a refusal, the drop — as ``DropTarget``'s `isTargeted` is told on
    ///     the other side.
    /// - Returns: How it ended; `nil` when no drag started in time.
    /// - Throws: ``ClipboardError`` when the connection fails.
    public func drag(
        timeout: Duration, willBegin: (@Sendable () -> Void)? = nil, isAccepted: (@Sendable (Bool) -> Void)? = nil
    ) async throws(ClipboardError) -> Outcome? {
        let limits = limits
        let result: Result<Outcome?, ClipboardError> = await withCheckedContinuation { continuation in
            // A thread of its own: the wait blocks for as long as the drag lasts, which would
            // hold one of Dispatch's shared workers (and, with many held, starve the others).
            DedicatedThread.run {
                do throws(ClipboardError) {
                    let outcome = try self.state.withLock { state throws(ClipboardError) -> Outcome? in
                        switch state {
                        case .x11(let source, let window):
                            try Self.follow(
                                source, from: window, choosing: self.chooser, willBegin: willBegin,
                                isAccepted: isAccepted, limits: limits, timeout: timeout)
                        case .wayland(let source):
                            try source.followPointer(
                                choosing: self.chooser.map { choose in { x, y in choose(Int(x), Int(y)) } },
                                willBegin: willBegin, isAccepted: isAccepted, deadline: .now + timeout)
                        }
                    }
                    continuation.resume(returning: .success(outcome))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        return try result.get()
    }

    /// What a press at a point of the window drags, when it is split in columns.
    private var chooser: ((Int, Int) -> ClipboardContent)? {
        columns.map { columns in
            { x, _ in columns.contents[min(max(0, x) / columns.width, columns.contents.count - 1)] }
        }
    }

    /// Follows a drag from an X11 window, its end said as ``Outcome``.
    private static func follow(
        _ source: X11DragSource, from window: X11Window, choosing choose: ((Int, Int) -> ClipboardContent)?,
        willBegin: (() -> Void)?, isAccepted: ((Bool) -> Void)?, limits: Clipboard.Limits, timeout: Duration
    ) throws(ClipboardError) -> Outcome? {
        let outcome = try source.followPointer(
            from: window, choosing: choose.map { choose in { x, y in choose(Int(x), Int(y)) } },
            willBegin: willBegin, isAccepted: isAccepted, deadline: .now + timeout)
        switch outcome {
        case nil: return nil
        case .refused: return .refused
        case .expired: return .expired
        case .dropped(_, let accepted, let action):
            let name = (try? source.selection.connection.atomNames([action], deadline: .now + limits.idleTimeout))?
                .first
            return .dropped(accepted: accepted, action: accepted ? X11DropTarget.actionName(name ?? "") : "none")
        }
    }
}
