// Full Foundation for `Bundle`: the testing kit links it anyway (URLProtocol, the loopback server).
import Foundation
import TransferSupport

/// GNU Unifont's glyphs for the Basic Multilingual Plane — Latin, Greek, Cyrillic, Hebrew, Arabic,
/// kana, CJK ideographs, Hangul and the rest — 16 pixels tall, 8 or 16 wide, read from the table
/// `Scripts/generate-unifont.py` makes (`Resources/Unifont`, used under the SIL Open Font License 1.1).
///
/// Loaded on first use, once per process: a process that never draws text never reads it.
enum Unifont {
    /// One glyph: 16 rows of `width` pixels, and where a combining mark goes.
    struct Glyph {
        /// 8 or 16.
        let width: Int
        /// For a combining mark, how far left of the cursor it is drawn (-8 or -16 over the
        /// preceding glyph; Unifont's `plane00-combining.txt`); 0 for the others.
        let combiningOffset: Int
        /// Row by row, the leftmost pixel the most significant bit of a 16-bit row.
        let rows: [UInt16]

        func isSet(x: Int, y: Int) -> Bool {
            x >= 0 && x < width && y >= 0 && y < 16 && rows[y] & (0x8000 >> UInt16(x)) != 0
        }
    }

    /// The table's bytes and, for each code point, where its record starts; `nil` when the table
    /// cannot be read (then every character draws as a box).
    private static let table: (bytes: [UInt8], offsets: [UInt16: Int])? = load()

    /// The glyph of a scalar, or `nil` when the font has none (outside the Basic Multilingual Plane,
    /// unassigned, a control or private-use character).
    static func glyph(for scalar: Unicode.Scalar) -> Glyph? {
        guard scalar.value <= 0xFFFF, let table, let offset = table.offsets[UInt16(scalar.value)] else {
            return nil
        }
        let bytes = table.bytes
        let width = Int(bytes[offset + 2])
        let combining = Int(Int8(bitPattern: bytes[offset + 3]))
        var rows = [UInt16](repeating: 0, count: 16)
        let start = offset + 4
        for row in 0..<16 {
            if width == 8 {
                rows[row] = UInt16(bytes[start + row]) << 8
            } else {
                rows[row] = UInt16(bytes[start + row * 2]) << 8 | UInt16(bytes[start + row * 2 + 1])
            }
        }
        return Glyph(width: width, combiningOffset: combining, rows: rows)
    }

    private static func load() -> (bytes: [UInt8], offsets: [UInt16: Int])? {
        guard
            let url = Bundle.module.url(forResource: "unifont", withExtension: "bin", subdirectory: "Unifont"),
            let data = try? ReadableFile.contents(of: url)
        else { return nil }
        let bytes = [UInt8](data)
        guard bytes.count >= 12, bytes[0..<4].elementsEqual("UNIF".utf8) else { return nil }
        func uint32(_ at: Int) -> Int {
            Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
        }
        guard uint32(4) == 1 else { return nil }
        let count = uint32(8)
        var offsets: [UInt16: Int] = [:]
        offsets.reserveCapacity(count)
        var position = 12
        for _ in 0..<count {
            guard position + 4 <= bytes.count else { return nil }
            let point = UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
            let width = Int(bytes[position + 2])
            let size = 4 + width * 2
            guard width == 8 || width == 16, position + size <= bytes.count else { return nil }
            offsets[point] = position
            position += size
        }
        return (bytes, offsets)
    }
}
