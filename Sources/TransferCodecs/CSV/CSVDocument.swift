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
