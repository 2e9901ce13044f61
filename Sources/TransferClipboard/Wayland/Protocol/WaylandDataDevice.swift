internal import TransferSupport

// Drag and drop's interfaces of `wayland.xml` (version 3: actions and `finish`), with the requests
// the clipboard's windows send.

/// `wl_data_device_manager`: makes data sources and a seat's data device.
enum WlDataDeviceManager: WaylandInterface {
    static let name = "wl_data_device_manager"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `create_data_source`.
        case createDataSource(WaylandObject<WlDataSource>)
        /// `get_data_device`: `seat`'s device.
        case getDataDevice(WaylandObject<WlDataDevice>, seat: WaylandObject<WlSeat>)

        var opcode: UInt16 {
            switch self {
            case .createDataSource: 0
            case .getDataDevice: 1
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .createDataSource(let source): WaylandArguments().newID(source)
            case .getDataDevice(let device, let seat): WaylandArguments().newID(device).object(seat.id)
            }
        }
    }
}

/// `wl_data_device`: a seat's drags (and its clipboard, as a focused window sees it).
enum WlDataDevice: WaylandInterface {
    static let name = "wl_data_device"
    static let events: WaylandEvent.Interface? = .dataDevice

    enum Request: WaylandRequest, Equatable {
        /// `start_drag`: a drag of `source` (`nil`: within the client) from `origin`, with the
        /// serial of the press that starts it; no icon.
        case startDrag(
            source: WaylandObject<WlDataSource>?, origin: WaylandObject<WlSurface>, icon: WaylandObject<WlSurface>?,
            serial: UInt32)

        var opcode: UInt16 { 0 }

        var arguments: WaylandArguments {
            switch self {
            case .startDrag(let source, let origin, let icon, let serial):
                WaylandArguments().object(source?.id).object(origin.id).object(icon?.id).uint(serial)
            }
        }
    }
}

/// `wl_data_source`: a drag's data, as its source offers it.
enum WlDataSource: WaylandInterface {
    static let name = "wl_data_source"
    static let events: WaylandEvent.Interface? = .dataSource

    enum Request: WaylandRequest, Equatable {
        /// `offer`: one more MIME type.
        case offer(mimeType: String)
        /// `destroy`.
        case destroy
        /// `set_actions`: the actions allowed (``WaylandDragActions``).
        case setActions(WaylandDragActions)

        var opcode: UInt16 {
            switch self {
            case .offer: 0
            case .destroy: 1
            case .setActions: 2
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .offer(let mimeType): WaylandArguments().string(mimeType)
            case .destroy: WaylandArguments()
            case .setActions(let actions): WaylandArguments().uint(actions.rawValue)
            }
        }
    }
}

/// `wl_data_offer`: a drag's data, as a target sees it.
enum WlDataOffer: WaylandReceivingInterface {
    static let name = "wl_data_offer"
    static let events: WaylandEvent.Interface? = .dataOffer

    enum Request: WaylandRequest, Equatable {
        /// `accept`: the type the target would take (`nil`: none), for the enter or motion of
        /// `serial`.
        case accept(serial: UInt32, mimeType: String?)
        /// `receive`: the bytes of `mimeType`, written into `descriptor`.
        case receive(mimeType: String, descriptor: FileDescriptor)
        /// `destroy`: unfinished, the drag's source is cancelled.
        case destroy
        /// `finish`: the drop was taken.
        case finish
        /// `set_actions`: the actions the target allows, and the one it prefers.
        case setActions(WaylandDragActions, preferred: WaylandDragActions)

        var opcode: UInt16 {
            switch self {
            case .accept: 0
            case .receive: 1
            case .destroy: 2
            case .finish: 3
            case .setActions: 4
            }
        }

        var arguments: WaylandArguments {
            switch self {
            // A null string is a length of 0.
            case .accept(let serial, let mimeType):
                mimeType.map { WaylandArguments().uint(serial).string($0) } ?? WaylandArguments().uint(serial).uint(0)
            case .receive(let mimeType, _): WaylandArguments().string(mimeType)
            case .destroy, .finish: WaylandArguments()
            case .setActions(let actions, let preferred):
                WaylandArguments().uint(actions.rawValue).uint(preferred.rawValue)
            }
        }

        var descriptor: FileDescriptor? {
            if case .receive(_, let descriptor) = self { descriptor } else { nil }
        }
    }

    static func receive(_ mimeType: String, into descriptor: FileDescriptor) -> Request {
        .receive(mimeType: mimeType, descriptor: descriptor)
    }
}

/// `wl_data_device_manager.dnd_action`: what a drop does with the data.
struct WaylandDragActions: OptionSet, Hashable {
    let rawValue: UInt32

    static let copy = WaylandDragActions(rawValue: 1)
    static let move = WaylandDragActions(rawValue: 2)
    static let ask = WaylandDragActions(rawValue: 4)
}

/// An interface whose objects hand their data over through a pipe: a data-control offer and a
/// drag's offer, whose `receive` requests differ only in opcode.
protocol WaylandReceivingInterface: WaylandInterface {
    /// The `receive` request: the bytes of `mimeType`, written into `descriptor`.
    static func receive(_ mimeType: String, into descriptor: FileDescriptor) -> Request
}
