/// The scans of a JSON string's bytes, sixteen at a time: the parser's, to the first byte it must
/// look at (a quote, a backslash, a control character or a byte past ASCII); the reader's, to the
/// next quote or backslash; and the writer's, to the next byte it escapes.
///
/// Each block is one `SIMD16<UInt8>` whose lanes are classified with wrapping arithmetic alone: a
/// lane's high bit is set when its byte is past ASCII, below space (`byte &- 0x20` wraps), or equal
/// to a byte looked for (`byte ^ c` is zero, so `&- 1` wraps). These operators compile to a handful
/// of vector instructions a block; Swift's `SIMD` comparisons (`.==`, `.<`) are compiled lane by
/// lane, and a scan written with them ran four times the instructions of the parse it replaced.
/// The bytes after the last whole block are looked at one by one.
enum JSONStringScan {
    /// The offset of the first quote, backslash, control character or byte past ASCII in
    /// `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstStop(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = firstFlagged(in: base, from: start, to: end) { block in
            block | (block &- SIMD16(repeating: 0x20)) | equal(block, UInt8(ascii: "\""))
                | equal(block, UInt8(ascii: "\\"))
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            index &+= 1
        }
        return index
    }

    /// The offset of the first quote or backslash in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstQuoteOrBackslash(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = firstFlagged(in: base, from: start, to: end) { block in
            equal(block, UInt8(ascii: "\"")) | equal(block, UInt8(ascii: "\\"))
        }
        while index < end, base[index] != UInt8(ascii: "\""), base[index] != UInt8(ascii: "\\") {
            index &+= 1
        }
        return index
    }

    /// The offset of the first byte in `base[start..<end]` that a JSON string written out must
    /// escape — a control character, a quote, a backslash, and a slash when `escapingSlashes` — or
    /// `end`.
    @inline(__always)
    static func firstToEscape(in base: UnsafePointer<UInt8>, from start: Int, to end: Int, escapingSlashes: Bool)
        -> Int
    {
        // Without slashes to escape, the slash lane looks for quotes again.
        let slash = escapingSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        var index = firstFlagged(in: base, from: start, to: end) { block in
            ((block &- SIMD16(repeating: 0x20)) & ~block) | equal(block, UInt8(ascii: "\""))
                | equal(block, UInt8(ascii: "\\")) | equal(block, slash)
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == slash { break }
            index &+= 1
        }
        return index
    }

    /// Lanes whose high bit is set exactly where the byte is `value`, an ASCII byte.
    @inline(__always)
    private static func equal(_ block: SIMD16<UInt8>, _ value: UInt8) -> SIMD16<UInt8> {
        let difference = block ^ SIMD16(repeating: value)
        return (difference &- SIMD16(repeating: 1)) & ~difference
    }

    /// The offset of the first byte of the whole blocks of `base[start..<end]` whose lane in
    /// `flags(block)` has its high bit set; when there is none, the offset after the last whole
    /// block.
    @inline(__always)
    private static func firstFlagged(
        in base: UnsafePointer<UInt8>, from start: Int, to end: Int, _ flags: (SIMD16<UInt8>) -> SIMD16<UInt8>
    ) -> Int {
        var index = start
        while index &+ 16 <= end {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let words = unsafeBitCast(flags(block) & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 {
                let low = UInt64(littleEndian: words[0])
                if low != 0 { return index &+ (low.trailingZeroBitCount &>> 3) }
                return index &+ 8 &+ (UInt64(littleEndian: words[1]).trailingZeroBitCount &>> 3)
            }
            index &+= 16
        }
        return index
    }
}
