import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads JSON Lines (https://jsonlines.org): one JSON value (RFC 8259, strictly) on each line, the
/// lines ended by a line feed (a carriage return before it allowed), the last one optionally.
/// The lines are handed out in batches as the elements of an array are (``JSONElementBatch``),
/// and each value is parsed once, into the tape its decoder reads, on the core that decodes it.
///
/// Blank lines (nothing but spaces, tabs and a carriage return) are skipped. A value must end on
/// its line: a value spread over lines, or anything after the value but spaces, is an error with
/// its line and column.
struct JSONLinesReader: JSONValueSplitter {
    var input: JSONInput
    let framing = JSONElementBatch.Framing.lines
    let batchSize: Int
    private var started = false
    var valueCount = 0
    /// A problem met after the values of the last batch, thrown by the next call.
    var failure: (any Error)?
    let countsValues = true

    init(chunkSize: Int, source: JSONFileSource) {
        input = JSONInput(chunkSize: chunkSize, source: source)
        batchSize = max(chunkSize / 4, 1)
    }

    /// The next line with a value, from the value's first byte to the line's end (its line feed
    /// not included), and whether a line feed ended it; `nil` at the end. The value is parsed where
    /// the batch is decoded (``JSONElementBatch/parsed(positions:)``).
    mutating func nextValue() throws -> JSONSplitValue? {
        if !started {
            started = true
            _ = try input.available(4)
            let encoding = input.buffer.withUnsafeBufferPointer { UTF8Validation.utf16Or32($0) }
            if let encoding {
                throw input.corrupted("the document is \(encoding); JSON Lines must be UTF-8", at: 0)
            }
            if input.buffer.count >= 3, input.buffer[0] == 0xEF, input.buffer[1] == 0xBB, input.buffer[2] == 0xBF {
                input.position = 3
            }
        }
        // Blank lines, and the spaces before the value.
        while true {
            while input.position < input.buffer.count,
                Self.isSpace(input.buffer[input.position]) || input.buffer[input.position] == 0x0A
            {
                input.position += 1
            }
            if input.position < input.buffer.count { break }
            guard try input.readMore() else { return nil }
        }
        // The whole line, read as far as its line feed.
        var lineEnd: Int?
        while true {
            lineEnd = input.buffer.withUnsafeBufferPointer { bytes in
                memchr(bytes.baseAddress! + input.position, 0x0A, bytes.count - input.position).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
                }
            }
            if lineEnd != nil || input.isFinal { break }
            _ = try input.readMore()
        }
        let start = input.position
        let end = lineEnd ?? input.buffer.count
        input.position = lineEnd.map { $0 + 1 } ?? end
        return JSONSplitValue(range: start..<end, endsWithLineFeed: lineEnd != nil)
    }

    /// Space, tab or carriage return: what may surround a value on its line.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}

extension JSONLinesReader {
    /// Decodes the values of a JSON Lines file a batch at a time on the machine's cores, turns
    /// each batch into something else where it was decoded, and hands the results to `body` in
    /// order; an error names the value's line (its coding path starts at the value's index).
    static func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, reading file: ReadableFile, decoder: JSONTextDecoder, chunkSize: Int = 1 << 20,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        let source = JSONFileSource(file, chunkSize: chunkSize)
        var reader = JSONLinesReader(chunkSize: chunkSize, source: source)
        let positions = source.positions
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
            work: { batch in
                try batch.decode(T.self, with: decoder, positions: positions).transformed {
                    try transform($0, batch.firstIndex)
                }
            },
            consume: { try $0.deliver(to: body) })
    }
}
