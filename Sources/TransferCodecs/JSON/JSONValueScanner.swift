/// Finds where a JSON value ends without parsing it: the reader of a streamed array splits the
/// input into elements with it, and the cores parse them (``JSONElementBatch/parsed(positions:)``),
/// so that the one thread that reads visits each byte once, lightly.
///
/// The scan counts brackets and skips strings (a backslash skips the byte after it, or a `\u`
/// escape's four); it checks nothing. On valid JSON the value it finds is the value; on anything else the parser, given the
/// same bytes, stops with its error at or before the scan's end, so the error is the one a parse of
/// the whole input gives. A scalar (a number, a literal, or bytes that are neither) runs to the
/// first comma, closing bracket or whitespace: the parser, looking at the byte after it too,
/// reports what it would report in place.
///
/// The scan resumes where it stopped when more input arrives (offsets count from the value's
/// first byte, which stays the first byte handed in).
struct JSONValueScanner {
    private var offset = 0
    private var depth = 0
    private var inString = false

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The length of the value at the start of `bytes` (its first byte, not whitespace), or `nil`
    /// when `bytes` end before it does.
    mutating func length(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
        let count = bytes.count
        let first = base[0]
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"") else {
            while offset < count {
                switch base[offset] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x0A, 0x0D, 0x09: return offset
                default: offset += 1
                }
            }
            return nil
        }
        while offset < count {
            if inString {
                // Eight bytes at a time past everything but quotes and backslashes.
                while offset + 8 <= count {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                    let quote = word ^ (0x22 &* Self.ones)
                    let backslash = word ^ (0x5C &* Self.ones)
                    let hits = ((quote &- Self.ones) & ~quote) | ((backslash &- Self.ones) & ~backslash)
                    if hits & Self.highs != 0 { break }
                    offset += 8
                }
                guard offset < count else { return nil }
                switch base[offset] {
                case UInt8(ascii: "\""):
                    inString = false
                    offset += 1
                    if depth == 0 { return offset }
                case UInt8(ascii: "\\"):
                    // The escaped byte may be a quote: step over both, once both are here; over
                    // `\u` and its four digits whatever they are, as the parser reads them (a quote
                    // among them ends nothing: it is an escape without four digits, an error there).
                    guard offset + 1 < count else { return nil }
                    let length = base[offset + 1] == UInt8(ascii: "u") ? 6 : 2
                    guard offset + length <= count else { return nil }
                    offset += length
                default:
                    offset += 1
                }
                continue
            }
            let byte = base[offset]
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return offset }
            default:
                break
            }
        }
        return nil
    }
}
