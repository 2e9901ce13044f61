extension TransferRepresentation {
    /// Offers the representation for export only for items that meet a condition.
    ///
    /// The condition is evaluated per item. When it is false, the representation is hidden from that
    /// item's export and from its ``Transferable/exportedContentTypes(_:)``. Import is not affected.
    ///
    /// ```swift
    /// DataRepresentation(contentType: .commaSeparatedText) { try $0.csvData() } importing: { … }
    ///     .exportingCondition { archive in archive.supportsCSV }
    /// ```
    ///
    /// Applied to a composite or a proxy, the condition applies to every representation inside.
    /// Keep it cheap: it runs whenever the exported types are listed.
    ///
    /// - Parameter condition: Whether an item may be exported through this representation.
    /// - Returns: The representation, gated by the condition.
    public func exportingCondition(_ condition: @escaping @Sendable (Item) -> Bool)
        -> _ConditionalTransferRepresentation<Self>
    {
        _ConditionalTransferRepresentation(base: self, condition: condition)
    }
}

/// A representation gated by an exporting condition: what
/// ``TransferRepresentation/exportingCondition(_:)`` returns, as in Apple's API.
///
/// `_ConditionalTransferRepresentation` is `Sendable`.
public struct _ConditionalTransferRepresentation<Base: TransferRepresentation>: TransferRepresentation {
    /// The type the base representation transfers.
    public typealias Item = Base.Item
    /// A primitive: it has no body.
    public typealias Body = Never

    let base: Base
    let condition: @Sendable (Item) -> Bool
}

extension _ConditionalTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        let condition = condition
        return try Flattener.entries(of: base, &context).map { entry in
            var gated = entry.adding(condition: condition)
            gated.exporter = entry.exporter?.gated(by: condition, entry.contentType)
            return gated
        }
    }
}

extension TransferRepresentationEntry.Exporter {
    /// The exporter, throwing ``TransferError/Code/conditionNotMet`` for an item `condition` is
    /// false for: export checks the condition too, so no path around it exports an item it excludes.
    func gated(by condition: @escaping @Sendable (Item) -> Bool, _ contentType: UTType) -> Self {
        let check: @Sendable (Item) throws -> Void = { item in
            guard condition(item) else {
                throw TransferError(
                    .conditionNotMet, itemType: Item.self, requestedContentType: contentType,
                    reason:
                        "The exporting condition of the \(contentType.identifier) representation is false for this \(Item.self)"
                )
            }
        }
        switch self {
        case .data(let export):
            return .data { item in
                try check(item)
                return try await export(item)
            }
        case .file(let export):
            return .file { item in
                try check(item)
                return try await export(item)
            }
        }
    }
}
