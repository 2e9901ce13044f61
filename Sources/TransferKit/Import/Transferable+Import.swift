#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension Transferable {
    /// Creates an item from bytes of a content type.
    ///
    /// Uses the first importing representation whose content type conforms to `contentType`:
    /// `String(importing: bytes, contentType: .utf8PlainText)` works, but
    /// `Data(importing: pngBytes, contentType: .png)` does not, since `Data` imports `public.data`,
    /// which does not conform to `public.png` (Apple's rule, measured). With `nil`, the importing
    /// representations are tried in order until one succeeds. A file representation receives the
    /// bytes as a temporary file, removed after its importer returns, throws or is cancelled.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - contentType: Their content type, or `nil` to try every importer in order.
    /// - Throws: ``TransferError``: ``TransferError/Code/noMatchingRepresentation``,
    ///   ``TransferError/Code/importNotSupported``, or the representation's failure
    ///   (``TransferError/Code/decodingFailed``, ``TransferError/Code/importFailed``,
    ///   ``TransferError/Code/cancelled``), each with the candidates considered.
    public init(importing data: Data, contentType: UTType?) async throws(TransferError) {
        self = try await Self.withImportCandidates(contentType, inferred: false) { entry throws(TransferError) in
            try await Self.importValue(from: data, through: entry)
        }
    }

    /// Creates an item from a file.
    ///
    /// With a content type, uses the first importing representation whose content type conforms to
    /// it. With `nil`, the content type is inferred from the file's extension; when no representation
    /// matches it, or the extension is unknown, the importing representations are tried in order
    /// until one succeeds. A file representation receives a copy of the file (cloned where the file
    /// system can), removed after its importer returns, throws or is cancelled; with
    /// `shouldAttemptToOpenInPlace` it receives the file itself. A data representation receives the
    /// file's contents.
    ///
    /// - Parameters:
    ///   - file: The file.
    ///   - contentType: Its content type, or `nil` to infer it.
    /// - Throws: ``TransferError``, as ``init(importing:contentType:)-(Data,_)``;
    ///   ``TransferError/Code/fileUnavailable`` when the file is missing or is a directory.
    public init(importing file: URL, contentType: UTType?) async throws(TransferError) {
        try Self.requireFile(file, contentType: contentType)
        let inferred = contentType == nil && !file.pathExtension.isEmpty
        let requested = contentType ?? (inferred ? UTType(filenameExtension: file.pathExtension) : nil)
        self = try await Self.withImportCandidates(requested, inferred: inferred) { entry throws(TransferError) in
            try await Self.importValue(from: file, through: entry)
        }
    }

    // MARK: Internal

    /// Throws ``TransferError/Code/fileUnavailable`` unless `file` is a file: missing, or a
    /// directory, it cannot be imported.
    static func requireFile(_ file: URL, contentType: UTType?) throws(TransferError) {
        switch FileOperations.kind(of: file) {
        case .file:
            return
        case .directory:
            throw TransferError(
                .fileUnavailable, itemType: Self.self, requestedContentType: contentType,
                reason: "Cannot import \(Self.self) from \(file.path): it is a directory")
        case .missing:
            throw TransferError(
                .fileUnavailable, itemType: Self.self, requestedContentType: contentType,
                reason: "Cannot import \(Self.self) from \(file.path): no such file")
        }
    }

    /// The item `entry` imports from bytes.
    package static func importValue(from data: Data, through entry: TransferRepresentationEntry<Self>)
        async throws(TransferError) -> Self
    {
        switch entry.importer {
        case .data(let load)?:
            return try await running(entry, .import) { try await load(data) }
        case .file(let load)?:
            let name = "\(Self.self)" + (entry.contentType.nearestFilenameExtension.map { ".\($0)" } ?? "")
            let prepared = try PreparedFile.inNewDirectory(named: name) { file throws(TransferError) in
                try FileOperations.write(data, to: file, itemType: Self.self)
            }
            defer { prepared.cleanUp() }
            return try await running(entry, .import) {
                try await load(ReceivedTransferredFile(file: prepared.url, isOriginalFile: false))
            }
        case nil:
            throw TransferError(.importNotSupported, itemType: Self.self, reason: "\(entry) does not import")
        }
    }

    /// The item `entry` imports from a file.
    static func importValue(from file: URL, through entry: TransferRepresentationEntry<Self>)
        async throws(TransferError) -> Self
    {
        switch entry.importer {
        case .data(let load)?:
            let data = try FileOperations.contents(of: file, itemType: Self.self)
            return try await running(entry, .import) { try await load(data) }
        case .file(let load)? where entry.shouldAttemptToOpenInPlace:
            return try await running(entry, .import) {
                try await load(ReceivedTransferredFile(file: file, isOriginalFile: true))
            }
        case .file(let load)?:
            let prepared = try PreparedFile.inNewDirectory(named: file.lastPathComponent) {
                copy throws(TransferError) in
                try FileOperations.copy(file, to: copy, itemType: Self.self)
            }
            defer { prepared.cleanUp() }
            return try await running(entry, .import) {
                try await load(ReceivedTransferredFile(file: prepared.url, isOriginalFile: false))
            }
        case nil:
            throw TransferError(.importNotSupported, itemType: Self.self, reason: "\(entry) does not import")
        }
    }

    /// Chooses the representations to import through and runs `body` with them in turn: the first
    /// matching one for a content type, every importer in order for `nil`; for an inferred type,
    /// the first matching one, or every importer in order when none matches. The candidates come
    /// from `given` when given (a conversion's, in its CSV dialect), else from the type's own.
    static func withImportCandidates<Result>(
        _ contentType: UTType?,
        inferred: Bool,
        among given: [TransferRepresentationEntry<Self>]? = nil,
        _ body: (TransferRepresentationEntry<Self>) async throws(TransferError) -> Result
    ) async throws(TransferError) -> Result {
        let entries: [TransferRepresentationEntry<Self>]
        if let given { entries = given } else { entries = try flattenedRepresentations() }
        let importers = entries.filter(\.canImport)
        let offered = unique(importers)
        var attempts: [TransferError.Attempt] = entries.filter { !$0.canImport }.map {
            .init(contentType: $0.contentType, payloadForm: $0.payloadForm, reason: "exports only")
        }
        let wanted = contentType.map { "from \($0.identifier)" } ?? "from untyped input"
        guard !importers.isEmpty else {
            throw TransferError(
                .importNotSupported, itemType: Self.self, requestedContentType: contentType, attempts: attempts,
                reason: "Cannot import \(Self.self) \(wanted): it has no importing representation")
        }
        var candidates = importers
        if let contentType {
            if let first = importers.first(where: { $0.contentType.conforms(to: contentType) }) {
                candidates = [first]
            } else if !inferred {
                attempts += importers.map {
                    .init(
                        contentType: $0.contentType, payloadForm: $0.payloadForm,
                        reason: "\($0.contentType.identifier) does not conform to \(contentType.identifier)")
                }
                throw TransferError(
                    .noMatchingRepresentation, itemType: Self.self, requestedContentType: contentType,
                    offeredContentTypes: offered, attempts: attempts,
                    reason: "Cannot import \(Self.self) \(wanted): no representation conforms to it")
            }
        }
        return try await tryInOrder(
            candidates, attempts: attempts, requested: contentType, offered: offered,
            failure: "Cannot import \(Self.self) \(wanted)", body)
    }
}
