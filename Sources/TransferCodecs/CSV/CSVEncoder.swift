#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Encodes `Encodable` values as CSV (RFC 4180): a header row naming the columns, then one record
/// per value.
///
/// ```swift
/// let csv = try CSVEncoder().encode(profiles)      // [Profile] → header + one row each
/// ```
///
/// An array encodes one record per element; a single value encodes one record. The columns are the
/// coding keys in the order the first record encodes them (a `nil` optional still names its column,
/// with an empty field). Values map to fields:
/// - strings as they are, quoted when they hold the delimiter, a quote, CR or LF (quotes doubled);
/// - numbers and `Bool` in their shortest exact form; `URL` as its absolute string; `nil` as an
///   empty field;
/// - `Date`, `Data`, NaN and the infinities by ``dateEncodingStrategy``,
///   ``dataEncodingStrategy`` and ``nonConformingFloatEncodingStrategy``, and column names by
///   ``keyEncodingStrategy``: `JSONEncoder`'s strategies, with its names and defaults;
/// - anything else — arrays, nested structures — as JSON inside the field (`["a","b"]`), with the
///   same strategies, which ``CSVDecoder`` reads back.
///
/// A field longer than the format's ``CSVFormat/maximumFieldLength`` is an `EncodingError`: the
/// decoder would refuse it, and what the encoder writes, the decoder with the same format reads.
///
/// `CSVEncoder` is `Sendable`.
public struct CSVEncoder: TopLevelEncoder, Sendable {
    /// The encoder produces bytes.
    public typealias Output = Data

    /// The format of the output.
    public var format: CSVFormat
    /// How `Date` values are written. The default is `.deferredToDate`: seconds since 2001.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written. The default is `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// How NaN and the infinities are written. The default is `.throw`.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
    /// How coding keys become column names. The default is `.useDefaultKeys`.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// Information for the values' `encode(to:)` methods, in `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder.
    ///
    /// - Parameter format: The format. The default is RFC 4180 with a header row and CRLF line ends.
    public init(format: CSVFormat = CSVFormat()) {
        self.format = format
    }

    /// The strategies, as the field writers read them.
    var options: CSVEncodingOptions {
        CSVEncodingOptions(
            date: dateEncodingStrategy, data: dataEncodingStrategy,
            nonConformingFloat: nonConformingFloatEncodingStrategy,
            key: keyEncodingStrategy, userInfo: userInfo)
    }

    /// Encodes a value as CSV.
    ///
    /// - Parameter value: An array of records, or one record.
    /// - Returns: The CSV bytes, UTF-8.
    /// - Throws: `EncodingError` when a value cannot be a record (a bare string at the top level,
    ///   records with different columns), or a field cannot be written (NaN by default, a field
    ///   longer than ``CSVFormat/maximumFieldLength``).
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try CSVDecoder.validate(format)
        let collector = CSVRecordCollector(format: format, options: options)
        try value.encode(to: CSVValueEncoder(collector: collector, codingPath: []))
        return try collector.finish()
    }

    /// Encodes records in pieces, a batch at a time on the machine's cores, and hands the pieces to
    /// `body` in order; together they are ``encode(_:)`` of the records. Memory holds a few
    /// batches, not the whole output.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - body: Receives the pieces: the header with the first batch, then the others.
    /// - Throws: `EncodingError` when a record cannot be one, or has columns the first does not;
    ///   what `body` throws; `CancellationError` when the task is cancelled.
    public func encode<T: Encodable & Sendable>(_ records: [T], inPieces body: (Data) throws -> Void) throws {
        try CSVDecoder.validate(format)
        try RecordFormat.csv(encoder: self, decoder: CSVDecoder(format: format)).encode(records, inPieces: body)
    }
}

/// Writes CSV rows into a byte buffer, quoting as RFC 4180 requires.
struct CSVWriter: ~Copyable {
    let format: CSVFormat
    var output = ByteBuffer()
    /// Whether a field longer than the format's ``CSVFormat/maximumFieldLength`` was written: the
    /// decoder would refuse the output.
    var wroteOverlongField = false

    init(format: CSVFormat) {
        self.format = format
    }

    mutating func writeRow(_ fields: [String], columns: Int? = nil) {
        let count = columns ?? fields.count
        for index in 0..<count {
            if index > 0 { output.append(format.delimiter) }
            if index < fields.count { writeField(fields[index]) }
        }
        output.append(contentsOf: format.lineEnding.bytes)
    }

    mutating func writeField(_ field: String) {
        var field = field
        field.withUTF8 { write($0) }
    }

    /// Writes one field's bytes, quoted (and its quotes doubled) only when it holds the delimiter, a
    /// quote, CR or LF; runs between quotes are copied whole.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > format.maximumFieldLength / 2, Self.writtenLength(bytes) > format.maximumFieldLength {
            wroteOverlongField = true
        }
        guard let base = bytes.baseAddress, needsQuotes(bytes) else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(0x22)
        var start = 0
        while start < bytes.count, let quote = memchr(base + start, 0x22, bytes.count - start) {
            let end = UnsafePointer(quote.assumingMemoryBound(to: UInt8.self)) - base + 1
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            output.append(0x22)
            start = end
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(0x22)
    }

    /// Writes one field's bytes known to hold no quote, CR or LF (a JSON string without escapes,
    /// whose quotes and line breaks would be escaped): quoted only when it holds the delimiter,
    /// which `memchr` finds, with nothing to double.
    mutating func writePlain(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > format.maximumFieldLength { wroteOverlongField = true }
        guard let base = bytes.baseAddress,
            ByteSearch.first(format.delimiter, in: base, from: 0, to: bytes.count) != nil
        else { return output.append(contentsOf: bytes) }
        output.append(0x22)
        output.append(contentsOf: bytes)
        output.append(0x22)
    }

    /// The length of a field's text between its quotes as the writer writes it and the reader
    /// measures it: its bytes, with each quote doubled when quoting is needed.
    static func writtenLength(_ field: some Collection<UInt8>) -> Int {
        field.count + field.lazy.filter { $0 == UInt8(ascii: "\"") }.count
    }

    /// Whether `bytes` hold the delimiter, a quote, CR or LF: eight bytes at a time.
    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let delimiter = ones &* UInt64(format.delimiter)
        @inline(__always) func has(_ word: UInt64, _ mask: UInt64) -> Bool {
            let difference = word ^ mask
            return (difference &- ones) & ~difference & highs != 0
        }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if has(word, delimiter) || has(word, ones &* 0x22) || has(word, ones &* 0x0D) || has(word, ones &* 0x0A) {
                return true
            }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == format.delimiter || byte == 0x22 || byte == 0x0D || byte == 0x0A { return true }
            index += 1
        }
        return false
    }
}

/// Writes records as they are encoded: the first record sets the columns (and the header), each
/// later one is written when the next begins. Nothing but the output is kept.
final class CSVRecordCollector {
    private var writer: CSVWriter
    private let format: CSVFormat
    let options: CSVEncodingOptions
    /// Whether column names are the keys as they are (the default key strategy).
    private let usesDefaultKeys: Bool
    private(set) var columns: [String] = []
    private var columnIndex: [String: Int] = [:]
    /// The columns in the order the first record set them, to find a key's column without hashing.
    private var keyOrder: [String] = []
    private var cursor = 0
    private var current: [String] = []
    private var recordCount = 0
    /// Whether the next record may name columns: only the first record a collector sees, unless
    /// the columns were given.
    private var definesColumns = true
    private var inRecord = false
    private var failure: EncodingError?

    init(format: CSVFormat, options: CSVEncodingOptions) {
        self.format = format
        self.options = options
        self.usesDefaultKeys = options.usesDefaultKeys
        self.writer = CSVWriter(format: format)
        if format.writesByteOrderMark { writer.output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    }

    /// A collector for records that follow `recordsBefore` others whose columns are `columns`: no
    /// byte-order mark, no header, no new columns.
    init(format: CSVFormat, options: CSVEncodingOptions, continuing columns: [String], recordsBefore: Int) {
        self.format = format
        self.options = options
        self.usesDefaultKeys = options.usesDefaultKeys
        self.writer = CSVWriter(format: format)
        self.columns = columns
        self.keyOrder = columns
        self.columnIndex = Dictionary(columns.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.recordCount = recordsBefore
        self.definesColumns = false
    }

    /// A collector for records that follow `recordsBefore` others, whose first record sets the
    /// columns: no byte-order mark, no header.
    init(format: CSVFormat, options: CSVEncodingOptions, recordsBefore: Int) {
        var rows = format
        rows.hasHeader = false
        self.format = rows
        self.options = options
        self.usesDefaultKeys = options.usesDefaultKeys
        self.writer = CSVWriter(format: rows)
        self.recordCount = recordsBefore
    }

    func beginRecord() {
        endRecord()
        inRecord = true
        cursor = 0
        // The same storage record after record: no allocation per record.
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement("", count: columns.count))
    }

    /// Sets the field for `key` in the current record.
    func set(_ field: String, key: any CodingKey, codingPath: [any CodingKey]) {
        let name = usesDefaultKeys ? key.stringValue : options.column(for: key, codingPath: codingPath + [key])
        // Quotes are doubled when written: only a field of more than half the limit can exceed it.
        if field.utf8.count > format.maximumFieldLength / 2, failure == nil,
            CSVWriter.writtenLength(field.utf8) > format.maximumFieldLength
        {
            failure = EncodingError.invalidValue(
                field,
                .init(
                    codingPath: codingPath + [key],
                    debugDescription:
                        "expected a field of at most \(format.maximumFieldLength) bytes (the format's maximumFieldLength, which the decoder reads), found one of \(CSVWriter.writtenLength(field.utf8))"
                ))
        }
        let column: Int
        if cursor < keyOrder.count, keyOrder[cursor] == name {
            column = cursor
        } else if let known = columnIndex[name] {
            column = known
        } else if definesColumns {
            column = columns.count
            columns.append(name)
            columnIndex[name] = column
            keyOrder.append(name)
            current.append("")
        } else {
            if failure == nil {
                failure = EncodingError.invalidValue(
                    field,
                    .init(
                        codingPath: codingPath,
                        debugDescription:
                            "record \(recordCount + 1) has a column '\(name)' that the first record does not; every record must have the same columns"
                    ))
            }
            return
        }
        cursor += 1
        current[column] = field
    }

    private func endRecord() {
        guard inRecord else { return }
        if recordCount == 0, format.hasHeader, !columns.isEmpty { writer.writeRow(columns) }
        writer.writeRow(current, columns: columns.count)
        recordCount += 1
        definesColumns = false
        inRecord = false
    }

    func finish() throws -> Data {
        endRecord()
        if let failure { throw failure }
        return writer.output.takeData()
    }
}

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
