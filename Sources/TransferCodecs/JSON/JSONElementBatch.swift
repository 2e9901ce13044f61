#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Values of an array or of JSON Lines as the reader split them, then parsed where they are
/// decoded: their bytes one after another, and, once ``parsed(positions:)``, their tapes in one
/// array.
///
/// The reader only finds where each value is (``JSONValueScanner``, or a line feed), or cuts a run
/// of an array's elements at a guess (``Framing/arrayRun``); parsing, the byte-by-byte work, and
/// the splitting of runs happen on the cores with the decoding.
struct JSONElementBatch: Sendable {
    /// How the values were framed in the input: what may follow a value.
    enum Framing: Sendable {
        /// An array's elements: the reader checks the commas and brackets around them.
        case arrayElements
        /// One value a line, perhaps with spaces after it; the bytes run to the line's end.
        case lines
        /// A run of an array's elements cut where the reader guessed an element starts, not split
        /// yet: the bytes from an element's first byte up to the first byte of the element the
        /// reader guessed comes next, commas and whitespace between (``JSONArrayReader/nextRun()``).
        /// The parse splits them; a run it cannot split exactly is ``JSONElementBatch/isSplitExactly``
        /// false, and is read again by the exact reader.
        case arrayRun
    }

    struct Element: Sendable {
        /// The element's bytes in `bytes`: the value (an array's element) or its line from the
        /// value's first byte (JSON Lines).
        var bytes: Range<Int>
        /// 1 when the byte after the element follows it in `bytes`, for the parse to look at: a
        /// number ended by a comma is reported as a number before a comma, as in place.
        var lookahead: Int
        /// For lines: whether a line feed ended the line (not the end of the input).
        var endsWithLineFeed: Bool
        /// Its first token in `tokens`, once parsed; container ends in the tape count from the
        /// batch's start.
        var root = 0
        /// Its offset in the document, for positions in errors.
        var offset: Int
        /// Its position in the document, when the input is counted as it passes (a pipe) rather
        /// than read again for errors.
        var origin: JSONTextPosition?
    }

    let framing: Framing
    var bytes: [UInt8] = []
    var tokens: [JSONTape.Token] = []
    var elements: [Element] = []
    /// The array index of the first element; for a run, unknown until the runs before it are
    /// split (``isIndexKnown``).
    var firstIndex: Int
    /// Whether ``firstIndex`` is the first element's index: false for a run, and for a batch the
    /// reader split after a run (the count of elements was lost with it).
    var isIndexKnown = true
    /// For a run: its bytes in `bytes` (the reader's buffer, shared), and the offset in the
    /// document of its first byte.
    var run = 0..<0
    var runOffset = 0
    /// For a run: whether its parse split it into elements exactly, from its first byte to its
    /// last, every element whole. When not, the guess that ended it was wrong, or something in it
    /// is not JSON: the run is read again by the exact reader, which reports what is wrong.
    private(set) var isSplitExactly = true
    /// Whether the tapes are made.
    private(set) var isParsed = false
    /// The parse's error, after the elements before it: the elements from the bad one on are gone.
    private(set) var syntaxError: DecodingError?

    init(framing: Framing, firstIndex: Int) {
        self.framing = framing
        self.firstIndex = firstIndex
    }

    /// Adds an element: its bytes and, when there is one, the byte after them; its offset in the
    /// document and, for input counted as it passes, its position.
    mutating func append(
        _ region: ArraySlice<UInt8>, length: Int, endsWithLineFeed: Bool = false, offset: Int,
        origin: JSONTextPosition?
    ) {
        let start = bytes.count
        bytes.append(contentsOf: region)
        elements.append(
            Element(
                bytes: start..<(start + length), lookahead: region.count - length, endsWithLineFeed: endsWithLineFeed,
                offset: offset, origin: origin))
    }

    /// The batch with every element parsed into its tape, up to the first that is not JSON (RFC
    /// 8259, its UTF-8 included), whose error ``syntaxError`` holds, with its line and column.
    func parsed(positions: (Int) -> JSONTextPosition) -> JSONElementBatch {
        guard !isParsed else { return self }
        var batch = self
        batch.isParsed = true
        batch.tokens.reserveCapacity(byteCount / 16)
        if framing == .arrayRun {
            batch.isSplitExactly = batch.splitRun()
            return batch
        }
        bytes.withUnsafeBufferPointer { all in
            for index in elements.indices {
                let element = elements[index]
                let region = UnsafeBufferPointer(
                    rebasing: all[element.bytes.lowerBound..<(element.bytes.upperBound + element.lookahead)])
                let root = batch.tokens.count
                let end: Int
                switch Self.parse(region, element, framing: framing, into: &batch.tokens) {
                case .success(let valueEnd):
                    end = valueEnd
                case .failure(let problem):
                    let (message, offset) = (problem.message, problem.offset)
                    var position: JSONTextPosition
                    if let origin = element.origin {
                        position = origin
                        position.advance(over: UnsafeBufferPointer(rebasing: region[..<offset]))
                    } else {
                        position = positions(element.offset + offset)
                    }
                    batch.syntaxError = DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: [],
                            debugDescription: "The given data was not valid JSON: \(message) \(position)."))
                    batch.elements.removeSubrange(index...)
                    batch.tokens.removeSubrange(root...)
                    return
                }
                batch.elements[index].root = root
                // The value alone: a line's spaces after it are not its bytes.
                batch.elements[index].bytes = element.bytes.lowerBound..<(element.bytes.lowerBound + end)
            }
        }
        return batch
    }

    /// Splits a run into its elements and parses them: an element, whitespace, a comma,
    /// whitespace, and so on to the run's end, which must come after a comma. `false` when the run
    /// does not split so (an element cut by the run's end, a byte out of place, a value that is not
    /// JSON); nothing is reported, since the exact reader reads the run again.
    private mutating func splitRun() -> Bool {
        let count = run.upperBound
        return bytes.withUnsafeBufferPointer { all -> Bool in
            var start = run.lowerBound
            while true {
                let region = UnsafeBufferPointer(rebasing: all[start...])
                let root = tokens.count
                guard count - start <= JSONTape.maximumSize,
                    let length = try? JSONTape.parseValue(region, isFinal: true, into: &tokens)
                else { return false }
                elements.append(
                    Element(
                        bytes: start..<(start + length), lookahead: 0, endsWithLineFeed: false, root: root,
                        offset: runOffset + start - run.lowerBound, origin: nil))
                var next = start + length
                while next < count, JSONArrayReader.isWhitespace(all[next]) { next += 1 }
                guard next < count, all[next] == UInt8(ascii: ",") else { return false }
                next += 1
                while next < count, JSONArrayReader.isWhitespace(all[next]) { next += 1 }
                if next == count { return true }
                start = next
            }
        }
    }

    /// The offset in the document after the batch's last byte (a run's) or its last element's.
    var endOffset: Int {
        if framing == .arrayRun { return runOffset + run.count }
        return elements.last.map { $0.offset + $0.bytes.count } ?? runOffset
    }

    /// How many bytes of the input the batch holds.
    var byteCount: Int { framing == .arrayRun ? run.count : bytes.count }

    /// The offset in the document of the batch's first byte: a run's, or its first element's.
    var startOffset: Int {
        framing == .arrayRun ? runOffset : elements.first?.offset ?? runOffset
    }

    /// What is wrong with an element: the message, and the offset in the element.
    private struct Problem: Error {
        let message: String
        let offset: Int
    }

    /// Parses one element's value onto `tokens`: where the value ends in the element, or what is
    /// wrong.
    private static func parse(
        _ region: UnsafeBufferPointer<UInt8>, _ element: Element, framing: Framing,
        into tokens: inout [JSONTape.Token]
    ) -> Result<Int, Problem> {
        let length = element.bytes.count
        guard length <= JSONTape.maximumSize else {
            return .failure(Problem(message: "a value larger than 4 GiB", offset: 0))
        }
        let end: Int
        do {
            // Final: the reader gave the whole element, or everything up to the end of the input.
            end = try JSONTape.parseValue(region, isFinal: true, into: &tokens) ?? length
        } catch {
            guard framing == .lines, error.atEnd, element.endsWithLineFeed else {
                return .failure(Problem(message: error.message, offset: error.offset))
            }
            let message = error.message.replacing(
                "unexpected end of input", with: "unexpected end of the line (one value a line)")
            return .failure(Problem(message: message, offset: error.offset))
        }
        switch framing {
        case .arrayElements, .arrayRun:  // a run's elements are split by `splitRun`, not here
            // The scan ends where the value does; what follows it is the reader's to check.
            guard end < length else { return .success(end) }
            let found = JSONParser.describe(base: region.baseAddress!, count: region.count, at: end)
            return .failure(Problem(message: "expected ',' or ']', found \(found)", offset: end))
        case .lines:
            // After the value, only spaces before the line feed.
            var after = end
            while after < length, region[after] == 0x20 || region[after] == 0x09 || region[after] == 0x0D {
                after += 1
            }
            guard after < length else { return .success(end) }
            let found = JSONParser.describe(base: region.baseAddress!, count: region.count, at: after)
            return .failure(
                Problem(
                    message: "expected a line break after the value (one value a line), found \(found)", offset: after))
        }
    }

    /// Decodes the elements, up to the first that fails; then the parse's error, if any. Parses
    /// first when the batch is not parsed yet.
    func decode<T: Decodable>(
        _ type: T.Type, with decoder: JSONTextDecoder, positions: @escaping @Sendable (Int) -> JSONTextPosition
    ) -> DecodedBatch<T> {
        let batch = parsed(positions: positions)
        var values: [T] = []
        values.reserveCapacity(batch.elements.count)
        let tape = JSONTape(tokens: batch.tokens)
        return batch.bytes.withUnsafeBufferPointer { bytes in
            for position in batch.elements.indices {
                let element = batch.elements[position]
                do {
                    let (offset, origin) = (element.offset, element.origin)
                    values.append(
                        try decoder.decode(
                            T.self, from: UnsafeBufferPointer(rebasing: bytes[element.bytes]), tape: tape,
                            root: element.root
                        ) {
                            origin ?? positions(offset)
                        })
                } catch let error as DecodingError {
                    return DecodedBatch(
                        values: values, error: error.prefixingCodingPath(with: batch.firstIndex + position))
                } catch {
                    return DecodedBatch(values: values, error: error)
                }
            }
            return DecodedBatch(values: values, error: batch.syntaxError)
        }
    }
}
