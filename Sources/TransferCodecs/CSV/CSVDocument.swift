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

/// The input with its header resolved, parsed one window of records at a time so that the parse
/// holds a few megabytes of field positions however large the input: shared by every container of
/// one decode.
final class CSVDocument {
    /// The input size parsed at a time.
    static let windowSize = 4 << 20

    let input: UnsafeBufferPointer<UInt8>
    let format: CSVFormat
    /// The decoder's strategies.
    let options: CSVDecodingOptions
    /// Column names by position, when there is a header.
    private(set) var header: [String] = []
    /// The coding keys the columns stand for, by position: the names, converted by the key
    /// strategy.
    private(set) var keys: [String] = []
    /// Column positions by key.
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
    /// The first problem of the input after the rows of the current window — malformed CSV, a
    /// ragged row, a byte that is not UTF-8 — thrown once those rows are decoded, so that an
    /// earlier record's bad value is reported before it: the input ends there.
    var pendingError: CSVError?
    /// The offset in ``input`` of the first byte that is not UTF-8, when the document checks it.
    private let invalidByte: Int?
    /// The offset in ``input`` of the current window, and the line it starts on.
    private var windowOffset = 0
    private var windowLine = 1
    /// The column last looked up by name: records are read key after key in the same order, which
    /// is usually the header's, so the next lookup is tried there before the dictionary.
    private var lastColumn = 0
    /// Where fields with doubled quotes are collapsed for parsers that read bytes.
    private var scratch = UnsafeMutableBufferPointer<UInt8>(start: nil, count: 0)

    deinit { scratch.deallocate() }

    /// A document over the whole input (after any byte-order mark), checked for UTF-8.
    init(input: UnsafeBufferPointer<UInt8>, format: CSVFormat, options: CSVDecodingOptions) throws(CSVError) {
        self.input = input
        self.format = format
        self.options = options
        self.bytes = UnsafeBufferPointer(rebasing: input[0..<0])
        self.invalidByte = UTF8Validation.firstInvalidByte(in: input)
        try loadWindow(readingHeader: format.hasHeader)
    }

    /// A document over one chunk of a stream, already parsed; its header comes from the stream's
    /// first chunk (and is read from this one when `header` is `nil`).
    ///
    /// - Parameters:
    ///   - firstLine: The line the chunk starts on.
    ///   - validating: Whether to check the chunk for UTF-8 (a reader that only counts its
    ///     records need not).
    init(
        chunk: UnsafeBufferPointer<UInt8>, table: CSVTable, format: CSVFormat,
        options: CSVDecodingOptions = CSVDecodingOptions(), header: [String]?, firstLine: Int, validating: Bool = true
    ) throws(CSVError) {
        self.input = chunk
        self.format = format
        self.options = options
        self.bytes = chunk
        self.table = table
        self.nextOffset = chunk.count
        self.windowLine = firstLine
        self.invalidByte = validating ? UTF8Validation.firstInvalidByte(in: chunk) : nil
        if let header {
            self.header = header
            self.keys = options.keys(forColumns: header)
            self.columns = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
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
            let (parsed, consumed) = try CSVTable.parse(
                window, format: format, isFinal: isFinal, firstLine: nextLine, stoppingAtError: true)
            if consumed == 0, !isFinal, parsed.error == nil {
                size *= 2  // One record longer than the window.
                continue
            }
            table = parsed
            // The records parsed: what follows them is read with the next window, or is the
            // malformed record that ended the parse.
            bytes = UnsafeBufferPointer(rebasing: window[0..<consumed])
            windowOffset = nextOffset
            windowLine = nextLine
            nextLine += parsed.lineFeedCount
            nextOffset += consumed
            break
        }
        try resolveRows(readingHeader: readingHeader)
    }

    /// The error for the byte at `offset` of the window, which is not UTF-8.
    private func encodingError(at offset: Int) -> CSVError {
        CSVDecoder.utf8Error(in: bytes, at: offset, firstLine: windowLine)
    }

    /// Where the row after `row` starts in the window, or the window's end.
    private func end(ofRow row: Int) -> Int {
        row + 1 < table.rowCount ? table.fields[table.rowStarts[row + 1]].start : bytes.count
    }

    /// Reads the header from the window if asked, and lists its data rows up to the first problem
    /// of the window, which becomes ``pendingError``: a ragged row, a byte that is not UTF-8, or
    /// the malformed CSV that ended the parse, whichever comes first.
    private func resolveRows(readingHeader: Bool) throws(CSVError) {
        // The window's first byte that is not UTF-8, if any.
        let invalid = invalidByte.flatMap { offset -> Int? in
            let local = offset - windowOffset
            return local >= 0 && local < bytes.count ? local : nil
        }
        var firstData = 0
        if readingHeader, table.rowCount > 0, let invalid, invalid < end(ofRow: 0) {
            throw encodingError(at: invalid)
        }
        if readingHeader, table.rowCount > 0 {
            var names = Set<String>()
            for column in 0..<table.fieldCount(ofRow: 0) {
                let field = table.fields[table.rowStarts[0] + column]
                let name = CSVTable.string(field, in: bytes)
                if !names.insert(name).inserted {
                    // The byte column of the second mention, counted from its line's start.
                    let lineStart = bytes[..<field.start].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    throw CSVError(
                        .invalidHeader, line: table.rowLines[0], column: field.start - lineStart + 1,
                        reason: "the header names the column '\(name)' twice")
                }
                header.append(name)
                let key = options.usesDefaultKeys ? name : options.key(forColumn: name)
                if columns[key] == nil { columns[key] = column }
                keys.append(key)
            }
            firstData = 1
            width = header.count
        } else if !format.hasHeader, width == 0, table.rowCount > 0 {
            width = table.fieldCount(ofRow: 0)
        }
        rows.removeAll(keepingCapacity: true)
        var problem: CSVError?
        for row in firstData..<max(firstData, table.rowCount) {
            if let invalid, invalid < end(ofRow: row) {
                problem = encodingError(at: invalid)
                break
            }
            let count = table.fieldCount(ofRow: row)
            if count == 1, width > 1, table.fields[table.rowStarts[row]].start == table.fields[table.rowStarts[row]].end
            {
                continue  // A blank line: not a record of a table with several columns.
            }
            if count != width, format.strictness == .strict {
                problem = CSVError(
                    .raggedRow, line: table.rowLines[row], column: 1,
                    reason:
                        "expected \(width) fields (as in the \(format.hasHeader ? "header" : "first row")), found \(count)"
                )
                break
            }
            rows.append(row)
        }
        if problem == nil, let error = table.error {
            problem = error  // In the record after the last row.
        } else if problem == nil, let invalid {
            problem = encodingError(at: invalid)  // After the last row: in a blank line's line end.
        }
        if let problem {
            pendingError = pendingError ?? problem
            nextOffset = input.count  // Nothing after the first problem is read.
        }
        hasRecords = hasRecords || !rows.isEmpty
    }

    /// The position of the column for the key `name`, or `nil`.
    @inline(__always)
    func column(named name: String) -> Int? {
        if lastColumn < keys.count, keys[lastColumn] == name { return lastColumn }
        if lastColumn + 1 < keys.count, keys[lastColumn + 1] == name {
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

    /// A record's error with its place in the input: an error a type's own `init(from:)` threw
    /// (a date it could not parse, a key it missed) gets the line and column of the field its
    /// coding path ends at — or of the record, when the path names no column — as a ``CSVError``
    /// underneath, as the decoder's own errors have.
    func positioned(_ error: DecodingError, row: Int) -> DecodingError {
        func place(_ context: DecodingError.Context) -> DecodingError.Context {
            guard !(context.underlyingError is CSVError) else { return context }
            let column = context.codingPath.last.flatMap { key in
                key.intValue == nil || format.hasHeader ? self.column(named: key.stringValue) : key.intValue
            }
            let (line, byteColumn) = column.map { position(row: row, column: $0) } ?? (table.rowLines[row], 1)
            let positioned = CSVError(
                .invalidValue, line: line, column: max(1, byteColumn), reason: context.debugDescription)
            return DecodingError.Context(
                codingPath: context.codingPath, debugDescription: positioned.description, underlyingError: positioned)
        }
        switch error {
        case .dataCorrupted(let context): return .dataCorrupted(place(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, place(context))
        case .typeMismatch(let type, let context): return .typeMismatch(type, place(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, place(context))
        @unknown default: return error
        }
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
