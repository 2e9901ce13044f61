#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How one value becomes a field.
enum CSVFieldEncoding {
    static func number(
        _ value: Double, _ options: CSVEncodingOptions, _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> String {
        guard value.isFinite else {
            if case .convertToString(let positive, let negative, let nan) = options.nonConformingFloat {
                return value.isNaN ? nan : value > 0 ? positive : negative
            }
            throw EncodingError.invalidValue(
                value,
                .init(
                    codingPath: codingPath(),
                    debugDescription:
                        "expected a finite number, found \(value) (nonConformingFloatEncodingStrategy can name it)"))
        }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// A date's field, by the date strategy.
    static func date(_ date: Date, _ options: CSVEncodingOptions, codingPath: [any CodingKey]) throws -> String {
        switch options.date {
        case .deferredToDate: return try field(date.timeIntervalSinceReferenceDate, options, codingPath: codingPath)
        case .secondsSince1970: return try number(date.timeIntervalSince1970, options, codingPath)
        case .millisecondsSince1970: return try number(1000 * date.timeIntervalSince1970, options, codingPath)
        case .iso8601: return date.formatted(.iso8601)
        case .formatted(let format): return format.format(date)
        case .custom(let encode): return try encodedByItself(codingPath, options) { try encode(date, $0) }
        }
    }

    /// Data's field, by the data strategy.
    static func data(_ data: Data, _ options: CSVEncodingOptions, codingPath: [any CodingKey]) throws -> String {
        switch options.data {
        case .base64: return data.base64EncodedString()
        case .deferredToData: return String(decoding: try options.nestedEncoder.encode(Array(data)), as: UTF8.self)
        case .custom(let encode): return try encodedByItself(codingPath, options) { try encode(data, $0) }
        }
    }

    /// What `encode` writes into an encoder of one field: a single value, or JSON for a container.
    private static func encodedByItself(
        _ codingPath: [any CodingKey], _ options: CSVEncodingOptions, _ encode: (any Encoder) throws -> Void
    ) throws -> String {
        let single = CSVSingleValueProbe(codingPath: codingPath, options: options)
        do {
            try encode(single)
            return single.text ?? ""
        } catch is NestedValueInField {
            throw EncodingError.invalidValue(
                Never?.none as Any,
                .init(
                    codingPath: codingPath,
                    debugDescription: "expected a custom strategy to encode one value in a field, found a container"))
        }
    }

    /// The field for `value`; `codingPath` is made only for an error or a value that encodes
    /// itself (making it for every field would allocate an array each time).
    static func field<T: Encodable>(
        _ value: T, _ options: CSVEncodingOptions, codingPath: @autoclosure () -> [any CodingKey]
    ) throws -> String {
        // The common types by identity, read without a dynamic cast (`T` is the very type, so the
        // bit casts are safe); `[String]` by a cached identifier, since asking for its
        // prespecialized metadata goes through the runtime's cache on every call.
        if T.self == String.self { return unsafeBitCast(value, to: String.self) }
        if T.self == Int.self { return String(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return unsafeBitCast(value, to: Bool.self) ? "true" : "false" }
        if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self), options, codingPath()) }
        if T.self == UUID.self { return UUIDText.string(of: unsafeBitCast(value, to: UUID.self)) }
        if T.self == URL.self { return unsafeBitCast(value, to: URL.self).absoluteString }
        if ObjectIdentifier(T.self) == CSVFieldContainer.stringArray {
            return CSVNestedValues.encodeStringArray(unsafeBitCast(value, to: [String].self))
        }
        switch value {
        case let integer as any BinaryInteger: return "\(integer)"
        case let float as Float: return try number(Double(float), options, codingPath())
        case let date as Date: return try Self.date(date, options, codingPath: codingPath())
        case let data as Data: return try Self.data(data, options, codingPath: codingPath())
        default: break
        }
        // A value that encodes itself as one string or number (UUID, an enum) is that field;
        // anything needing a container is JSON inside the field.
        let single = CSVSingleValueProbe(codingPath: codingPath(), options: options)
        do {
            try value.encode(to: single)
            if let text = single.text { return text }
        } catch is NestedValueInField {
        }
        return String(decoding: try options.nestedEncoder.encode(value), as: UTF8.self)
    }
}

/// Captures a value that encodes as a single value; throws ``NestedValueInField`` for containers.
final class CSVSingleValueProbe: Encoder, SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let options: CSVEncodingOptions
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }
    var text: String?

    init(codingPath: [any CodingKey], options: CSVEncodingOptions = CSVEncodingOptions()) {
        self.codingPath = codingPath
        self.options = options
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ThrowingKeyedContainer<Key>(codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { ThrowingUnkeyedContainer(codingPath: codingPath) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { text = "" }
    func encode<T: Encodable>(_ value: T) throws {
        text = try CSVFieldEncoding.field(value, options, codingPath: codingPath)
    }
}
