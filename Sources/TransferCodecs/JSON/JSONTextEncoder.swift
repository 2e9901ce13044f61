#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes `Encodable` values as JSON text (RFC 8259): Foundation's `JSONEncoder`, rebuilt for
/// speed, with the same options and the same output.
///
/// ```swift
/// var encoder = JSONTextEncoder()
/// encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
/// let json = try encoder.encode(profiles)
/// ```
///
/// For the same options, the output is byte for byte what Foundation's `JSONEncoder` writes when
/// the output is deterministic — with `.sortedKeys`, or for values without objects. Without
/// `.sortedKeys`, Foundation writes an object's members in its dictionary's order, which changes
/// from run to run; this encoder writes them in the order they were encoded. What is the same:
/// - strings escape `"`, `\`, the C0 controls (`\b \f \n \r \t`, else `\u00XX` in lower-case hex)
///   and `/` (unless `.withoutEscapingSlashes`); everything else is written as UTF-8;
/// - numbers in their shortest round-tripping form, with no `.0` on whole floating-point values;
///   `Decimal` as its description;
/// - `Date`, `Data` and `URL` (its absolute string) by the strategies and rules Foundation uses,
///   `Dictionary` keys unconverted by the key strategy;
/// - sorted keys compare by their UTF-8 bytes; when a key is encoded twice in one container, the
///   last value wins;
/// - pretty printing indents by two spaces and writes `"key" : value`;
/// - a value that encodes nothing is `{}`, except at the top level, where it is an error; more than
///   512 levels of nesting is an error, as are NaN and infinities unless
///   ``nonConformingFloatEncodingStrategy`` says how to write them.
///
/// `JSONTextEncoder` is `Sendable`.
public struct JSONTextEncoder: TopLevelEncoder, Sendable {
    /// The encoder produces bytes.
    public typealias Output = Data

    /// Pretty printing, sorted keys, unescaped slashes: Foundation's options.
    public var outputFormatting: JSONEncoder.OutputFormatting = []
    /// How keys of keyed containers are written. `Dictionary` keys are never converted.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    /// How `Date` values are written. The default is `.deferredToDate`: seconds since 2001.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written. The default is `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64
    /// How NaN and infinities are written. The default is `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
    /// Information for the values' `encode(to:)` methods, in `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder with Foundation's defaults: compact output, keys as the types name them,
    /// dates as seconds since 2001, data as Base64.
    public init() {}

    /// Encodes a value as JSON.
    ///
    /// - Parameter value: The value: an object, an array or, as Foundation allows, a single value.
    /// - Returns: The JSON text, UTF-8.
    /// - Throws: `EncodingError.invalidValue` for NaN or an infinity (unless the strategy converts
    ///   them), for a top-level value that encodes nothing, and for more than 512 levels of
    ///   nesting; what the values' `encode(to:)` methods throw.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let context = JSONEncodingContext(options: self)
        return Data(try context.encodeDocument(value))
    }

    /// Encodes a value into reusable state: for encoders that write many documents in a row.
    func makeContext() -> JSONEncodingContext {
        JSONEncodingContext(options: self)
    }
}
