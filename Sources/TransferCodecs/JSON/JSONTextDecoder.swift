#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Decodes `Decodable` values from JSON text (RFC 8259): Foundation's `JSONDecoder`, rebuilt for
/// speed, with the same options, the same values and the same kinds of `DecodingError` — and
/// strict where Foundation is lenient.
///
/// ```swift
/// let profiles = try JSONTextDecoder().decode([Profile].self, from: json)
/// ```
///
/// The input is checked against RFC 8259 before any value is made, and everything the RFC forbids
/// is a `DecodingError.dataCorrupted` whose description says what was expected, what was found,
/// and the line and column: trailing commas (which Foundation accepts), leading zeros, lone
/// surrogates, control characters in strings, unknown escapes, invalid UTF-8, UTF-16 or UTF-32
/// input, anything after the value. A UTF-8 byte-order mark is allowed.
///
/// Rules:
/// - **Nesting** is limited to 512 levels of arrays and objects, as with Foundation; the parser
///   does not recurse, so deep input cannot exhaust the stack.
/// - **Repeated keys**: the first occurrence wins, as with Foundation.
/// - **Numbers**: an integer type takes a number whose value is whole and in range (`1.0`, `1e2`);
///   a floating-point type refuses one that overflows to infinity or underflows to zero.
/// - Type mismatches, missing keys and `null` where a value is needed are `typeMismatch`,
///   `keyNotFound` and `valueNotFound` with the coding path, as with Foundation; their descriptions
///   add the line and column.
/// - `Date`, `Data`, `URL` and `Decimal` follow the strategies and rules of Foundation's decoder;
///   `Dictionary` keys are not converted by the key strategy.
///
/// `JSONTextDecoder` is `Sendable`.
public struct JSONTextDecoder: TopLevelDecoder, Sendable {
    /// The decoder reads bytes.
    public typealias Input = Data

    /// How object keys map to the types' coding keys. `Dictionary` keys are never converted.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// How `Date` values are read. The default is `.deferredToDate`: seconds since 2001.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate
    /// How `Data` values are read. The default is `.base64`.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64
    /// Which strings stand for NaN and infinities. The default is `.throw`: none.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
    /// Information for the values' `init(from:)` methods, in `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder with Foundation's defaults.
    public init() {}

    /// Decodes a value from JSON.
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - data: One JSON text, UTF-8.
    /// - Returns: The value.
    /// - Throws: `DecodingError.dataCorrupted` when the data is not JSON (with the line and column),
    ///   or a number does not fit the type; `typeMismatch`, `keyNotFound` or `valueNotFound` when
    ///   the JSON does not have the type's shape; what the types' `init(from:)` methods throw.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in
            try decode(T.self, from: raw.bindMemory(to: UInt8.self))
        }
    }

    /// The tape of `bytes`, or the error that says where they stop being JSON.
    private static func tape(parsing bytes: UnsafeBufferPointer<UInt8>) throws(DecodingError) -> JSONTape {
        do {
            return try JSONTape(parsing: bytes)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "The given data was not valid JSON: \(error.message) \(JSONTextPosition(of: error.offset, in: bytes))."
                ))
        }
    }

    /// Decodes a value from JSON bytes in memory.
    func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>) throws -> T {
        let tape = try Self.tape(parsing: bytes)
        let context = JSONDecodingContext(options: self, bytes: bytes, tape: tape)
        return try context.decode(T.self, at: 0)
    }

    /// Decodes a value whose tape is parsed already, from bytes that start at `origin` in their
    /// document: for readers of documents that arrive in pieces.
    func decode<T: Decodable>(
        _ type: T.Type, from bytes: UnsafeBufferPointer<UInt8>, tape: JSONTape, root: Int,
        origin: @escaping () -> JSONTextPosition
    ) throws -> T {
        let context = JSONDecodingContext(options: self, bytes: bytes, tape: tape)
        context.origin = origin
        return try context.decode(T.self, at: root)
    }
}
