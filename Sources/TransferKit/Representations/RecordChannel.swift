internal import TransferCodecs
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the conversion engine needs of a ``RecordsRepresentation`` entry: its record type and
/// format, and a way to stream its records into another format.
struct RecordChannel: Sendable {
    /// The record type, by identity.
    let recordType: ObjectIdentifier
    /// The record type's name, for explanations.
    let recordTypeName: String
    let format: RecordFormat
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
    /// The fields of a record, as its `init(from:)` reads them; `nil` when they cannot be learnt.
    let fields: [RecordField]?

    init<Record: Codable & Sendable>(_ type: Record.Type, format: RecordFormat) {
        recordType = ObjectIdentifier(type)
        recordTypeName = String(describing: type)
        self.format = format
        fields = CSVDecoder.fields(of: Record.self)
        usesPlan = { target in
            RecordPlan.of(Record.self)?.converts(from: format.resolved, to: target.resolved) ?? false
        }
        stream = { input, target, counters, output in
            try format.resolved.convert(Record.self, reading: input, to: target.resolved, counters: counters, output)
        }
    }
}
