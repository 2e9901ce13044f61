#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A JSON encoder that encodes a top-level array one element at a time, so that memory holds the
/// output and one element's encoding rather than the encoding of the whole array.
///
/// The output is what the wrapped ``JSONTextEncoder`` produces for the whole value (without
/// `.prettyPrinted`, which the wrapped encoder applies to the whole value). Values that are not
/// arrays are encoded by the wrapped encoder as they are.
///
/// ```swift
/// CodableRepresentation(contentType: .json, encoder: JSONArrayEncoder(), decoder: JSONTextDecoder())
/// ```
///
/// `JSONArrayEncoder` is `Sendable`.
public struct JSONArrayEncoder: TopLevelEncoder, Sendable {
    /// The encoder produces bytes.
    public typealias Output = Data

    /// The encoder whose options encode each element.
    public var encoder: JSONTextEncoder

    /// Creates an encoder.
    ///
    /// - Parameter encoder: The options for each element.
    public init(_ encoder: JSONTextEncoder = JSONTextEncoder()) {
        self.encoder = encoder
    }

    /// Encodes a value: an array element by element, anything else whole.
    ///
    /// - Parameter value: The value.
    /// - Returns: The JSON bytes.
    /// - Throws: `EncodingError` from the wrapped encoder, its coding path starting at the
    ///   element's index.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        guard !encoder.outputFormatting.contains(.prettyPrinted) else { return try encoder.encode(value) }
        let probe = ArrayProbe(context: encoder.makeContext())
        do {
            try value.encode(to: probe)
        } catch is NotAnArray {
            return try encoder.encode(value)
        }
        guard probe.isArray else { return try encoder.encode(value) }
        probe.output.append(UInt8(ascii: "]"))
        return Data(probe.output)
    }
}

private struct NotAnArray: Error {}

/// Encodes the elements of a top-level unkeyed container with a JSON encoder as they come.
private final class ArrayProbe: Encoder, UnkeyedEncodingContainer {
    let context: JSONEncodingContext
    var output = [UInt8(ascii: "[")]
    var isArray = false
    var count = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(context: JSONEncodingContext) {
        self.context = context
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingKeyed<Key>())
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isArray = true
        return self
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { RefusingSingle() }

    func encodeNil() throws { try append("null") }

    func encode<T: Encodable>(_ value: T) throws {
        if count > 0 { output.append(UInt8(ascii: ",")) }
        try context.encodeDocument(value, appendingTo: &output, index: count)
        count += 1
    }

    private func append(_ literal: String) throws {
        if count > 0 { output.append(UInt8(ascii: ",")) }
        output.append(contentsOf: Array(literal.utf8))
        count += 1
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyed<NestedKey>())
    }

    func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyed() }
    func superEncoder() -> any Encoder { self }
}

private struct RefusingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil(forKey key: Key) throws { throw NotAnArray() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw NotAnArray() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyed<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefusingUnkeyed() }
    mutating func superEncoder() -> any Encoder { RefusingEncoder() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { RefusingEncoder() }
}

private struct RefusingUnkeyed: UnkeyedEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }
    mutating func encodeNil() throws { throw NotAnArray() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NotAnArray() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingKeyed<NestedKey>())
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { RefusingEncoder() }
}

private struct RefusingSingle: SingleValueEncodingContainer {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws { throw NotAnArray() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NotAnArray() }
}

private struct RefusingEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(RefusingKeyed<Key>()) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { RefusingSingle() }
}
