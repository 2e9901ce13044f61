#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An encoder that turns a whole `Encodable` value into one output, such as JSON bytes.
///
/// The role Combine's protocol of the same name plays on Apple's platforms, where
/// `CodableRepresentation` is declared over it. Foundation's `JSONEncoder` and
/// `PropertyListEncoder` conform; conform your own encoder to use it in a `CodableRepresentation`.
public protocol TopLevelEncoder<Output> {
    /// What the encoder produces, such as `Data`.
    associatedtype Output

    /// Encodes a value.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The encoded output.
    /// - Throws: `EncodingError` when the value cannot be encoded.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

/// A decoder that turns one input, such as JSON bytes, into a whole `Decodable` value.
///
/// The counterpart of ``TopLevelEncoder``. Foundation's `JSONDecoder` and `PropertyListDecoder`
/// conform.
public protocol TopLevelDecoder<Input> {
    /// What the decoder reads, such as `Data`.
    associatedtype Input

    /// Decodes a value.
    ///
    /// - Parameters:
    ///   - type: The type of the value.
    ///   - input: The encoded input.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the input is not a valid encoding.
    func decode<T: Decodable>(_ type: T.Type, from input: Input) throws -> T
}

extension JSONEncoder: TopLevelEncoder {}
extension JSONDecoder: TopLevelDecoder {}
extension PropertyListEncoder: TopLevelEncoder {}
extension PropertyListDecoder: TopLevelDecoder {}
