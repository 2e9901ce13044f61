import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A record whose `Codable` conformance is the one the compiler synthesizes: `init(from:)` decodes
/// each stored property under its key and `encode(to:)` encodes it back, with nothing else in
/// between.
///
/// Conforming is a promise the compiler cannot check: write it only for a type whose `Codable`
/// conformance you did not write by hand (a custom `CodingKeys` is fine). In exchange, a
/// conversion between two record formats (``RecordFormat``, `TransferConversion`) may compile a
/// plan of the type's coding and move each record from one format to the other without making
/// the value: the same bytes, several times faster.
///
/// The plan is derived from the type's own coding, by running it on probe values, and refused
/// unless what it sees is a field-for-field copy of supported types: `String`, `UUID`, `URL` and
/// `[String]`, each optional or not, under keys without a key strategy. Anything else — another
/// field type, nested containers, a key decoded twice, a value changed on its way through, stored
/// properties that are not coded — and the type converts through `Codable`, as without the
/// promise. A record the plan cannot take as it is (a field that does not parse, a key written
/// with escapes, a repeated key) is converted through `Codable` too, so that its output, or its
/// error, is exactly `Codable`'s.
///
/// ```swift
/// struct Profile: Codable, MemberwiseCodable {
///     var id: UUID
///     var name: String
///     var video: URL?
/// }
/// ```
public protocol MemberwiseCodable: Codable {}

/// The coding of a ``MemberwiseCodable`` record, as its fields: what its conversions follow.
package struct RecordPlan: Sendable {
    /// The types a plan converts.
    package enum Kind: Sendable, Equatable {
        case string, uuid, url, stringArray
    }

    /// One coded stored property.
    package struct Field: Sendable {
        /// The coding key's string value.
        package let key: String
        package let keyBytes: [UInt8]
        package let kind: Kind
        /// Decoded with `decodeIfPresent` and encoded with `encodeIfPresent`.
        package let isOptional: Bool

        init(_ key: some CodingKey, kind: Kind, isOptional: Bool) {
            self.key = key.stringValue
            keyBytes = Array(key.stringValue.utf8)
            self.kind = kind
            self.isOptional = isOptional
        }
    }

    /// The fields in the order `encode(to:)` encodes them: the CSV columns.
    package let fields: [Field]
    /// The fields' indexes in the order of their keys' bytes: JSON members with `.sortedKeys`.
    let sortedIndices: [Int]

    init(fields: [Field]) {
        self.fields = fields
        sortedIndices = fields.indices.sorted { fields[$0].keyBytes.lexicographicallyPrecedes(fields[$1].keyBytes) }
    }

    /// The plan of `type`'s coding; `nil` when the type is not ``MemberwiseCodable`` or its coding
    /// is not a field-for-field copy of supported types.
    package static func of<T: Decodable & Encodable>(_ type: T.Type) -> RecordPlan? {
        let id = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[id] }) { return cached }
        let plan = type is any MemberwiseCodable.Type ? derive(type) : nil
        cache.withLock { $0[id] = .some(plan) }
        return plan
    }

    private static let cache = Mutex<[ObjectIdentifier: RecordPlan?]>([:])

    /// Runs the type's coding on two sets of probe values — every optional present, then every
    /// optional absent, strings of different lengths and scripts — and keeps the plan only when
    /// both runs see the same fields, each decoded once and encoded back unchanged.
    static func derive<T: Decodable & Encodable>(_ type: T.Type) -> RecordPlan? {
        var plans: [[Field]] = []
        for probe in 0..<2 {
            let decoder = PlanDecodingProbe(probe: probe)
            guard let value = try? T(from: decoder), !decoder.failed else { return nil }
            // Every stored property is coded: a property the coding does not carry would be lost
            // by the plan (a cache, a value computed from others).
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .struct, mirror.children.count == decoder.fields.count else { return nil }
            let encoder = PlanEncodingProbe()
            guard (try? value.encode(to: encoder)) != nil, !encoder.failed else { return nil }
            // The same keys, each once, of the same kinds, with the values decoded.
            guard encoder.fields.count == decoder.fields.count else { return nil }
            for field in encoder.fields {
                guard let decoded = decoder.fields.first(where: { $0.key == field.key }),
                    decoded.kind == field.kind, decoded.isOptional == field.isOptional,
                    decoder.values[field.key] == encoder.values[field.key]
                else { return nil }
            }
            plans.append(encoder.fields)
        }
        guard plans[0].map(\.key) == plans[1].map(\.key) else { return nil }
        return RecordPlan(fields: plans[0])
    }
}

/// The kind of a field type; `nil` for a type plans do not convert.
private func planKind<T>(_ type: T.Type) -> RecordPlan.Kind? {
    if T.self == String.self { return .string }
    if T.self == UUID.self { return .uuid }
    if T.self == URL.self { return .url }
    if T.self == [String].self { return .stringArray }
    return nil
}

/// Probe values for one field: distinct for every key and probe, in several scripts, with
/// characters that need escaping, so that a value changed on its way through shows.
private func probeValue(_ kind: RecordPlan.Kind, key: String, probe: Int, ordinal: Int) -> (any Sendable, String) {
    let text = probe == 0 ? "probe \(key) \(ordinal) «é» \"q\", 東京\r\n" : " \(ordinal)/\(key)/Привет 🐙 "
    switch kind {
    case .string:
        return (text, text)
    case .uuid:
        let uuid = UUID(
            uuid: (
                UInt8(ordinal), UInt8(probe), 0x12, 0x34, 0x56, 0x78, 0x4A, 0xBC, 0x8D, 0xEF, 0x01, 0x23, 0x45, 0x67,
                0x89, 0xAB
            ))
        return (uuid, uuid.uuidString)
    case .url:
        let url = URL(string: "https://example.com/\(probe)/\(ordinal)/a%20b?x=\(key)#f")!
        return (url, url.absoluteString)
    case .stringArray:
        let strings = probe == 0 ? [text, "", key] : []
        return (strings, strings.joined(separator: "\u{0}") + "[\(strings.count)]")
    }
}

/// A decoder that answers one keyed container with probe values and notes the fields asked for;
/// anything else (other containers, other types, a key twice) fails the probe.
private final class PlanDecodingProbe: Decoder {
    let probe: Int
    var fields: [RecordPlan.Field] = []
    var values: [String: String] = [:]
    var failed = false
    var containers = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct Refused: Error {}

    init(probe: Int) {
        self.probe = probe
    }

    func refuse() -> Refused {
        failed = true
        return Refused()
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        containers += 1
        guard containers == 1 else { throw refuse() }
        return KeyedDecodingContainer(Keyed<Key>(probe: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refuse() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refuse() }

    /// The probe value for a field, noted; `nil` for an optional absent in this probe.
    func value<T>(_ type: T.Type, key: some CodingKey, optional: Bool) throws -> T? {
        guard let kind = planKind(type),
            !fields.contains(where: { $0.key == key.stringValue })
        else { throw refuse() }
        fields.append(RecordPlan.Field(key, kind: kind, isOptional: optional))
        if optional, probe == 1 {
            values[key.stringValue] = "nil"
            return nil
        }
        let (value, text) = probeValue(kind, key: key.stringValue, probe: probe, ordinal: fields.count)
        values[key.stringValue] = text
        return value as? T
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let probe: PlanDecodingProbe
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            probe.failed = true
            return []
        }

        func contains(_ key: Key) -> Bool {
            probe.failed = true
            return false
        }

        func decodeNil(forKey key: Key) throws -> Bool { throw probe.refuse() }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            guard let value = try probe.value(type, key: key, optional: false) else { throw probe.refuse() }
            return value
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            try probe.value(type, key: key, optional: true)
        }

        // The `String` overloads, whose defaults would go through `contains` and `decodeNil`.
        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            guard let value = try probe.value(type, key: key, optional: false) else { throw probe.refuse() }
            return value
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            try probe.value(type, key: key, optional: true)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { throw probe.refuse() }
        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw probe.refuse() }
        func superDecoder() throws -> any Decoder { throw probe.refuse() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw probe.refuse() }
    }
}

/// An encoder that takes one keyed container and notes each field encoded and its value; anything
/// else fails the probe.
private final class PlanEncodingProbe: Encoder {
    var fields: [RecordPlan.Field] = []
    var values: [String: String] = [:]
    var failed = false
    var containers = 0
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        containers += 1
        if containers > 1 { failed = true }
        return KeyedEncodingContainer(Keyed<Key>(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        failed = true
        return Refusing(codingPath: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        failed = true
        return Refusing(codingPath: [])
    }

    func note<T>(_ value: T?, type: T.Type, key: some CodingKey, optional: Bool) {
        guard let kind = planKind(type), !fields.contains(where: { $0.key == key.stringValue }) else {
            failed = true
            return
        }
        fields.append(RecordPlan.Field(key, kind: kind, isOptional: optional))
        let text: String
        switch value {
        case nil: text = "nil"
        case let string as String: text = string
        case let uuid as UUID: text = uuid.uuidString
        case let url as URL: text = url.absoluteString
        case let strings as [String]: text = strings.joined(separator: "\u{0}") + "[\(strings.count)]"
        default:
            failed = true
            return
        }
        values[key.stringValue] = text
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let probe: PlanEncodingProbe
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { probe.failed = true }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            probe.note(value, type: T.self, key: key, optional: false)
        }

        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            probe.note(value, type: T.self, key: key, optional: true)
        }

        // The `String` overloads, whose defaults would forward a present value to `encode`.
        mutating func encode(_ value: String, forKey key: Key) throws {
            probe.note(value, type: String.self, key: key, optional: false)
        }

        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            probe.note(value, type: String.self, key: key, optional: true)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            probe.failed = true
            return KeyedEncodingContainer(Keyed<NestedKey>(probe: probe))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            probe.failed = true
            return Refusing(codingPath: [])
        }

        mutating func superEncoder() -> any Encoder {
            probe.failed = true
            return probe
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            probe.failed = true
            return probe
        }
    }

    struct Refusing: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let codingPath: [any CodingKey]
        var count: Int { 0 }
        mutating func encodeNil() throws { throw PlanDecodingProbe.Refused() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw PlanDecodingProbe.Refused() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        { KeyedEncodingContainer(ThrowingKeyedContainer<NestedKey>(codingPath: [])) }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
        mutating func superEncoder() -> any Encoder { CSVSingleValueProbe(codingPath: []) }
    }
}
