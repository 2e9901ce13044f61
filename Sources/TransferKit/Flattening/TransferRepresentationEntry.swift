internal import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One representation of a type, flattened: a content type with how to export an item to it and
/// import an item from it.
///
/// ``Transferable/flattenedRepresentations()`` lists a type's entries in order of preference:
/// the representation tree walked in order, proxies expanded in place into the proxied type's
/// entries, and modifiers applied. Export, import and negotiation read only this list. It is
/// public, read-only, for tests and tools:
///
/// ```swift
/// for entry in try Profile.flattenedRepresentations() {
///     print(entry.contentType, entry.payloadForm, entry.canExport, entry.canImport)
/// }
/// // com.example.profile data true true
/// // public.utf8-plain-text data true false
/// ```
///
/// `TransferRepresentationEntry` is `Sendable`.
public struct TransferRepresentationEntry<Item>: Sendable {
    /// The content type of the payload.
    public let contentType: UTType
    /// The form the representation produces natively.
    public let payloadForm: TransferPayloadForm
    /// Who may see the representation.
    public internal(set) var visibility: TransferRepresentationVisibility
    /// The types this entry was reached through, outermost first: empty for the type's own
    /// representations, `["URL"]` for one that came from `ProxyRepresentation(exporting: \.file)`.
    public let proxyChain: [String]
    /// Whether a received file may be the original rather than a copy (importing file
    /// representations that set `shouldAttemptToOpenInPlace`).
    public let shouldAttemptToOpenInPlace: Bool
    /// Whether an exported file may be handed over in place (exporting file representations that
    /// set `shouldAllowToOpenInPlace`).
    public let allowsOpeningInPlace: Bool

    var exporter: Exporter?
    var importer: Importer?
    /// The value handed over in process for the `.value` form: `nil` for the item itself (the
    /// type's own representations), the proxy's value for an entry reached through a
    /// `ProxyRepresentation` (the innermost one, through nested proxies).
    var valueExporter: (@Sendable (Item) async throws -> any Sendable)?
    /// The composed exporting conditions; `nil` when there is none.
    var condition: (@Sendable (Item) -> Bool)?
    /// The suggested file name in force; `nil` when none was set.
    var fileName: (@Sendable (Item) -> String?)?
    /// The records of a ``RecordsRepresentation``, for conversions that stream them; `nil` for
    /// every other representation, and for one reached through a proxy.
    var records: RecordChannel<Item>?

    /// Whether the entry is a ``RecordsRepresentation``'s: its payload is a sequence of records
    /// that ``TransferConversion`` can stream.
    public var isRecordSequence: Bool { records != nil }

    /// Whether the entry can export an item.
    public var canExport: Bool { exporter != nil }
    /// Whether the entry can import an item.
    public var canImport: Bool { importer != nil }
    /// Whether an exporting condition applies to the entry.
    public var hasExportingCondition: Bool { condition != nil }

    /// Whether the entry can export `item`: it has an exporter and its exporting conditions hold.
    ///
    /// - Parameter item: The item to export.
    /// - Returns: `false` when the entry cannot export, or a condition is false for `item`.
    public func canExport(_ item: Item) -> Bool {
        canExport && (condition?(item) ?? true)
    }

    /// The file name suggested for `item` through this entry, if any.
    ///
    /// - Parameter item: The item.
    /// - Returns: The name set by the last `suggestedFileName` modifier that applies.
    public func suggestedFileName(for item: Item) -> String? {
        fileName?(item)
    }

    /// How an entry produces its payload.
    enum Exporter: Sendable {
        case data(@Sendable (Item) async throws -> Data)
        case file(@Sendable (Item) async throws -> SentTransferredFile)
    }

    /// How an entry consumes its payload.
    enum Importer: Sendable {
        case data(@Sendable (Data) async throws -> Item)
        case file(@Sendable (ReceivedTransferredFile) async throws -> Item)
    }

    init(
        contentType: UTType,
        payloadForm: TransferPayloadForm,
        visibility: TransferRepresentationVisibility = .all,
        proxyChain: [String] = [],
        shouldAttemptToOpenInPlace: Bool = false,
        allowsOpeningInPlace: Bool = false,
        exporter: Exporter?,
        importer: Importer?,
        condition: (@Sendable (Item) -> Bool)? = nil,
        fileName: (@Sendable (Item) -> String?)? = nil,
        valueExporter: (@Sendable (Item) async throws -> any Sendable)? = nil
    ) {
        self.valueExporter = valueExporter
        self.contentType = contentType
        self.payloadForm = payloadForm
        self.visibility = visibility
        self.proxyChain = proxyChain
        self.shouldAttemptToOpenInPlace = shouldAttemptToOpenInPlace
        self.allowsOpeningInPlace = allowsOpeningInPlace
        self.exporter = exporter
        self.importer = importer
        self.condition = condition
        self.fileName = fileName
    }
}

// MARK: - CustomStringConvertible

extension TransferRepresentationEntry: CustomStringConvertible {
    /// The content type, form and directions, such as `public.png (data, export, import)`.
    public var description: String {
        var parts = [payloadForm.description]
        if canExport { parts.append("export") }
        if canImport { parts.append("import") }
        if hasExportingCondition { parts.append("conditional") }
        if visibility != .all { parts.append("visibility \(visibility)") }
        if !proxyChain.isEmpty { parts.append("via \(proxyChain.joined(separator: " → "))") }
        return "\(contentType.identifier) (\(parts.joined(separator: ", ")))"
    }
}

// MARK: - Modifying

extension TransferRepresentationEntry {
    /// The entry with a further exporting condition: both must hold.
    func adding(condition extra: @escaping @Sendable (Item) -> Bool) -> Self {
        var copy = self
        if let existing = condition {
            copy.condition = { item in existing(item) && extra(item) }
        } else {
            copy.condition = extra
        }
        return copy
    }

    /// The entry with its records read and written in the CSV dialect `csvFormat` (a
    /// ``TransferConversion``'s): its importer and exporter made again from its record channel in
    /// that format, its exporting conditions kept. Any entry whose records are not CSV is returned
    /// unchanged.
    func replacingCSVFormat(_ csvFormat: CSVFormat) -> Self {
        guard let records, records.format.isCSV else { return self }
        var copy = self
        let channel = records.replacingCSVFormat(csvFormat)
        copy.records = channel
        copy.importer = channel.importer
        copy.exporter = channel.exporter.map { exporter in
            condition.map { exporter.gated(by: $0, contentType) } ?? exporter
        }
        return copy
    }

    /// The entry with a file name that overrides any set before.
    func replacing(fileName: @escaping @Sendable (Item) -> String?) -> Self {
        var copy = self
        copy.fileName = fileName
        return copy
    }

    /// The entry with a visibility no wider than `visibility`.
    func restricting(to visibility: TransferRepresentationVisibility) -> Self {
        var copy = self
        copy.visibility = max(self.visibility, visibility)
        return copy
    }
}
