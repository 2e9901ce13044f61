#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON decoder that reads the elements of a top-level array one at a time from a file, so that
/// memory holds one chunk of the file and one element rather than the whole document.
///
/// The counterpart of ``JSONArrayEncoder``. Each element is parsed and decoded as
/// ``JSONTextDecoder`` does, with its options and its rules (RFC 8259, strictly); errors give the
/// line and column in the file and a coding path that starts at the element's index.
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
    /// - Parameter decoder: The options for each element.
    public init(_ decoder: JSONTextDecoder = JSONTextDecoder()) {
        self.init(decoder, chunkSize: 1 << 20)
    }

    /// Creates a decoder that reads `chunkSize` bytes at a time (small sizes test chunk edges).
    package init(_ decoder: JSONTextDecoder = JSONTextDecoder(), chunkSize: Int) {
        self.decoder = decoder
        self.chunkSize = max(1, chunkSize)
    }

    /// Decodes the elements of the array in a JSON file, in order, handing each to `body` before
    /// the next is read.
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
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.readError(url) }
        defer { close(descriptor) }
        var reader = JSONArrayReader(chunkSize: chunkSize) { buffer in
            let count = ChunkedRead.append(upTo: chunkSize, from: descriptor, to: &buffer)
            guard count >= 0 else { throw Self.readError(url) }
            return count > 0
        }
        var index = 0
        while let element = try reader.nextElement() {
            do {
                try body(try element.withBytes { bytes, tape, origin in try decoder.decode(T.self, from: bytes, tape: tape, origin: origin) })
            } catch let error as DecodingError {
                throw error.prefixingCodingPath(with: index)
            }
            index += 1
        }
    }

    /// The error for a file that cannot be opened or read, from `errno`.
    private static func readError(_ url: URL) -> CocoaError {
        let number = errno
        let code: CocoaError.Code = switch number {
        case ENOENT: .fileReadNoSuchFile
        case EACCES, EPERM: .fileReadNoPermission
        default: .fileReadUnknown
        }
        return CocoaError(code, userInfo: ["NSFilePath": url.path, "NSDebugDescription": String(cString: strerror(number))])
    }
}

/// Reads the elements of a top-level JSON array from input that arrives in pieces: each element is
/// parsed once, into the tape its decoder reads.
struct JSONArrayReader {
    private enum Phase {
        case start, beforeFirst, afterElement, beforeElement, done
    }

    /// Reads more input onto the end of the buffer; `false` at the end of the input.
    private let read: (inout [UInt8]) throws -> Bool
    private var buffer: [UInt8] = []
    private var position = 0
    private var isFinal = false
    private var phase = Phase.start
    /// The line and column of `buffer[0]`.
    private var origin = JSONTextPosition()
    private var tape = JSONTape()

    init(chunkSize: Int, read: @escaping (inout [UInt8]) throws -> Bool) {
        self.read = read
        buffer.reserveCapacity(chunkSize * 2)
    }

    /// One parsed element: its bytes and tape, valid until the next call to `nextElement()`.
    struct Element {
        fileprivate let range: Range<Int>
        /// The position of the buffer's first byte.
        fileprivate let origin: JSONTextPosition
        fileprivate let buffer: [UInt8]
        fileprivate let tape: JSONTape

        /// Runs `body` with the element's bytes, tape, and a way to find where they start in the
        /// document (counted only when an error needs it).
        func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>, JSONTape, @escaping () -> JSONTextPosition) throws -> R) rethrows -> R {
            let (buffer, range, origin) = (buffer, range, origin)
            return try buffer.withUnsafeBufferPointer { bytes in
                try body(UnsafeBufferPointer(rebasing: bytes[range]), tape) {
                    buffer.withUnsafeBufferPointer { JSONTextPosition(of: range.lowerBound, in: $0, from: origin) }
                }
            }
        }
    }

    /// The next element, or `nil` after the closing bracket and nothing but whitespace after it.
    mutating func nextElement() throws -> Element? {
        while true {
            switch phase {
            case .done:
                return nil
            case .start:
                // A byte-order mark, whitespace, then the opening bracket.
                guard try available(3) || isFinal else { continue }
                if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB, buffer[position + 2] == 0xBF {
                    position += 3
                }
                guard try skipWhitespace() else { throw corrupted(expected: "'[' opening an array") }
                guard buffer[position] == UInt8(ascii: "[") else { throw corrupted(expected: "'[' opening an array") }
                position += 1
                phase = .beforeFirst
            case .beforeFirst, .beforeElement:
                guard try skipWhitespace() else { throw corrupted(expected: phase == .beforeFirst ? "a value or ']'" : "a value") }
                if buffer[position] == UInt8(ascii: "]") {
                    guard phase == .beforeFirst else { throw corrupted(expected: "a value after ',' (a trailing comma)") }
                    position += 1
                    try finish()
                    return nil
                }
                return try element()
            case .afterElement:
                guard try skipWhitespace() else { throw corrupted(expected: "',' or ']'") }
                switch buffer[position] {
                case UInt8(ascii: ","):
                    position += 1
                    phase = .beforeElement
                case UInt8(ascii: "]"):
                    position += 1
                    try finish()
                    return nil
                default:
                    throw corrupted(expected: "',' or ']'")
                }
            }
        }
    }

    /// Parses the element at `position`, reading more input until it is whole.
    private mutating func element() throws -> Element {
        while true {
            tape.tokens.removeAll(keepingCapacity: true)
            let start = position
            let end: Int?
            do {
                end = try buffer.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
                    try JSONTape.parseValue(UnsafeBufferPointer(rebasing: bytes[start...]), isFinal: isFinal, into: &tape.tokens)
                }
            } catch {
                throw corrupted(error.message, at: start + error.offset)
            }
            guard let end else {
                // The element goes on past what was read: read more and parse it again.
                _ = try readMore()
                continue
            }
            let range = start..<(start + end)
            if let invalid = buffer.withUnsafeBufferPointer({ UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: $0[range])) }) {
                throw corrupted("invalid UTF-8 (byte 0x\(String(buffer[start + invalid], radix: 16, uppercase: true)))", at: start + invalid)
            }
            position = range.upperBound
            phase = .afterElement
            return Element(range: range, origin: origin, buffer: buffer, tape: tape)
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
            while position < buffer.count {
                switch buffer[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return true
                }
            }
            guard try readMore() else { return false }
        }
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
            buffer.withUnsafeBufferPointer { origin.advance(over: UnsafeBufferPointer(rebasing: $0[..<position])) }
            buffer.removeFirst(position)
            position = 0
        }
        if try !read(&buffer) { isFinal = true }
        return true
    }

    private func corrupted(expected: String) -> DecodingError {
        if position >= buffer.count {
            return corrupted("unexpected end of input: expected \(expected)", at: position)
        }
        let found = buffer.withUnsafeBufferPointer { JSONParser.describe(base: $0.baseAddress!, count: $0.count, at: position) }
        return corrupted("expected \(expected), found \(found)", at: position)
    }

    private func corrupted(_ message: String, at offset: Int) -> DecodingError {
        let where_ = buffer.withUnsafeBufferPointer { JSONTextPosition(of: offset, in: $0, from: origin) }
        return DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON: \(message) \(where_)."))
    }
}

extension DecodingError {
    /// The same error, its coding path starting at the array index `index`.
    func prefixingCodingPath(with index: Int) -> DecodingError {
        let key = JSONArrayIndexKey(index)
        func prefixed(_ context: Context) -> Context {
            Context(codingPath: [key] + context.codingPath, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
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
