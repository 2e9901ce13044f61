/// The display server whose clipboard a ``Clipboard`` uses, and the protocol it speaks there.
///
/// `ClipboardDisplay` is `Sendable`.
public enum ClipboardDisplay: Sendable, Hashable, CustomStringConvertible {
    /// An X server, as `DISPLAY` names it (`:0`, `unix:0`): ICCCM selections.
    case x11(String)
    /// A Wayland compositor, by the path of its socket (`$XDG_RUNTIME_DIR/$WAYLAND_DISPLAY`):
    /// `ext-data-control-v1`, else `zwlr-data-control-unstable-v1`.
    case wayland(String)

    /// The display the environment names: the Wayland compositor of `WAYLAND_DISPLAY` (in
    /// `XDG_RUNTIME_DIR` unless it is a path) when it is set, as GTK, Qt and `wl-clipboard`
    /// prefer it; else the X server of `DISPLAY`; `nil` when neither is set.
    ///
    /// - Parameter environment: The variables to read.
    public init?(environment: [String: String]) {
        if let socket = WaylandConnection.socketPath(environment: environment) {
            self = .wayland(socket)
        } else if let display = environment["DISPLAY"], !display.isEmpty {
            self = .x11(display)
        } else {
            return nil
        }
    }

    /// `X11 :0` or `Wayland /run/user/1000/wayland-0`.
    public var description: String {
        switch self {
        case .x11(let display): "X11 \(display)"
        case .wayland(let socket): "Wayland \(socket)"
        }
    }
}
