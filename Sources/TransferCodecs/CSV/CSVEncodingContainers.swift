#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The encoder of the document (records) or of one record.
struct CSVValueEncoder: Encoder {
    let collector: CSVRecordCollector
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { collector.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        collector.beginRecord()
        return KeyedEncodingContainer(CSVRecordEncodingContainer<Key>(collector: collector, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        CSVRecordsEncodingContainer(collector: collector, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        CSVTopLevelValueContainer(codingPath: codingPath)
    }
}

/// A bare value at the top level: not a record.
struct CSVTopLevelValueContainer: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { throw failure(Never?.none as Any) }
    mutating func encode<T: Encodable>(_ value: T) throws { throw failure(value) }

    func failure(_ value: Any) -> EncodingError {
        EncodingError.invalidValue(
            value,
            .init(
                codingPath: codingPath,
                debugDescription: "expected a record (a keyed value) or an array of records, found a single value"))
    }
}

/// Each element a record.
struct CSVRecordsEncodingContainer: UnkeyedEncodingContainer {
    let collector: CSVRecordCollector
    let codingPath: [any CodingKey]
    var count = 0

    mutating func encodeNil() throws {
        throw EncodingError.invalidValue(
            Never?.none as Any, .init(codingPath: codingPath, debugDescription: "expected a record, found nil"))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try value.encode(to: CSVValueEncoder(collector: collector, codingPath: codingPath + [IndexKey(count)]))
        count += 1
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        count += 1
        return CSVValueEncoder(collector: collector, codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        count += 1
        return CSVRecordsEncodingContainer(collector: collector, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder { CSVValueEncoder(collector: collector, codingPath: codingPath) }
}

/// One record's fields by column name.
struct CSVRecordEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let collector: CSVRecordCollector
    let codingPath: [any CodingKey]

    func set(_ field: String, for key: Key) {
        collector.set(field, key: key, codingPath: codingPath)
    }

    mutating func encodeNil(forKey key: Key) throws { set("", for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(value, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(value ? "true" : "false", for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(String(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try CSVFieldEncoding.number(value, collector.options, codingPath + [key]), for: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try CSVFieldEncoding.field(value, collector.options, codingPath: codingPath + [key]), for: key)
    }

    // A nil optional still names its column, so every record has the same columns.
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { set(value ?? "", for: key) }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return set("", for: key) }
        try encode(value, forKey: key)
    }

    // Containers opened by hand inside a record cannot be a field: encode a nested Encodable value
    // instead, which becomes JSON inside the field.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>(codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ThrowingUnkeyedContainer(codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { CSVValueEncoder(collector: collector, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        CSVValueEncoder(collector: collector, codingPath: codingPath + [key])
    }
}

/// Containers that refuse, so a probe learns the value is nested.
struct ThrowingKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    mutating func encodeNil(forKey key: Key) throws { throw NestedValueInField() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw NestedValueInField() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        ThrowingUnkeyedContainer(codingPath: codingPath)
    }
    mutating func superEncoder() -> any Encoder { CSVSingleValueProbe(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CSVSingleValueProbe(codingPath: codingPath) }
}

struct ThrowingUnkeyedContainer: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    var count: Int { 0 }
    mutating func encodeNil() throws { throw NestedValueInField() }
    mutating func encode<T: Encodable>(_ value: T) throws { throw NestedValueInField() }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>(codingPath: codingPath))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { CSVSingleValueProbe(codingPath: codingPath) }
}
