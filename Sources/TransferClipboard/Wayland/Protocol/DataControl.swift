internal import TransferSupport

// The interfaces of `ext-data-control-v1.xml`, with the requests the clipboard sends. Those of
// `wlr-data-control-unstable-v1.xml` (`zwlr_data_control_…_v1`) have the same requests and
// events, in the same order, under other names: an object bound by the wlroots name is one of
// these (``WaylandConnection/bind(_:named:version:through:)``).

/// `ext_data_control_manager_v1`: makes data sources and a seat's data-control device.
enum DataControlManager: WaylandInterface {
    static let name = "ext_data_control_manager_v1"
    /// The wlroots protocol's name for the same interface; its version 2 has the primary selection.
    static let wlrootsName = "zwlr_data_control_manager_v1"
    static let events: WaylandEvent.Interface? = nil

    enum Request: WaylandRequest, Equatable {
        /// `create_data_source`.
        case createDataSource(WaylandObject<DataControlSource>)
        /// `get_data_device`: `seat`'s device.
        case getDataDevice(WaylandObject<DataControlDevice>, seat: WaylandObject<WlSeat>)

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

/// `ext_data_control_device_v1`: a seat's selections, without a surface or focus.
enum DataControlDevice: WaylandInterface {
    static let name = "ext_data_control_device_v1"
    static let events: WaylandEvent.Interface? = .dataControlDevice

    enum Request: WaylandRequest, Equatable {
        /// `set_selection`: `source` (`nil`: nothing) as the clipboard.
        case setSelection(WaylandObject<DataControlSource>?)
        /// `destroy`.
        case destroy
        /// `set_primary_selection`: `source` (`nil`: nothing) as the primary selection.
        case setPrimarySelection(WaylandObject<DataControlSource>?)

        /// The request that sets `selection`.
        static func set(_ selection: ClipboardSelection, to source: WaylandObject<DataControlSource>?) -> Request {
            selection == .primary ? .setPrimarySelection(source) : .setSelection(source)
        }

        var opcode: UInt16 {
            switch self {
            case .setSelection: 0
            case .destroy: 1
            case .setPrimarySelection: 2
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .setSelection(let source), .setPrimarySelection(let source): WaylandArguments().object(source?.id)
            case .destroy: WaylandArguments()
            }
        }
    }
}

/// `ext_data_control_source_v1`: data the client offers as a selection.
enum DataControlSource: WaylandInterface {
    static let name = "ext_data_control_source_v1"
    static let events: WaylandEvent.Interface? = .dataControlSource

    enum Request: WaylandRequest, Equatable {
        /// `offer`: one more MIME type.
        case offer(mimeType: String)
        /// `destroy`.
        case destroy

        var opcode: UInt16 {
            switch self {
            case .offer: 0
            case .destroy: 1
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .offer(let mimeType): WaylandArguments().string(mimeType)
            case .destroy: WaylandArguments()
            }
        }
    }
}

/// `ext_data_control_offer_v1`: a selection's data, as the compositor offers it.
enum DataControlOffer: WaylandReceivingInterface {
    static let name = "ext_data_control_offer_v1"
    static let events: WaylandEvent.Interface? = .dataControlOffer

    enum Request: WaylandRequest, Equatable {
        /// `receive`: the bytes of `mimeType`, written into `descriptor`.
        case receive(mimeType: String, descriptor: FileDescriptor)
        /// `destroy`.
        case destroy

        var opcode: UInt16 {
            switch self {
            case .receive: 0
            case .destroy: 1
            }
        }

        var arguments: WaylandArguments {
            switch self {
            case .receive(let mimeType, _): WaylandArguments().string(mimeType)
            case .destroy: WaylandArguments()
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
