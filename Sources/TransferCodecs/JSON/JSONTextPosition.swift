#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Eight bytes at a time (SWAR): input that cannot be read again (a pipe) is counted this way
    /// as it passes, so the count must cost little beside the parse.
    mutating func advance(over bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        let raw = UnsafeRawBufferPointer(bytes)
        // Line feeds (bytes equal to 0x0A: the zero bytes of `word ^ 0x0A…`, each marked by its
        // high bit), and where the last one is.
        var lineFeeds = 0
        var lastLineFeed = -1
        var index = 0
        while index + 8 <= raw.count {
            let x =
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ 0x0A0A_0A0A_0A0A_0A0A
            let marks = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x | 0x7F7F_7F7F_7F7F_7F7F)
            if marks != 0 {
                lineFeeds += marks.nonzeroBitCount
                lastLineFeed = index + (63 - marks.leadingZeroBitCount) / 8
            }
            index += 8
        }
        while index < raw.count {
            if base[index] == 0x0A {
                lineFeeds += 1
                lastLineFeed = index
            }
            index += 1
        }
        if lineFeeds > 0 {
            line += lineFeeds
            column = 1
        }
        // The columns of the last line: a character's first byte is any but a continuation byte
        // (10xxxxxx).
        index = lastLineFeed + 1
        while index + 8 <= raw.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            column += (~(word & ~(word << 1)) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < raw.count {
            if base[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
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
