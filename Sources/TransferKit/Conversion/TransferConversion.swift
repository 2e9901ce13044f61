import TransferCodecs
import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Converts content from one type to another through an item type's representations: imported
/// through the representation for the source type, exported through the one for the target.
///
/// ```swift
/// let conversion = try TransferConversion(ProfilesArchive.self, from: .commaSeparatedText, to: .json)
/// try await conversion.convert(contentsOf: csvFile, to: jsonFile)
/// print(conversion.explanation)
/// // Streams Profile records from CSV rows (public.comma-separated-values-text) to JSON array
/// // elements (public.json), a batch at a time on every core.
/// ```
///
/// When both representations are ``RecordsRepresentation``s of the same record type, and the
/// target's has no exporting condition (which would need the whole item to decide), the
/// conversion **streams**: records are read a batch at a time, decoded and encoded again on every
/// core, and written in order. Memory holds a few batches whatever the size of the input, and the
/// item is never made. Otherwise the conversion runs **whole**: the item is imported, then
/// exported. Both give the same bytes and the same errors — a ``TransferConversionError`` with the
/// stage, record index, line and column of a bad record — since both read and write the records
/// through the same representations.
///
/// `TransferConversion` is `Sendable`.
public struct TransferConversion<Item: Transferable>: Sendable {
    /// How a conversion may run (``TransferConversionMode``, which does not depend on the item type).
    public typealias Mode = TransferConversionMode

    /// The content type converted from.
    public let sourceContentType: UTType
    /// The content type converted to.
    public let targetContentType: UTType
    /// Whether the conversion streams records rather than importing the whole item.
    public var streamsRecords: Bool { stream != nil }
    /// How the conversion runs, and why, in a sentence.
    public let explanation: String

    /// The CSV format the item's CSV record representations read and write in, instead of their
    /// own, or `nil` for theirs.
    public let csvFormat: CSVFormat?

    private let stream: Stream?

    /// What a streaming conversion connects.
    private struct Stream: Sendable {
        let source: RecordChannel
        let target: TransferRepresentationEntry<Item>
        let targetFormat: RecordFormat
    }

    /// Plans a conversion: which representations import and export, and whether records stream.
    ///
    /// The importing representation is the first whose content type conforms to `source`, as
    /// ``Transferable/init(importing:contentType:)-(URL,_)`` chooses; the exporting one the first
    /// whose content type conforms to `target`, as ``Transferable/exported(as:)`` chooses.
    ///
    /// - Parameters:
    ///   - itemType: The item type to convert through.
    ///   - source: The content type of the input.
    ///   - target: The content type to produce.
    ///   - mode: Whether records may, must or must not stream. The default streams when it can.
    ///   - csvFormat: A CSV format — a delimiter, say, for a file separated by semicolons — that
    ///     replaces the one the item's CSV ``RecordsRepresentation``s declare, for reading the
    ///     source and writing the target; their coders' strategies are kept. The default, `nil`,
    ///     keeps theirs.
    /// - Throws: ``TransferError`` with code ``TransferError/Code/noMatchingRepresentation`` when
    ///   no representation imports `source` or exports `target`, and when `mode` is
    ///   ``TransferConversionMode/streaming`` and the conversion cannot stream (the reason says why); the
    ///   flattening's errors (``TransferError/Code/proxyCycle``).
    public init(
        _ itemType: Item.Type = Item.self, from source: UTType, to target: UTType, mode: Mode = .automatic,
        csvFormat: CSVFormat? = nil
    ) throws(TransferError) {
        sourceContentType = source
        targetContentType = target
        self.csvFormat = csvFormat
        let entries = try Item.flattenedRepresentations()
        guard let importer = entries.first(where: { $0.canImport && $0.contentType.conforms(to: source) }) else {
            throw TransferError(
                .noMatchingRepresentation, itemType: Item.self, requestedContentType: source,
                offeredContentTypes: Item.importedContentTypes(),
                reason: "\(Item.self) cannot be read from \(source.identifier): "
                    + Self.alternatives("read", Item.importedContentTypes()))
        }
        guard let exporter = entries.first(where: { $0.canExport && $0.contentType.conforms(to: target) }) else {
            throw TransferError(
                .noMatchingRepresentation, itemType: Item.self, requestedContentType: target,
                offeredContentTypes: Item.exportedContentTypes(visibility: .ownProcess),
                reason: "\(Item.self) cannot be written as \(target.identifier): "
                    + Self.alternatives("write", Item.exportedContentTypes(visibility: .ownProcess)))
        }
        let whole =
            "imports the whole \(Item.self) through its \(importer.contentType.identifier) representation, "
            + "then exports it through its \(exporter.contentType.identifier) representation"
        let obstacle: String?
        switch (importer.records, exporter.records) {
        case (nil, _):
            obstacle = "its \(importer.contentType.identifier) representation is not a sequence of records"
        case (_, nil):
            obstacle = "its \(exporter.contentType.identifier) representation is not a sequence of records"
        case (let from?, let to?) where from.recordType != to.recordType:
            obstacle = "its representations hold different records (\(from.recordTypeName), \(to.recordTypeName))"
        case (_, let to?) where !to.format.isStreamable:
            obstacle =
                "its \(exporter.contentType.identifier) representation writes \(to.format) whole (pretty-printed)"
        case _ where exporter.hasExportingCondition:
            obstacle =
                "its \(exporter.contentType.identifier) representation has an exporting condition, which needs the item"
        default:
            obstacle = nil
        }
        if let from = importer.records, let to = exporter.records, obstacle == nil, mode != .whole {
            stream = Stream(source: from, target: exporter, targetFormat: to.format)
            let how =
                RecordFormat.$csvFormatOverride.withValue(csvFormat) { from.usesPlan(to.format) }
                ? "moving each record without making its value (\(from.recordTypeName) is MemberwiseCodable, and its coding compiles to a plan)"
                : "decoding and encoding each record through Codable"
            explanation =
                "Streams \(from.recordTypeName) records from \(from.format) (\(importer.contentType.identifier)) "
                + "to \(to.format) (\(exporter.contentType.identifier)), a batch at a time on every core, \(how)."
            return
        }
        if mode == .streaming {
            throw TransferError(
                .noMatchingRepresentation, itemType: Item.self, requestedContentType: target,
                reason: "Cannot stream \(Item.self) from \(source.identifier) to \(target.identifier): "
                    + (obstacle ?? "the conversion was asked to run whole"))
        }
        stream = nil
        explanation =
            "Converts whole: " + whole + (obstacle.map { " (records cannot stream: \($0))." } ?? " (as asked).")
    }

    /// `its representations write public.comma-separated-values-text, public.json`, or that there
    /// are none.
    private static func alternatives(_ verb: String, _ types: [UTType]) -> String {
        types.isEmpty
            ? "it has no representation that \(verb)s"
            : "its representations \(verb) only " + types.map(\.identifier).joined(separator: ", ")
    }

    // MARK: Running

    /// Converts a file, handing the output to `output` in pieces, in order.
    ///
    /// - Parameters:
    ///   - input: The file to convert, of the source content type.
    ///   - output: Receives the converted bytes, a piece at a time. When it throws — a reader that
    ///     went away (`EPIPE`), say — the conversion stops within a batch and rethrows the error.
    ///   - progress: Counts the bytes read and records written as the records stream, for a
    ///     progress bar; the default counts nothing.
    /// - Throws: ``TransferConversionError`` for a record that cannot be decoded, imported,
    ///   exported or encoded: its stage, its index, its line and column, and the codec's error
    ///   (with its coding path) as ``TransferConversionError/underlyingError``; ``TransferError``
    ///   when the input cannot be read (``TransferError/Code/fileUnavailable``) or the task is
    ///   cancelled (``TransferError/Code/cancelled``); what `output` throws, unchanged.
    public func convert(
        contentsOf input: URL, into output: (Data) throws -> Void, progress: TransferConversionProgress? = nil
    ) async throws {
        try await RecordFormat.$csvFormatOverride.withValue(csvFormat) {
            try await convertWithDeclaredFormats(contentsOf: input, into: output, progress: progress)
        }
    }

    private func convertWithDeclaredFormats(
        contentsOf input: URL, into output: (Data) throws -> Void, progress: TransferConversionProgress?
    ) async throws {
        guard let stream else {
            try await convertWhole(
                { () async throws(TransferError) in
                    try await Item(importing: input, contentType: sourceContentType)
                }, into: output)
            return
        }
        try Item.requireFile(input, contentType: sourceContentType)
        let file: ReadableFile
        do throws(CocoaError) { file = try ReadableFile(input) } catch { throw Self.unreadable(error) }
        defer { file.close() }
        try await run(stream, input: file, output: output, progress: progress)
    }

    /// Converts what an open file descriptor holds — standard input, a pipe, a socket, a file
    /// opened elsewhere — read from where it is to its end, handing the output to `output` in
    /// pieces, in order. The descriptor stays open.
    ///
    /// Records stream from a pipe exactly as from a file: read once, a batch at a time, in the
    /// same bounded memory, with the same bytes and errors (the line and column of a bad record
    /// are counted as the input passes). A conversion that runs whole reads the input to its end
    /// first.
    ///
    /// ```swift
    /// let conversion = try TransferConversion(ProfilesArchive.self, from: .jsonLines, to: .commaSeparatedText)
    /// try await conversion.convert(readingFrom: STDIN_FILENO) { try output.write($0) }
    /// ```
    ///
    /// - Parameters:
    ///   - fileDescriptor: An open descriptor, readable; `0` for standard input.
    ///   - output: Receives the converted bytes, a piece at a time. When it throws — a reader that
    ///     went away (`EPIPE`), say — the conversion stops within a batch and rethrows the error.
    ///   - progress: Counts the bytes read and records written as the records stream, for a
    ///     progress bar; the default counts nothing.
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws.
    public func convert(
        readingFrom fileDescriptor: Int32, into output: (Data) throws -> Void,
        progress: TransferConversionProgress? = nil
    ) async throws {
        try await RecordFormat.$csvFormatOverride.withValue(csvFormat) {
            let file = ReadableFile(
                reading: fileDescriptor,
                name: fileDescriptor == 0 ? "standard input" : "file descriptor \(fileDescriptor)")
            guard let stream else {
                let data: Data
                do throws(CocoaError) { data = try file.readToEnd() } catch { throw Self.unreadable(error) }
                try await convertWhole(
                    { () async throws(TransferError) in
                        try await Item(importing: data, contentType: sourceContentType)
                    }, into: output)
                return
            }
            try await run(stream, input: file, output: output, progress: progress)
        }
    }

    /// Converts bytes in memory, handing the output to `output` in pieces, in order. Records
    /// stream from a temporary file the framework writes and removes.
    ///
    /// - Parameters:
    ///   - data: The bytes to convert, of the source content type.
    ///   - output: Receives the converted bytes, a piece at a time.
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws.
    public func convert(_ data: Data, into output: (Data) throws -> Void) async throws {
        try await RecordFormat.$csvFormatOverride.withValue(csvFormat) {
            try await convertWithDeclaredFormats(data, into: output)
        }
    }

    private func convertWithDeclaredFormats(_ data: Data, into output: (Data) throws -> Void) async throws {
        guard let stream else {
            try await convertWhole(
                { () async throws(TransferError) in
                    try await Item(importing: data, contentType: sourceContentType)
                }, into: output)
            return
        }
        let name = "\(Item.self)" + (sourceContentType.nearestFilenameExtension.map { ".\($0)" } ?? "")
        let prepared = try PreparedFile.inNewDirectory(named: name) { file throws(TransferError) in
            try FileOperations.write(data, to: file, itemType: Item.self)
        }
        defer { prepared.cleanUp() }
        let file: ReadableFile
        do throws(CocoaError) { file = try ReadableFile(prepared.url) } catch { throw Self.unreadable(error) }
        defer { file.close() }
        try await run(stream, input: file, output: output, progress: nil)
    }

    /// Converts a file into a new file at `destination`, replacing any file there: the output is
    /// written under a temporary name beside it, synchronized to its device and renamed into place,
    /// so that `destination` is complete or untouched, even after a crash.
    ///
    /// - Parameters:
    ///   - input: The file to convert, of the source content type.
    ///   - destination: Where to write the converted file.
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws; ``TransferError/Code/fileUnavailable``
    ///   when the destination cannot be written (nothing is left behind).
    public func convert(contentsOf input: URL, to destination: URL) async throws {
        func failure(_ error: CocoaError) -> TransferError {
            TransferError(
                .fileUnavailable, itemType: Item.self, reason: "Cannot write \(error.fileSystemReason)",
                underlyingError: error)
        }
        let output: AtomicFile
        do { output = try AtomicFile(writing: destination) } catch { throw failure(error) }
        output.writesBackEarly = true
        defer { output.discard() }
        try await convert(contentsOf: input) { piece in
            do throws(CocoaError) { try output.write(piece) } catch { throw failure(error) }
        }
        do { try output.commit(synchronizing: true) } catch { throw failure(error) }
    }

    // MARK: Internal

    /// Imports the item from `input` (a file or bytes), then exports it to the target type, handing
    /// its file to `output`; a failure of the data is a ``TransferConversionError``.
    private func convertWhole(
        _ input: @Sendable () async throws(TransferError) -> Item, into output: (Data) throws -> Void
    ) async throws {
        let entries = try Item.flattenedRepresentations()
        let item: Item
        do {
            item = try await input()
        } catch {
            let importer = entries.first { $0.canImport && $0.contentType.conforms(to: sourceContentType) }
            throw Self.dataFailure(error, .import, importer)
        }
        var outputError: (any Error)?
        do {
            try await item.withExportedFile(contentType: targetContentType) { file in
                try Self.copy(file) { piece in
                    do {
                        try output(piece)
                    } catch {
                        outputError = error
                        throw error
                    }
                }
            }
        } catch let error as TransferError where outputError == nil {
            let exporter = entries.first { $0.canExport && $0.contentType.conforms(to: targetContentType) }
            throw Self.dataFailure(error, .export, exporter)
        }
    }

    /// Streams the records, with the errors importing and exporting would throw.
    private func run(
        _ stream: Stream, input: ReadableFile, output: (Data) throws -> Void, progress: TransferConversionProgress?
    ) async throws {
        var outputError: (any Error)?
        var recordError: TransferConversionError?
        do {
            try await Item.withImportCandidates(sourceContentType, inferred: false) { entry throws(TransferError) in
                try await Item.running(entry, .import) {
                    do {
                        try stream.source.stream(input, stream.targetFormat, progress?.counters) { piece in
                            do {
                                try output(piece)
                            } catch {
                                outputError = error
                                throw error
                            }
                        }
                    } catch let failure as RecordCodingFailure where outputError == nil {
                        recordError =
                            switch failure.side {
                            case .decoding:
                                TransferConversionError(
                                    stage: .decoding, itemType: Item.self, contentType: entry.contentType,
                                    isRecords: true, underlyingError: failure.error)
                            case .encoding:
                                TransferConversionError(
                                    stage: .encoding, itemType: Item.self, contentType: stream.target.contentType,
                                    isRecords: true, underlyingError: failure.error)
                            }
                        throw failure
                    } catch let error as CocoaError where outputError == nil {
                        throw Self.unreadable(error)
                    }
                }
            }
        } catch {
            if let outputError { throw outputError }
            if let recordError { throw recordError }
            throw error
        }
    }

    /// The error for a whole conversion's import or export that failed: a
    /// ``TransferConversionError`` when the data failed (the codec's error, or the closure's), as
    /// streaming the records gives; `error` itself when something else did (a file that cannot be
    /// read or written, a cancellation).
    private static func dataFailure(
        _ error: TransferError, _ direction: TransferDirection, _ entry: TransferRepresentationEntry<Item>?
    ) -> any Error {
        guard let entry, let underlying = error.underlyingError else { return error }
        let stage: TransferConversionError.Stage
        switch (underlying, direction) {
        case (let underlying as CocoaError, .import):
            return Self.unreadable(underlying)
        case (is TransferError, _), (is CocoaError, _), (is CancellationError, _):
            return error
        case (is DecodingError, .import), (is CSVError, .import):
            stage = .decoding
        case (is EncodingError, .export), (is CSVError, .export):
            stage = .encoding
        case (_, .import) where error.code == .importFailed:
            stage = .importing
        case (_, .export) where error.code == .exportFailed:
            stage = .exporting
        default:
            return error
        }
        return TransferConversionError(
            stage: stage, itemType: Item.self, contentType: entry.contentType, isRecords: entry.records != nil,
            underlyingError: underlying)
    }

    /// The error for an input the record decoder cannot read: a failure of the file system, not
    /// of the data, as importing a file that cannot be read gives.
    private static func unreadable(_ error: CocoaError) -> TransferError {
        TransferError(
            .fileUnavailable, itemType: Item.self, reason: "Cannot read \(error.fileSystemReason)",
            underlyingError: error)
    }

    /// Hands a file's contents to `output` a MiB at a time.
    private static func copy(_ file: URL, into output: (Data) throws -> Void) throws {
        let input: ReadableFile
        do throws(CocoaError) {
            input = try ReadableFile(file)
        } catch {
            throw FileOperations.fileError(Item.self, "Cannot read \(file.path)", error)
        }
        var chunk = Data(count: 1 << 20)
        while true {
            let count: Int
            do throws(CocoaError) {
                count = try chunk.withUnsafeMutableBytes { bytes in
                    Result { () throws(CocoaError) in try input.read(into: bytes.baseAddress!, count: bytes.count) }
                }.get()
            } catch {
                throw FileOperations.fileError(Item.self, "Cannot read \(file.path)", error)
            }
            if count == 0 { return }
            try output(chunk.prefix(count))
        }
    }
}
