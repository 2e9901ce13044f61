#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Writes a sequence of records in a ``RecordFormat`` from batches encoded anywhere: ``encode(_:firstIndex:)``
/// runs on any core, ``write(_:_:)`` takes the batches in order and adds what goes between them.
package struct RecordWriter<Record: Encodable & Sendable>: Sendable {
    /// A batch of records, encoded.
    package struct Batch: Sendable {
        var bytes: Data
        /// The CSV columns the batch's first record set; empty for JSON.
        var columns: [String]
        /// The records, kept for a CSV batch whose columns differ from the first batch's: it is
        /// encoded again with the first batch's columns, as one encoder would have.
        var records: [Record]
        var firstIndex: Int
        /// How many records the batch holds.
        var count: Int

        init(bytes: Data, columns: [String], records: [Record], firstIndex: Int, count: Int) {
            self.bytes = bytes
            self.columns = columns
            self.records = records
            self.firstIndex = firstIndex
            self.count = count
        }

        /// JSON a plan wrote.
        init(json: Data, firstIndex: Int, count: Int) {
            self.init(bytes: json, columns: [], records: [], firstIndex: firstIndex, count: count)
        }

        /// CSV rows a plan wrote, with the plan's columns.
        init(csv: Data, columns: [String], firstIndex: Int, count: Int) {
            self.init(bytes: csv, columns: columns, records: [], firstIndex: firstIndex, count: count)
        }
    }

    let format: RecordFormat
    private var written = 0
    private var columns: [String]?

    package init(format: RecordFormat) {
        self.format = format
    }

    /// Encodes a batch of records, the first at index `firstIndex` of the sequence.
    package func encode(_ records: [Record], firstIndex: Int) throws -> Batch {
        switch format.layout {
        case .csv(let csv, _):
            let (bytes, columns) = try Self.encodeCSV(records, encoder: csv, firstIndex: firstIndex, columns: nil)
            return Batch(bytes: bytes, columns: columns, records: records, firstIndex: firstIndex, count: records.count)
        case .jsonArray(let encoder, _):
            let bytes = try JSONArrayEncoder(encoder).encodeElements(records, firstIndex: firstIndex)
            return Batch(bytes: bytes, columns: [], records: [], firstIndex: firstIndex, count: records.count)
        case .jsonLines(let encoder, _):
            let context = encoder.makeContext()
            var bytes: [UInt8] = []
            try records.withUnsafeBufferPointer { records in
                for offset in records.indices {
                    try context.encodeDocument(records[offset], appendingTo: &bytes, index: firstIndex + offset)
                    bytes.append(0x0A)
                }
            }
            return Batch(bytes: Data(bytes), columns: [], records: [], firstIndex: firstIndex, count: records.count)
        }
    }

    /// Hands the next batch to `body`, with what goes before it.
    package mutating func write(_ batch: Batch, _ body: (Data) throws -> Void) throws {
        guard !batch.bytes.isEmpty else { return }
        switch format.layout {
        case .csv(let csv, _):
            if let columns, columns != batch.columns {
                // A plan's rows have the plan's columns, which are the type's: only records that
                // `Codable` encoded can name others, and they are kept to be encoded again.
                guard !batch.records.isEmpty else {
                    throw EncodingError.invalidValue(
                        batch.columns,
                        .init(
                            codingPath: [],
                            debugDescription: "rows with the columns \(batch.columns), expected \(columns)"))
                }
                let (bytes, _) = try Self.encodeCSV(
                    batch.records, encoder: csv, firstIndex: batch.firstIndex, columns: columns)
                try body(bytes)
            } else {
                columns = columns ?? batch.columns
                try body(batch.bytes)
            }
        case .jsonArray:
            try body(Data((written == 0 ? "[" : ",").utf8))
            try body(batch.bytes)
        case .jsonLines:
            try body(batch.bytes)
        }
        written += 1
    }

    /// Hands the end of the sequence to `body`.
    package func finish(_ body: (Data) throws -> Void) throws {
        switch format.layout {
        case .csv, .jsonLines: break
        case .jsonArray: try body(Data((written == 0 ? "[]" : "]").utf8))
        }
    }

    /// Encodes the whole sequence at once (a pretty-printed JSON array).
    func encodeWhole(_ records: [Record], _ body: (Data) throws -> Void) throws {
        switch format.layout {
        case .csv(let csv, _): try body(try csv.encode(records))
        case .jsonArray(let encoder, _): try body(try encoder.encode(records))
        case .jsonLines: try body(encode(records, firstIndex: 0).bytes)
        }
    }

    /// Rows for `records`: with the header and the byte-order mark for the first batch, with
    /// `columns` when they are known.
    private static func encodeCSV(_ records: [Record], encoder: CSVEncoder, firstIndex: Int, columns: [String]?)
        throws -> (Data, [String])
    {
        let collector: CSVRecordCollector
        let format = encoder.format
        let options = encoder.options
        if firstIndex == 0 {
            collector = CSVRecordCollector(format: format, options: options)
        } else if let columns {
            collector = CSVRecordCollector(
                format: format, options: options, continuing: columns, recordsBefore: firstIndex)
        } else {
            collector = CSVRecordCollector(format: format, options: options, recordsBefore: firstIndex)
        }
        try records.withUnsafeBufferPointer { records in
            for offset in records.indices {
                try records[offset].encode(
                    to: CSVValueEncoder(collector: collector, codingPath: [IndexKey(firstIndex + offset)]))
            }
        }
        return (try collector.finish(), collector.columns)
    }
}
