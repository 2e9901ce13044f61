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
    let surface: UInt32
    /// The `wl_data_device_manager`, which makes drags' data sources.
    let dataDeviceManager: UInt32
    /// The seat's `wl_data_device`.
    let dataDevice: UInt32
    /// The size the window is shown at.
    private(set) var width: Int
    private(set) var height: Int
    private let shm: UInt32
    private let picture: WindowPicture?
    private let seat: UInt32
    private let windowManager: UInt32
    private let windowSurface: UInt32
    private let toplevel: UInt32
    private var buffer: UInt32 = 0
    /// The size the compositor asked for at its last configure, when it asked for one.
    private var askedSize: (width: Int, height: Int)?
    /// The seat's pointer, once it has one.
    private(set) var pointer: UInt32?
    /// Whether the compositor asked the window to close.
    private(set) var closeRequested = false
    private var configured = false
    /// The MIME types of each offer of the data device alive (drags' and the clipboard's), as
    /// announced so far, at most ``maximumTypes``.
    private var offers: [UInt32: [String]] = [:]
    /// The clipboard's offer, which the window does not use, destroyed when replaced.
    private var selectionOffer: UInt32?

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
        func global(_ interface: String, version wanted: UInt32) throws(ClipboardError) -> (UInt32, UInt32) {
            guard let global = globals[interface], global.version >= 1 else {
                throw ClipboardError(
                    .unsupported,
                    "the Wayland compositor at \(connection.name) has no \(interface), which a window that drags "
                        + "or takes drops needs")
            }
            guard global.version >= wanted || interface != "wl_data_device_manager" else {
                throw ClipboardError(
                    .unsupported,
                    "the Wayland compositor at \(connection.name) has wl_data_device_manager version "
                        + "\(global.version): drag and drop needs version 3, which has actions and finish")
            }
            return (global.name, min(global.version, wanted))
        }
        let compositorGlobal = try global("wl_compositor", version: 4)
        let shmGlobal = try global("wl_shm", version: 1)
        let windowManagerGlobal = try global("xdg_wm_base", version: 1)
        let seatGlobal = try global("wl_seat", version: 1)
        let managerGlobal = try global("wl_data_device_manager", version: 3)
        let compositor = try connection.bind(
            registry, compositorGlobal.0, "wl_compositor", version: compositorGlobal.1)
        shm = try connection.bind(registry, shmGlobal.0, "wl_shm", version: shmGlobal.1)
        self.picture = picture
        windowManager = try connection.bind(
            registry, windowManagerGlobal.0, "xdg_wm_base", version: windowManagerGlobal.1, as: .windowManager)
        seat = try connection.bind(registry, seatGlobal.0, "wl_seat", version: seatGlobal.1, as: .seat)
        dataDeviceManager = try connection.bind(
            registry, managerGlobal.0, "wl_data_device_manager", version: managerGlobal.1)

        surface = connection.newID()
        try connection.send(compositor, 0, .init().uint(surface))  // create_surface
        windowSurface = connection.newID(.windowSurface)
        try connection.send(windowManager, 2, .init().uint(windowSurface).uint(surface))  // get_xdg_surface
        toplevel = connection.newID(.toplevel)
        try connection.send(windowSurface, 1, .init().uint(toplevel))  // get_toplevel
        try connection.send(toplevel, 2, .init().string(title))  // set_title
        try connection.send(toplevel, 3, .init().string("transfer"))  // set_app_id
        dataDevice = connection.newID(.dataDevice)
        try connection.send(dataDeviceManager, 1, .init().uint(dataDevice).uint(seat))  // get_data_device
        // The first commit has no buffer: a buffer before the first configure is an error.
        try connection.send(surface, 6)

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
            try connection.send(windowManager, 3, .init().uint(serial))  // pong
        case .toplevelSize(toplevel, let width, let height):
            askedSize = width > 0 && height > 0 ? (Int(min(width, 4096)), Int(min(height, 4096))) : nil
        case .configure(windowSurface, let serial):
            try connection.send(windowSurface, 4, .init().uint(serial))  // ack_configure
            if let askedSize, askedSize != (width, height) {
                (width, height) = askedSize
                try connection.send(buffer, 0)  // destroy
                connection.forget(buffer)
                buffer = try makeBuffer()
            }
            try connection.send(surface, 1, .init().uint(buffer).int(0).int(0))  // attach
            try connection.send(surface, 2, .init().int(0).int(0).int(Int32(width)).int(Int32(height)))  // damage
            try connection.send(surface, 6)  // commit
            configured = true
        case .capabilities(seat, let capabilities):
            if capabilities & 1 != 0, pointer == nil {
                let pointer = connection.newID(.pointer)
                try connection.send(seat, 0, .init().uint(pointer))  // get_pointer
                self.pointer = pointer
            }
        case .close(toplevel):
            closeRequested = true
        case .dragOffer(dataDevice, let offer):
            offers[offer] = []
        case .offer(let offer, let type) where offers[offer] != nil:
            if offers[offer]!.count < Self.maximumTypes { offers[offer]!.append(type) }
        case .selection(dataDevice, _, let offer):
            if let previous = selectionOffer, previous != offer { try destroy(previous) }
            selectionOffer = offer == 0 ? nil : offer
        case .other(let object, _) where object == surface || object == buffer || object == toplevel:
            break  // the surface's outputs, the buffer's release, the toplevel's bounds
        default:
            return false
        }
        return true
    }

    /// A buffer of the window's size: white, with the picture at its top left, in xrgb8888
    /// (little-endian words), shared with the compositor in a memory file.
    private func makeBuffer() throws(ClipboardError) -> UInt32 {
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
        let pool = connection.newID()
        try connection.send(shm, 0, .init().uint(pool).uint(UInt32(pixels.count)), descriptor: descriptor)
        let buffer = connection.newID()
        try connection.send(
            pool, 0, .init().uint(buffer).int(0).int(Int32(width)).int(Int32(height)).int(Int32(stride)).uint(1))
        try connection.send(pool, 1)  // destroy: the buffer keeps the memory
        return buffer
    }

    /// The MIME types `offer` announced, in its order.
    func types(of offer: UInt32) -> [String] {
        offers[offer] ?? []
    }

    /// Destroys `offer` (`wl_data_offer.destroy`): a drag's that was not dropped, or was taken.
    func destroy(_ offer: UInt32) throws(ClipboardError) {
        guard offers.removeValue(forKey: offer) != nil else { return }
        try connection.send(offer, 2)
        connection.forget(offer)
    }
}
