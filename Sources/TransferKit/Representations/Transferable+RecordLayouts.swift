import TransferCodecs

extension Transferable {
    /// The item's representations that are sequences of records (``RecordsRepresentation``s), in
    /// order, each with its record type and fields: what a conversion between two of them streams.
    /// Empty when there are none or the representations cannot be flattened.
    ///
    /// ```swift
    /// ProfilesArchive.recordLayouts().map(\.contentType)   // [.commaSeparatedText, .json, .jsonLines]
    /// ```
    ///
    /// - Returns: The layouts, in the order of the representations.
    public static func recordLayouts() -> [RecordLayout] {
        ((try? flattenedRepresentations()) ?? []).compactMap { entry in
            entry.records.map {
                RecordLayout(
                    contentType: entry.contentType, format: $0.format.description, recordType: $0.recordTypeName,
                    fields: $0.fields)
            }
        }
    }
}
