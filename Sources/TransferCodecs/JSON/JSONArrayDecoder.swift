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
/// The counterpart of ``JSONArrayEncoder``. Each element is decoded by the wrapped `JSONDecoder`,
/// with its options; the array around them is checked here.
///
/// ```swift
/// try JSONArrayDecoder().decodeElements(Profile.self, contentsOf: url) { profile in
///     try output.write(profile)
/// }
/// ```
///
/// `JSONArrayDecoder` is `Sendable`.
public struct JSONArrayDecoder: Sendable {
    private let makeDecoder: @Sendable () -> JSONDecoder
    private let chunkSize: Int

    /// Creates a decoder.
    ///
    /// - Parameter decoder: Makes the decoder used for each element, with its options.
    public init(_ decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }) {
        self.init(decoder, chunkSize: 1 << 20)
    }

    /// Creates a decoder that reads `chunkSize` bytes at a time (small sizes test chunk edges).
    package init(_ decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }, chunkSize: Int) {
        self.makeDecoder = decoder
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
    ///   says what was expected, what was found, and the line and column); the element decoder's
    ///   `DecodingError`, its coding path starting at the element's index; what `body` throws;
    ///   `CocoaError` when the file cannot be read.
    public func decodeElements<T: Decodable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void) throws {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.readError(url) }
        defer { close(descriptor) }
        let decoder = makeDecoder()
        var scanner = JSONArrayScanner()
        var buffer: [UInt8] = []
        var index = 0
        while true {
            let count = ChunkedRead.append(upTo: chunkSize, from: descriptor, to: &buffer)
            guard count >= 0 else { throw Self.readError(url) }
            let elements = try scanner.scan(buffer, isFinal: count == 0)
            for element in elements {
                do {
                    try body(try decoder.decode(T.self, from: Data(buffer[element])))
                } catch let error as DecodingError {
                    throw error.prefixingCodingPath(with: index)
                }
                index += 1
            }
            scanner.discardConsumed(&buffer)
            if count == 0 { return }
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

/// Finds the elements of a top-level JSON array in input that arrives in pieces.
struct JSONArrayScanner {
    private enum Phase {
        case beforeArray, beforeElement, inElement, afterArray
    }

    private var phase = Phase.beforeArray
    /// The next byte to look at, and where the current element starts, in the buffer.
    private var position = 0
    private var elementStart = 0
    private var depth = 0
    private var inString = false
    private var escaped = false
    private var elementCount = 0
    private var sawValue = false
    /// For errors: the line and column of `position`, and whether the byte-order mark was checked.
    private var line = 1
    private var column = 1
    private var checkedMark = false

    /// Scans the new bytes of `buffer` and returns the ranges of the elements completed in it.
    mutating func scan(_ buffer: [UInt8], isFinal: Bool) throws -> [Range<Int>] {
        if !checkedMark, buffer.count >= 3 || isFinal {
            checkedMark = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        }
        guard checkedMark else { return [] }
        var elements: [Range<Int>] = []
        while position < buffer.count {
            let byte = buffer[position]
            switch phase {
            case .beforeArray:
                if byte == UInt8(ascii: "[") {
                    phase = .beforeElement
                } else if !Self.isWhitespace(byte) {
                    throw corrupted(expected: "'[' opening an array", found: byte)
                }
            case .afterArray:
                if !Self.isWhitespace(byte) { throw corrupted(expected: "nothing after the array", found: byte) }
            case .beforeElement:
                if byte == UInt8(ascii: "]"), elementCount == 0 {
                    phase = .afterArray
                } else if !Self.isWhitespace(byte) {
                    phase = .inElement
                    elementStart = position
                    sawValue = false
                    continue  // Look at this byte as part of the element.
                }
            case .inElement:
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if depth == 0, byte == UInt8(ascii: ","), sawValue {
                    elements.append(elementStart..<position)
                    elementCount += 1
                    phase = .beforeElement
                } else if depth == 0, byte == UInt8(ascii: "]"), sawValue {
                    elements.append(elementStart..<position)
                    elementCount += 1
                    phase = .afterArray
                } else if depth == 0, byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") {
                    throw corrupted(expected: "a value", found: byte)
                } else {
                    switch byte {
                    case UInt8(ascii: "\""): inString = true
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        guard depth > 0 else { throw corrupted(expected: "a value", found: byte) }
                        depth -= 1
                    default: break
                    }
                    if !Self.isWhitespace(byte) { sawValue = true }
                }
            }
            advance(over: byte)
        }
        if isFinal, phase != .afterArray {
            let expected = switch phase {
            case .beforeArray: "'[' opening an array"
            case .inElement where inString: "the end of a string"
            case .inElement where depth > 0: "the end of an object or array"
            default: "',' or ']'"
            }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: [], debugDescription: "line \(line), column \(column): expected \(expected), found the end of the input"))
        }
        return elements
    }

    /// Drops the bytes before the current element (or all scanned bytes between elements).
    mutating func discardConsumed(_ buffer: inout [UInt8]) {
        let keep = phase == .inElement ? elementStart : position
        buffer.removeFirst(keep)
        position -= keep
        elementStart = phase == .inElement ? 0 : position
    }

    private mutating func advance(over byte: UInt8) {
        position += 1
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {  // Columns count characters' first bytes.
            column += 1
        }
    }

    private func corrupted(expected: String, found byte: UInt8) -> DecodingError {
        let found = (0x21...0x7E).contains(byte) ? "'\(Character(UnicodeScalar(byte)))'" : "the byte 0x\(String(byte, radix: 16))"
        return DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: [], debugDescription: "line \(line), column \(column): expected \(expected), found \(found)"))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
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
