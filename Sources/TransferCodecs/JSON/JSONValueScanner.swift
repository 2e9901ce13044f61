/// Finds where a JSON value ends without parsing it: the reader of a streamed array splits the
/// input into elements with it, and the cores parse them (``JSONElementBatch/parsed(positions:)``),
/// so that the one thread that reads visits each byte once, lightly. A JSON → CSV conversion skips
/// even that for most of an array of objects: the reader cuts runs of elements at a guess and the
/// cores split them (``JSONArrayReader/nextRun()``).
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
                guard skipString(base, count) else { return nil }
                if depth == 0 { return offset }
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

    /// Steps past the rest of a string: `true` with `offset` after its closing quote, `false` when
    /// the bytes end first, with `offset` where the scan resumes (at an escape cut by the end).
    ///
    /// The end is the first quote with no escape before it in the string, found sixteen bytes at
    /// a time with the next backslash (``JSONStringScan/firstQuoteOrBackslash(in:from:to:)``). A
    /// backslash steps over the byte after it (a quote, perhaps) or over a `\u` escape's four
    /// digits whatever they are, as the parser reads them (a quote among them ends nothing: it is
    /// an escape without four digits, an error there).
    private mutating func skipString(_ base: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        while true {
            let stop = JSONStringScan.firstQuoteOrBackslash(in: base, from: offset, to: count)
            guard stop < count else {
                offset = count
                return false
            }
            if base[stop] == UInt8(ascii: "\"") {
                offset = stop + 1
                inString = false
                return true
            }
            guard stop + 1 < count else {
                offset = stop
                return false
            }
            let length = base[stop + 1] == UInt8(ascii: "u") ? 6 : 2
            guard stop + length <= count else {
                offset = stop
                return false
            }
            offset = stop + length
        }
    }
}
