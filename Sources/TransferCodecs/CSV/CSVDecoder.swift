import TransferSupport

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

    /// Decodes the records of a CSV file one at a time, in bounded memory: the file is read in
    /// chunks, and each record is decoded and handed to `body` before the next chunk is read.
    ///
    /// ```swift
    /// try CSVDecoder().decodeElements(Profile.self, contentsOf: url) { profile in
    ///     try output.write(profile)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - body: Receives each record in order.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `body` throws.
    public func decodeElements<T: Decodable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void) throws {
        var reader = try CSVRecordReader(url, format: format)
        defer { reader.close() }
        while let batch = try reader.nextBatch() {
            try batch.decode(T.self, format: format).deliver(to: body)
        }
        try reader.checkColumnsIfEmpty(for: T.self)
    }

    /// Decodes the records of a CSV file, in order, handing each to `body` on the caller's thread;
    /// the decoding runs ahead of `body` on the machine's cores, a window of records at a time, a
    /// few windows at most.
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - body: Receives each record in order.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `body` throws;
    ///   `CancellationError` when the task is cancelled.
    public func decodeElements<T: Decodable & Sendable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void)
        throws
    {
        var reader = try CSVRecordReader(url, format: format)
        defer { reader.close() }
        let format = format
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
            work: { $0.decode(T.self, format: format) },
            consume: { try $0.deliver(to: body) })
        try reader.checkColumnsIfEmpty(for: T.self)
    }

    /// Decodes the records of a CSV file a window at a time on the machine's cores, turns each
    /// window's records into something else where they were decoded (`transform` runs
    /// concurrently), and hands the results to `body` in order: for conversions whose second half
    /// (encoding the records again, say) should run on the cores too.
    ///
    /// ```swift
    /// try CSVDecoder().decodeElements(Profile.self, contentsOf: csv, transformingBatches: { profiles, _ in
    ///     try JSONArrayEncoder().encodeElements(profiles)
    /// }) { json in
    ///     try output.write(json)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - transform: Turns a window's records, and the index of the first of them in the file,
    ///     into a result. When a record fails to decode, the records before it are transformed and
    ///     delivered before the error is thrown.
    ///   - body: Receives the results in the order of the records.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `transform` or
    ///   `body` throws; `CancellationError` when the task is cancelled.
    public func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, contentsOf url: URL,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        var reader = try CSVRecordReader(url, format: format)
        defer { reader.close() }
        let format = format
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
            work: { batch in
                try batch.decode(T.self, format: format).transformed { try transform($0, batch.firstRecord) }
            },
            consume: { try $0.deliver(to: body) })
        try reader.checkColumnsIfEmpty(for: T.self)
    }

    /// Decodes a value from CSV bytes in memory.
    func decode<T: Decodable>(_ type: T.Type, from input: UnsafeBufferPointer<UInt8>) throws -> T {
        try CSVDecoder.validate(format)
        try CSVDecoder.checkNotUTF16(input)
        var bytes = input
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
        try CSVDecoder.checkUTF8(bytes)
        let document = try CSVDocument(input: bytes, format: format)
        let value = try T(from: CSVValueDecoder(document: document, row: nil, path: CSVCodingPath([])))
        if let error = document.pendingError { throw error }
        if !document.hasRecords, format.hasHeader, !document.header.isEmpty {
            try CSVDecoder.checkColumns(document.header, for: T.self)
        }
        return value
    }

    static func validate(_ format: CSVFormat) throws(CSVError) {
        if [UInt8(ascii: "\""), 0x0D, 0x0A].contains(format.delimiter) {
            throw CSVError(
                .invalidFormat, line: 0, column: 0, reason: "expected a delimiter other than a quote, CR or LF")
        }
    }

    /// Throws ``CSVError/Code/invalidUTF8`` for the first byte of `bytes` that is not UTF-8, with its
    /// line counted from `firstLine` (the line `bytes` starts on) and its column.
    /// Refuses UTF-16 and UTF-32 input by name, at the start of a document.
    static func checkNotUTF16(_ bytes: UnsafeBufferPointer<UInt8>) throws(CSVError) {
        if let encoding = UTF8Validation.utf16Or32(bytes) {
            throw CSVError(
                .invalidUTF8, line: 1, column: 1,
                reason: "expected UTF-8 text, found \(encoding) (save the file as UTF-8)")
        }
    }

    static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) throws(CSVError) {
        guard let invalid = UTF8Validation.firstInvalidByte(in: bytes) else { return }
        let position = positionedError(.invalidUTF8, in: bytes, at: invalid, "")
        throw CSVError(
            .invalidUTF8, line: firstLine + position.line - 1, column: position.column,
            reason: "expected UTF-8 text, found the byte 0x\(String(bytes[invalid], radix: 16))")
    }

    static func positionedError(
        _ code: CSVError.Code, in bytes: UnsafeBufferPointer<UInt8>, at position: Int, _ reason: String
    ) -> CSVError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return CSVError(code, line: line, column: position - lineStart + 1, reason: reason)
    }
}

/// Reads a CSV file a window of complete records at a time, parsed and ready to decode.
struct CSVRecordReader {
    /// The input read at a time: small enough for the windows to spread over the cores early.
    static let chunkSize = 1 << 20

    private let descriptor: Int32
    private let url: URL
    private let format: CSVFormat
    private var buffer: [UInt8] = []
    private var header: [String]?
    private var line = 1
    private var atEnd = false
    private var first = true
    private var records = 0

    init(_ url: URL, format: CSVFormat) throws {
        try CSVDecoder.validate(format)
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CocoaError.reading(url, errno: errno) }
        self.descriptor = descriptor
        self.url = url
        self.format = format
    }

    func close() {
        SystemCalls.close(descriptor)
    }

    /// After the last window: when the file held a header and no record, checks that the header
    /// is the records' own (``CSVDecoder/checkColumns(_:for:)``).
    func checkColumnsIfEmpty<T: Decodable>(for type: T.Type) throws(CSVError) {
        guard records == 0, let header else { return }
        try CSVDecoder.checkColumns(header, for: type)
    }

    /// The next window of records, or `nil` at the end of the file.
    mutating func nextBatch() throws -> CSVRecordBatch? {
        while !(atEnd && buffer.isEmpty) {
            if !atEnd {
                let count = SystemCalls.append(upTo: Self.chunkSize, from: descriptor, to: &buffer)
                guard count >= 0 else { throw CocoaError.reading(url, errno: errno) }
                if count == 0 { atEnd = true }
            }
            if first {
                try buffer.withUnsafeBufferPointer { bytes throws(CSVError) in try CSVDecoder.checkNotUTF16(bytes) }
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { buffer.removeFirst(3) }
            }
            first = false
            let (table, consumed) = try buffer.withUnsafeBufferPointer { bytes throws(CSVError) in
                try CSVTable.parse(bytes, format: format, isFinal: atEnd, firstLine: line)
            }
            if consumed == 0 {
                if atEnd { break }
                continue  // A record longer than what was read: read more.
            }
            let batch = CSVRecordBatch(
                bytes: Array(buffer[0..<consumed]), table: table, header: header, firstLine: line, firstRecord: records)
            if header == nil, format.hasHeader, table.rowCount > 0 {
                header = try batch.bytes.withUnsafeBufferPointer { bytes throws(CSVError) in
                    try CSVDocument(chunk: bytes, table: table, format: format, header: nil).header
                }
            }
            records += try batch.recordCount(format: format)
            line += table.lineFeedCount
            buffer.removeFirst(consumed)
            return batch
        }
        return nil
    }
}

/// A window of complete records: its bytes and their parse.
struct CSVRecordBatch: Sendable {
    var bytes: [UInt8]
    var table: CSVTable
    /// The header, or `nil` in the first window, which holds it.
    var header: [String]?
    var firstLine: Int
    /// The index of the first record in the file.
    var firstRecord: Int

    /// How many records (data rows, blank lines skipped) the window holds.
    func recordCount(format: CSVFormat) throws(CSVError) -> Int {
        try bytes.withUnsafeBufferPointer { bytes throws(CSVError) in
            try CSVDocument(chunk: bytes, table: table, format: format, header: header).rows.count
        }
    }

    /// Decodes the records, up to the first that fails.
    func decode<T: Decodable>(_ type: T.Type, format: CSVFormat) -> DecodedBatch<T> {
        var values: [T] = []
        do {
            try bytes.withUnsafeBufferPointer { bytes in
                try CSVDecoder.checkUTF8(bytes, firstLine: firstLine)
                let document = try CSVDocument(chunk: bytes, table: table, format: format, header: header)
                let decoder = CSVValueDecoder(document: document, row: nil, path: CSVCodingPath([]))
                values.reserveCapacity(document.rows.count)
                var record = firstRecord
                for row in document.rows {
                    decoder.row = row
                    decoder.path.record = record
                    values.append(try T(from: decoder))
                    record += 1
                }
            }
            return DecodedBatch(values: values, error: nil)
        } catch {
            return DecodedBatch(values: values, error: error)
        }
    }
}

/// The input with its header resolved, parsed one window of records at a time so that the parse
/// holds a few megabytes of field positions however large the input: shared by every container of
/// one decode.
final class CSVDocument {
    /// The input size parsed at a time.
    static let windowSize = 4 << 20

    let input: UnsafeBufferPointer<UInt8>
    let format: CSVFormat
    /// Column names by position, when there is a header.
    private(set) var header: [String] = []
    /// Column positions by name.
    private(set) var columns: [String: Int] = [:]
    private(set) var width = 0
    /// The current window's parse, its bytes, and its data rows (blank lines skipped).
    private(set) var table = CSVTable()
    private(set) var bytes: UnsafeBufferPointer<UInt8>
    private(set) var rows: [Int] = []
    /// Whether any window held a record.
    private(set) var hasRecords = false
    private var nextOffset = 0
    private var nextLine = 1
    /// A parse error met while loading a window from a non-throwing property; thrown by the
    /// decode that follows.
    var pendingError: CSVError?
    /// The column last looked up by name: records are read key after key in the same order, which
    /// is usually the header's, so the next lookup is tried there before the dictionary.
    private var lastColumn = 0
    /// Where fields with doubled quotes are collapsed for parsers that read bytes.
    private var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    deinit { scratch.deallocate() }

    init(input: UnsafeBufferPointer<UInt8>, format: CSVFormat) throws(CSVError) {
        self.input = input
        self.format = format
        self.bytes = UnsafeBufferPointer(rebasing: input[0..<0])
        try loadWindow(readingHeader: format.hasHeader)
    }

    /// A document over one chunk of a stream, already parsed; its header comes from the stream's
    /// first chunk (and is read from this one when `header` is `nil`).
    init(chunk: UnsafeBufferPointer<UInt8>, table: CSVTable, format: CSVFormat, header: [String]?) throws(CSVError) {
        self.input = chunk
        self.format = format
        self.bytes = chunk
        self.table = table
        self.nextOffset = chunk.count
        if let header {
            self.header = header
            self.columns = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            self.width = header.count
        }
        try resolveRows(readingHeader: header == nil && format.hasHeader)
    }

    /// Whether the whole input has been parsed.
    var isExhausted: Bool { nextOffset >= input.count }

    /// Whether records follow the current window, checked without replacing it: the rest of the
    /// input is parsed on its own.
    func rowsRemainAfterCurrentWindow() throws(CSVError) -> Bool {
        guard !isExhausted else { return false }
        let rest = UnsafeBufferPointer(rebasing: input[nextOffset...])
        let (parsed, _) = try CSVTable.parse(rest, format: format, isFinal: true, firstLine: nextLine)
        return (0..<parsed.rowCount).contains { row in
            parsed.fieldCount(ofRow: row) > 1
                || parsed.fields[parsed.rowStarts[row]].start != parsed.fields[parsed.rowStarts[row]].end
        }
    }

    /// Parses the next window of complete records; `false` at the end of the input.
    @discardableResult
    func loadNextWindow() throws(CSVError) -> Bool {
        guard !isExhausted else {
            rows = []
            return false
        }
        try loadWindow(readingHeader: false)
        return true
    }

    private func loadWindow(readingHeader: Bool) throws(CSVError) {
        var size = Self.windowSize
        table = CSVTable()  // The previous window's parse is not kept while the next one is made.
        while true {
            let end = min(input.count, nextOffset + size)
            let window = UnsafeBufferPointer(rebasing: input[nextOffset..<end])
            let isFinal = end == input.count
            let (parsed, consumed) = try CSVTable.parse(window, format: format, isFinal: isFinal, firstLine: nextLine)
            if consumed == 0, !isFinal {
                size *= 2  // One record longer than the window.
                continue
            }
            table = parsed
            bytes = window
            nextLine += parsed.lineFeedCount
            nextOffset += consumed
            break
        }
        try resolveRows(readingHeader: readingHeader)
    }

    /// Reads the header from the window if asked, and lists its data rows.
    private func resolveRows(readingHeader: Bool) throws(CSVError) {
        var firstData = 0
        if readingHeader, table.rowCount > 0 {
            for column in 0..<table.fieldCount(ofRow: 0) {
                let field = table.fields[table.rowStarts[0] + column]
                let name = CSVTable.string(field, in: bytes)
                if columns[name] != nil {
                    // The byte column of the second mention, counted from its line's start.
                    let lineStart = bytes[..<field.start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    throw CSVError(
                        .invalidHeader, line: table.rowLines[0], column: field.start - lineStart + 1,
                        reason: "the header names the column '\(name)' twice")
                }
                columns[name] = column
                header.append(name)
            }
            firstData = 1
            width = header.count
        } else if !format.hasHeader, width == 0, table.rowCount > 0 {
            width = table.fieldCount(ofRow: 0)
        }
        rows.removeAll(keepingCapacity: true)
        for row in firstData..<max(firstData, table.rowCount) {
            let count = table.fieldCount(ofRow: row)
            if count == 1, width > 1, table.fields[table.rowStarts[row]].start == table.fields[table.rowStarts[row]].end
            {
                continue  // A blank line: not a record of a table with several columns.
            }
            if count != width, format.strictness == .strict {
                throw CSVError(
                    .raggedRow, line: table.rowLines[row], column: 1,
                    reason:
                        "expected \(width) fields (as in the \(format.hasHeader ? "header" : "first row")), found \(count)"
                )
            }
            rows.append(row)
        }
        hasRecords = hasRecords || !rows.isEmpty
    }

    /// The position of the column named `name`, or `nil`.
    @inline(__always)
    func column(named name: String) -> Int? {
        if lastColumn < header.count, header[lastColumn] == name { return lastColumn }
        if lastColumn + 1 < header.count, header[lastColumn + 1] == name {
            lastColumn += 1
            return lastColumn
        }
        guard let column = columns[name] else { return nil }
        lastColumn = column
        return column
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
        if scratch.count < slice.count {
            scratch.deallocate()
            scratch = .allocate(capacity: max(slice.count, 2 * scratch.count, 256))
        }
        let count = CSVTable.collapseDoubledQuotes(slice, into: scratch)
        return body(UnsafeBufferPointer(rebasing: scratch[0..<count]))
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

/// A coding path made only when one is asked for (by an error, or by a type that reads it):
/// appending a key for every field of every record would allocate an array each time.
struct CSVCodingPath {
    /// The keys above the records.
    var base: [any CodingKey]
    /// The position of the record, when the path goes through one.
    var record: Int?
    /// The key of the field, when the path ends at one.
    var key: (any CodingKey)?

    init(_ base: [any CodingKey], record: Int? = nil, key: (any CodingKey)? = nil) {
        self.base = base
        self.record = record
        self.key = key
    }

    var keys: [any CodingKey] {
        var keys = base
        if let record { keys.append(IndexKey(record)) }
        if let key { keys.append(key) }
        return keys
    }

    /// The path one key further down.
    func appending(_ key: any CodingKey) -> CSVCodingPath {
        self.key == nil ? CSVCodingPath(base, record: record, key: key) : CSVCodingPath(keys, key: key)
    }
}

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
    var userInfo: [CodingUserInfoKey: Any] { [:] }

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
        guard let row, let column else { throw mismatch("a field", found: "a table") }
        return CSVFieldContainer(decoder: self, row: row, column: column, record: path.record, key: nil)
    }

    func mismatch(_ expected: String, found: String) -> DecodingError {
        DecodingError.typeMismatch(
            Any.self, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
    }
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
        recordDecoder.row = try nextRow()
        return try T(from: recordDecoder)
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

    var allKeys: [Key] { document.header.compactMap { Key(stringValue: $0) } }

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
            reason: "expected \(expected), found \(found.prefix(80).debugDescription)")
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

    func decode(_ type: Double.Type) throws -> Double {
        guard let value = Double(text) else { throw invalid("a number", text) }
        return value
    }

    func decode(_ type: Float.Type) throws -> Float {
        guard let value = Float(text) else { throw invalid("a number", text) }
        return value
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // The common field types first, by identity, and returned without a dynamic cast: `T` is
        // the very type (so the bit casts are safe).
        if T.self == String.self { return unsafeBitCast(text, to: T.self) }
        if T.self == UUID.self {
            guard let uuid = document.withField(row: row, column: column, { UUIDText.uuid($0) }) else {
                throw invalid("a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F", text)
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
            guard let url = URL(string: text) else { throw invalid("a URL", text) }
            return unsafeBitCast(url, to: T.self)
        }
        if let primitive = try decodePrimitive(type) { return primitive }
        // A type that decodes itself from a single value (UUID from its string, an enum from its
        // raw value) reads the field; one that needs a container reads JSON inside the field.
        do {
            return try T(from: CSVValueDecoder(document: document, row: row, column: column, path: path))
        } catch is NestedValueInField {
            do {
                return try JSONTextDecoder().decode(T.self, from: Data(text.utf8))
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
