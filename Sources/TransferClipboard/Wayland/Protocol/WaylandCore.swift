internal import TransferSupport

// The core interfaces of `wayland.xml` that the clipboard's connections and windows use, with the
// requests they send; drag and drop's are in `WaylandDataDevice.swift`.

/// `wl_display`: the connection itself, object 1.
enum WlDisplay: WaylandInterface {
    static let name = "wl_display"
    static let events: WaylandEvent.Interface? = .display

    enum Request: WaylandRequest, Equatable {
        /// `sync`: `callback` is done once every request before it is handled.
        case sync(callback: WaylandObject<WlCallback>)
        /// `get_registry`.
        case getRegistry(WaylandObject<WlRegistry>)

        var opcode: UInt16 {
            switch self {
            case .sync: 0
            case .getRegistry: 1
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .sync(let callback): WaylandArguments().newID(callback)
            case .getRegistry(let registry): WaylandArguments().newID(registry)
            }
        }
    }
}

/// `wl_registry`: the compositor's globals, and the request that binds one.
enum WlRegistry: WaylandInterface {
    static let name = "wl_registry"
    static let events: WaylandEvent.Interface? = .registry

    enum Request: WaylandRequest, Equatable {
        /// `bind`: global `name` as a new object of `interface` at `version`. Its `new_id` has no
        /// interface in the XML, so the interface's name and version go before the identifier.
        case bind(name: UInt32, interface: String, version: UInt32, id: WaylandObjectID)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .bind(let name, let interface, let version, let id):
                WaylandArguments().uint(name).string(interface).uint(version).object(id)
            }
        }
    }
}

/// `wl_callback`: one `done` event.
enum WlCallback: WaylandInterface {
    static let name = "wl_callback"
    static let events: WaylandEvent.Interface? = .callback
    typealias Request = NoWaylandRequests
}

/// `wl_compositor`: makes surfaces.
enum WlCompositor: WaylandInterface {
    static let name = "wl_compositor"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `create_surface`.
        case createSurface(WaylandObject<WlSurface>)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .createSurface(let surface): WaylandArguments().newID(surface)
            }
        }
    }
}

/// `wl_surface`: a rectangle shown through a buffer.
enum WlSurface: WaylandInterface {
    static let name = "wl_surface"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `attach`: shows `buffer` from the next commit, at `x`, `y` from where the last was.
        case attach(buffer: WaylandObject<WlBuffer>?, x: Int32, y: Int32)
        /// `damage`: the part that changed, in the surface's coordinates.
        case damage(x: Int32, y: Int32, width: Int32, height: Int32)
        /// `commit`: the pending state, applied at once.
        case commit

        var opcode: UInt16 {
            switch self {
            case .attach: 1
            case .damage: 2
            case .commit: 6
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .attach(let buffer, let x, let y): WaylandArguments().object(buffer?.id).int(x).int(y)
            case .damage(let x, let y, let width, let height):
                WaylandArguments().int(x).int(y).int(width).int(height)
            case .commit: WaylandArguments()
            }
        }
    }
}

/// `wl_seat`: a user's input devices.
enum WlSeat: WaylandInterface {
    static let name = "wl_seat"
    static let events: WaylandEvent.Interface? = .seat

    enum Request: WaylandRequest, Equatable {
        /// `get_pointer`: the seat's pointer, once its capabilities have one.
        case getPointer(WaylandObject<WlPointer>)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .getPointer(let pointer): WaylandArguments().newID(pointer)
            }
        }
    }
}

/// `wl_pointer`: whose events a window follows; it sends none of its requests.
enum WlPointer: WaylandInterface {
    static let name = "wl_pointer"
    static let events: WaylandEvent.Interface? = .pointer
    typealias Request = NoWaylandRequests
}

/// `wl_shm`: memory shared with the compositor through a descriptor.
enum WlShm: WaylandInterface {
    static let name = "wl_shm"
    static let events: WaylandEvent.Interface? = nil
    /// The `format` of 32-bit pixels, blue first in memory, the top byte unused; every compositor
    /// has it.
    static let xrgb8888: UInt32 = 1

    enum Request: WaylandRequest, Equatable {
        /// `create_pool`: a pool of the `size` bytes of the memory file `descriptor`.
        case createPool(WaylandObject<WlShmPool>, descriptor: FileDescriptor, size: Int32)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .createPool(let pool, _, let size): WaylandArguments().newID(pool).int(size)
            }
        }

        var descriptor: FileDescriptor? {
            switch self {
            case .createPool(_, let descriptor, _): descriptor
            }
        }
    }
}

/// `wl_shm_pool`: shared memory that buffers are cut from.
enum WlShmPool: WaylandInterface {
    static let name = "wl_shm_pool"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `create_buffer`: pixels of `format` (`xrgb8888` is 1) from `offset`, `stride` bytes a row.
        case createBuffer(
            WaylandObject<WlBuffer>, offset: Int32, width: Int32, height: Int32, stride: Int32, format: UInt32)
        /// `destroy`: the buffers made keep the memory.
        case destroy

        var opcode: UInt16 {
            switch self {
            case .createBuffer: 0
            case .destroy: 1
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .createBuffer(let buffer, let offset, let width, let height, let stride, let format):
                WaylandArguments().newID(buffer).int(offset).int(width).int(height).int(stride).uint(format)
            case .destroy: WaylandArguments()
            }
        }
    }
}

/// `wl_buffer`: pixels a surface shows.
enum WlBuffer: WaylandInterface {
    static let name = "wl_buffer"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `destroy`.
        case destroy

        var opcode: UInt16 { 0 }
        var arguments: WaylandArguments { WaylandArguments() }
    }
}
