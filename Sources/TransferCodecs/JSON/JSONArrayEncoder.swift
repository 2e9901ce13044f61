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

extension JSONArrayEncoder {
    /// The JSON of `elements` as they stand inside an array: comma-separated, without brackets.
    /// The encoding of an array is `[`, the encodings of consecutive runs of its elements joined by
    /// commas, and `]`: what encoding a large array in pieces, or on several cores, relies on.
    ///
    /// - Parameters:
    ///   - elements: The elements.
    ///   - firstIndex: The index of the first of them in their array, for coding paths in errors.
    /// - Returns: The JSON bytes.
    /// - Throws: `EncodingError` from an element, its coding path starting at its index.
    public func encodeElements<S: Sequence>(_ elements: S, firstIndex: Int = 0) throws -> Data
    where S.Element: Encodable {
        let context = encoder.makeContext()
        var output: [UInt8] = []
        // A counter, not `enumerated()`: in code not specialized for the element type, the
        // enumerated sequence's metadata is looked up on every step.
        var index = firstIndex
        for element in elements {
            if index > firstIndex { output.append(UInt8(ascii: ",")) }
            try context.encodeDocument(element, appendingTo: &output, index: index)
            index += 1
        }
        return Data(output)
    }

    /// The JSON of `elements` as they stand inside an array, as ``encodeElements(_:firstIndex:)``
    /// writes it, read in place.
    func encodeElements<T: Encodable>(_ elements: [T], firstIndex: Int = 0) throws -> Data {
        let context = encoder.makeContext()
        var output: [UInt8] = []
        try elements.withUnsafeBufferPointer { elements in
            for offset in elements.indices {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                try context.encodeDocument(elements[offset], appendingTo: &output, index: firstIndex + offset)
            }
        }
        return Data(output)
    }

    /// Encodes an array in pieces, a batch of elements at a time on the machine's cores, and hands
    /// the pieces to `body` in order; together they are ``encode(_:)`` of the array (without
    /// `.prettyPrinted`, which needs the whole). Memory holds a few batches, not the whole output.
    ///
    /// - Parameters:
    ///   - elements: The array.
    ///   - body: Receives the pieces: `[`, the elements in batches with their commas, `]`.
    /// - Throws: `EncodingError` from an element, its coding path starting at its index; what
    ///   `body` throws; `CancellationError` when the task is cancelled.
    public func encode<T: Encodable & Sendable>(_ elements: [T], inPieces body: (Data) throws -> Void) throws {
        try RecordFormat.jsonArray(encoder: encoder).encode(elements, inPieces: body)
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
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
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
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
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
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingKeyed<Key>())
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { RefusingUnkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { RefusingSingle() }
}
