#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension Transferable {
    /// Exports the item as bytes of a content type.
    ///
    /// Uses the first representation whose content type conforms to `contentType` and whose
    /// exporting condition holds for this item: `"x".exported(as: .plainText)` uses `String`'s
    /// UTF-8 plain-text representation. With `nil`, the representations are tried in order until one
    /// succeeds. A file representation's file is read whole: prefer
    /// ``withExportedFile(contentType:fileHandler:)`` for large files.
    ///
    /// ```swift
    /// let json = try await profile.exported(as: .profile)
    /// ```
    ///
    /// - Parameter contentType: The content type wanted, or `nil` for the first that works.
    /// - Returns: The bytes.
    /// - Throws: ``TransferError``: ``TransferError/Code/noMatchingRepresentation``,
    ///   ``TransferError/Code/conditionNotMet``, ``TransferError/Code/exportNotSupported``, or the
    ///   representation's failure (``TransferError/Code/encodingFailed``,
    ///   ``TransferError/Code/exportFailed``, ``TransferError/Code/fileUnavailable``,
    ///   ``TransferError/Code/cancelled``), each with the candidates considered.
    public func exported(as contentType: UTType?) async throws(TransferError) -> Data {
        try await withExportCandidates(contentType) { entry throws(TransferError) in
            try await exportData(through: entry)
        }
    }

    /// Exports the item to a new file in a directory, and leaves the file to the caller.
    ///
    /// The file is named after the representation's suggested file name (with the content type's
    /// preferred extension added when it has none), else after the item type. An existing file is
    /// never replaced: the name gets a number (`Report 2.pdf`). The file appears whole or not at
    /// all: it is written under a temporary name and linked into place.
    ///
    /// - Parameters:
    ///   - destinationDirectory: An existing directory.
    ///   - contentType: The content type wanted, or `nil` for the first that works.
    /// - Returns: The new file. The caller owns it and is responsible for removing it.
    /// - Throws: ``TransferError``, as ``exported(as:)``; ``TransferError/Code/fileUnavailable``
    ///   when the directory cannot be written.
    public func export(to destinationDirectory: URL, contentType: UTType?) async throws(TransferError) -> URL {
        try await withExportCandidates(contentType) { entry throws(TransferError) in
            let destination: URL
            switch entry.exporter {
            case .data(let export)?:
                let data = try await Self.running(entry, .export) { try await export(self) }
                destination = FileOperations.availableURL(for: fileName(for: entry), in: destinationDirectory)
                try FileOperations.write(data, to: destination, itemType: Self.self)
            case .file(let export)?:
                let sent = try await Self.running(entry, .export) { try await export(self) }
                defer { sent.discard() }
                destination = FileOperations.availableURL(
                    for: fileName(for: entry, sentFile: sent.file), in: destinationDirectory)
                try FileOperations.copy(sent.file, to: destination, itemType: Self.self)
            case nil:
                throw TransferError(.exportNotSupported, itemType: Self.self, reason: "\(entry) does not export")
            }
            return destination
        }
    }

    /// Exports the item to a temporary file, runs `fileHandler` with it, and removes the file.
    ///
    /// The file exists only while `fileHandler` runs; it is removed when the handler returns or
    /// throws, and when the task is cancelled. A file representation whose
    /// ``SentTransferredFile/allowAccessingOriginalFile`` is set hands over its original file, which
    /// is never removed. Nothing is read into memory: data representations are written to the file,
    /// file representations copied (cloned where the file system can).
    ///
    /// ```swift
    /// let size = try await video.withExportedFile(contentType: .mpeg4Movie) { url in
    ///     try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - contentType: The content type wanted, or `nil` for the first that works.
    ///   - fileHandler: Uses the file.
    /// - Returns: What `fileHandler` returns.
    /// - Throws: ``TransferError`` when the export fails, or what `fileHandler` throws, unchanged.
    public func withExportedFile<Result>(
        contentType: UTType?,
        fileHandler: (URL) async throws -> Result
    ) async throws -> Result {
        // Export errors are thrown typed; the handler's own errors pass through unchanged.
        let prepared: PreparedFile = try await withExportCandidates(contentType) { entry throws(TransferError) in
            try await prepareFile(through: entry)
        }
        defer { prepared.cleanUp() }
        return try await fileHandler(prepared.url)
    }

    /// The content types the item can be exported as, in order of preference.
    ///
    /// Representations whose exporting condition is false for this item are left out, as are those
    /// not visible at `visibility`.
    ///
    /// - Parameter visibility: The audience asking: `.all` (the default) sees only representations
    ///   visible to any process, `.ownProcess` sees all of them.
    /// - Returns: The content types, without duplicates.
    public func exportedContentTypes(_ visibility: TransferRepresentationVisibility = .all) -> [UTType] {
        let entries = (try? Self.flattenedRepresentations()) ?? []
        return Self.unique(entries.filter { $0.canExport(self) && $0.visibility.isVisible(at: visibility) })
    }

    /// The content types the type can be exported as, whatever the item, in order of preference.
    ///
    /// - Parameter visibility: The audience asking, as in ``exportedContentTypes(_:)``.
    /// - Returns: The content types, without duplicates.
    public static func exportedContentTypes(visibility: TransferRepresentationVisibility = .all) -> [UTType] {
        let entries = (try? flattenedRepresentations()) ?? []
        return unique(entries.filter { $0.canExport && $0.visibility.isVisible(at: visibility) })
    }

    /// The content types the type can be imported from, in order of preference.
    ///
    /// - Returns: The content types, without duplicates.
    public func importedContentTypes() -> [UTType] {
        Self.importedContentTypes()
    }

    /// The content types the type can be imported from, in order of preference.
    ///
    /// - Returns: The content types, without duplicates.
    public static func importedContentTypes() -> [UTType] {
        unique(((try? flattenedRepresentations()) ?? []).filter(\.canImport))
    }

    /// The file name suggested for the item: the one of its first exportable representation that
    /// suggests one.
    public var suggestedFilename: String? {
        let entries = (try? Self.flattenedRepresentations()) ?? []
        return entries.lazy.filter { $0.canExport(self) }.compactMap { $0.suggestedFileName(for: self) }.first
    }

    // MARK: Internal

    /// The name of a file made from `entry`: its suggested name, or the item type's, with the
    /// content type's preferred extension when the name has none. Path separators are replaced, so
    /// a name never leaves its directory.
    ///
    /// A file an exporter sent keeps its own name (`sentFile`) unless a suggested name overrides it,
    /// as on Apple's platforms, where the receiver gets the sent file itself.
    func fileName(for entry: TransferRepresentationEntry<Self>, sentFile: URL? = nil) -> String {
        var name =
            entry.suggestedFileName(for: self).flatMap(FileOperations.safeFileName)
            ?? sentFile.flatMap { FileOperations.safeFileName($0.lastPathComponent) }
            ?? String(describing: Self.self)
        if URL(fileURLWithPath: name).pathExtension.isEmpty, let ext = entry.contentType.nearestFilenameExtension {
            name += "." + ext
        }
        return name
    }

    /// Makes the file for `entry`: the original when the exporter allows it, the exporter's own
    /// private file, else a copy or the written data in a new private directory: for export,
    /// delivery and an `ItemProvider`'s registered `Transferable`. (An `ItemProvider` makes the
    /// files of its own file and data registrants itself, with `PreparedFile.inNewDirectory`.)
    ///
    /// - Parameter progress: Told of the bytes copied or written, when an `ItemProvider` load
    ///   reports progress.
    func prepareFile(through entry: TransferRepresentationEntry<Self>, progress: TransferProgress? = nil)
        async throws(TransferError)
        -> PreparedFile
    {
        if case .file(let export)? = entry.exporter {
            let sent = try await Self.running(entry, .export) { try await export(self) }
            if sent.allowAccessingOriginalFile {
                return PreparedFile(url: sent.file, directory: nil)
            }
            if let directory = sent.temporaryDirectory {  // Already private, and the transfer's.
                if let progress {
                    let size = (try? FileManager.default.attributesOfItem(atPath: sent.file.path)[.size] as? Int64) ?? 0
                    progress.update(completed: size, total: size)
                }
                return PreparedFile(url: sent.file, directory: directory)
            }
            return try PreparedFile.inNewDirectory(named: fileName(for: entry, sentFile: sent.file)) {
                destination throws(TransferError) in
                try FileOperations.copy(sent.file, to: destination, itemType: Self.self) { copied, total in
                    progress?.update(completed: copied, total: total)
                }
                try Self.checkCancellation(entry)
            }
        }
        let data = try await exportData(through: entry)
        let file = try PreparedFile.inNewDirectory(named: fileName(for: entry)) { destination throws(TransferError) in
            try FileOperations.write(data, to: destination, itemType: Self.self)
        }
        progress?.update(completed: Int64(data.count), total: Int64(data.count))
        return file
    }

    /// The bytes `entry` exports for the item.
    func exportData(through entry: TransferRepresentationEntry<Self>) async throws(TransferError) -> Data {
        switch entry.exporter {
        case .data(let export)?:
            return try await Self.running(entry, .export) { try await export(self) }
        case .file(let export)?:
            let sent = try await Self.running(entry, .export) { try await export(self) }
            defer { sent.discard() }
            return try FileOperations.contents(of: sent.file, itemType: Self.self)
        case nil:
            throw TransferError(.exportNotSupported, itemType: Self.self, reason: "\(entry) does not export")
        }
    }

    /// Chooses the representations to export through and runs `body` with them in turn: the first
    /// matching one for a content type, every exportable one in order for `nil`. The candidates
    /// come from `given` when given (a conversion's, in its CSV dialect), else from the type's own.
    func withExportCandidates<Result>(
        _ contentType: UTType?,
        among given: [TransferRepresentationEntry<Self>]? = nil,
        _ body: (TransferRepresentationEntry<Self>) async throws(TransferError) -> Result
    ) async throws(TransferError) -> Result {
        let entries: [TransferRepresentationEntry<Self>]
        if let given { entries = given } else { entries = try Self.flattenedRepresentations() }
        var attempts: [TransferError.Attempt] = []
        var candidates: [TransferRepresentationEntry<Self>] = []
        var conditionBlocked = false
        for entry in entries {
            let reason: String
            if !entry.canExport {
                reason = "imports only"
            } else if let contentType, !entry.contentType.conforms(to: contentType) {
                reason = "\(entry.contentType.identifier) does not conform to \(contentType.identifier)"
            } else if !entry.canExport(self) {
                reason = "its exporting condition is false for this item"
                conditionBlocked = true
            } else {
                candidates.append(entry)
                continue
            }
            attempts.append(.init(contentType: entry.contentType, payloadForm: entry.payloadForm, reason: reason))
        }
        let offered = Self.unique(entries.filter(\.canExport))
        let wanted = contentType.map { "as \($0.identifier)" } ?? "in any content type"
        guard !candidates.isEmpty else {
            let (code, why): (TransferError.Code, String) =
                offered.isEmpty
                ? (.exportNotSupported, "it has no exporting representation")
                : conditionBlocked
                    ? (
                        .conditionNotMet,
                        "the exporting condition of every matching representation is false for this item"
                    )
                    : (.noMatchingRepresentation, "no representation conforms to it")
            throw TransferError(
                code, itemType: Self.self, requestedContentType: contentType, offeredContentTypes: offered,
                attempts: attempts, reason: "Cannot export \(Self.self) \(wanted): \(why)")
        }
        // With a content type, Apple's rule: the first representation that conforms is the one.
        if contentType != nil { candidates = [candidates[0]] }
        return try await Self.tryInOrder(
            candidates, attempts: attempts, requested: contentType, offered: offered,
            failure: "Cannot export \(Self.self) \(wanted)", body)
    }

    static func unique(_ entries: [TransferRepresentationEntry<Self>]) -> [UTType] {
        var seen: Set<UTType> = []
        return entries.map(\.contentType).filter { seen.insert($0).inserted }
    }
}

extension UTType {
    /// The preferred filename extension of the type, or else of its nearest ancestor that has one,
    /// parents searched in declaration order: `txt` for `public.utf8-plain-text`.
    var nearestFilenameExtension: String? {
        var level = [self]
        var seen: Set<UTType> = []
        while !level.isEmpty {
            for type in level {
                if let ext = type.preferredFilenameExtension { return ext }
            }
            level = level.flatMap(\.directSupertypes).filter { seen.insert($0).inserted }
        }
        return nil
    }
}
