import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The decoder of the document (no row), of one record (a row), or of one field (row and column).
///
/// A class, so that passing it as `any Decoder` does not box it, and so that one instance can serve
/// record after record: the records container moves it along instead of making one per record.
final class CSVValueDecoder: Decoder {
    let document: CSVDocument
    var row: Int?
    let column: Int?
    var path: CSVCodingPath
    var codingPath: [any CodingKey] { path.keys }
    var userInfo: [CodingUserInfoKey: Any] { document.options.userInfo }

    init(document: CSVDocument, row: Int?, column: Int? = nil, path: CSVCodingPath) {
        self.document = document
        self.row = row
        self.column = column
        self.path = path
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let row {
            guard column == nil else { throw NestedValueInField() }
            return KeyedDecodingContainer(CSVRecordContainer<Key>(decoder: self, row: row))
        }
        // A single record at the top level: the only one there is.
        let found = document.rows.count
        if found == 1, !document.isExhausted {
            let row = document.rows[0]
            // Look ahead for another record without losing this one: a record is small, so the
            // first window holds it and any following one unless the input is huge.
            guard try document.rowsRemainAfterCurrentWindow() == false else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "expected exactly one record, found more"))
            }
            return KeyedDecodingContainer(CSVRecordContainer<Key>(decoder: self, row: row))
        }
        guard found == 1 else {
            // The input ended early at a problem of its own: that is the first one.
            if found == 0, let pending = document.pendingError { throw pending }
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "expected exactly one record, found \(found)"))
        }
        return KeyedDecodingContainer(CSVRecordContainer<Key>(decoder: self, row: document.rows[0]))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let row {
            guard column == nil else { throw NestedValueInField() }
            return CSVFieldsContainer(decoder: self, row: row)
        }
        return CSVRecordsContainer(document: document, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let row else { throw mismatch("a field", found: "a table") }
        // A record asked for as one value (what `Optional<Record>` does): never nil, and itself.
        guard let column else { return CSVRecordValueContainer(decoder: self) }
        return CSVFieldContainer(decoder: self, row: row, column: column, record: path.record, key: nil)
    }

    func mismatch(_ expected: String, found: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
    }
}

/// A record read as one value, as `Optional`'s `init(from:)` reads it in an array of optional
/// records: never nil, and decoded as its type reads it from the record. It holds no field of its
/// own: a primitive asked of it is a type mismatch, as a field asked of a table is.
struct CSVRecordValueContainer: SingleValueDecodingContainer {
    let decoder: CSVValueDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }

    private func field<T>(_ type: T.Type) throws -> T { throw decoder.mismatch("a field", found: "a record") }
    func decode(_ type: Bool.Type) throws -> Bool { try field(type) }
    func decode(_ type: String.Type) throws -> String { try field(type) }
    func decode(_ type: Double.Type) throws -> Double { try field(type) }
    func decode(_ type: Float.Type) throws -> Float { try field(type) }
    func decode(_ type: Int.Type) throws -> Int { try field(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try field(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try field(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try field(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try field(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try field(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try field(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try field(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try field(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try field(type) }
}

/// The records of the document, in order, window by window.
struct CSVRecordsContainer: UnkeyedDecodingContainer {
    let document: CSVDocument
    let path: CSVCodingPath
    var codingPath: [any CodingKey] { path.keys }
    /// Records decoded so far, in all windows.
    var currentIndex = 0
    /// The position in the current window's rows; a reference, since `isAtEnd` moves it to the
    /// next window.
    private let cursor = Cursor()
    /// The decoder each record is read through, moved from record to record.
    private let recordDecoder: CSVValueDecoder
    var count: Int? { nil }

    final class Cursor {
        var position = 0
    }

    init(document: CSVDocument, path: CSVCodingPath) {
        self.document = document
        self.path = path
        self.recordDecoder = CSVValueDecoder(document: document, row: nil, path: CSVCodingPath(path.keys))
    }

    var isAtEnd: Bool {
        while cursor.position >= document.rows.count {
            guard document.pendingError == nil else { return true }
            do {
                guard try document.loadNextWindow() else { return true }
            } catch {
                document.pendingError = error
                return true
            }
            cursor.position = 0
        }
        return false
    }

    private mutating func nextRow() throws -> Int {
        guard !isAtEnd else {
            if let error = document.pendingError { throw error }
            throw DecodingError.valueNotFound(
                Any.self, .init(codingPath: codingPath, debugDescription: "no more records"))
        }
        defer {
            cursor.position += 1
            currentIndex += 1
        }
        return document.rows[cursor.position]
    }

    /// The path of the next record.
    private var recordPath: CSVCodingPath { CSVCodingPath(recordDecoder.path.base, record: currentIndex) }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        recordDecoder.path.record = currentIndex
        let row = try nextRow()
        recordDecoder.row = row
        do {
            return try T(from: recordDecoder)
        } catch let error as DecodingError {
            throw document.positioned(error, row: row)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let path = recordPath
        let row = try nextRow()
        return KeyedDecodingContainer(
            CSVRecordContainer<NestedKey>(decoder: CSVValueDecoder(document: document, row: row, path: path), row: row))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let path = recordPath
        return CSVFieldsContainer(
            decoder: CSVValueDecoder(document: document, row: nil, path: path), row: try nextRow())
    }

    mutating func superDecoder() throws -> any Decoder {
        let path = recordPath
        return CSVValueDecoder(document: document, row: try nextRow(), path: path)
    }
}

/// The fields of one record by column name (or integer key without a header).
///
/// It holds one reference and two integers: the standard library's container box copies it for
/// every key read.
struct CSVRecordContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The decoder that made the container: the document and the path above the record.
    let decoder: CSVValueDecoder
    let row: Int
    /// The record's position, as the decoder's path had it when the container was made (the
    /// records container moves its decoder on).
    let record: Int?
    var document: CSVDocument { decoder.document }
    var path: CSVCodingPath { CSVCodingPath(decoder.path.base, record: record, key: decoder.path.key) }
    var codingPath: [any CodingKey] { path.keys }

    init(decoder: CSVValueDecoder, row: Int) {
        self.decoder = decoder
        self.row = row
        self.record = decoder.path.record
    }

    var allKeys: [Key] { document.keys.compactMap { Key(stringValue: $0) } }

    @inline(__always)
    func column(_ key: Key) -> Int? {
        if document.format.hasHeader { return document.column(named: key.stringValue) }
        return key.intValue.flatMap { $0 < document.width ? $0 : nil }
    }

    func contains(_ key: Key) -> Bool { column(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        guard let column = column(key) else { return true }
        return document.isEmpty(row: row, column: column)
    }

    func field(_ key: Key) throws -> CSVFieldContainer {
        guard let column = column(key) else {
            throw DecodingError.keyNotFound(
                key,
                .init(
                    codingPath: codingPath,
                    debugDescription:
                        "expected a column named '\(key.stringValue)', found the columns \(document.header.joined(separator: ", "))"
                        + CSVDecoder.delimiterHint(header: document.header, format: document.format)
                ))
        }
        return CSVFieldContainer(decoder: decoder, row: row, column: column, record: record, key: key)
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String { try field(key).decode(type) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try field(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try field(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try field(key).decode(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try field(key).decode(type)
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try decodeNil(forKey: key) ? nil : decode(type, forKey: key)
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeNil(forKey: key) ? nil : decode(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw DecodingError.typeMismatch(
            type,
            .init(
                codingPath: codingPath + [key],
                debugDescription: "expected a value a CSV field can hold, found a nested keyed container"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self,
            .init(
                codingPath: codingPath + [key],
                debugDescription: "expected a value a CSV field can hold, found a nested unkeyed container"))
    }

    func superDecoder() throws -> any Decoder { CSVValueDecoder(document: document, row: row, path: path) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let column = column(key) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no such column"))
        }
        return CSVValueDecoder(document: document, row: row, column: column, path: path.appending(key))
    }
}

/// The fields of one record by position.
struct CSVFieldsContainer: UnkeyedDecodingContainer {
    /// The decoder that made the container: the document and the path above the record.
    let decoder: CSVValueDecoder
    let row: Int
    let record: Int?
    var document: CSVDocument { decoder.document }
    var codingPath: [any CodingKey] { CSVCodingPath(decoder.path.base, record: record, key: decoder.path.key).keys }
    var currentIndex = 0
    var count: Int? { document.table.fieldCount(ofRow: row) }
    var isAtEnd: Bool { currentIndex >= document.table.fieldCount(ofRow: row) }

    init(decoder: CSVValueDecoder, row: Int) {
        self.decoder = decoder
        self.row = row
        self.record = decoder.path.record
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, document.isEmpty(row: row, column: currentIndex) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "no more fields in the record"))
        }
        let value = try CSVFieldContainer(
            decoder: decoder, row: row, column: currentIndex, record: record, key: IndexKey(currentIndex)
        ).decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected a field, found a nested container"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath, debugDescription: "expected a field, found a nested container"))
    }

    mutating func superDecoder() throws -> any Decoder {
        defer { currentIndex += 1 }
        return CSVValueDecoder(document: document, row: row, column: currentIndex, path: CSVCodingPath(codingPath))
    }
}

/// One field.
///
/// Its coding path is kept as the parts it is made of, and put together only when asked for.
struct CSVFieldContainer: SingleValueDecodingContainer {
    /// The decoder of the record (or of the field itself, when `key` is `nil`).
    let decoder: CSVValueDecoder
    let row: Int
    let column: Int
    let record: Int?
    let key: (any CodingKey)?
    var document: CSVDocument { decoder.document }

    var path: CSVCodingPath {
        let parent = CSVCodingPath(decoder.path.base, record: record, key: decoder.path.key)
        return key.map(parent.appending) ?? parent
    }

    var codingPath: [any CodingKey] { path.keys }

    func decodeNil() -> Bool { document.isEmpty(row: row, column: column) }

    var text: String { document.field(row: row, column: column) ?? "" }

    func invalid(_ expected: String, _ found: String) -> DecodingError {
        let (line, column) = document.position(row: row, column: self.column)
        let error = CSVError(
            .invalidValue, line: line, column: column,
            reason: ValueExpectation.mismatch(expected, found: found))
        return DecodingError.dataCorrupted(
            .init(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
    }

    func decode(_ type: String.Type) throws -> String { text }

    func decode(_ type: Bool.Type) throws -> Bool {
        switch text {
        case "true", "TRUE", "True", "1": return true
        case "false", "FALSE", "False", "0": return false
        default: throw invalid("true or false", text)
        }
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        guard let value = T(text) else { throw invalid("an integer (\(T.self))", text) }
        return value
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    /// A number as JSON writes it, which is how the encoder writes it: not `inf`, `nan` or `0x1p3`
    /// (unless the non-conforming float strategy names them), nor a number that overflows or a
    /// non-zero one that underflows to zero, which `Double(_:)` would give.
    func decode(_ type: Double.Type) throws -> Double {
        let value = document.withField(row: row, column: column) { bytes -> Double? in
            if let special = document.options.nonConformingFloat(bytes) { return special }
            guard JSONNumberParsing.isNumber(bytes) else { return nil }
            return JSONNumberParsing.double(bytes)
        }
        guard let value else { throw invalid(numberExpectation("Double"), text) }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        let value = document.withField(row: row, column: column) { bytes -> Float? in
            if let special = document.options.nonConformingFloat(bytes) { return Float(special) }
            guard JSONNumberParsing.isNumber(bytes) else { return nil }
            return JSONNumberParsing.float(bytes)
        }
        guard let value else { throw invalid(numberExpectation("Float"), text) }
        return value
    }

    /// What a number field must be.
    private func numberExpectation(_ type: String) -> String {
        let base = "a decimal number \(type) can hold (such as 12, -0.5, 1e-7)"
        guard case .convertFromString(let positive, let negative, let nan) = document.options.nonConformingFloat else {
            return base
        }
        return base + " or \(positive.debugDescription), \(negative.debugDescription), \(nan.debugDescription)"
    }

    /// A date, by the date strategy.
    func decodeDate() throws -> Date {
        switch document.options.date {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try decode(Double.self))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decode(Double.self) / 1000)
        case .iso8601:
            let text = self.text
            guard
                let date = (try? Date.ISO8601FormatStyle().parse(text))
                    ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            else { throw invalid(ValueExpectation.iso8601Date, text) }
            return date
        case .formatted(let format):
            guard let date = format.parse(text) else { throw invalid(ValueExpectation.formattedDate, text) }
            return date
        case .custom(let decode):
            return try decode(CSVValueDecoder(document: document, row: row, column: column, path: path))
        }
    }

    /// Data, by the data strategy.
    func decodeData() throws -> Data {
        switch document.options.data {
        case .base64:
            guard let data = Data(base64Encoded: text) else { throw invalid(ValueExpectation.base64, text) }
            return data
        case .deferredToData:
            do {
                return Data(try document.options.nestedDecoder.decode([UInt8].self, from: Data(text.utf8)))
            } catch {
                throw invalid("a JSON array of bytes", text)
            }
        case .custom(let decode):
            return try decode(CSVValueDecoder(document: document, row: row, column: column, path: path))
        }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The common field types first, by identity, and returned without a dynamic cast: `T` is
        // the very type (so the bit casts are safe).
        if T.self == String.self { return unsafeBitCast(text, to: T.self) }
        if T.self == UUID.self {
            guard let uuid = document.withField(row: row, column: column, { UUIDText.uuid($0) }) else {
                throw invalid(ValueExpectation.uuid, text)
            }
            return unsafeBitCast(uuid, to: T.self)
        }
        if ObjectIdentifier(T.self) == CSVFieldContainer.stringArray {
            // The common nested value, read from the field's bytes without a JSON decoder.
            guard let strings = document.withField(row: row, column: column, { CSVNestedValues.decodeStringArray($0) })
            else {
                throw invalid("a JSON array of strings", text)
            }
            return unsafeBitCast(strings, to: T.self)
        }
        if T.self == URL.self {
            guard let url = URL(string: text) else { throw invalid(ValueExpectation.url, text) }
            return unsafeBitCast(url, to: T.self)
        }
        if T.self == Date.self { return try decodeDate() as! T }
        if T.self == Data.self { return try decodeData() as! T }
        if let primitive = try decodePrimitive(type) { return primitive }
        // A type that decodes itself from a single value (UUID from its string, an enum from its
        // raw value) reads the field; one that needs a container reads JSON inside the field.
        do {
            return try T(from: CSVValueDecoder(document: document, row: row, column: column, path: path))
        } catch is NestedValueInField {
            do {
                return try document.options.nestedDecoder.decode(T.self, from: Data(text.utf8))
            } catch {
                throw invalid("JSON for \(T.self) inside the field", text)
            }
        }
    }

    /// `[String].self`, looked up once: its metadata is prespecialized, and asking for it in a
    /// generic function goes through the runtime's metadata cache on every call.
    static let stringArray = ObjectIdentifier([String].self)

    private func decodePrimitive<T>(_ type: T.Type) throws -> T? {
        switch type {
        case is Bool.Type: return try decode(Bool.self) as? T
        case is Int.Type: return try decode(Int.self) as? T
        case is Double.Type: return try decode(Double.self) as? T
        case is Float.Type: return try decode(Float.self) as? T
        case is Int64.Type: return try decode(Int64.self) as? T
        case is Int32.Type: return try decode(Int32.self) as? T
        case is UInt.Type: return try decode(UInt.self) as? T
        case is UInt64.Type: return try decode(UInt64.self) as? T
        default: return nil
        }
    }
}

/// Thrown when a value in a field asks for a container: it is read as JSON instead.
struct NestedValueInField: Error {}

/// A coding key for a position.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}
