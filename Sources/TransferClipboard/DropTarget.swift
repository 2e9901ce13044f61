import Synchronization
public import TransferKit
internal import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A window of its own that takes drops from other apps: what SwiftUI's `.dropDestination(for:)`
/// gives a view, for a program with no toolkit — a command-line tool (`transfer drop`), a test, a
/// server's helper.
///
/// The window opens on the display ``ClipboardDisplay/init(environment:)`` chooses: a Wayland
/// compositor's (`WAYLAND_DISPLAY`), whose drags it takes through `wl_data_device` (version 3), or
/// an X server's (`DISPLAY`), where it says it takes drops as XDND version 5 asks (`XdndAware`, and
/// a `WM_NAME`, without which Chromium does not drag onto it). While a drag is over it, the window
/// accepts the type it would take — the same negotiation as a paste
/// (``Clipboard/paste(_:from:)``) — and when the user drops, the data is read from the source as a
/// paste reads the clipboard (through a pipe on Wayland, INCR included on X11). A source that goes
/// silent during a drag is forgotten after the idle time-out; a drop that takes none of the types
/// is refused, and the window waits on (`Docs/DragAndDrop.md`).
///
/// `DropTarget` is `Sendable`: one drop is waited for at a time.
public final class DropTarget: Sendable {
    /// The limits of every wait and every drop.
    public let limits: Clipboard.Limits
    private let target: Mutex<Backend>

    /// The window's protocol.
    private enum Backend {
        case x11(X11DropTarget)
        case wayland(WaylandDropTarget)
    }

    /// Opens and shows the target's window.
    ///
    /// - Parameters:
    ///   - title: The window's name, which window managers show.
    ///   - frame: Where the window is on the screen, and its size (a Wayland compositor places it,
    ///     and may size it).
    ///   - environment: Where `WAYLAND_DISPLAY`, `XDG_RUNTIME_DIR`, `DISPLAY`, `XAUTHORITY` and `HOME`
    ///     are read. The default is the process's.
    ///   - limits: How much a drop may carry and how long a source may stay silent.
    /// - Throws: ``ClipboardError/Code/noDisplay`` without `WAYLAND_DISPLAY` or `DISPLAY`;
    ///   `connectionFailed` when the display server refuses; `unsupported` when a Wayland
    ///   compositor lacks what a window needs (`xdg_wm_base`, `wl_data_device_manager` version 3).
    public convenience init(
        title: String = "Drop here", frame: WindowFrame = WindowFrame(),
        environment: [String: String] = ProcessInfo.processInfo.environment,
        limits: Clipboard.Limits = Clipboard.Limits()
    ) throws(ClipboardError) {
        try self.init(title: title, frame: frame, picture: nil, environment: environment, limits: limits)
    }

    /// Opens and shows the target's window, showing `picture` (``init(title:frame:environment:limits:)``).
    package init(
        title: String, frame: WindowFrame, picture: WindowPicture?, environment: [String: String],
        limits: Clipboard.Limits
    ) throws(ClipboardError) {
        self.limits = limits
        let deadline = ContinuousClock.now + limits.timeout
        switch try Self.display(environment: environment) {
        case .wayland(let socket):
            target = Mutex(
                .wayland(
                    try WaylandDropTarget(
                        socket: socket, title: title, width: Int(frame.width), height: Int(frame.height),
                        picture: picture, deadline: deadline)))
        case .x11:
            let selection = try X11Selection(
                try Self.connection(environment: environment, limits: limits), deadline: deadline)
            target = Mutex(
                .x11(
                    try X11DropTarget(
                        selection, title: title, x: frame.x, y: frame.y, width: frame.width, height: frame.height,
                        picture: picture, deadline: deadline)))
        }
    }

    /// The display a drag or drop window opens on: the Wayland compositor of `WAYLAND_DISPLAY` when
    /// it is set, else the X server of `DISPLAY` (as ``ClipboardDisplay/init(environment:)``
    /// chooses, and GTK and Qt do).
    ///
    /// - Throws: ``ClipboardError/Code/noDisplay`` when neither is set.
    static func display(environment: [String: String]) throws(ClipboardError) -> ClipboardDisplay {
        guard let display = ClipboardDisplay(environment: environment) else {
            throw ClipboardError(.noDisplay, "no display: neither WAYLAND_DISPLAY nor DISPLAY is set")
        }
        return display
    }

    /// A connection to the X server of `DISPLAY`, for a window that drags or takes drops there.
    static func connection(environment: [String: String], limits: Clipboard.Limits) throws(ClipboardError)
        -> X11Connection
    {
        guard let display = environment["DISPLAY"], !display.isEmpty else {
            throw ClipboardError(
                .noDisplay,
                "no X display: DISPLAY is not set")
        }
        return try X11Connection(display: display, environment: environment, timeout: limits.timeout)
    }

    /// Waits for a drop of a model: the first of its importing types the source offers (in the
    /// model's order of preference), imported.
    ///
    /// - Parameters:
    ///   - type: The model.
    ///   - timeout: How long to wait for a drop.
    ///   - isTargeted: Called with `true` when a drag the window would take comes over it, and
    ///     with `false` when it leaves, is refused or is dropped — as SwiftUI's
    ///     `dropDestination(for:action:isTargeted:)` calls its closure (here on the thread that
    ///     waits, not the main one).
    /// - Returns: The value, the type it came as and the negotiation that chose it; `nil` when no
    ///   drop came in time.
    /// - Throws: ``ClipboardError``: `transferFailed` when the import fails; `timedOut` (the
    ///   source did not answer, or stopped sending, within the idle time-out) or `tooLarge` when
    ///   the dropped data cannot be taken, the source told so first; `protocolError`,
    ///   `connectionFailed` when the connection fails.
    public func drop<Item: Transferable>(
        _ type: Item.Type, timeout: Duration, isTargeted: (@Sendable (Bool) -> Void)? = nil
    ) async throws(ClipboardError) -> ClipboardPaste<Item>? {
        let negotiation = Mutex<Negotiation?>(nil)
        guard
            let (drop, chosen) = try await wait(
                timeout: timeout, isTargeted: isTargeted,
                choose: { types in
                    let result = ClipboardNegotiation.negotiate(types, files: [], for: Item.self)
                    negotiation.withLock { $0 = result }
                    return result.best.map { types[$0.offer.representationIndex] }
                }),
            let negotiation = negotiation.withLock({ $0 }), let best = negotiation.best
        else { return nil }
        do {
            let value = try await Item(
                importing: ClipboardNegotiation.text(drop.data, typed: drop.type.name),
                contentType: best.offer.contentType)
            return ClipboardPaste(value: value, type: chosen, negotiation: negotiation)
        } catch {
            throw ClipboardError(.transferFailed, "\(Item.self) cannot import the dropped \(drop.type.name): \(error)")
        }
    }

    /// Waits for a drop, takes the type `choose` picks from those the source offers (in its
    /// order; asked again as the pointer moves, and `nil` refuses the drop), and returns its bytes
    /// as they came.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for a drop.
    ///   - isTargeted: Called with `true` when a drag the window would take comes over it, and
    ///     with `false` when it stops being so (as ``drop(_:timeout:isTargeted:)`` calls it).
    ///   - choose: The type to take.
    /// - Returns: The type taken and the bytes; `nil` when no drop came in time.
    /// - Throws: ``ClipboardError``: `timedOut` or `tooLarge` when the dropped data cannot be
    ///   taken (as ``drop(_:timeout:isTargeted:)`` throws them); when the connection fails.
    public func dropData(
        timeout: Duration, isTargeted: (@Sendable (Bool) -> Void)? = nil,
        choosing choose: @escaping @Sendable ([ClipboardType]) -> ClipboardType?
    ) async throws(ClipboardError) -> (type: ClipboardType, data: Data)? {
        guard
            let (drop, type) = try await wait(
                timeout: timeout, isTargeted: isTargeted,
                choose: choose)
        else { return nil }
        return (type, drop.data)
    }

    /// Waits on a thread that may block for the next drop whose type `choose` picks from the
    /// offered names.
    private func wait(
        timeout: Duration, isTargeted: (@Sendable (Bool) -> Void)?,
        choose: @escaping @Sendable ([ClipboardType]) -> ClipboardType?
    ) async throws(ClipboardError) -> (DroppedData, ClipboardType)? {
        let limits = limits
        let result: Result<DroppedData?, ClipboardError> = await withCheckedContinuation { continuation in
            // A thread of its own: the wait blocks for as long as the drag lasts, which would
            // hold one of Dispatch's shared workers (and, with many held, starve the others).
            DedicatedThread.run {
                do throws(ClipboardError) {
                    let drop = try self.target.withLock { target throws(ClipboardError) in
                        switch target {
                        case .x11(let target):
                            try target.nextDrop(
                                limit: limits.maximumBytes, idle: limits.idleTimeout, deadline: .now + timeout,
                                isTargeted: isTargeted, choose: choose)
                        case .wayland(let target):
                            try target.nextDrop(
                                limit: limits.maximumBytes, idle: limits.idleTimeout, deadline: .now + timeout,
                                isTargeted: isTargeted, choose: choose)
                        }
                    }
                    continuation.resume(returning: .success(drop))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
        }
        guard let drop = try result.get() else { return nil }
        return (drop, drop.type)
    }
}

/// What a drop delivered, on X11 or Wayland: the type taken, its bytes, the action performed
/// (`copy`, `move`, `private`), and every type the source offered (by name, in its order).
struct DroppedData: Equatable {
    var type: ClipboardType
    var data: Data
    var action: String
    var offered: [ClipboardType]
}

extension ClipboardType {
    /// The type a source offers under `name`, its content type as ``ClipboardTypeMapping`` maps it.
    init(offered name: String) {
        self = ClipboardTypeMapping.offered(name)
    }
}
