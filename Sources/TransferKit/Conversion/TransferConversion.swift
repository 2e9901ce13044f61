import TransferCodecs
package import TransferSupport

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
/// Every failure of a conversion that runs is one typed error, ``TransferConversionError``: its
/// ``TransferConversionError/stage`` says whether the input could not be read, a record could not
/// be decoded, imported, exported or encoded, the output could not be written, or the task was
/// cancelled.
///
/// `TransferConversion` is `Sendable`.
public struct TransferConversion<Item: Transferable>: Sendable {

    /// The content type converted from.
    public let sourceContentType: UTType
    /// The content type converted to.
    public let targetContentType: UTType
    /// Whether the conversion streams records rather than importing the whole item.
    public var streamsRecords: Bool { stream != nil }
    /// How the conversion runs, and why, in a sentence.
    public let explanation: String

    /// The CSV format the item's CSV record representations read and write in, instead of their
    /// own, or `nil` for theirs — when the conversion reads and writes one dialect; `nil` when
    /// ``sourceCSVFormat`` and ``targetCSVFormat`` differ.
    public var csvFormat: CSVFormat? { sourceCSVFormat == targetCSVFormat ? sourceCSVFormat : nil }
    /// The CSV format the source is read in, instead of the representations' own; `nil` for theirs.
    public let sourceCSVFormat: CSVFormat?
    /// The CSV format the target is written in, instead of the representations' own; `nil` for theirs.
    public let targetCSVFormat: CSVFormat?

    /// The item's representations as this conversion reads them (in ``sourceCSVFormat``) and
    /// writes them (in ``targetCSVFormat``).
    private let importEntries: [TransferRepresentationEntry<Item>]
    private let exportEntries: [TransferRepresentationEntry<Item>]
    /// The representation the input is imported through, and the one the output is exported through.
    private let importer: TransferRepresentationEntry<Item>
    private let exporter: TransferRepresentationEntry<Item>
    /// The record channels a streaming conversion connects; `nil` when it runs whole.
    private let stream: (source: RecordChannel<Item>, target: RecordChannel<Item>)?

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
        _ itemType: Item.Type = Item.self, from source: UTType, to target: UTType,
        mode: TransferConversionMode = .automatic,
        csvFormat: CSVFormat? = nil
    ) throws(TransferError) {
        try self.init(
            itemType, from: source, to: target, mode: mode, sourceCSVFormat: csvFormat, targetCSVFormat: csvFormat)
    }

    /// Plans a conversion that reads CSV in one dialect and writes it in another — a file separated
    /// by semicolons into one separated by commas, say — as ``init(_:from:to:mode:csvFormat:)`` does
    /// with one.
    ///
    /// ```swift
    /// let conversion = try TransferConversion(
    ///     ProfilesArchive.self, from: .commaSeparatedText, to: .commaSeparatedText,
    ///     sourceCSVFormat: CSVFormat(delimiter: ";"), targetCSVFormat: CSVFormat())
    /// ```
    ///
    /// - Parameters:
    ///   - itemType: The item type to convert through.
    ///   - source: The content type of the input.
    ///   - target: The content type to produce.
    ///   - mode: Whether records may, must or must not stream. The default streams when it can.
    ///   - sourceCSVFormat: The CSV format the source is read in, in place of the one the item's CSV
    ///     ``RecordsRepresentation``s declare (their coders' strategies kept); `nil` keeps theirs.
    ///   - targetCSVFormat: The CSV format the target is written in, likewise.
    /// - Throws: What ``init(_:from:to:mode:csvFormat:)`` throws.
    public init(
        _ itemType: Item.Type = Item.self, from source: UTType, to target: UTType,
        mode: TransferConversionMode = .automatic,
        sourceCSVFormat: CSVFormat?, targetCSVFormat: CSVFormat?
    ) throws(TransferError) {
        sourceContentType = source
        targetContentType = target
        self.sourceCSVFormat = sourceCSVFormat
        self.targetCSVFormat = targetCSVFormat
        let declared = try Item.flattenedRepresentations()
        let importEntries = sourceCSVFormat.map { format in declared.map { $0.replacingCSVFormat(format) } } ?? declared
        let exportEntries = targetCSVFormat.map { format in declared.map { $0.replacingCSVFormat(format) } } ?? declared
        self.importEntries = importEntries
        self.exportEntries = exportEntries
        guard let importer = importEntries.first(where: { $0.canImport && $0.contentType.conforms(to: source) })
        else {
            throw TransferError(
                .noMatchingRepresentation, itemType: Item.self, requestedContentType: source,
                offeredContentTypes: Item.importedContentTypes(),
                reason: "\(Item.self) cannot be read from \(source.identifier): "
                    + Self.alternatives("read", Item.importedContentTypes()))
        }
        guard let exporter = exportEntries.first(where: { $0.canExport && $0.contentType.conforms(to: target) })
        else {
            throw TransferError(
                .noMatchingRepresentation, itemType: Item.self, requestedContentType: target,
                offeredContentTypes: Item.exportedContentTypes(visibility: .ownProcess),
                reason: "\(Item.self) cannot be written as \(target.identifier): "
                    + Self.alternatives("write", Item.exportedContentTypes(visibility: .ownProcess)))
        }
        self.importer = importer
        self.exporter = exporter
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
            stream = (from, to)
            let how =
                from.usesPlan(to.format)
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
    ///     went away (`EPIPE`), say — the conversion stops within a batch.
    ///   - progress: Counts the bytes read and records written as the records stream, for a
    ///     progress bar; the default counts nothing.
    /// - Throws: ``TransferConversionError``: at stage ``TransferConversionError/Stage/reading``
    ///   when the input is missing, a directory or cannot be read; at `decoding`, `importing`,
    ///   `exporting` or `encoding` for a record that fails, with its index, line and column and the
    ///   codec's error (with its coding path) as ``TransferConversionError/underlyingError``; at
    ///   ``TransferConversionError/Stage/writing`` with what `output` threw; at
    ///   ``TransferConversionError/Stage/cancelled`` when the task is cancelled.
    public func convert(
        contentsOf input: URL, into output: (Data) throws -> Void, progress: TransferConversionProgress? = nil
    ) async throws(TransferConversionError) {
        let file: ReadableFile
        do throws(CocoaError) { file = try ReadableFile(input) } catch { throw failure(error) }
        defer { file.close() }
        try await convert(opened: file, into: output, progress: progress)
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
    ///     went away (`EPIPE`), say — the conversion stops within a batch.
    ///   - progress: Counts the bytes read and records written as the records stream, for a
    ///     progress bar; the default counts nothing.
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws.
    public func convert(
        readingFrom fileDescriptor: Int32, into output: (Data) throws -> Void,
        progress: TransferConversionProgress? = nil
    ) async throws(TransferConversionError) {
        let descriptor = FileDescriptor(rawValue: fileDescriptor)
        let file = ReadableFile(
            reading: descriptor, name: descriptor == .standardInput ? "standard input" : "\(descriptor)")
        try await convert(opened: file, into: output, progress: progress)
    }

    /// Converts an open file (the one place a conversion's input is checked): a directory is refused,
    /// a regular file is imported where it is when the conversion runs whole, and anything else
    /// (a pipe, standard input) is read to its end first.
    package func convert(
        opened file: ReadableFile, into output: (Data) throws -> Void, progress: TransferConversionProgress?
    ) async throws(TransferConversionError) {
        do {
            if file.isDirectory {
                throw CocoaError.reading(file.url, errno: Errno(rawValue: EISDIR))
            }
            guard let stream else {
                if file.isRegularFile, file.isOpenedByPath {
                    let url = file.url
                    try await convertWhole(
                        from: { entry throws(TransferError) in try await Item.importValue(from: url, through: entry) },
                        output)
                } else {
                    let data = try file.readToEnd()
                    try await convertWhole(
                        from: { entry throws(TransferError) in try await Item.importValue(from: data, through: entry) },
                        output)
                }
                return
            }
            try await run(stream, input: file, output: output, progress: progress)
        } catch {
            throw failure(error)
        }
    }

    /// Converts bytes in memory, handing the output to `output` in pieces, in order. Records
    /// stream from a temporary file the framework writes and removes.
    ///
    /// - Parameters:
    ///   - data: The bytes to convert, of the source content type.
    ///   - output: Receives the converted bytes, a piece at a time.
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws.
    public func convert(_ data: Data, into output: (Data) throws -> Void) async throws(TransferConversionError) {
        do {
            guard let stream else {
                try await convertWhole(
                    from: { entry throws(TransferError) in try await Item.importValue(from: data, through: entry) },
                    output)
                return
            }
            let name = "\(Item.self)" + (sourceContentType.nearestFilenameExtension.map { ".\($0)" } ?? "")
            let prepared = try PreparedFile.inNewDirectory(named: name) { file throws(TransferError) in
                try FileOperations.write(data, to: file, itemType: Item.self)
            }
            defer { prepared.cleanUp() }
            let file = try ReadableFile(prepared.url)
            defer { file.close() }
            try await run(stream, input: file, output: output, progress: nil)
        } catch {
            throw failure(error)
        }
    }

    /// Converts a file into a new file at `destination`, replacing any file there: the output is
    /// written under a temporary name beside it and renamed into place, so that `destination` is
    /// complete or untouched, whatever happens to the process.
    ///
    /// - Parameters:
    ///   - input: The file to convert, of the source content type.
    ///   - destination: Where to write the converted file.
    ///   - synchronizing: Whether to wait until the file is on its device (`fsync`) before the
    ///     rename, so that a power failure cannot leave it part-written either. Off by default, as
    ///     with Foundation's atomic writes: the system writes the file back in its own time (on a
    ///     million profiles, waiting for the device made the conversion 30% slower).
    /// - Throws: What ``convert(contentsOf:into:progress:)`` throws; at stage
    ///   ``TransferConversionError/Stage/writing`` when the destination cannot be written (nothing
    ///   is left behind), with the `CocoaError` that says why.
    public func convert(contentsOf input: URL, to destination: URL, synchronizing: Bool = false)
        async throws(TransferConversionError)
    {
        let output: AtomicFile
        do throws(CocoaError) {
            output = try AtomicFile(writing: destination)
        } catch {
            throw TransferConversionError(writing: error, itemType: Item.self, contentType: targetContentType)
        }
        output.writesBackEarly = synchronizing
        defer { output.discard() }
        try await convert(contentsOf: input) { piece in try output.write(piece) }
        do throws(CocoaError) {
            try output.commit(synchronizing: synchronizing)
        } catch {
            throw TransferConversionError(writing: error, itemType: Item.self, contentType: targetContentType)
        }
    }

    // MARK: Internal

    /// What the output closure threw, marked so that ``failure(_:)`` tells it from the pipeline's
    /// own errors whatever wraps it on the way.
    private struct OutputFailure: Error {
        let error: any Error
    }

    /// The output closure, its errors marked as the output's.
    private static func marked(_ output: @escaping (Data) throws -> Void) -> (Data) throws -> Void {
        { piece in
            do { try output(piece) } catch { throw OutputFailure(error: error) }
        }
    }

    /// Imports the item through the first of this conversion's importers that takes the source type
    /// (`load` reads the input through it), then exports it through the first exporter for the target
    /// whose condition holds, handing its file to `output`.
    private func convertWhole(
        from load: (TransferRepresentationEntry<Item>) async throws(TransferError) -> Item,
        _ output: (Data) throws -> Void
    ) async throws {
        let item: Item
        do {
            item = try await Item.withImportCandidates(sourceContentType, inferred: false, among: importEntries, load)
        } catch {
            throw WholeFailure(direction: .import, error: error)
        }
        let prepared: PreparedFile
        do {
            prepared = try await item.withExportCandidates(targetContentType, among: exportEntries) {
                entry throws(TransferError) in try await item.prepareFile(through: entry)
            }
        } catch {
            throw WholeFailure(direction: .export, error: error)
        }
        defer { prepared.cleanUp() }
        try withoutActuallyEscaping(output) { output in try Self.copy(prepared.url, into: Self.marked(output)) }
    }

    /// A whole conversion's import or export that failed, with the direction it failed in.
    private struct WholeFailure: Error {
        let direction: TransferDirection
        let error: TransferError
    }

    /// Streams the records, with the errors importing and exporting would throw.
    private func run(
        _ stream: (source: RecordChannel<Item>, target: RecordChannel<Item>), input: ReadableFile,
        output: (Data) throws -> Void, progress: TransferConversionProgress?
    ) async throws {
        try Task.checkCancellation()
        try withoutActuallyEscaping(output) { output in
            try stream.source.stream(input, stream.target.format, progress?.counters, Self.marked(output))
        }
        try Task.checkCancellation()
    }

    /// The one mapping of what a conversion's steps throw to its typed error.
    private func failure(_ error: any Error) -> TransferConversionError {
        func make(
            _ stage: TransferConversionError.Stage, _ entry: TransferRepresentationEntry<Item>, _ underlying: any Error
        ) -> TransferConversionError {
            TransferConversionError(
                stage: stage, itemType: Item.self, contentType: entry.contentType, isRecords: entry.records != nil,
                underlyingError: underlying)
        }
        switch error {
        case let failure as TransferConversionError:
            return failure
        case let failure as OutputFailure:
            return TransferConversionError(writing: failure.error, itemType: Item.self, contentType: targetContentType)
        case let failure as RecordCodingFailure:
            return failure.side == .decoding
                ? make(.decoding, importer, failure.error) : make(.encoding, exporter, failure.error)
        case let failure as CocoaError:
            return make(.reading, importer, failure)
        case is CancellationError:
            return make(.cancelled, importer, CancellationError())
        case let failure as WholeFailure:
            return wholeFailure(failure.error, failure.direction)
        case let failure as TransferError where failure.code == .cancelled:
            return make(.cancelled, importer, failure)
        case let failure as TransferError where failure.code == .fileUnavailable:
            return make(.reading, importer, failure)
        default:
            return make(.reading, importer, error)
        }
    }

    /// The error for a whole conversion's import or export that failed: the data's stage
    /// (`decoding`, `importing`, `exporting`, `encoding`) when the data or the model's closure
    /// failed, as streaming the records gives; `reading` for an input that cannot be read;
    /// `cancelled` for a cancellation.
    private func wholeFailure(_ error: TransferError, _ direction: TransferDirection) -> TransferConversionError {
        let entry = direction == .import ? importer : exporter
        let underlying = error.underlyingError
        let stage: TransferConversionError.Stage
        switch (underlying, direction) {
        case _ where error.code == .cancelled:
            stage = .cancelled
        case (is CancellationError, _):
            stage = .cancelled
        case (_, .import) where error.code == .fileUnavailable:
            stage = .reading
        case (is CocoaError, .import):
            stage = .reading
        case (is DecodingError, .import), (is CSVError, .import):
            stage = .decoding
        case (is EncodingError, .export), (is CSVError, .export):
            stage = .encoding
        case (_, .import):
            stage = .importing
        case (_, .export):
            stage = .exporting
        }
        let isCodec = stage == .decoding || stage == .encoding || stage == .importing || stage == .exporting
        return TransferConversionError(
            stage: stage, itemType: Item.self, contentType: entry.contentType, isRecords: entry.records != nil,
            underlyingError: isCodec && underlying != nil && !(underlying is TransferError) ? underlying! : error)
    }

    /// Hands a file's contents to `output` a MiB at a time.
    private static func copy(_ file: URL, into output: (Data) throws -> Void) throws {
        let input = try ReadableFile(file)
        var chunk = Data(count: 1 << 20)
        while true {
            let count = try chunk.withUnsafeMutableBytes { bytes in
                Result { () throws(CocoaError) in try input.read(into: bytes.baseAddress!, count: bytes.count) }
            }.get()
            if count == 0 { return }
            try output(chunk.prefix(count))
        }
    }
}
