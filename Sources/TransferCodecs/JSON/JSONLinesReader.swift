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
/// Each value is parsed once, into the tape its decoder reads, and handed out in batches as the
/// elements of an array are (``JSONElementBatch``), so that decoding them runs on every core.
///
/// Blank lines (nothing but spaces, tabs and a carriage return) are skipped. A value must end on
/// its line: a value spread over lines, or anything after the value but spaces, is an error with
/// its line and column.
struct JSONLinesReader {
    /// Reads more input onto the end of the buffer; `false` at the end of the input.
    private let read: (inout [UInt8]) throws -> Bool
    private let positions: (Int) -> JSONTextPosition
    private let batchSize: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var isFinal = false
    private var started = false
    /// The offset in the document of `buffer[0]`.
    private var bufferOffset = 0
    private var tokens: [JSONTape.Token] = []
    private var valueCount = 0

    init(chunkSize: Int, positions: @escaping (Int) -> JSONTextPosition, read: @escaping (inout [UInt8]) throws -> Bool)
    {
        self.read = read
        self.positions = positions
        self.batchSize = max(chunkSize / 4, 1)
        buffer.reserveCapacity(chunkSize * 2)
    }

    /// The next values, about a quarter of a chunk of them; `nil` at the end of the input.
    mutating func nextBatch() throws -> JSONElementBatch? {
        var batch = JSONElementBatch(firstIndex: valueCount)
        while batch.bytes.count < batchSize, let range = try nextValue() {
            batch.append(buffer[range], tokens: tokens, offset: bufferOffset + range.lowerBound)
            valueCount += 1
        }
        return batch.elements.isEmpty ? nil : batch
    }

    /// The next line's value: its bytes in the buffer, its tape in `tokens`; `nil` at the end.
    private mutating func nextValue() throws -> Range<Int>? {
        if !started {
            started = true
            _ = try available(4)
            let encoding = buffer.withUnsafeBufferPointer { UTF8Validation.utf16Or32($0) }
            if let encoding {
                throw corrupted("the document is \(encoding); JSON Lines must be UTF-8", at: 0)
            }
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { position = 3 }
        }
        // Blank lines, and the spaces before the value.
        while true {
            while position < buffer.count, Self.isSpace(buffer[position]) || buffer[position] == 0x0A {
                position += 1
            }
            if position < buffer.count { break }
            guard try readMore() else { return nil }
        }
        // The whole line, read as far as its line feed.
        var lineEnd: Int?
        while true {
            lineEnd = buffer.withUnsafeBufferPointer { bytes in
                memchr(bytes.baseAddress! + position, 0x0A, bytes.count - position).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - bytes.baseAddress!
                }
            }
            if lineEnd != nil || isFinal { break }
            _ = try readMore()
        }
        let start = position
        let end = lineEnd ?? buffer.count
        tokens.removeAll(keepingCapacity: true)
        let valueEnd: Int
        do {
            valueEnd =
                try buffer.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
                    try JSONTape.parseValue(
                        UnsafeBufferPointer(rebasing: bytes[start..<end]), isFinal: true, into: &tokens)
                }.map { start + $0 } ?? end
        } catch {
            let message =
                error.atEnd && lineEnd != nil
                ? error.message.replacing(
                    "unexpected end of input", with: "unexpected end of the line (one value a line)")
                : error.message
            throw corrupted(message, at: start + error.offset)
        }
        let range = start..<valueEnd
        if let invalid = buffer.withUnsafeBufferPointer({
            UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: $0[range]))
        }) {
            throw corrupted(
                "invalid UTF-8 (byte 0x\(String(buffer[start + invalid], radix: 16, uppercase: true)))",
                at: start + invalid)
        }
        // After the value, only spaces before the line feed.
        var after = valueEnd
        while after < end, Self.isSpace(buffer[after]) { after += 1 }
        if after < end {
            let found = buffer.withUnsafeBufferPointer {
                JSONParser.describe(base: $0.baseAddress!, count: $0.count, at: after)
            }
            throw corrupted("expected a line break after the value (one value a line), found \(found)", at: after)
        }
        position = lineEnd.map { $0 + 1 } ?? end
        return range
    }

    /// Space, tab or carriage return: what may surround a value on its line.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    /// Whether `count` bytes are available at `position`, reading once if not.
    private mutating func available(_ count: Int) throws -> Bool {
        if buffer.count - position >= count { return true }
        _ = try readMore()
        return buffer.count - position >= count
    }

    /// Drops what was consumed and reads more; `false` when the input has ended.
    private mutating func readMore() throws -> Bool {
        guard !isFinal else { return false }
        if position > 0 {
            bufferOffset += position
            buffer.removeFirst(position)
            position = 0
        }
        if try !read(&buffer) { isFinal = true }
        return true
    }

    private func corrupted(_ message: String, at offset: Int) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription: "The given data was not valid JSON: \(message) \(positions(bufferOffset + offset))."))
    }
}

extension JSONLinesReader {
    /// Decodes the values of a JSON Lines file a batch at a time on the machine's cores, turns
    /// each batch into something else where it was decoded, and hands the results to `body` in
    /// order; an error names the value's line (its coding path starts at the value's index).
    static func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, contentsOf url: URL, decoder: JSONTextDecoder, chunkSize: Int = 1 << 20,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        let source = try JSONFileSource(url, chunkSize: chunkSize)
        defer { source.close() }
        var reader = JSONLinesReader(chunkSize: chunkSize, positions: source.positions, read: source.read)
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
