extension TransferRepresentation {
    /// Limits who may see the representation in transit.
    ///
    /// ```swift
    /// CodableRepresentation(contentType: .internalDraft)
    ///     .visibility(.ownProcess)
    /// ```
    ///
    /// Applied to a composite or a proxy, it limits every representation inside; nested
    /// visibilities combine to the narrowest.
    ///
    /// - Parameter visibility: The widest audience allowed.
    /// - Returns: The representation, with its visibility limited.
    public func visibility(_ visibility: TransferRepresentationVisibility) -> some TransferRepresentation<Item> {
        VisibilityTransferRepresentation(base: self, visibility: visibility)
    }
}

/// A representation with a limited visibility.
struct VisibilityTransferRepresentation<Base: TransferRepresentation>: TransferRepresentation {
    typealias Item = Base.Item
    typealias Body = Never

    let base: Base
    let visibility: TransferRepresentationVisibility
}

extension VisibilityTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        try Flattener.entries(of: base, &context).map { $0.restricting(to: visibility) }
    }
}
