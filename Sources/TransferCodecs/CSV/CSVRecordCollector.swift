#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
