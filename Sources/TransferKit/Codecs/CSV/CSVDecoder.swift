#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Decodes `Decodable` values from CSV (RFC 4180): the header row names the columns, each record is
/// one value.
///
/// ```swift
/// let profiles = try CSVDecoder().decode([Profile].self, from: csv)
/// ```
///
/// Decoding an array reads every record; decoding a single value reads the one record there must be.
/// Columns map to coding keys by name. Fields map to values:
/// - `String` as is; numbers and `Bool` (`true`/`false`) parsed; `URL` from its string;
/// - an empty field is `nil` for an optional; a column missing from the header too;
/// - anything else — arrays, nested structures — is JSON inside the field, as ``CSVEncoder`` writes it.
///
/// With ``CSVFormat/hasHeader`` false, records decode as unkeyed containers (`[[String]]`) or through
/// integer coding keys.
///
/// Every error is a ``CSVError`` (inside `DecodingError.dataCorrupted` when it concerns a value) with
/// the line and column.
///
/// `CSVDecoder` is `Sendable`.
public struct CSVDecoder: TopLevelDecoder, Sendable {
    /// The decoder reads bytes.
    public typealias Input = Data

    /// The format of the input.
    public var format: CSVFormat

    /// Creates a decoder.
    ///
    /// - Parameter format: The format. The default is RFC 4180 with a header row, strict.
    public init(format: CSVFormat = CSVFormat()) {
        self.format = format
    }

    /// Decodes a value from CSV.
    ///
    /// - Parameters:
    ///   - type: The type: an array of records, or a single record.
    ///   - data: The CSV bytes, UTF-8, with or without a byte-order mark.
    /// - Returns: The value.
    /// - Throws: ``CSVError`` for malformed CSV; `DecodingError` for fields that are not the values
    ///   their keys need (its context holds a ``CSVError`` with the position).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in
            try decode(type, from: raw.bindMemory(to: UInt8.self))
        }
    }

    /// Decodes a value from CSV bytes in memory.
    func decode<T: Decodable>(_ type: T.Type, from input: UnsafeBufferPointer<UInt8>) throws -> T {
        try CSVDecoder.validate(format)
        var bytes = input
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
        if let invalid = CSVTable.firstInvalidUTF8(in: bytes) {
            throw CSVDecoder.positionedError(.invalidUTF8, in: bytes, at: invalid, "expected UTF-8 text, found the byte 0x\(String(bytes[invalid], radix: 16))")
        }
        let (table, _) = try CSVTable.parse(bytes, format: format)
        let document = try CSVDocument(table: table, bytes: bytes, format: format)
        return try T(from: CSVValueDecoder(document: document, row: nil, codingPath: []))
    }

    static func validate(_ format: CSVFormat) throws(CSVError) {
        if [UInt8(ascii: "\""), 0x0D, 0x0A].contains(format.delimiter) {
            throw CSVError(.invalidFormat, line: 0, column: 0, reason: "expected a delimiter other than a quote, CR or LF")
        }
    }

    static func positionedError(_ code: CSVError.Code, in bytes: UnsafeBufferPointer<UInt8>, at position: Int, _ reason: String) -> CSVError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return CSVError(code, line: line, column: position - lineStart + 1, reason: reason)
    }
}

/// The parsed input with its header resolved: shared by every container of one decode.
final class CSVDocument {
    let table: CSVTable
    let bytes: UnsafeBufferPointer<UInt8>
    let format: CSVFormat
    /// Column names by position, when there is a header.
    let header: [String]
    /// Column positions by name.
    let columns: [String: Int]
    /// The data rows: table rows after the header, blank lines skipped where they cannot be records.
    let rows: [Int]
    let width: Int

    init(table: CSVTable, bytes: UnsafeBufferPointer<UInt8>, format: CSVFormat) throws(CSVError) {
        self.table = table
        self.bytes = bytes
        self.format = format
        var header: [String] = []
        var columns: [String: Int] = [:]
        var firstData = 0
        if format.hasHeader, table.rowCount > 0 {
            for column in 0..<table.fieldCount(ofRow: 0) {
                let name = CSVTable.string(table.fields[table.rowStarts[0] + column], in: bytes)
                if columns[name] != nil {
                    throw CSVError(.invalidHeader, line: table.rowLines[0], column: 0, reason: "the header names the column '\(name)' twice")
                }
                columns[name] = column
                header.append(name)
            }
            firstData = 1
        }
        let width = format.hasHeader ? header.count : (table.rowCount > 0 ? table.fieldCount(ofRow: 0) : 0)
        var rows: [Int] = []
        rows.reserveCapacity(max(0, table.rowCount - firstData))
        for row in firstData..<max(firstData, table.rowCount) {
            let count = table.fieldCount(ofRow: row)
            if count == 1, width > 1, table.fields[table.rowStarts[row]].start == table.fields[table.rowStarts[row]].end {
                continue  // A blank line: not a record of a table with several columns.
            }
            if count != width, format.strictness == .strict {
                throw CSVError(
                    .raggedRow, line: table.rowLines[row], column: 1,
                    reason: "expected \(width) fields (as in the \(format.hasHeader ? "header" : "first row")), found \(count)")
            }
            rows.append(row)
        }
        self.header = header
        self.columns = columns
        self.rows = rows
        self.width = width
    }

    /// The text of a field, or `nil` when the row has no such column (lenient mode).
    @inline(__always)
    func field(row: Int, column: Int) -> String? {
        guard column < table.fieldCount(ofRow: row) else { return nil }
        return CSVTable.string(table.fields[table.rowStarts[row] + column], in: bytes)
    }

    /// Runs `body` with the field's bytes, doubled quotes collapsed; an absent field is empty.
    @inline(__always)
    func withField<Result>(row: Int, column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard column < table.fieldCount(ofRow: row) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let field = table.fields[table.rowStarts[row] + column]
        let slice = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        guard field.hasEscapedQuotes else { return body(slice) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var index = 0
        while index < slice.count {
            let byte = slice[index]
            unescaped.append(byte)
            index += byte == UInt8(ascii: "\"") && index + 1 < slice.count && slice[index + 1] == UInt8(ascii: "\"") ? 2 : 1
        }
        return unescaped.withUnsafeBufferPointer(body)
    }

    @inline(__always)
    func isEmpty(row: Int, column: Int) -> Bool {
        guard column < table.fieldCount(ofRow: row) else { return true }
        let field = table.fields[table.rowStarts[row] + column]
        return field.start == field.end
    }

    func position(row: Int, column: Int) -> (line: Int, column: Int) {
        guard column < table.fieldCount(ofRow: row) else { return (table.rowLines[row], 0) }
        let start = table.fields[table.rowStarts[row] + column].start
        var lineStart = start
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        var line = table.rowLines[row]
        var cursor = table.fields[table.rowStarts[row]].start
        while cursor < start {
            if bytes[cursor] == 0x0A { line += 1 }
            cursor += 1
        }
        return (line, start - lineStart + 1)
    }
}

/// The decoder of the document (no row), of one record (a row), or of one field (row and column).
struct CSVValueDecoder: Decoder {
    let document: CSVDocument
    let row: Int?
    var column: Int?
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(document: CSVDocument, row: Int?, column: Int? = nil, codingPath: [any CodingKey]) {
        self.document = document
        self.row = row
        self.column = column
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if let row {
            guard column == nil else { throw NestedValueInField() }
            return KeyedDecodingContainer(CSVRecordContainer<Key>(document: document, row: row, codingPath: codingPath))
        }
        // A single record at the top level.
        guard document.rows.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "expected exactly one record, found \(document.rows.count)"))
        }
        return KeyedDecodingContainer(CSVRecordContainer<Key>(document: document, row: document.rows[0], codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if let row {
            guard column == nil else { throw NestedValueInField() }
            return CSVFieldsContainer(document: document, row: row, codingPath: codingPath)
        }
        return CSVRecordsContainer(document: document, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let row, let column else { throw mismatch("a field", found: "a table") }
        return CSVFieldContainer(document: document, row: row, column: column, codingPath: codingPath)
    }

    func mismatch(_ expected: String, found: String) -> DecodingError {
        DecodingError.typeMismatch(Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
    }
}

/// The records of the document, in order.
struct CSVRecordsContainer: UnkeyedDecodingContainer {
    let document: CSVDocument
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { document.rows.count }
    var isAtEnd: Bool { currentIndex >= document.rows.count }

    init(document: CSVDocument, codingPath: [any CodingKey]) {
        self.document = document
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "no more records"))
        }
        let decoder = CSVValueDecoder(document: document, row: document.rows[currentIndex], codingPath: codingPath + [IndexKey(currentIndex)])
        let value = try T(from: decoder)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let row = document.rows[currentIndex]
        currentIndex += 1
        return KeyedDecodingContainer(CSVRecordContainer<NestedKey>(document: document, row: row, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let row = document.rows[currentIndex]
        currentIndex += 1
        return CSVFieldsContainer(document: document, row: row, codingPath: codingPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        let row = document.rows[currentIndex]
        currentIndex += 1
        return CSVValueDecoder(document: document, row: row, codingPath: codingPath)
    }
}

/// The fields of one record by column name (or integer key without a header).
struct CSVRecordContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: CSVDocument
    let row: Int
    let codingPath: [any CodingKey]

    var allKeys: [Key] { document.header.compactMap { Key(stringValue: $0) } }

    @inline(__always)
    func column(_ key: Key) -> Int? {
        if document.format.hasHeader { return document.columns[key.stringValue] }
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
                    debugDescription: "expected a column named '\(key.stringValue)', found the columns \(document.header.joined(separator: ", "))"))
        }
        return CSVFieldContainer(document: document, row: row, column: column, codingPath: codingPath + [key])
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

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(
            type, .init(codingPath: codingPath + [key], debugDescription: "expected a value a CSV field can hold, found a nested keyed container"))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch(
            [Any].self, .init(codingPath: codingPath + [key], debugDescription: "expected a value a CSV field can hold, found a nested unkeyed container"))
    }

    func superDecoder() throws -> any Decoder { CSVValueDecoder(document: document, row: row, codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        guard let column = column(key) else { throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "no such column")) }
        return CSVValueDecoder(document: document, row: row, column: column, codingPath: codingPath + [key])
    }
}

/// The fields of one record by position.
struct CSVFieldsContainer: UnkeyedDecodingContainer {
    let document: CSVDocument
    let row: Int
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { document.table.fieldCount(ofRow: row) }
    var isAtEnd: Bool { currentIndex >= document.table.fieldCount(ofRow: row) }

    init(document: CSVDocument, row: Int, codingPath: [any CodingKey]) {
        self.document = document
        self.row = row
        self.codingPath = codingPath
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, document.isEmpty(row: row, column: currentIndex) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else { throw DecodingError.valueNotFound(type, .init(codingPath: codingPath, debugDescription: "no more fields in the record")) }
        let value = try CSVFieldContainer(document: document, row: row, column: currentIndex, codingPath: codingPath + [IndexKey(currentIndex)]).decode(type)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected a field, found a nested container"))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "expected a field, found a nested container"))
    }

    mutating func superDecoder() throws -> any Decoder {
        defer { currentIndex += 1 }
        return CSVValueDecoder(document: document, row: row, column: currentIndex, codingPath: codingPath)
    }
}

/// One field.
struct CSVFieldContainer: SingleValueDecodingContainer {
    let document: CSVDocument
    let row: Int
    let column: Int
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { document.isEmpty(row: row, column: column) }

    var text: String { document.field(row: row, column: column) ?? "" }

    func invalid(_ expected: String, _ found: String) -> DecodingError {
        let (line, column) = document.position(row: row, column: self.column)
        let error = CSVError(.invalidValue, line: line, column: column, reason: "expected \(expected), found \(found.prefix(80).debugDescription)")
        return DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: error.description, underlyingError: error))
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

    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Double(text) else { throw invalid("a number", text) }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let value = Float(text) else { throw invalid("a number", text) }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The common field types first, by identity: cheaper than dynamic casts.
        if T.self == String.self { return text as! T }
        if T.self == UUID.self {
            guard let uuid = document.withField(row: row, column: column, { CSVFieldParsing.uuid($0) }) else {
                throw invalid("a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F", text)
            }
            return uuid as! T
        }
        if T.self == [String].self {
            // The common nested value, read from the field's bytes without a JSON decoder.
            guard let strings = document.withField(row: row, column: column, { CSVNestedValues.decodeStringArray($0) }) else {
                throw invalid("a JSON array of strings", text)
            }
            return strings as! T
        }
        if T.self == URL.self {
            guard let url = URL(string: text) else { throw invalid("a URL", text) }
            return url as! T
        }
        if let primitive = try decodePrimitive(type) { return primitive }
        // A type that decodes itself from a single value (UUID from its string, an enum from its
        // raw value) reads the field; one that needs a container reads JSON inside the field.
        do {
            return try T(from: CSVValueDecoder(document: document, row: row, column: column, codingPath: codingPath))
        } catch is NestedValueInField {
            do {
                return try JSONDecoder().decode(T.self, from: Data(text.utf8))
            } catch {
                throw invalid("JSON for \(T.self) inside the field", text)
            }
        }
    }

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
