/// Where a window is on the screen and its size, in pixels. A window manager may place it
/// elsewhere; without one (a bare X server), it is where it says.
///
/// `WindowFrame` is `Sendable`.
public struct WindowFrame: Sendable, Hashable {
    /// The left edge, from the screen's left.
    public var x: Int16
    /// The top edge, from the screen's top.
    public var y: Int16
    /// The width, at least 1.
    public var width: UInt16
    /// The height, at least 1.
    public var height: UInt16

    /// A frame; the default is 320 × 240 at the screen's top left.
    public init(x: Int16 = 0, y: Int16 = 0, width: UInt16 = 320, height: UInt16 = 240) {
        (self.x, self.y, self.width, self.height) = (x, y, max(width, 1), max(height, 1))
    }

    /// The frame an X11 geometry names, as `xterm -geometry` reads it: `WIDTHxHEIGHT+X+Y`,
    /// `WIDTHxHEIGHT` (at the top left), or `+X+Y` (the default size); `nil` for anything else.
    public init?(geometry: String) {
        var rest = Substring(geometry)
        var frame = WindowFrame()
        func number(_ text: Substring) -> Int? { text.allSatisfy(\.isASCII) ? Int(text) : nil }
        if let plus = rest.firstIndex(of: "+") {
            let offsets = rest[rest.index(after: plus)...].split(separator: "+", omittingEmptySubsequences: false)
            guard offsets.count == 2, let x = number(offsets[0]).flatMap(Int16.init(exactly:)),
                let y = number(offsets[1]).flatMap(Int16.init(exactly:))
            else { return nil }
            (frame.x, frame.y) = (x, y)
            rest = rest[..<plus]
        }
        if !rest.isEmpty {
            let size = rest.split(separator: "x", omittingEmptySubsequences: false)
            guard size.count == 2, let width = number(size[0]).flatMap(UInt16.init(exactly:)),
                let height = number(size[1]).flatMap(UInt16.init(exactly:)), width > 0, height > 0
            else { return nil }
            (frame.width, frame.height) = (width, height)
        }
        guard !geometry.isEmpty else { return nil }
        self = frame
    }
}
