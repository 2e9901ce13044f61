#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

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
