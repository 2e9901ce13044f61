#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A JSON encoder that encodes a top-level array one element at a time, so that memory holds the
/// output and one element's encoding rather than a tree of the whole array.
///
/// The output is what the wrapped `JSONEncoder` would produce for the whole value (without
/// `.prettyPrinted`, which is passed through to the wrapped encoder unchanged). Values that are not
/// arrays are encoded by the wrapped encoder as they are.
///
/// ```swift
/// CodableRepresentation(contentType: .json, encoder: JSONArrayEncoder(), decoder: JSONDecoder())
/// ```
///
/// `JSONArrayEncoder` is `Sendable`.
public struct JSONArrayEncoder: TopLevelEncoder, Sendable {
    /// The encoder produces bytes.
    public typealias Output = Data

    private let makeEncoder: @Sendable () -> JSONEncoder

    /// Creates an encoder.
    ///
    /// - Parameter encoder: Makes the encoder used for each element, with its options.
    public init(_ encoder: @escaping @Sendable () -> JSONEncoder = { JSONEncoder() }) {
        self.makeEncoder = encoder
    }

    /// Encodes a value: an array element by element, anything else whole.
    ///
    /// - Parameter value: The value.
    /// - Returns: The JSON bytes.
    /// - Throws: `EncodingError` from the wrapped encoder.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = makeEncoder()
        guard !encoder.outputFormatting.contains(.prettyPrinted) else { return try encoder.encode(value) }
        let probe = ArrayProbe(encoder: encoder)
        do {
            try value.encode(to: probe)
        } catch is NotAnArray {
            return try encoder.encode(value)
        }
        guard probe.isArray else { return try encoder.encode(value) }
        probe.output.append(UInt8(ascii: "]"))
        return probe.output
    }
}

private struct NotAnArray: Error {}

/// Encodes the elements of a top-level unkeyed container with a JSON encoder as they come.
private final class ArrayProbe: Encoder, UnkeyedEncodingContainer {
    let encoder: JSONEncoder
    var output = Data([UInt8(ascii: "[")])
    var isArray = false
    var count = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(encoder: JSONEncoder) {
        self.encoder = encoder
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
        output.append(try encoder.encode(value))
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
