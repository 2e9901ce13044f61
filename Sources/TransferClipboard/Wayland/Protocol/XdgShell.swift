// The interfaces of `xdg-shell.xml` that a window of the clipboard's uses, with the requests it
// sends.

/// `xdg_wm_base`: makes a surface a desktop window, and pings its client.
enum XdgWmBase: WaylandInterface {
    static let name = "xdg_wm_base"
    static let events: WaylandEvent.Interface? = .windowManager

    enum Request: WaylandRequest, Equatable {
        /// `get_xdg_surface`: `surface`'s window role.
        case getXdgSurface(WaylandObject<XdgSurface>, surface: WaylandObject<WlSurface>)
        /// `pong`: the answer to the ping of `serial`.
        case pong(serial: UInt32)

        var opcode: UInt16 {
            switch self {
            case .getXdgSurface: 2
            case .pong: 3
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .getXdgSurface(let windowSurface, let surface):
                WaylandArguments().newID(windowSurface).object(surface.id)
            case .pong(let serial): WaylandArguments().uint(serial)
            }
        }
    }
}

/// `xdg_surface`: a surface the window manager configures.
enum XdgSurface: WaylandInterface {
    static let name = "xdg_surface"
    static let events: WaylandEvent.Interface? = .windowSurface

    enum Request: WaylandRequest, Equatable {
        /// `get_toplevel`: the surface as a top-level window.
        case getToplevel(WaylandObject<XdgToplevel>)
        /// `ack_configure`: the configure of `serial` is applied at the next commit.
        case ackConfigure(serial: UInt32)

        var opcode: UInt16 {
            switch self {
            case .getToplevel: 1
            case .ackConfigure: 4
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .getToplevel(let toplevel): WaylandArguments().newID(toplevel)
            case .ackConfigure(let serial): WaylandArguments().uint(serial)
            }
        }
    }
}

/// `xdg_toplevel`: a top-level window.
enum XdgToplevel: WaylandInterface {
    static let name = "xdg_toplevel"
    static let events: WaylandEvent.Interface? = .toplevel

    enum Request: WaylandRequest, Equatable {
        /// `set_title`.
        case setTitle(String)
        /// `set_app_id`: which application the window is, for the compositor's rules.
        case setAppID(String)

        var opcode: UInt16 {
            switch self {
            case .setTitle: 2
            case .setAppID: 3
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .setTitle(let title): WaylandArguments().string(title)
            case .setAppID(let identifier): WaylandArguments().string(identifier)
            }
        }
    }
}
