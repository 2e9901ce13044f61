/// A field of a record type, as its `init(from:)` reads it: the key, the Swift type and whether
/// every record must have it — learnt by decoding once with a probe, not declared by hand.
///
/// `RecordField` is `Sendable`.
public struct RecordField: Sendable, Hashable {
    /// The key: the CSV column's name, the JSON member's.
    public let name: String
    /// The Swift type, as Swift spells it: `UUID`, `String`, `[String]`.
    public let type: String
    /// Whether every record must have it (read without `IfPresent`).
    public let isRequired: Bool

    package init(name: String, type: String, isRequired: Bool) {
        self.name = name
        self.type = type
        self.isRequired = isRequired
    }
}
