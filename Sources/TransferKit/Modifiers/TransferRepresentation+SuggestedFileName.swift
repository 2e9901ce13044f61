extension TransferRepresentation {
    /// Suggests a file name for files made from the representation.
    ///
    /// Include the extension; it should match the content type. When the name has no extension,
    /// the content type's preferred one is added. If several names apply, the last one applied wins:
    /// `rep.suggestedFileName("a.txt").suggestedFileName("b.txt")` suggests `b.txt`.
    ///
    /// - Parameter fileName: The file name.
    /// - Returns: The representation, with the name.
    public func suggestedFileName(_ fileName: String) -> some TransferRepresentation<Item> {
        SuggestedFileNameTransferRepresentation(base: self, fileName: { _ in fileName })
    }

    /// Suggests a file name per item.
    ///
    /// ```swift
    /// FileRepresentation(contentType: .mpeg4Movie) { SentTransferredFile($0.file) } importing: { … }
    ///     .suggestedFileName { video in video.title + ".mp4" }
    /// ```
    ///
    /// - Parameter fileName: The name for an item, or `nil` for none.
    /// - Returns: The representation, with the name.
    public func suggestedFileName(_ fileName: @escaping @Sendable (Item) -> String?) -> some TransferRepresentation<
        Item
    > {
        SuggestedFileNameTransferRepresentation(base: self, fileName: fileName)
    }
}

/// A representation with a suggested file name.
struct SuggestedFileNameTransferRepresentation<Base: TransferRepresentation>: TransferRepresentation {
    typealias Item = Base.Item
    typealias Body = Never

    let base: Base
    let fileName: @Sendable (Item) -> String?
}

extension SuggestedFileNameTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        try Flattener.entries(of: base, &context).map { $0.replacing(fileName: fileName) }
    }
}
