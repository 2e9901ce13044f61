public import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A representation of an item that is a sequence of records: the rows of a CSV table, the
/// elements of a JSON array.
///
/// Declare it for an archive, a table, a log — any item whose content is its records in order:
///
/// ```swift
/// struct ProfilesArchive: Transferable {
///     var profiles: [Profile]
///
///     static var transferRepresentation: some TransferRepresentation {
///         RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.profiles) {
///             ProfilesArchive(profiles: $0)
///         }
///         RecordsRepresentation(
///             contentType: .json, format: .jsonArray(encoder: Profile.jsonEncoder), records: \.profiles
///         ) {
///             ProfilesArchive(profiles: $0)
///         }
///     }
/// }
/// ```
///
/// Export and import work as for a ``FileRepresentation``: the records are written to a file the
/// framework owns, and read from the received file in place, a batch at a time on the machine's
/// cores. What the representation adds is that the records are visible one by one:
/// ``TransferConversion`` connects the records of one representation to those of another, so that
/// converting an archive from CSV to JSON reads a record, encodes it again and writes it, on all
/// the cores, in bounded memory, without the archive ever being made — and with the bytes and
/// errors of importing it whole and exporting it.
///
/// For that to hold, an item must be its records: `records` of the item that `importing` makes
/// from some records must be those records, in order.
///
/// `RecordsRepresentation` is `Sendable`.
public struct RecordsRepresentation<Item: Transferable, Record: Codable & Sendable>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    let contentType: UTType
    let format: RecordFormat
    let records: (@Sendable (Item) async throws -> [Record])?
    let importing: (@Sendable ([Record]) async throws -> Item)?

    /// Creates a representation that exports and imports an item as its records.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the file.
    ///   - format: How the records are laid out in it.
    ///   - records: The item's records, in order.
    ///   - importing: Makes an item from its records.
    public init(
        contentType: UTType,
        format: RecordFormat,
        records: @escaping @Sendable (Item) async throws -> [Record],
        importing: @escaping @Sendable ([Record]) async throws -> Item
    ) {
        self.contentType = contentType
        self.format = format
        self.records = records
        self.importing = importing
    }

    /// Creates a representation that only exports an item as its records.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the file.
    ///   - format: How the records are laid out in it.
    ///   - records: The item's records, in order.
    public init(
        contentType: UTType,
        format: RecordFormat,
        exporting records: @escaping @Sendable (Item) async throws -> [Record]
    ) {
        self.contentType = contentType
        self.format = format
        self.records = records
        self.importing = nil
    }

    /// Creates a representation that only imports an item from its records.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the file.
    ///   - format: How the records are laid out in it.
    ///   - importing: Makes an item from its records.
    public init(
        contentType: UTType,
        format: RecordFormat,
        importing: @escaping @Sendable ([Record]) async throws -> Item
    ) {
        self.contentType = contentType
        self.format = format
        self.records = nil
        self.importing = importing
    }
}

extension RecordsRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        let name = "\(Item.self)" + (contentType.nearestFilenameExtension.map { ".\($0)" } ?? "")
        let channel = RecordChannel<Item>(
            Record.self, format: format, fileName: name, records: records, importing: importing)
        var entry = TransferRepresentationEntry(
            contentType: contentType, payloadForm: .file, shouldAttemptToOpenInPlace: true,
            exporter: channel.exporter, importer: channel.importer)
        entry.records = channel
        return [entry]
    }
}
