import TransferCodecs

/// One of an item's representations that is a sequence of records: for `transfer convert --list`.
package struct RecordLayout: Sendable {
    /// The representation's content type.
    package let contentType: UTType
    /// How the records are laid out (`CSV rows`, `JSON array elements`, `JSON Lines`).
    package let format: String
    /// The record type's name.
    package let recordType: String
    /// The record's fields, as its `init(from:)` reads them; `nil` when they cannot be learnt.
    package let fields: [RecordField]?
}

extension Transferable {
    /// The item's representations that are sequences of records (``RecordsRepresentation``s), in
    /// order; empty when there are none or the representations cannot be flattened.
    package static func recordLayouts() -> [RecordLayout] {
        ((try? flattenedRepresentations()) ?? []).compactMap { entry in
            entry.records.map {
                RecordLayout(
                    contentType: entry.contentType, format: $0.format.description, recordType: $0.recordTypeName,
                    fields: $0.fields)
            }
        }
    }
}
