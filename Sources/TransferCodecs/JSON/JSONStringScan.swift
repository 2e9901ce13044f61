/// The scans of a JSON string's bytes, sixteen at a time: the parser's, to the first byte it must
/// look at (a quote, a backslash, a control character or a byte past ASCII); the reader's, to the
/// next quote or backslash; and the writer's, to the next byte it escapes.
///
/// Each block is two 64-bit words whose bytes are classified with wrapping arithmetic alone (SWAR):
/// a byte's high bit is set when it is past ASCII, below space (`byte &- 0x20` borrows), or equal
/// to a byte looked for (`byte ^ c` is zero, so `&- 1` borrows). A borrow can flag the bytes after
/// a true hit, never one before it: the first flagged byte, the one the scan returns, is exact.
/// The bytes after the last whole block are looked at one by one.
///
/// It was `SIMD16<UInt8>` lanes: within 0.4% of these instructions in a release build (callgrind,
/// 50,000 profiles converted both ways), but an unoptimized build compiles each `SIMD16` operation
/// to a loop over its lanes (`@_optimize(speed)` does not change that: LLVM's vectorizer does not
/// run there), and the tests' debug build, which writes and reads JSON everywhere, spent a quarter
/// of its time in these scans (the suite took 866 s against 293 s before the writer used them).
/// Swift's `SIMD` comparisons (`.==`, `.<`) compile lane by lane even when optimized.
enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The offset of the first quote, backslash, control character or byte past ASCII in
    /// `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstStop(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = firstFlagged(in: base, from: start, to: end) { word in
            word | ((word &- 0x20 &* ones) & ~word) | equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\"))
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
        var index = firstFlagged(in: base, from: start, to: end) { word in
            equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\"))
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
        var index = firstFlagged(in: base, from: start, to: end) { word in
            ((word &- 0x20 &* ones) & ~word) | equal(word, UInt8(ascii: "\"")) | equal(word, UInt8(ascii: "\\"))
                | equal(word, slash)
        }
        while index < end {
            let byte = base[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == slash { break }
            index &+= 1
        }
        return index
    }

    /// Bytes whose high bit is set where the byte is `value`, an ASCII byte (exact up to the first:
    /// a borrow may flag bytes after it).
    @inline(__always)
    private static func equal(_ word: UInt64, _ value: UInt8) -> UInt64 {
        let difference = word ^ (ones &* UInt64(value))
        return (difference &- ones) & ~difference
    }

    /// The offset of the first byte of the whole blocks of `base[start..<end]` whose high bit is set
    /// in `flags` of its word; when there is none, the offset after the last whole block.
    @inline(__always)
    private static func firstFlagged(
        in base: UnsafePointer<UInt8>, from start: Int, to end: Int, _ flags: (UInt64) -> UInt64
    ) -> Int {
        var index = start
        while index &+ 16 <= end {
            let block = UnsafeRawPointer(base + index)
            let low = flags(UInt64(littleEndian: block.loadUnaligned(as: UInt64.self))) & highs
            let high = flags(UInt64(littleEndian: block.loadUnaligned(fromByteOffset: 8, as: UInt64.self))) & highs
            if low | high != 0 {
                return index &+ (low != 0 ? low.trailingZeroBitCount &>> 3 : 8 &+ high.trailingZeroBitCount &>> 3)
            }
            index &+= 16
        }
        return index
    }
}
