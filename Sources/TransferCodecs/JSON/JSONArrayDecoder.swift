package import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A JSON decoder that reads the elements of a top-level array from a file a chunk at a time, so
/// that memory holds a few chunks of the file and their elements rather than the whole document.
///
/// The counterpart of ``JSONArrayEncoder``. Each element is parsed and decoded as
/// ``JSONTextDecoder`` does, with its options and its rules (RFC 8259, strictly); errors give the
/// line and column in the file and a coding path that starts at the element's index. Elements
/// that are `Sendable` are decoded on the machine's cores a batch at a time, ahead of the caller;
/// the caller still receives them one by one, in order.
///
/// ```swift
/// try JSONArrayDecoder().decodeElements(Profile.self, contentsOf: url) { profile in
///     try output.write(profile)
/// }
/// ```
///
/// `JSONArrayDecoder` is `Sendable`.
public struct JSONArrayDecoder: Sendable {
    /// The decoder whose options decode each element.
    public var decoder: JSONTextDecoder
    private let chunkSize: Int

    /// Creates a decoder.
    ///
    /// - Parameters:
    ///   - decoder: The options for each element.
    ///   - chunkSize: The bytes read from the file at a time, 1 MiB by default: the memory held
    ///     besides the elements in flight, against the number of reads. Elements may span chunks.
    public init(_ decoder: JSONTextDecoder = JSONTextDecoder(), chunkSize: Int = 1 << 20) {
        self.decoder = decoder
        self.chunkSize = max(1, chunkSize)
    }

    /// Decodes the elements of the array in a JSON file, in order, handing each to `body` before
    /// the next chunk is read.
    ///
    /// - Parameters:
    ///   - type: The type of one element.
    ///   - url: The file: a JSON array, UTF-8, with or without a byte-order mark.
    ///   - body: Receives each element.
    /// - Throws: `DecodingError.dataCorrupted` when the file is not one JSON array (its description
    ///   says what was expected, what was found, and the line and column); the element's
    ///   `DecodingError`, its coding path starting at the element's index; what `body` throws;
    ///   `CocoaError` when the file cannot be read.
    public func decodeElements<T: Decodable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void) throws {
        var file = JSONArrayFile(try ReadableFile(url), chunkSize: chunkSize)
        defer { file.close() }
        while let batch = try file.reader.nextBatch() {
            try batch.decode(T.self, with: decoder, positions: file.positions).deliver(to: body)
        }
    }

    /// Decodes the elements of the array in a JSON file, in order, handing each to `body` on the
    /// caller's thread; the decoding runs ahead of `body` on the machine's cores, a batch of
    /// elements at a time, a few batches at most.
    ///
    /// - Parameters:
    ///   - type: The type of one element.
    ///   - url: The file: a JSON array, UTF-8, with or without a byte-order mark.
    ///   - body: Receives each element, in order.
    /// - Throws: `DecodingError.dataCorrupted` when the file is not one JSON array (its description
    ///   says what was expected, what was found, and the line and column); the element's
    ///   `DecodingError`, its coding path starting at the element's index; what `body` throws;
    ///   `CocoaError` when the file cannot be read; `CancellationError` when the task is cancelled.
    public func decodeElements<T: Decodable & Sendable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void)
        throws
    {
        var file = JSONArrayFile(try ReadableFile(url), chunkSize: chunkSize)
        defer { file.close() }
        let (decoder, positions) = (decoder, file.positions)
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try file.reader.nextBatch() },
            work: { $0.decode(T.self, with: decoder, positions: positions) }, consume: { try $0.deliver(to: body) })
    }

    /// Decodes the elements of the array in a JSON file a batch at a time on the machine's cores,
    /// turns each batch into something else where it was decoded (`transform` runs concurrently),
    /// and hands the results to `body` in order: for conversions whose second half (encoding the
    /// elements again, say) should run on the cores too.
    ///
    /// - Parameters:
    ///   - type: The type of one element.
    ///   - url: The file: a JSON array, UTF-8, with or without a byte-order mark.
    ///   - transform: Turns a batch of elements, and the index of the first of them in the array,
    ///     into a result. When an element fails to decode, the elements before it are transformed
    ///     and delivered before the error is thrown.
    ///   - body: Receives the results in the order of the elements.
    /// - Throws: What `decodeElements(_:contentsOf:_:)` throws; what `transform` or
    ///   `body` throws.
    public func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, contentsOf url: URL,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        let file = try ReadableFile(url)
        defer { file.close() }
        try decodeElements(type, reading: file, transformingBatches: transform, body)
    }

    /// ``decodeElements(_:contentsOf:transformingBatches:_:)`` from a file, a pipe or standard
    /// input, read from where it is to its end; the caller closes it.
    package func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, reading input: ReadableFile,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        var file = JSONArrayFile(input, chunkSize: chunkSize)
        let (decoder, positions) = (decoder, file.positions)
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try file.reader.nextBatch() },
            work: { batch in
                try batch.decode(T.self, with: decoder, positions: positions).transformed {
                    try transform($0, batch.firstIndex)
                }
            },
            consume: { try $0.deliver(to: body) })
    }
}

/// Reads the elements of a top-level JSON array from input that arrives in pieces and hands them
/// out in batches: it checks the brackets and commas between the elements and finds where each
/// ends (``JSONValueScanner``); the elements are parsed where the batch is decoded.
struct JSONArrayReader: JSONValueSplitter {
    private enum Phase {
        case start, beforeFirst, afterElement, beforeElement, done
    }

    var input: JSONInput
    let framing = JSONElementBatch.Framing.arrayElements
    let batchSize: Int
    private var phase = Phase.start
    var valueCount = 0
    /// A problem met after the elements of the last batch, thrown by the next call.
    var failure: (any Error)?

    init(chunkSize: Int, source: JSONFileSource) {
        input = JSONInput(chunkSize: chunkSize, source: source)
        batchSize = max(chunkSize / 4, 1)
    }

    /// The next element in the buffer, with the byte after it when it is there; `nil` at the end
    /// of the array.
    mutating func nextValue() throws -> JSONSplitValue? {
        while true {
            switch phase {
            case .done:
                return nil
            case .start:
                // A byte-order mark, whitespace, then the opening bracket.
                guard try input.available(4) || input.isFinal else { continue }
                let encoding = input.buffer.withUnsafeBufferPointer {
                    UTF8Validation.utf16Or32(UnsafeBufferPointer(rebasing: $0[input.position...]))
                }
                if let encoding {
                    throw input.corrupted(
                        "the document is \(encoding); JSON must be UTF-8 (RFC 8259 §8.1)", at: input.position)
                }
                if input.buffer.count - input.position >= 3, input.buffer[input.position] == 0xEF,
                    input.buffer[input.position + 1] == 0xBB,
                    input.buffer[input.position + 2] == 0xBF
                {
                    input.position += 3
                }
                guard try skipWhitespace() else { throw corrupted(expected: "'[' opening an array") }
                guard input.buffer[input.position] == UInt8(ascii: "[") else {
                    throw corrupted(expected: "'[' opening an array")
                }
                input.position += 1
                phase = .beforeFirst
            case .beforeFirst, .beforeElement:
                guard try skipWhitespace() else {
                    throw corrupted(expected: phase == .beforeFirst ? "a value or ']'" : "a value")
                }
                if input.buffer[input.position] == UInt8(ascii: "]") {
                    guard phase == .beforeFirst else {
                        throw corrupted(expected: "a value after ',' (a trailing comma)")
                    }
                    input.position += 1
                    try finish()
                    return nil
                }
                let range = try element()
                return JSONSplitValue(range: range, lookahead: range.upperBound < input.buffer.count ? 1 : 0)
            case .afterElement:
                guard try skipWhitespace() else { throw corrupted(expected: "',' or ']'") }
                switch input.buffer[input.position] {
                case UInt8(ascii: ","):
                    input.position += 1
                    phase = .beforeElement
                case UInt8(ascii: "]"):
                    input.position += 1
                    try finish()
                    return nil
                default:
                    throw corrupted(expected: "',' or ']'")
                }
            }
        }
    }

    /// Whether the reader may hand out runs (``nextRun()``). A run split wrongly is read again by
    /// the exact reader: from the file, or, for input counted as it passes, from the buffers the
    /// reader keeps until the writer has written the batches in them (``JSONInput/retained``).
    var makesRuns = false
    /// Whether ``valueCount`` counts the elements handed out: not after a run, whose elements are
    /// counted only where it is split.
    private(set) var countsValues = true

    /// The next run of elements, one to two times `batchSize` bytes of them, cut where the reader
    /// guesses an element starts, without finding where each ends: the cores split the run as
    /// they parse it (``JSONElementBatch/Framing/arrayRun``), so that the reader does not scan every
    /// byte before them. `nil` when a run cannot be made here — near the end of the input, before
    /// the first element, after a problem, or with no guess in reach — and the exact
    /// ``nextBatch()`` goes on.
    ///
    /// The guess is the last `{` in reach after a comma after a `}`, whitespace between: where the
    /// next object of an array of objects starts, unless those bytes are inside a string or a
    /// nested array. A run whose start is an element's start splits exactly only if its end is one
    /// too, so runs split exactly one after another from the first are all right; the first that
    /// does not is read again from its start by the exact reader (``resuming(at:index:)``).
    mutating func nextRun() throws -> JSONElementBatch? {
        guard makesRuns, failure == nil, phase == .afterElement || phase == .beforeElement else { return nil }
        if phase == .afterElement {
            guard try skipWhitespace(), input.buffer[input.position] == UInt8(ascii: ",") else { return nil }
            input.position += 1
            phase = .beforeElement
        }
        guard try skipWhitespace() else { return nil }
        // Runs of one to two batches' worth, each up to the last guess in reach: the buffer is left
        // with the part of an element after it, which is all a refill copies.
        if input.buffer.count - input.position < batchSize, !input.isFinal { _ = try input.readMore() }
        let start = input.position
        let reach = min(input.buffer.count, start + 2 * batchSize)
        guard reach - start >= batchSize,
            let next = input.buffer.withUnsafeBufferPointer({
                Self.lastElementStart(in: UnsafeBufferPointer(rebasing: $0[..<reach]), after: start + batchSize / 2)
            })
        else { return nil }
        if input.countsAsItReads, !input.retains { input.startRetaining() }
        // The run shares the reader's buffer, which a refill replaces rather than changes.
        var batch = JSONElementBatch(framing: .arrayRun, firstIndex: -1)
        batch.isIndexKnown = false
        batch.bytes = input.buffer
        batch.run = start..<next
        batch.runOffset = input.bufferOffset + start
        input.position = next
        countsValues = false
        return batch
    }

    /// The last `{` in `bytes` after offset `after` with a comma before it and a `}` before that,
    /// whitespace between; `nil` when there is none.
    private static func lastElementStart(in bytes: UnsafeBufferPointer<UInt8>, after: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        var brace = bytes.count - 1
        while brace > after {
            if base[brace] == UInt8(ascii: "{") {
                var before = brace - 1
                while before > after, isWhitespace(base[before]) { before -= 1 }
                if base[before] == UInt8(ascii: ",") {
                    before -= 1
                    while before > after, isWhitespace(base[before]) { before -= 1 }
                    if base[before] == UInt8(ascii: "}") { return brace }
                }
            }
            brace -= 1
        }
        return nil
    }

    /// Whether `byte` is JSON whitespace.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// A reader that goes on from `offset` in the document, where element `index` of the array
    /// starts (or whitespace before it): for a run that did not split exactly, read again. Input
    /// that can be read again is moved to `offset`; input counted as it passes is read again from
    /// the bytes this reader kept (``JSONInput/replay(from:)``), then on from where it is.
    func resuming(at offset: Int, index: Int) throws -> JSONArrayReader {
        var reader = JSONArrayReader(chunkSize: input.source.chunkSize, source: input.source)
        if input.source.canSeek {
            try input.source.seek(to: offset)
        } else {
            let (bytes, position) = input.replay(from: offset)
            reader.input.buffer = bytes
            reader.input.isFinal = input.isFinal
            reader.input.counted = (offset, position)
        }
        reader.input.bufferOffset = offset
        reader.phase = .beforeElement
        reader.valueCount = index
        return reader
    }

    /// Finds the element at the reading position, reading more input until it is whole or the
    /// input ends (then the element is the rest, and its parse says what is missing).
    private mutating func element() throws -> Range<Int> {
        var scanner = JSONValueScanner()
        while true {
            let start = input.position
            let length = input.buffer.withUnsafeBufferPointer { bytes in
                scanner.length(of: UnsafeBufferPointer(rebasing: bytes[start...]))
            }
            if let length {
                input.position = start + length
                phase = .afterElement
                return start..<input.position
            }
            guard try input.readMore() else {
                input.position = input.buffer.count
                phase = .afterElement
                return start..<input.position
            }
        }
    }

    /// After the closing bracket: nothing but whitespace.
    private mutating func finish() throws {
        phase = .done
        if try skipWhitespace() { throw corrupted(expected: "nothing after the array") }
    }

    /// Skips whitespace, reading as needed; `false` at the end of the input.
    private mutating func skipWhitespace() throws -> Bool {
        while true {
            while input.position < input.buffer.count {
                guard Self.isWhitespace(input.buffer[input.position]) else { return true }
                input.position += 1
            }
            guard try input.readMore() else { return false }
        }
    }

    private mutating func corrupted(expected: String) -> DecodingError {
        // The character found may be cut by the end of what was read: read on to its end (a UTF-8
        // character is four bytes at most), so that it is named whatever the pieces. A read that
        // fails leaves the bytes there are, which the message describes as they are.
        while input.buffer.count - input.position < 4, !input.isFinal, (try? input.readMore()) == true {}
        if input.position >= input.buffer.count {
            return input.corrupted("unexpected end of input: expected \(expected)", at: input.position)
        }
        let found = input.buffer.withUnsafeBufferPointer {
            JSONParser.describe(base: $0.baseAddress!, count: $0.count, at: input.position)
        }
        return input.corrupted("expected \(expected), found \(found)", at: input.position)
    }
}

/// JSON input that arrives in pieces: a buffer of what was read and not yet consumed, where the
/// reading is, and the positions of offsets for errors. The readers of arrays and of lines share it.
struct JSONInput {
    /// Where the input comes from.
    let source: JSONFileSource
    /// Positions of offsets in input that can be read again; `nil` for input counted as it passes.
    let positions: ((Int) -> JSONTextPosition)?
    var buffer: [UInt8] = []
    var position = 0
    var isFinal = false
    /// The offset in the document of `buffer[0]`.
    var bufferOffset = 0
    /// For input counted as it passes: the offset up to which it is counted, and its position.
    var counted = (offset: 0, position: JSONTextPosition())
    /// For runs from input counted as it passes (``JSONInput/startRetaining()``): the buffers
    /// read since the oldest batch not yet written, each with its offset and how many of its bytes
    /// come before the next buffer's, so that the exact reader can read them again.
    var retained: [(offset: Int, bytes: [UInt8], count: Int)] = []
    /// Whether buffers are kept in ``retained`` as they are replaced.
    var retains = false
    /// The offset up to which the batches are written, which the writer confirms.
    let written = JSONWrittenOffset()

    init(chunkSize: Int, source: JSONFileSource) {
        self.source = source
        if source.countsAsItReads {
            positions = nil
        } else {
            positions = source.positions
        }
        countsAsItReads = source.countsAsItReads
    }

    /// Whether input is counted as it passes, so that elements carry the position where they start.
    let countsAsItReads: Bool

    /// Whether `count` bytes are available at `position`, reading once if not.
    mutating func available(_ count: Int) throws -> Bool {
        if buffer.count - position >= count { return true }
        _ = try readMore()
        return buffer.count - position >= count
    }

    /// Drops what was consumed and reads more; `false` when the input has ended.
    mutating func readMore() throws -> Bool {
        guard !isFinal else { return false }
        if retains {
            retain()
        } else if position > 0, countsAsItReads {
            _ = self.position(ofBufferIndex: position)
        }
        bufferOffset += position
        let more = try source.refill(&buffer, keepingFrom: position)
        position = 0
        if !more { isFinal = true }
        return true
    }

    /// The line and column of `buffer[index]`: read again from the file, or, for input counted as
    /// it passes, counted on from the last position asked for (never before it: positions are
    /// asked for in order, and bytes are counted before they leave the buffer).
    mutating func position(ofBufferIndex index: Int) -> JSONTextPosition {
        if let positions { return positions(bufferOffset + index) }
        if retains { return self.position(ofOffset: bufferOffset + index) }
        let from = counted.offset - bufferOffset
        guard index > from, from >= 0 else { return counted.position }
        var position = counted.position
        buffer.withUnsafeBufferPointer { bytes in
            position.advance(over: UnsafeBufferPointer(rebasing: bytes[from..<index]))
        }
        counted = (bufferOffset + index, position)
        return position
    }

    /// The error for `message` about the byte at `offset` in the buffer, with its line and column.
    mutating func corrupted(_ message: String, at offset: Int) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [],
                debugDescription:
                    "The given data was not valid JSON: \(message) \(position(ofBufferIndex: offset))."))
    }
}

extension DecodingError {
    /// The same error, its coding path starting at the array index `index`.
    func prefixingCodingPath(with index: Int) -> DecodingError {
        let key = JSONArrayIndexKey(index)
        func prefixed(_ context: Context) -> Context {
            Context(
                codingPath: [key] + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, prefixed(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, prefixed(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, prefixed(context))
        case .dataCorrupted(let context): return .dataCorrupted(prefixed(context))
        @unknown default: return self
        }
    }
}

/// An array index in a coding path.
private struct JSONArrayIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
