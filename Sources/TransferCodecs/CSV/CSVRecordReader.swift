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

/// Reads a CSV file a window of complete records at a time, parsed and ready to decode.
struct CSVRecordReader {
    /// The input read at a time, and so a window's size: small enough that a window stays in a
    /// core's L2 cache through all the passes over it (validation, decoding or the plan, writing),
    /// and that the windows spread over the cores early. 1M profiles CSV → JSON, CPU time, medians
    /// of 7: 1 MiB 2.79 s → 256 KiB 2.20 s; in a second run 256 KiB 2.48 s → 128 KiB 2.19 s; 64 KiB
    /// no faster than 128 KiB.
    static let chunkSize = 1 << 17

    private let file: ReadableFile
    private let format: CSVFormat
    private var buffer: [UInt8] = []
    private var header: [String]?
    private var line = 1
    private var atEnd = false
    private var first = true
    private var records = 0

    /// Checks the header as soon as it is read (``CSVDecoder/checkDialect(ofHeader:for:format:)``).
    private let checkHeader: ([String]) throws(CSVError) -> Void

    /// Reads `file` — a file, a pipe, standard input — from where it is to its end, for records of
    /// `type` whose keys `options` map from the columns.
    init<Record: Decodable>(
        _ file: ReadableFile, format: CSVFormat, records type: Record.Type, options: CSVDecodingOptions
    ) throws {
        try CSVDecoder.validate(format)
        self.file = file
        self.format = format
        checkHeader = { header throws(CSVError) in
            try CSVDecoder.checkDialect(ofHeader: options.keys(forColumns: header), for: type, format: format)
        }
    }

    func close() {
        file.close()
    }

    /// After the last window: when the file held a header and no record, checks that the header
    /// is the records' own (``CSVDecoder/checkColumns(_:for:format:)``).
    func checkColumnsIfEmpty<T: Decodable>(for type: T.Type, options: CSVDecodingOptions) throws(CSVError) {
        guard records == 0, let header else { return }
        try CSVDecoder.checkColumns(
            options.keys(forColumns: header), for: type, format: format)
    }

    /// The next window of records, or `nil` at the end of the file.
    mutating func nextBatch() throws -> CSVRecordBatch? {
        while !(atEnd && buffer.isEmpty) {
            if !atEnd {
                let count: Int
                if buffer.count <= Self.chunkSize {
                    // A new window: the rest of the last one, then the next bytes, read in place.
                    (buffer, count) = try file.reading(upTo: Self.chunkSize, after: buffer[...])
                } else {
                    // A record longer than a window grows its buffer instead of copying it each time.
                    count = try file.append(upTo: Self.chunkSize, to: &buffer)
                }
                if count == 0 { atEnd = true }
            }
            if first {
                try buffer.withUnsafeBufferPointer { bytes throws(CSVError) in try CSVDecoder.checkNotUTF16(bytes) }
                if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { buffer.removeFirst(3) }
            }
            first = false
            // Malformed CSV ends the table, and the window carries the error after its records:
            // a bad value in one of them is reported first, as it comes first.
            let (table, consumed) = try buffer.withUnsafeBufferPointer { bytes throws(CSVError) in
                try CSVTable.parse(bytes, format: format, isFinal: atEnd, firstLine: line, stoppingAtError: true)
            }
            if consumed == 0, table.error == nil {
                if atEnd { break }
                continue  // A record longer than what was read: read more.
            }
            // The window takes the buffer's storage (no copy of its records); the rest after them
            // starts the next buffer.
            var window = buffer
            buffer = Array(window[consumed...])
            window.removeLast(window.count - consumed)
            var batch = CSVRecordBatch(
                bytes: window, table: table, header: header, firstLine: line, firstRecord: records)
            if header == nil, format.hasHeader, table.rowCount > 0 {
                let read = try batch.bytes.withUnsafeBufferPointer { bytes throws(CSVError) in
                    try CSVDocument(chunk: bytes, table: table, format: format, header: nil, firstLine: line).header
                }
                try checkHeader(read)
                header = read
            }
            batch.count = try batch.recordCount(format: format)
            records += batch.count
            line += table.lineFeedCount
            if table.error != nil {
                // Nothing after the first problem is read.
                atEnd = true
                buffer = []
            }
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
    /// How many records the window holds (``recordCount(format:)``), once the reader has counted.
    var count = 0

    /// How many records (data rows, blank lines skipped) the window holds, up to a ragged row.
    func recordCount(format: CSVFormat) throws(CSVError) -> Int {
        try bytes.withUnsafeBufferPointer { bytes throws(CSVError) in
            try CSVDocument(
                chunk: bytes, table: table, format: format, header: header, firstLine: firstLine, validating: false
            ).rows.count
        }
    }

    /// The window as a document: its records up to its first problem, which is the document's
    /// ``CSVDocument/pendingError``.
    func document(
        bytes: UnsafeBufferPointer<UInt8>, format: CSVFormat, options: CSVDecodingOptions = CSVDecodingOptions()
    ) throws(CSVError) -> CSVDocument {
        try CSVDocument(
            chunk: bytes, table: table, format: format, options: options, header: header, firstLine: firstLine)
    }

    /// Decodes the records, up to the first that fails: a bad value, or the window's first problem
    /// of form or encoding, whichever comes first.
    func decode<T: Decodable>(_ type: T.Type, decoder csvDecoder: CSVDecoder) -> DecodedBatch<T> {
        var values: [T] = []
        do {
            try bytes.withUnsafeBufferPointer { bytes in
                let document = try document(bytes: bytes, format: csvDecoder.format, options: csvDecoder.options)
                let decoder = CSVValueDecoder(document: document, row: nil, path: CSVCodingPath([]))
                values.reserveCapacity(document.rows.count)
                var record = firstRecord
                for row in document.rows {
                    decoder.row = row
                    decoder.path.record = record
                    do {
                        values.append(try T(from: decoder))
                    } catch let error as DecodingError {
                        throw document.positioned(error, row: row)
                    }
                    record += 1
                }
                if let error = document.pendingError { throw error.atRecord(record) }
            }
            return DecodedBatch(values: values, error: nil)
        } catch {
            return DecodedBatch(values: values, error: error)
        }
    }
}
