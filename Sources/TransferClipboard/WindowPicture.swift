/// What a drag or drop window of the package's own shows: a picture of 8-bit RGB pixels, row by
/// row from the top, drawn at the window's top left whenever the window is exposed (the rest
/// stays white). `transfer drag` shows each item's name in a tile of its own; `transfer drop` the
/// window's name.
///
/// `Sendable`: a value.
package struct WindowPicture: Sendable, Hashable {
    package let width: Int
    package let height: Int
    /// Red, green and blue for each pixel: `width × height × 3` bytes.
    package let rgb: [UInt8]

    /// A picture, or `nil` when `rgb` is not `width × height × 3` bytes.
    package init?(width: Int, height: Int, rgb: [UInt8]) {
        guard width > 0, height > 0, width <= Int(UInt16.max), height <= Int(UInt16.max),
            rgb.count == width * height * 3
        else { return nil }
        (self.width, self.height, self.rgb) = (width, height, rgb)
    }

    /// The pixels as a `ZPixmap` of `format` lays them out, for a TrueColor visual of 24 bits of
    /// red, green and blue (the X servers' common one): 32 bits a pixel, in the server's byte
    /// order; `nil` for another layout, which is not drawn.
    func zPixmap(_ format: X11SetupReply.ImageFormat) -> [UInt8]? {
        guard format.depth == 24, format.bitsPerPixel == 32 else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in 0..<(width * height) {
            let (red, green, blue) = (rgb[index * 3], rgb[index * 3 + 1], rgb[index * 3 + 2])
            let bytes: (UInt8, UInt8, UInt8, UInt8) =
                format.mostSignificantFirst ? (0, red, green, blue) : (blue, green, red, 0)
            pixels[index * 4] = bytes.0
            pixels[index * 4 + 1] = bytes.1
            pixels[index * 4 + 2] = bytes.2
            pixels[index * 4 + 3] = bytes.3
        }
        return pixels
    }
}

/// Draws a ``WindowPicture`` into a window on its connection: a graphics context made once, and
/// the picture sent again at each `Expose` with no more to follow, in strips of rows that fit in
/// one request.
struct X11WindowPainter {
    let connection: X11Connection
    let window: X11Window
    private let context: X11GraphicsContext
    private let pixels: [UInt8]?
    private let picture: WindowPicture

    init(_ picture: WindowPicture, on window: X11Window, _ connection: X11Connection) throws(ClipboardError) {
        (self.connection, self.window, self.picture) = (connection, window, picture)
        context = connection.newID()
        try connection.request(.createGC(context: context, drawable: window))
        pixels = connection.imageFormat.flatMap(picture.zPixmap)
    }

    /// Draws the picture when `event` is the window's last `Expose` of a series; `true` when it
    /// was one.
    func handle(_ event: X11Event) throws(ClipboardError) -> Bool {
        guard case .expose(window, _, _, _, _, 0) = event else { return false }
        try paint()
        return true
    }

    /// Sends the picture.
    func paint() throws(ClipboardError) {
        guard let pixels, let depth = connection.imageFormat?.depth else { return }
        let rowBytes = picture.width * 4
        let rowsPerRequest = max(1, connection.payloadCapacity(header: 24) / rowBytes)
        var top = 0
        while top < picture.height {
            let rows = min(rowsPerRequest, picture.height - top)
            try connection.request(
                .putImage(
                    drawable: window, context: context, width: UInt16(picture.width), height: UInt16(rows), x: 0,
                    y: Int16(clamping: top), depth: depth),
                payload: pixels[(top * rowBytes)..<((top + rows) * rowBytes)])
            top += rows
        }
    }
}
