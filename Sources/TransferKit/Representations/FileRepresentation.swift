/// A representation that hands over an item as a file on disk, and receives one.
///
/// ```swift
/// struct Video: Transferable {
///     let file: URL
///
///     static var transferRepresentation: some TransferRepresentation {
///         FileRepresentation(contentType: .mpeg4Movie) { video in
///             SentTransferredFile(video.file)
///         } importing: { received in
///             let copy = URL.documentsDirectory.appending(path: received.file.lastPathComponent)
///             try FileManager.default.copyItem(at: received.file, to: copy)
///             return Video(file: copy)
///         }
///     }
/// }
/// ```
///
/// File lifetimes:
/// - A received file is guaranteed to exist only inside the `importing` closure: copy it there if
///   you need it later. Files the framework made for the transfer are removed when the closure
///   returns, throws or is cancelled.
/// - Without ``SentTransferredFile/allowAccessingOriginalFile``, receivers get a copy (a clone or a
///   `copy_file_range` copy where the file system allows), never the original.
/// - Asked for data, the framework reads the file; asked for a file, it never reads the whole file
///   into memory.
///
/// `FileRepresentation` is `Sendable`.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    let contentType: UTType
    let shouldAttemptToOpenInPlace: Bool
    let allowsOpeningInPlace: Bool
    let exporting: (@Sendable (Item) async throws -> SentTransferredFile)?
    let importing: (@Sendable (ReceivedTransferredFile) async throws -> Item)?

    /// Creates a representation that exports and imports files.
    ///
    /// - Parameters:
    ///   - contentType: The content type of the files.
    ///   - shouldAttemptToOpenInPlace: Whether the importer asks for the original file instead of a
    ///     copy, when the sender allows it. The default is `false`.
    ///   - exporting: Gives the file for an item.
    ///   - importing: Makes an item from a received file, valid only inside the closure.
    public init(
        contentType: UTType,
        shouldAttemptToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        self.contentType = contentType
        self.shouldAttemptToOpenInPlace = shouldAttemptToOpenInPlace
        self.allowsOpeningInPlace = shouldAttemptToOpenInPlace
        self.exporting = exporting
        self.importing = importing
    }

    /// Creates a representation that only exports files.
    ///
    /// - Parameters:
    ///   - exportedContentType: The content type of the files.
    ///   - shouldAllowToOpenInPlace: Whether receivers may open the original file in place. The
    ///     default is `false`. (The spelling differs from the importing parameter, as in Apple's API.)
    ///   - exporting: Gives the file for an item.
    public init(
        exportedContentType: UTType,
        shouldAllowToOpenInPlace: Bool = false,
        exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
    ) {
        self.contentType = exportedContentType
        self.shouldAttemptToOpenInPlace = false
        self.allowsOpeningInPlace = shouldAllowToOpenInPlace
        self.exporting = exporting
        self.importing = nil
    }

    /// Creates a representation that only imports files.
    ///
    /// - Parameters:
    ///   - importedContentType: The content type of the files.
    ///   - shouldAttemptToOpenInPlace: Whether the importer asks for the original file instead of a
    ///     copy. The default is `false`.
    ///   - importing: Makes an item from a received file, valid only inside the closure.
    public init(
        importedContentType: UTType,
        shouldAttemptToOpenInPlace: Bool = false,
        importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
    ) {
        self.contentType = importedContentType
        self.shouldAttemptToOpenInPlace = shouldAttemptToOpenInPlace
        self.allowsOpeningInPlace = false
        self.exporting = nil
        self.importing = importing
    }
}

extension FileRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        [
            TransferRepresentationEntry(
                contentType: contentType,
                payloadForm: .file,
                shouldAttemptToOpenInPlace: shouldAttemptToOpenInPlace,
                allowsOpeningInPlace: allowsOpeningInPlace,
                exporter: exporting.map { .file($0) },
                importer: importing.map { .file($0) }
            )
        ]
    }
}
