import TransferCodecs

/// One of an item's representations that is a sequence of records: its content type, how the
/// records are laid out, and the record type's fields (``Transferable/recordLayouts()``).
///
/// `RecordLayout` is `Sendable`.
public struct RecordLayout: Sendable, Hashable {
    /// The representation's content type.
    public let contentType: UTType
    /// How the records are laid out: `CSV rows`, `JSON array elements`, `JSON Lines`.
    public let format: String
    /// The record type's name, as Swift spells it.
    public let recordType: String
    /// The record's fields, as its `init(from:)` reads them; `nil` when they cannot be learnt.
    public let fields: [RecordField]?
}
