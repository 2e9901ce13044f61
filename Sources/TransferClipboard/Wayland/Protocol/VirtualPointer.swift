// The interfaces of `wlr-virtual-pointer-unstable-v1.xml`, with the requests tests drive drags on
// sway with.

/// `zwlr_virtual_pointer_manager_v1`: makes pointer devices.
enum VirtualPointerManager: WaylandInterface {
    static let name = "zwlr_virtual_pointer_manager_v1"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `create_virtual_pointer`: a pointer on `seat` (`nil`: the compositor's choice).
        case createVirtualPointer(seat: WaylandObject<WlSeat>?, WaylandObject<VirtualPointer>)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .createVirtualPointer(let seat, let pointer): WaylandArguments().object(seat?.id).newID(pointer)
            }
        }
    }
}

/// `zwlr_virtual_pointer_v1`: a pointer device the client moves and presses.
enum VirtualPointer: WaylandInterface {
    static let name = "zwlr_virtual_pointer_v1"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `motion_absolute`: to `x`, `y` of an area of `width` × `height` (the outputs' layout).
        case motionAbsolute(time: UInt32, x: UInt32, y: UInt32, width: UInt32, height: UInt32)
        /// `button`: `button` (a `linux/input-event-codes.h` code) pressed or released.
        case button(time: UInt32, button: UInt32, pressed: Bool)
        /// `frame`: the events before it are one.
        case frame

        var opcode: UInt16 {
            switch self {
            case .motionAbsolute: 1
            case .button: 2
            case .frame: 4
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .motionAbsolute(let time, let x, let y, let width, let height):
                WaylandArguments().uint(time).uint(x).uint(y).uint(width).uint(height)
            case .button(let time, let button, let pressed):
                WaylandArguments().uint(time).uint(button).uint(pressed ? 1 : 0)
            case .frame: WaylandArguments()
            }
        }
    }
}
