/// A line and column in a document, both from 1, the column counted in Unicode scalars.
struct JSONTextPosition: CustomStringConvertible {
    var line = 1
    var column = 1

    init() {}

    /// The position `offset` bytes into `bytes`, which start at `origin`.
    init(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>, from origin: JSONTextPosition = JSONTextPosition()) {
        self = origin
        advance(over: UnsafeBufferPointer(rebasing: bytes[..<min(offset, bytes.count)]))
    }

    /// Moves past `bytes`: a line for each line feed, a column for each character's first byte.
    ///
    /// One pass, sixteen bytes at a time: input that cannot be read again (a pipe) is counted this
    /// way as it passes, on the one thread that reads, so the count must cost little beside the
    /// parse. A block without a line feed adds its characters' first bytes (any byte but a
    /// continuation byte, `10xxxxxx`) to sixteen counters, one a lane, summed every 255 blocks,
    /// before a counter could overflow; a block with one (rare) is counted byte by byte.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let high = SIMD16<UInt8>(repeating: 0x80)
        var counters = SIMD16<UInt8>()
        var blocks = 0
        var index = 0
        while index &+ 16 <= bytes.count {
            let block = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            let difference = block ^ SIMD16(repeating: 0x0A)
            let lineFeeds = unsafeBitCast(
                (difference &- SIMD16(repeating: 1)) & ~difference & high, to: SIMD2<UInt64>.self)
            if lineFeeds[0] | lineFeeds[1] != 0 {
                column += Self.sum(counters)
                (counters, blocks) = (SIMD16(), 0)
                count(base, from: index, to: index &+ 16)
            } else {
                // A lane's high bit is set where the byte is a continuation byte (its two top bits
                // 10: `byte & ~(byte << 1)`); the others count one.
                counters &+= (~(block & ~(block &+ block)) & high) &>> 7
                blocks &+= 1
                if blocks == 255 {
                    column += Self.sum(counters)
                    (counters, blocks) = (SIMD16(), 0)
                }
            }
            index &+= 16
        }
        column += Self.sum(counters)
        count(base, from: index, to: bytes.count)
    }

    /// Moves past `base[start..<end]` a byte at a time.
    private mutating func count(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) {
        for index in start..<end {
            let byte = base[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    /// The sum of sixteen byte counters (at most 255 each), without widening them lane by lane:
    /// pairs of bytes added into 16-bit halves, whose sum a multiplication gathers in the top half.
    private static func sum(_ counters: SIMD16<UInt8>) -> Int {
        let words = unsafeBitCast(counters, to: SIMD2<UInt64>.self)
        let pairs = { (word: UInt64) in (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF) }
        let halves = pairs(words[0]) &+ pairs(words[1])
        return Int((halves &* 0x0001_0001_0001_0001) >> 48)
    }

    var description: String { "at line \(line), column \(column)" }
}

/// Positions counted so far in one document, so that the next is counted on from the nearest one
/// before it instead of from the start.
///
/// Positions are asked for by errors only, but errors can be many: a type that tries one decoding
/// after another with `try?` fails once per element it reads, each failure with a position in its
/// message. Counting each from the start of the document would make reading N such elements cost
/// N passes over the document; counted on from the nearest known one, they cost about one pass
/// together, in whatever order they are asked for.
///
/// At most `capacity` positions are kept: past that, every other one is forgotten (the last one
/// always kept), so memory stays bounded and the known positions stay spread over the document.
struct JSONPositionCheckpoints {
    /// A byte offset and its position.
    typealias Checkpoint = (offset: Int, position: JSONTextPosition)

    private var checkpoints: [Checkpoint]
    private let capacity: Int

    /// Checkpoints that start with `origin`, the position of offset 0.
    init(origin: JSONTextPosition = JSONTextPosition(), capacity: Int = 4096) {
        checkpoints = [(0, origin)]
        self.capacity = max(capacity, 2)
    }

    /// The position of `offset`, counted on by `count` from the nearest checkpoint at or before it
    /// (`count` advances a position over the bytes from the checkpoint's offset to `offset`, or
    /// returns `nil` when it cannot); the result becomes a checkpoint.
    mutating func position(
        of offset: Int, counting count: (_ from: Checkpoint, _ to: Int) -> JSONTextPosition?
    ) -> JSONTextPosition? {
        // The first checkpoint after `offset`; the one before it is the nearest at or before.
        var low = 0
        var high = checkpoints.count
        while low < high {
            let middle = (low + high) / 2
            if checkpoints[middle].offset <= offset { low = middle + 1 } else { high = middle }
        }
        let nearest = checkpoints[max(low - 1, 0)]
        if nearest.offset == offset { return nearest.position }
        guard let position = count(nearest, offset) else { return nil }
        checkpoints.insert((offset, position), at: low)
        if checkpoints.count > capacity {
            let last = checkpoints[checkpoints.count - 1]
            checkpoints = checkpoints.enumerated().compactMap { $0.offset % 2 == 0 ? $0.element : nil }
            if checkpoints.last?.offset != last.offset { checkpoints.append(last) }
        }
        return position
    }
}
