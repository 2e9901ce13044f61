#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A placeholder PNG image generated in pure Swift: a background colour, and optional text in GNU
/// Unifont's glyphs — Latin, Greek, Cyrillic, kana, CJK ideographs, Hangul, Hebrew, Arabic and the
/// rest of the Basic Multilingual Plane — centred, in the foreground colour.
///
/// Tests need media fixtures; generating them keeps tests off the network and off third-party
/// placeholder services:
///
/// ```swift
/// let png = try PlaceholderImage(width: 320, height: 200, text: "cover").pngData()
/// try png.write(to: fixtureURL)
/// ```
///
/// The defaults are 250×250, the text "dummy", foreground `202f55` on background `dddddd`. Text is
/// one line, drawn at the largest whole scale at which it fits in 80% of the width and half the
/// height, centred, and clipped at the edges when it does not fit even at scale 1. Right-to-left text
/// is drawn right to left; combining marks over their letter; there is no shaping (Arabic is drawn
/// in isolated forms); a character the font lacks (an emoji) is drawn as a box. The glyphs are read
/// on first use. Sizes are 1 to ``maximumSide`` pixels a side; larger or smaller sizes are refused,
/// never clamped; so is text longer than ``maximumTextLength`` characters.
///
/// `PlaceholderImage` is `Sendable`.
public struct PlaceholderImage: Sendable, Hashable {
    /// The largest width or height accepted.
    public static let maximumSide = 4096

    /// The most characters of text accepted: more than the widest image can show (4,096 pixels hold
    /// 512 of Unifont's narrowest glyphs), few enough that laying them out costs nothing.
    public static let maximumTextLength = 1024

    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The text drawn in the middle; empty for none.
    public var text: String
    /// The text colour.
    public var foreground: Color
    /// The background colour.
    public var background: Color

    /// Creates a placeholder image.
    ///
    /// - Parameters:
    ///   - width: The width in pixels. The default is 250.
    ///   - height: The height in pixels. The default is 250.
    ///   - text: The text drawn in the middle, in any script of the Basic Multilingual Plane. The
    ///     default is "dummy".
    ///   - foreground: The text colour. The default is `202f55`.
    ///   - background: The background colour. The default is `dddddd`.
    /// - Throws: ``PlaceholderError`` when a side is below 1 or above ``maximumSide``, or the text is
    ///   longer than ``maximumTextLength`` characters.
    public init(
        width: Int = 250,
        height: Int = 250,
        text: String = "dummy",
        foreground: Color = Color(red: 0x20, green: 0x2F, blue: 0x55),
        background: Color = Color(red: 0xDD, green: 0xDD, blue: 0xDD)
    ) throws(PlaceholderError) {
        for (name, value) in [("width", width), ("height", height)] where !(1...Self.maximumSide).contains(value) {
            throw PlaceholderError.invalidParameter(
                name: name, value: String(value), expected: "a whole number from 1 to \(Self.maximumSide)")
        }
        guard text.count <= Self.maximumTextLength else {
            throw PlaceholderError.invalidParameter(
                name: "text", value: text, expected: "at most \(Self.maximumTextLength) characters")
        }
        self.width = width
        self.height = height
        self.text = text
        self.foreground = foreground
        self.background = background
    }

    /// An RGB colour.
    ///
    /// `Color` is `Sendable`.
    public struct Color: Sendable, Hashable {
        /// The red component.
        public var red: UInt8
        /// The green component.
        public var green: UInt8
        /// The blue component.
        public var blue: UInt8

        /// Creates a colour from components.
        ///
        /// - Parameters:
        ///   - red: The red component.
        ///   - green: The green component.
        ///   - blue: The blue component.
        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Creates a colour from hexadecimal: `202f55`, `#202F55` or the short `2f5`.
        ///
        /// - Parameter hex: The colour.
        /// - Throws: ``PlaceholderError`` when it is not 3 or 6 hexadecimal digits.
        public init(hex: String) throws(PlaceholderError) {
            var digits = Substring(hex)
            if digits.hasPrefix("#") { digits = digits.dropFirst() }
            let values = digits.compactMap { $0.hexDigitValue }
            guard values.count == digits.count, digits.count == 3 || digits.count == 6 else {
                throw PlaceholderError.invalidParameter(
                    name: "color", value: hex, expected: "3 or 6 hexadecimal digits such as 202f55")
            }
            var components: [UInt8] = []
            if values.count == 3 {
                for value in values { components.append(UInt8(value * 17)) }
            } else {
                for index in stride(from: 0, to: 6, by: 2) {
                    let high: Int = values[index]
                    let low: Int = values[index + 1]
                    components.append(UInt8(high * 16 + low))
                }
            }
            self.init(red: components[0], green: components[1], blue: components[2])
        }
    }

    /// The image as a PNG file: 8-bit RGB, compressed (runs of a colour and rows like the one above
    /// cost a few bits each: a 4096×4096 image of one colour is about 300 KB), checksums included.
    ///
    /// - Returns: The PNG bytes.
    public func pngData() -> Data {
        let raw = rows(filterBytes: true)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filtering, no interlace.
        PNG.appendChunk("IHDR", header, to: &png)
        PNG.appendChunk("IDAT", Deflate.zlib(raw, stride: width * 3 + 1, pixelSize: 3), to: &png)
        PNG.appendChunk("IEND", [], to: &png)
        return Data(png)
    }

    /// The image's pixels as 8-bit red, green and blue, row by row from the top: what a window of
    /// the package's own shows (`transfer drag` draws each item's name so).
    package func rgbPixels() -> [UInt8] {
        rows(filterBytes: false)
    }

    /// The pixels, each row after a PNG filter byte (0, none) when `filterBytes`.
    private func rows(filterBytes: Bool) -> [UInt8] {
        // The line drawn once at scale 1, then scaled by whole pixels: the largest scale at which it
        // fits in 80% of the width and half the height, at least 1. Centred; what does not fit at
        // scale 1 is clipped at the image's edges, never wrapped.
        // Text set after the initializer checked it is cut at the same limit.
        let line = text.isEmpty ? [] : PlaceholderText(String(text.prefix(Self.maximumTextLength))).bitmap()
        let textWidth = line.first?.count ?? 0
        let textHeight = line.count
        let scale = textWidth == 0 ? 1 : max(1, min(width * 8 / 10 / textWidth, height / 2 / textHeight))
        let left = (width - textWidth * scale) / 2
        let top = (height - textHeight * scale) / 2
        var raw = [UInt8]()
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            if filterBytes { raw.append(0) }  // Filter type: none.
            let row = y - top
            let inkRow: [Bool]? = row >= 0 && row < textHeight * scale ? line[row / scale] : nil
            for x in 0..<width {
                let column = x - left
                let inText = inkRow.map { column >= 0 && column < textWidth * scale && $0[column / scale] } ?? false
                let color = inText ? foreground : background
                raw.append(color.red)
                raw.append(color.green)
                raw.append(color.blue)
            }
        }
        return raw
    }
}

/// The pieces of the PNG format a writer needs.
enum PNG {
    static func appendChunk(_ type: String, _ body: [UInt8], to png: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        png.appendBigEndian(UInt32(body.count))
        png += typeBytes
        png += body
        png.appendBigEndian(crc32(typeBytes + body))
    }

    static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF),
        ])
    }

    mutating func appendLittleEndian<T: FixedWidthInteger>(_ value: T) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
