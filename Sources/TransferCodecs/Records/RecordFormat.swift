#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// How a sequence of records is laid out as bytes: the rows of a CSV table, or the elements of a
/// JSON array.
///
/// A record format is what lets a large archive be read and written a record at a time: each
/// layout writes a run of records the same way wherever the run starts, so that the records can be
/// decoded and encoded in batches on all the machine's cores and the pieces joined in order give
/// the same bytes as the whole sequence encoded at once.
///
/// ```swift
/// RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.profiles) {
///     ProfilesArchive(profiles: $0)
/// }
/// ```
///
/// | format | the sequence | one record |
/// |---|---|---|
/// | ``csv(_:)``, ``csv(encoder:decoder:)`` | a header row, then one row per record (nothing at all for no record) | a row, by ``CSVEncoder`` and ``CSVDecoder`` |
/// | ``jsonArray(encoder:decoder:)`` | `[`, the records separated by commas, `]` | an element, by ``JSONTextEncoder`` and ``JSONTextDecoder`` |
/// | ``jsonLines(encoder:decoder:)`` | each record on a line of its own, ended by a line feed | a JSON value, by ``JSONTextEncoder`` and ``JSONTextDecoder`` |
///
/// `RecordFormat` is `Sendable`.
public struct RecordFormat: Sendable, CustomStringConvertible {
    enum Layout: Sendable {
        case csv(CSVEncoder, CSVDecoder)
        case jsonArray(JSONTextEncoder, JSONTextDecoder)
        case jsonLines(JSONTextEncoder, JSONTextDecoder)
    }

    let layout: Layout

    /// Records as the rows of a CSV table (RFC 4180), with the columns in the order the first
    /// record encodes its keys.
    ///
    /// - Parameter format: The CSV dialect. The default is RFC 4180 with a header row and CRLF.
    /// - Returns: The format.
    public static func csv(_ format: CSVFormat = CSVFormat()) -> RecordFormat {
        RecordFormat(layout: .csv(CSVEncoder(format: format), CSVDecoder(format: format)))
    }

    /// Records as the rows of a CSV table, written by `encoder` and read by `decoder`: each with its
    /// format and its strategies (dates, data, non-conforming floats, keys).
    ///
    /// ```swift
    /// var encoder = CSVEncoder()
    /// encoder.dateEncodingStrategy = .iso8601
    /// var decoder = CSVDecoder()
    /// decoder.dateDecodingStrategy = .iso8601
    /// RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(encoder: encoder, decoder: decoder),
    ///                       records: \.orders) { OrderBook(orders: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - encoder: The format and options each record is written with.
    ///   - decoder: The format and options each record is read with.
    /// - Returns: The format.
    public static func csv(encoder: CSVEncoder, decoder: CSVDecoder) -> RecordFormat {
        RecordFormat(layout: .csv(encoder, decoder))
    }

    /// Records as the elements of one JSON array (RFC 8259).
    ///
    /// With `.prettyPrinted` in the encoder's options the array is encoded whole, as
    /// ``JSONTextEncoder`` indents it: such a format does not stream (``isStreamable`` is false).
    ///
    /// - Parameters:
    ///   - encoder: The options each record is encoded with.
    ///   - decoder: The options each record is decoded with.
    /// - Returns: The format.
    public static func jsonArray(
        encoder: JSONTextEncoder = JSONTextEncoder(), decoder: JSONTextDecoder = JSONTextDecoder()
    ) -> RecordFormat {
        RecordFormat(layout: .jsonArray(encoder, decoder))
    }

    /// Records as JSON Lines (https://jsonlines.org, also called NDJSON): one JSON value a line,
    /// each line ended by a line feed.
    ///
    /// Reading skips blank lines and allows a carriage return before a line feed; a value must end
    /// on its line. `.prettyPrinted` does not apply (a value takes one line) and is ignored.
    ///
    /// - Parameters:
    ///   - encoder: The options each record is encoded with.
    ///   - decoder: The options each record is decoded with.
    /// - Returns: The format.
    public static func jsonLines(
        encoder: JSONTextEncoder = JSONTextEncoder(), decoder: JSONTextDecoder = JSONTextDecoder()
    ) -> RecordFormat {
        var encoder = encoder
        encoder.outputFormatting.remove(.prettyPrinted)
        return RecordFormat(layout: .jsonLines(encoder, decoder))
    }

    /// A CSV format that replaces the one CSV record formats declare, for the task that sets it
    /// (``resolved``): what `TransferConversion`'s `csvFormat` reads and writes records in.
    @TaskLocal package static var csvFormatOverride: CSVFormat?

    /// This format, its CSV format replaced by the task's ``csvFormatOverride`` when it is CSV;
    /// the coders' strategies are kept.
    package var resolved: RecordFormat {
        guard let override = Self.csvFormatOverride, case .csv(var encoder, var decoder) = layout else { return self }
        encoder.format = override
        decoder.format = override
        return RecordFormat(layout: .csv(encoder, decoder))
    }

    /// Whether a sequence in this format can be written a batch of records at a time: every format
    /// but a pretty-printed JSON array, which is indented as a whole.
    public var isStreamable: Bool {
        switch layout {
        case .csv, .jsonLines: true
        case .jsonArray(let encoder, _): !encoder.outputFormatting.contains(.prettyPrinted)
        }
    }

    /// `CSV rows`, `JSON array elements` or `JSON Lines`.
    public var description: String {
        switch layout {
        case .csv: "CSV rows"
        case .jsonArray: "JSON array elements"
        case .jsonLines: "JSON Lines"
        }
    }
}

// MARK: - Reading

extension RecordFormat {
    /// Decodes the records of a file a batch at a time on the machine's cores, turns each batch
    /// into something else where it was decoded (`transform` runs concurrently), and hands the
    /// results to `body` in the order of the records.
    ///
    /// When a record fails to decode, the records before it are transformed and delivered, then
    /// the error is thrown: the same error, with the same line, column and coding path, however
    /// the file is cut into batches.
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - transform: Turns a batch of records, and the index of the first of them, into a result.
    ///   - body: Receives the results in order.
    /// - Throws: The codec's errors (``CSVError``, `DecodingError`), what `transform` or `body`
    ///   throws, `CocoaError` when the file cannot be read, `CancellationError`.
    package func decodeBatches<Record: Decodable & Sendable, Output: Sendable>(
        _ type: Record.Type, contentsOf url: URL,
        transform: @escaping @Sendable ([Record], Int) throws -> Output,
        _ body: (Output) throws -> Void
    ) throws {
        switch layout {
        case .csv(_, let decoder):
            try decoder.decodeElements(type, contentsOf: url, transformingBatches: transform, body)
        case .jsonArray(_, let decoder):
            try JSONArrayDecoder(decoder).decodeElements(type, contentsOf: url, transformingBatches: transform, body)
        case .jsonLines(_, let decoder):
            try JSONLinesReader.decodeElements(
                type, contentsOf: url, decoder: decoder, transformingBatches: transform, body)
        }
    }

    /// Decodes every record of a file, in order, on the machine's cores.
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    /// - Returns: The records.
    /// - Throws: What ``decodeBatches(_:contentsOf:transform:_:)`` throws.
    package func decodeAll<Record: Decodable & Sendable>(_ type: Record.Type, contentsOf url: URL) throws -> [Record] {
        var records: [Record] = []
        try decodeBatches(type, contentsOf: url, transform: { batch, _ in batch }) { records += $0 }
        return records
    }
}

// MARK: - Converting

extension RecordFormat {
    /// Converts the records of a file in this format into `target`'s, a batch at a time on the
    /// machine's cores, handing the output to `body` in order: the bytes, and the errors, of
    /// decoding every record and encoding it again.
    ///
    /// For a ``MemberwiseCodable`` record type whose plan converts between the two formats, a
    /// batch moves from one format to the other without making values; a batch with a record
    /// the plan cannot take as it is is decoded and encoded through `Codable`.
    ///
    /// - Throws: What ``decodeBatches(_:contentsOf:transform:_:)`` throws; an encoding error
    ///   wrapped in ``RecordEncodingFailure``; what `body` throws.
    package func convert<Record: Codable & Sendable>(
        _ type: Record.Type, contentsOf url: URL, to target: RecordFormat, _ body: (Data) throws -> Void
    ) throws {
        let encoder = RecordWriter<Record>(format: target)
        var writer = encoder
        let encode: @Sendable ([Record], Int) throws -> RecordWriter<Record>.Batch = { records, first in
            do {
                return try encoder.encode(records, firstIndex: first)
            } catch {
                throw RecordEncodingFailure(error: error)
            }
        }
        let write: (TransformedBatch<RecordWriter<Record>.Batch>) throws -> Void = { batch in
            try batch.deliver { batch in
                do {
                    try writer.write(batch, body)
                } catch let error as EncodingError {
                    throw RecordEncodingFailure(error: error)
                }
            }
        }
        let plan = RecordPlan.of(type).flatMap { $0.converts(from: self, to: target) ? $0 : nil }
        switch (layout, target.layout, plan) {
        case (.csv(_, let csvDecoder), .jsonArray(let jsonEncoder, _), let plan?),
            (.csv(_, let csvDecoder), .jsonLines(let jsonEncoder, _), let plan?):
            let format = csvDecoder.format
            let layout: RecordPlan.JSONLayout = if case .jsonLines = target.layout { .lines } else { .commas }
            var reader = try CSVRecordReader(url, format: format)
            defer { reader.close() }
            try OrderedPipeline.run(
                limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
                work: { batch in
                    if let bytes = plan.json(fromCSV: batch, format: format, encoder: jsonEncoder, layout: layout) {
                        return TransformedBatch(result: .init(json: bytes, firstIndex: batch.firstRecord), error: nil)
                    }
                    return try batch.decode(Record.self, decoder: csvDecoder).transformed {
                        try encode($0, batch.firstRecord)
                    }
                }, consume: write)
            try reader.checkColumnsIfEmpty(for: Record.self, options: csvDecoder.options)
        case (.jsonArray(_, let decoder), .csv(let csvEncoder, _), let plan?):
            let format = csvEncoder.format
            var file = try JSONArrayFile(url, chunkSize: 1 << 20)
            defer { file.close() }
            try convertJSON(
                plan, produce: { try file.reader.nextBatch() }, positions: file.positions, decoder: decoder,
                format: format, encode: encode, write: write)
        case (.jsonLines(_, let decoder), .csv(let csvEncoder, _), let plan?):
            let format = csvEncoder.format
            let source = try JSONFileSource(url, chunkSize: 1 << 20)
            defer { source.close() }
            var reader = JSONLinesReader(chunkSize: 1 << 20, positions: source.positions, read: source.read)
            try convertJSON(
                plan, produce: { try reader.nextBatch() }, positions: source.positions, decoder: decoder,
                format: format, encode: encode, write: write)
        default:
            try decodeBatches(type, contentsOf: url, transform: encode) { try writer.write($0, body) }
        }
        try writer.finish(body)
    }

    /// JSON values to CSV rows through a plan, batch by batch.
    private func convertJSON<Record: Codable & Sendable>(
        _ plan: RecordPlan, produce: () throws -> JSONElementBatch?,
        positions: @escaping @Sendable (Int) -> JSONTextPosition, decoder: JSONTextDecoder, format: CSVFormat,
        encode: @escaping @Sendable ([Record], Int) throws -> RecordWriter<Record>.Batch,
        write: (TransformedBatch<RecordWriter<Record>.Batch>) throws -> Void
    ) throws {
        let columns = plan.fields.map(\.key)
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: produce,
            work: { batch in
                if let bytes = plan.csv(fromJSON: batch, format: format) {
                    return TransformedBatch(
                        result: .init(csv: bytes, columns: columns, firstIndex: batch.firstIndex), error: nil)
                }
                return try batch.decode(Record.self, with: decoder, positions: positions).transformed {
                    try encode($0, batch.firstIndex)
                }
            }, consume: write)
    }
}

/// An error of the encoding side of a conversion, told apart from the decoding side's.
package struct RecordEncodingFailure: Error {
    package let error: any Error
}

// MARK: - Writing

extension RecordFormat {
    /// Encodes records in pieces, a batch at a time on the machine's cores, and hands the pieces
    /// to `body` in order: together, the whole sequence in this format.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - body: Receives the pieces.
    /// - Throws: `EncodingError` from a record, its coding path starting at the record's index;
    ///   what `body` throws; `CancellationError`.
    package func encode<Record: Encodable & Sendable>(_ records: [Record], inPieces body: (Data) throws -> Void)
        throws
    {
        var writer = RecordWriter<Record>(format: self)
        guard isStreamable else {
            try writer.encodeWhole(records, body)
            return
        }
        let batch = 1024
        var start = 0
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit,
            produce: { () -> Int? in
                guard start < records.count else { return nil }
                defer { start += batch }
                return start
            },
            work: { [writer] first in
                try writer.encode(Array(records[first..<min(first + batch, records.count)]), firstIndex: first)
            },
            consume: { try writer.write($0, body) })
        try writer.finish(body)
    }
}

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

        init(bytes: Data, columns: [String], records: [Record], firstIndex: Int) {
            self.bytes = bytes
            self.columns = columns
            self.records = records
            self.firstIndex = firstIndex
        }

        /// JSON a plan wrote.
        init(json: [UInt8], firstIndex: Int) {
            self.init(bytes: Data(json), columns: [], records: [], firstIndex: firstIndex)
        }

        /// CSV rows a plan wrote, with the plan's columns.
        init(csv: [UInt8], columns: [String], firstIndex: Int) {
            self.init(bytes: Data(csv), columns: columns, records: [], firstIndex: firstIndex)
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
            return Batch(bytes: bytes, columns: columns, records: records, firstIndex: firstIndex)
        case .jsonArray(let encoder, _):
            let bytes = try JSONArrayEncoder(encoder).encodeElements(records, firstIndex: firstIndex)
            return Batch(bytes: bytes, columns: [], records: [], firstIndex: firstIndex)
        case .jsonLines(let encoder, _):
            let context = encoder.makeContext()
            var bytes: [UInt8] = []
            try records.withUnsafeBufferPointer { records in
                for offset in records.indices {
                    try context.encodeDocument(records[offset], appendingTo: &bytes, index: firstIndex + offset)
                    bytes.append(0x0A)
                }
            }
            return Batch(bytes: Data(bytes), columns: [], records: [], firstIndex: firstIndex)
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
