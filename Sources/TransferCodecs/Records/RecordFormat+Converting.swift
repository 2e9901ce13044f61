package import TransferSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

extension RecordFormat {
    /// Converts the records of a file, a pipe or standard input in this format into `target`'s, a
    /// batch at a time on the machine's cores, handing the output to `body` in order: the bytes,
    /// and the errors, of decoding every record and encoding it again. The input is read once,
    /// from where it is to its end; the caller closes it.
    ///
    /// For a ``MemberwiseCodable`` record type whose plan converts between the two formats, a
    /// batch moves from one format to the other without making values; a batch with a record
    /// the plan cannot take as it is is decoded and encoded through `Codable`.
    ///
    /// - Throws: ``RecordCodingFailure`` for a record that cannot be read (a ``CSVError`` or
    ///   `DecodingError`, side ``RecordCodingFailure/Side/decoding``) or written (an `EncodingError`
    ///   or ``CSVError``, side ``RecordCodingFailure/Side/encoding``); `CocoaError` when the file
    ///   cannot be read; what `body` throws, unchanged; `CancellationError`.
    package func convert<Record: Codable & Sendable>(
        _ type: Record.Type, reading input: ReadableFile, to target: RecordFormat, counters: StreamCounters? = nil,
        _ body: (Data) throws -> Void
    ) throws {
        var bodyFailed = false
        do {
            try convertRecords(type, reading: input, to: target, counters: counters) { piece in
                do { try body(piece) } catch {
                    bodyFailed = true
                    throw error
                }
            }
        } catch let error as DecodingError where !bodyFailed {
            throw RecordCodingFailure(.decoding, error)
        } catch let error as CSVError where !bodyFailed {
            throw RecordCodingFailure(.decoding, error)
        }
    }

    /// ``convert(_:contentsOf:to:_:)``, its decoding errors as the codecs throw them.
    private func convertRecords<Record: Codable & Sendable>(
        _ type: Record.Type, reading input: ReadableFile, to target: RecordFormat, counters: StreamCounters?,
        _ body: (Data) throws -> Void
    ) throws {
        input.counters = counters
        let encoder = RecordWriter<Record>(format: target)
        var writer = encoder
        let encode: @Sendable ([Record], Int) throws -> RecordWriter<Record>.Batch = { records, first in
            do {
                return try encoder.encode(records, firstIndex: first)
            } catch {
                throw RecordCodingFailure(.encoding, error)
            }
        }
        let write: (TransformedBatch<RecordWriter<Record>.Batch>) throws -> Void = { batch in
            try batch.deliver { batch in
                do {
                    try writer.write(batch, body)
                } catch let error as EncodingError {
                    throw RecordCodingFailure(.encoding, error)
                }
                counters?.addRecordsWritten(batch.count)
            }
        }
        let plan = RecordPlan.of(type).flatMap { $0.converts(from: self, to: target) ? $0 : nil }
        switch (layout, target.layout, plan) {
        case (.csv(_, let csvDecoder), .jsonArray(let jsonEncoder, _), let plan?),
            (.csv(_, let csvDecoder), .jsonLines(let jsonEncoder, _), let plan?):
            let format = csvDecoder.format
            let layout: RecordPlan.JSONLayout = if case .jsonLines = target.layout { .lines } else { .commas }
            var reader = try CSVRecordReader(input, format: format, records: Record.self, options: csvDecoder.options)
            try OrderedPipeline.run(
                limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
                work: { batch in
                    if let bytes = plan.json(fromCSV: batch, format: format, encoder: jsonEncoder, layout: layout) {
                        return TransformedBatch(
                            result: .init(json: bytes, firstIndex: batch.firstRecord, count: batch.count), error: nil)
                    }
                    return try batch.decode(Record.self, decoder: csvDecoder).transformed {
                        try encode($0, batch.firstRecord)
                    }
                }, consume: write)
            try reader.checkColumnsIfEmpty(for: Record.self, options: csvDecoder.options)
        case (.jsonArray(_, let decoder), .csv(let csvEncoder, _), let plan?):
            let format = csvEncoder.format
            var file = JSONArrayFile(input, chunkSize: 1 << 20)
            // Runs of elements split on the cores; from the first run that does not split
            // exactly, the exact reader reads the rest.
            file.reader.makesRuns = true
            let written = file.reader.input.written
            do {
                try convertJSON(
                    plan, produce: { try file.reader.nextRun() ?? file.reader.nextBatch() }, positions: file.positions,
                    written: written, decoder: decoder, format: format, encode: encode, write: write)
            } catch let again as JSONReadAgain {
                var reader = try file.reader.resuming(at: again.offset, index: again.index)
                try convertJSON(
                    plan, produce: { try reader.nextBatch() }, positions: file.positions, written: nil,
                    startingAt: again.index, decoder: decoder, format: format, encode: encode, write: write)
            }
        case (.jsonLines(_, let decoder), .csv(let csvEncoder, _), let plan?):
            let format = csvEncoder.format
            let source = JSONFileSource(input, chunkSize: 1 << 20)
            var reader = JSONLinesReader(chunkSize: 1 << 20, source: source)
            try convertJSON(
                plan, produce: { try reader.nextBatch() }, positions: source.positions, written: nil,
                decoder: decoder, format: format, encode: encode, write: write)
        default:
            try decodeBatches(type, reading: input, transform: encode) { batch in
                try writer.write(batch, body)
                counters?.addRecordsWritten(batch.count)
            }
        }
        try writer.finish(body)
    }

    /// JSON values to CSV rows through a plan, batch by batch.
    ///
    /// A run of elements (``JSONArrayReader/nextRun()``) that does not split exactly, and a batch
    /// after a run that needs `Codable` (its index, for errors, is known only here), stop the
    /// conversion with ``JSONReadAgain``: what came before them is written, and the caller reads
    /// on from where they start with the exact reader. Each batch written is confirmed to
    /// `written`, so that a reader of a pipe lets go of the bytes before it. `first` is the index
    /// of the first element `produce` hands out.
    private func convertJSON<Record: Codable & Sendable>(
        _ plan: RecordPlan, produce: () throws -> JSONElementBatch?,
        positions: @escaping @Sendable (Int) -> JSONTextPosition, written: JSONWrittenOffset?,
        startingAt first: Int = 0,
        decoder: JSONTextDecoder, format: CSVFormat,
        encode: @escaping @Sendable ([Record], Int) throws -> RecordWriter<Record>.Batch,
        write: (TransformedBatch<RecordWriter<Record>.Batch>) throws -> Void
    ) throws {
        let columns = plan.fields.map(\.key)
        // The index of the next batch's first element, counted here for runs, whose readers do not.
        var nextIndex = first
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: produce,
            work: { batch -> JSONConverted<RecordWriter<Record>.Batch> in
                let batch = batch.parsed(positions: positions)
                guard batch.isSplitExactly else { return .readAgain(offset: batch.startOffset) }
                if let bytes = plan.csv(fromJSON: batch, format: format) {
                    return .converted(
                        TransformedBatch(
                            result: .init(
                                csv: bytes, columns: columns, firstIndex: batch.firstIndex,
                                count: batch.elements.count),
                            error: nil), end: batch.endOffset)
                }
                guard batch.isIndexKnown else { return .readAgain(offset: batch.startOffset) }
                return .converted(
                    try batch.decode(Record.self, with: decoder, positions: positions).transformed {
                        try encode($0, batch.firstIndex)
                    }, end: batch.endOffset)
            },
            consume: { converted in
                switch converted {
                case .readAgain(let offset):
                    throw JSONReadAgain(offset: offset, index: nextIndex)
                case .converted(var batch, let end):
                    batch.result?.firstIndex = nextIndex
                    nextIndex += batch.result?.count ?? 0
                    try write(batch)
                    written?.confirm(end)
                }
            })
    }
}

/// A batch of JSON values converted on a core, or where to read again from with the exact reader.
private enum JSONConverted<Batch: Sendable>: Sendable {
    /// The batch converted, and the offset in the document after its last byte.
    case converted(TransformedBatch<Batch>, end: Int)
    case readAgain(offset: Int)
}

/// Where the exact reader reads again from: the offset in the document of an element's first byte
/// (or of whitespace before it), and the element's index in the array.
private struct JSONReadAgain: Error {
    let offset: Int
    let index: Int
}
