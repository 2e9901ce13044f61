internal import TransferCodecs
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the conversion engine needs of a ``RecordsRepresentation`` entry: its record type and
/// format, a way to stream its records into another format, and its importer and exporter — each
/// for the format it is given, so that a conversion can read and write the records in another CSV
/// dialect (``TransferConversion``'s `csvFormat`) by passing that format, not by changing the
/// representation.
struct RecordChannel<Item>: Sendable {
    /// The record type, by identity.
    let recordType: ObjectIdentifier
    /// The record type's name, for explanations.
    let recordTypeName: String
    /// The format the records are read and written in.
    let format: RecordFormat
    /// The fields of a record, as its `init(from:)` reads them; `nil` when they cannot be learnt.
    let fields: [RecordField]?
    /// Reads the records of a file, a pipe or standard input in this channel's format and writes
    /// them in `target` format, batch by batch on the machine's cores. A record that cannot be read
    /// or written arrives as a `RecordCodingFailure` that says which side failed.
    let stream:
        @Sendable (
            _ input: ReadableFile, _ target: RecordFormat, _ counters: StreamCounters?, _ output: (Data) throws -> Void
        ) throws -> Void
    /// Whether records stream to `target` by a plan of the record type's coding, without making
    /// values (a `MemberwiseCodable` record type whose plan converts between the two formats).
    let usesPlan: @Sendable (_ target: RecordFormat) -> Bool
    /// The entry's exporter: the item's records written in ``format``; `nil` for a representation
    /// that only imports.
    let exporter: TransferRepresentationEntry<Item>.Exporter?
    /// The entry's importer: an item made of the records read in ``format``; `nil` for a
    /// representation that only exports.
    let importer: TransferRepresentationEntry<Item>.Importer?
    /// The same channel in another format.
    private let reformatted: @Sendable (RecordFormat) -> RecordChannel

    /// The channel of a representation that writes `records(item)` and reads `importing(records)`
    /// in `format`, as a file named `fileName`.
    init<Record: Codable & Sendable>(
        _ type: Record.Type, format: RecordFormat, fileName: String,
        records: (@Sendable (Item) async throws -> [Record])?, importing: (@Sendable ([Record]) async throws -> Item)?
    ) {
        recordType = ObjectIdentifier(type)
        recordTypeName = String(describing: type)
        self.format = format
        fields = CSVDecoder.fields(of: Record.self)
        usesPlan = { target in RecordPlan.of(Record.self)?.converts(from: format, to: target) ?? false }
        stream = { input, target, counters, output in
            try format.convert(Record.self, reading: input, to: target, counters: counters, output)
        }
        exporter = records.map { records in
            .file { item in
                let records = try await records(item)
                return try await .temporaryFile(named: fileName) { url in
                    try FileOperations.writePieces(to: url) { write in try format.encode(records, inPieces: write) }
                }
            }
        }
        importer = importing.map { importing in
            .file { received in try await importing(try format.decodeAll(Record.self, contentsOf: received.file)) }
        }
        reformatted = { format in
            RecordChannel(Record.self, format: format, fileName: fileName, records: records, importing: importing)
        }
    }

    /// The channel with its CSV dialect replaced by `csvFormat` (the coders' strategies kept);
    /// the same channel when its records are not CSV.
    func replacingCSVFormat(_ csvFormat: CSVFormat) -> RecordChannel {
        guard format.isCSV else { return self }
        return reformatted(format.replacingCSVFormat(csvFormat))
    }
}
