#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A representation that turns an item into bytes in memory, and back.
///
/// ```swift
/// struct Drawing: Transferable {
///     static var transferRepresentation: some TransferRepresentation {
///         DataRepresentation(contentType: .png) { drawing in
///             try drawing.pngData()
///         } importing: { data in
///             try Drawing(pngData: data)
///         }
///     }
/// }
/// ```
///
/// Asked for a file, the framework writes the bytes to a temporary file it owns and removes.
///
/// `DataRepresentation` is `Sendable`.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    let contentType: UTType
    let exporting: (@Sendable (Item) async throws -> Data)?
    let importing: (@Sendable (Data) async throws -> Item)?

    /// Creates a representation that exports and imports.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the bytes.
    ///   - exporting: Turns an item into bytes.
    ///   - importing: Turns bytes into an item.
    public init(
        contentType: UTType,
        exporting: @escaping @Sendable (Item) async throws -> Data,
        importing: @escaping @Sendable (Data) async throws -> Item
    ) {
        self.contentType = contentType
        self.exporting = exporting
        self.importing = importing
    }

    /// Creates a representation that only exports.
    ///
    /// - Parameters:
    ///   - exportedContentType: The content type of the bytes.
    ///   - exporting: Turns an item into bytes.
    public init(exportedContentType: UTType, exporting: @escaping @Sendable (Item) async throws -> Data) {
        self.contentType = exportedContentType
        self.exporting = exporting
        self.importing = nil
    }

    /// Creates a representation that only imports.
    ///
    /// - Parameters:
    ///   - importedContentType: The content type of the bytes.
    ///   - importing: Turns bytes into an item.
    public init(importedContentType: UTType, importing: @escaping @Sendable (Data) async throws -> Item) {
        self.contentType = importedContentType
        self.exporting = nil
        self.importing = importing
    }
}

extension DataRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        [
            TransferRepresentationEntry(
                contentType: contentType,
                payloadForm: .data,
                exporter: exporting.map { .data($0) },
                importer: importing.map { .data($0) }
            )
        ]
    }
}
