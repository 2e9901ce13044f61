package import TransferSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

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
        let file = try ReadableFile(url)
        defer { file.close() }
        try decodeBatches(type, reading: file, transform: transform, body)
    }

    /// ``decodeBatches(_:contentsOf:transform:_:)`` from a file, a pipe or standard input, read
    /// from where it is to its end; the caller closes it.
    package func decodeBatches<Record: Decodable & Sendable, Output: Sendable>(
        _ type: Record.Type, reading file: ReadableFile,
        transform: @escaping @Sendable ([Record], Int) throws -> Output,
        _ body: (Output) throws -> Void
    ) throws {
        switch layout {
        case .csv(_, let decoder):
            try decoder.decodeElements(type, reading: file, transformingBatches: transform, body)
        case .jsonArray(_, let decoder):
            try JSONArrayDecoder(decoder).decodeElements(type, reading: file, transformingBatches: transform, body)
        case .jsonLines(_, let decoder):
            try JSONLinesReader.decodeElements(
                type, reading: file, decoder: decoder, transformingBatches: transform, body)
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
