internal import CTransferKitSystem
internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A window of the package's own on a Wayland compositor, on a connection of its own: an
/// `xdg_toplevel` named by its title, showing a picture through `wl_shm` at its top left (white
/// elsewhere), with the seat's pointer and a drag-and-drop device (`wl_data_device`, version 3) —
/// what a drag needs (a surface, and the serial of a button pressed on it) and what a drop needs
/// (a surface drags come over). The compositor places it, and it takes the size the compositor
/// asks for: a tiling one such as sway gives it its tile (a smaller surface would leave sway's own
/// area around it, where a press drags the tile, not the data).
///
/// It answers the compositor's pings and acknowledges each configure with the picture committed
/// again (``handle(_:)``); the pointer is taken when the seat says it has one, which on a headless
/// compositor is when a virtual pointer is made.
///
/// One thread uses it at a time; it is not `Sendable`.
final class WaylandWindow {
    /// The `BTN_LEFT` code of `linux/input-event-codes.h`: the first button.
    static let firstButton: UInt32 = 0x110

    let connection: WaylandConnection
    let surface: WaylandObject<WlSurface>
    /// The `wl_data_device_manager`, which makes drags' data sources.
    let dataDeviceManager: WaylandObject<WlDataDeviceManager>
    /// The seat's `wl_data_device`.
    let dataDevice: WaylandObject<WlDataDevice>
    /// The size the window is shown at.
    private(set) var width: Int
    private(set) var height: Int
    private let shm: WaylandObject<WlShm>
    private let picture: WindowPicture?
    private let seat: WaylandObject<WlSeat>
    private let windowManager: WaylandObject<XdgWmBase>
    private let windowSurface: WaylandObject<XdgSurface>
    private let toplevel: WaylandObject<XdgToplevel>
    private var buffer: WaylandObject<WlBuffer>?
    /// The size the compositor asked for at its last configure, when it asked for one.
    private var askedSize: (width: Int, height: Int)?
    /// The seat's pointer, once it has one.
    private(set) var pointer: WaylandObject<WlPointer>?
    /// Whether the compositor asked the window to close.
    private(set) var closeRequested = false
    private var configured = false
    /// The MIME types of each offer of the data device alive (drags' and the clipboard's), as
    /// announced so far, at most ``maximumTypes``.
    private var offers: [WaylandObjectID: [String]] = [:]
    /// The clipboard's offer, which the window does not use, destroyed when replaced.
    private var selectionOffer: WaylandObjectID?

    /// The most types an offer's are kept of, as an X11 drop reads the first 100 of a type list.
    static let maximumTypes = 100

    /// Connects to the compositor at `socket`, and makes and shows the window.
    ///
    /// - Throws: ``ClipboardError``: `connectionFailed` when nothing listens there; `unsupported`
    ///   when the compositor lacks a global the window needs (`wl_compositor`, `wl_shm`,
    ///   `xdg_wm_base`, a seat, `wl_data_device_manager` version 3); `timedOut` without a first
    ///   configure by `deadline`.
    init(
        socket: String, title: String, width: Int, height: Int, picture: WindowPicture?,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        let connection = try WaylandConnection(socket: socket)
        self.connection = connection
        (self.width, self.height) = (max(1, min(width, 4096)), max(1, min(height, 4096)))
        let (registry, globals) = try connection.globals(deadline: deadline)
        /// `Interface`'s global bound at `wanted` or the highest version below.
        func bind<Interface: WaylandInterface>(_: Interface.Type, version wanted: UInt32) throws(ClipboardError)
            -> WaylandObject<Interface>
        {
            guard let global = globals[Interface.name], global.version >= 1 else {
                throw ClipboardError(
                    .unsupported,
                    "the Wayland compositor at \(connection.name) has no \(Interface.name), which a window that "
                        + "drags or takes drops needs")
            }
            guard global.version >= wanted || Interface.self != WlDataDeviceManager.self else {
                throw ClipboardError(
                    .unsupported,
                    "the Wayland compositor at \(connection.name) has wl_data_device_manager version "
                        + "\(global.version): drag and drop needs version 3, which has actions and finish")
            }
            return try connection.bind(global, version: min(global.version, wanted), through: registry)
        }
        let compositor = try bind(WlCompositor.self, version: 4)
        shm = try bind(WlShm.self, version: 1)
        self.picture = picture
        windowManager = try bind(XdgWmBase.self, version: 1)
        seat = try bind(WlSeat.self, version: 1)
        dataDeviceManager = try bind(WlDataDeviceManager.self, version: 3)

        surface = connection.newObject()
        try connection.send(.createSurface(surface), to: compositor)
        windowSurface = connection.newObject()
        try connection.send(.getXdgSurface(windowSurface, surface: surface), to: windowManager)
        toplevel = connection.newObject()
        try connection.send(.getToplevel(toplevel), to: windowSurface)
        try connection.send(.setTitle(title), to: toplevel)
        try connection.send(.setAppID("transfer"), to: toplevel)
        dataDevice = connection.newObject()
        try connection.send(.getDataDevice(dataDevice, seat: seat), to: dataDeviceManager)
        // The first commit has no buffer: a buffer before the first configure is an error.
        try connection.send(.commit, to: surface)

        buffer = try makeBuffer()

        while !configured {
            guard let event = try connection.nextEvent(deadline: deadline) else {
                throw ClipboardError(
                    .timedOut, "the Wayland compositor at \(connection.name) did not configure the window in time")
            }
            _ = try handle(event)
        }
        // The compositor has shown the window before its maker goes on.
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in _ = try handle(event) }
    }

    /// Handles the window's own events — a ping, a configure, the seat's capabilities, a request
    /// to close — and returns `false` for any other, for the caller.
    func handle(_ event: WaylandEvent) throws(ClipboardError) -> Bool {
        switch event {
        case .ping(let serial):
            try connection.send(.pong(serial: serial), to: windowManager)
        case .toplevelSize(toplevel.id, let width, let height):
            askedSize = width > 0 && height > 0 ? (Int(min(width, 4096)), Int(min(height, 4096))) : nil
        case .configure(windowSurface.id, let serial):
            try connection.send(.ackConfigure(serial: serial), to: windowSurface)
            if let askedSize, askedSize != (width, height), let previous = buffer {
                (width, height) = askedSize
                try connection.send(.destroy, to: previous)
                connection.forget(previous)
                buffer = try makeBuffer()
            }
            try connection.send(.attach(buffer: buffer, x: 0, y: 0), to: surface)
            try connection.send(.damage(x: 0, y: 0, width: Int32(width), height: Int32(height)), to: surface)
            try connection.send(.commit, to: surface)
            configured = true
        case .capabilities(seat.id, let capabilities):
            if capabilities & 1 != 0, pointer == nil {
                let pointer: WaylandObject<WlPointer> = connection.newObject()
                try connection.send(.getPointer(pointer), to: seat)
                self.pointer = pointer
            }
        case .close(toplevel.id):
            closeRequested = true
        case .dragOffer(dataDevice.id, let offer):
            offers[offer] = []
        case .offer(let offer, let type) where offers[offer] != nil:
            if offers[offer]!.count < Self.maximumTypes { offers[offer]!.append(type) }
        case .selection(dataDevice.id, _, let offer):
            if let previous = selectionOffer, previous != offer { try destroy(WaylandObject(previous)) }
            selectionOffer = offer
        case .other(let object, _) where object == surface.id || object == buffer?.id || object == toplevel.id:
            break  // the surface's outputs, the buffer's release, the toplevel's bounds
        default:
            return false
        }
        return true
    }

    /// A buffer of the window's size: white, with the picture at its top left, in xrgb8888
    /// (little-endian words), shared with the compositor in a memory file.
    private func makeBuffer() throws(ClipboardError) -> WaylandObject<WlBuffer> {
        let stride = width * 4
        var pixels = [UInt8](repeating: 0xFF, count: stride * height)
        if let picture {
            for row in 0..<min(picture.height, height) {
                for column in 0..<min(picture.width, width) {
                    let from = (row * picture.width + column) * 3
                    let to = row * stride + column * 4
                    (pixels[to], pixels[to + 1], pixels[to + 2]) =
                        (picture.rgb[from + 2], picture.rgb[from + 1], picture.rgb[from])
                }
            }
        }
        let memory = pixels.withUnsafeBytes { bytes in
            SystemCalls.valueOrErrno { transferkit_shared_memory(bytes.baseAddress!, bytes.count) }
        }
        let descriptor: FileDescriptor
        switch memory {
        case .success(let shared): descriptor = FileDescriptor(rawValue: shared)
        case .failure(let error):
            throw ClipboardError(.connectionFailed, "cannot share a window's pixels with the compositor: \(error)")
        }
        defer { descriptor.close() }
        let pool: WaylandObject<WlShmPool> = connection.newObject()
        try connection.send(.createPool(pool, descriptor: descriptor, size: Int32(pixels.count)), to: shm)
        let buffer: WaylandObject<WlBuffer> = connection.newObject()
        try connection.send(
            .createBuffer(
                buffer, offset: 0, width: Int32(width), height: Int32(height), stride: Int32(stride),
                format: WlShm.xrgb8888),
            to: pool)
        try connection.send(.destroy, to: pool)  // the buffer keeps the memory
        connection.forget(pool)
        return buffer
    }

    /// The MIME types `offer` announced, in its order.
    func types(of offer: WaylandObject<WlDataOffer>) -> [String] {
        offers[offer.id] ?? []
    }

    /// Destroys `offer` (`wl_data_offer.destroy`): a drag's that was not dropped, or was taken.
    func destroy(_ offer: WaylandObject<WlDataOffer>) throws(ClipboardError) {
        guard offers.removeValue(forKey: offer.id) != nil else { return }
        try connection.send(.destroy, to: offer)
        connection.forget(offer)
    }
}
