import CTransferKitSystem
import Foundation
import ProfileModels
import Synchronization
import TransferKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `transfer convert`: import through one representation, export through another.
enum ConvertCommand {
    static let command = Command(name: "convert", summary: "Convert data through a model's representations") {
        arguments, console in
        var arguments = arguments
        if arguments.wantsHelp {
            console.write(help)
            return
        }
        try TypesCommand.loadDeclarations(&arguments)
        if arguments.flag("list") {
            try arguments.finish()
            console.write(list())
            return
        }
        let target = try arguments.option("to")
        let source = try arguments.option("from")
        let modelName = try arguments.option("model") ?? "ProfilesArchive"
        let output = try arguments.option("o") ?? arguments.option("output")
        let streaming = arguments.flag("stream")
        guard let input = arguments.positional() else {
            throw UsageError("missing the input file (or - for standard input)")
        }
        try arguments.finish()
        guard let target else { throw UsageError("missing --to csv|json|TYPE") }
        guard let model = models.first(where: { $0.name.lowercased() == modelName.lowercased() }) else {
            throw UsageError(
                "unknown model '\(modelName)': expected one of \(models.map(\.name).joined(separator: ", "))")
        }

        // The input first: a file that is not there is the problem, whatever its name says.
        if input != "-" {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else {
                throw ToolError(.noInput, "\(input): no such file")
            }
            if isDirectory.boolValue { throw ToolError(.noInput, "\(input): is a directory (expected a file)") }
        }
        let toType = try contentType(target, option: "to")
        let fromType: UTType
        if let source {
            fromType = try contentType(source, option: "from")
        } else if input == "-" {
            throw UsageError("give --from TYPE for standard input: there is no extension to infer it from")
        } else {
            let ext = URL(fileURLWithPath: input).pathExtension
            guard !ext.isEmpty, let type = UTType(filenameExtension: ext), type.isDeclared else {
                throw UsageError("cannot infer the content type of '\(input)' from its extension: give --from TYPE")
            }
            fromType = type
        }

        if streaming {
            guard model.stream != nil else {
                throw UsageError("--stream converts collections of records; \(model.name) is not one")
            }
            guard input != "-", fromType.conforms(to: .commaSeparatedText) || fromType.conforms(to: .json) else {
                throw UsageError("--stream reads a CSV or JSON file (not standard input)")
            }
        }

        let progress = ConversionProgress(input: input, console: console)
        let sink = try StreamingOutput(path: output, console: console)
        do {
            if streaming, let stream = model.stream {
                progress.enter(.converting)
                try stream(URL(fileURLWithPath: input), fromType, toType, sink)
            } else {
                // A file is imported from where it is (a file representation reads it in place, a
                // data representation reads it whole); standard input arrives as bytes.
                let source: ConversionInput =
                    input == "-"
                    ? .bytes(InputBox(try StandardInput.readAll()))
                    : .file(URL(fileURLWithPath: input))
                try await model.convert(source, fromType, toType, sink, progress)
            }
            try sink.finish()
            progress.finish(succeeded: true)
        } catch {
            let importing = progress.phase == .importing || progress.phase == .converting
            sink.cancel()
            progress.finish(succeeded: false)
            throw toolError(for: error, input: input, output: output, importing: importing)
        }
    }

    /// What a failed conversion exits with: 66 when the input cannot be read, 65 when it is not
    /// what its content type says, 73 when the output cannot be written.
    static func toolError(for error: any Error, input: String, output: String?, importing: Bool) -> any Error {
        if let failure = writeFailure(in: error) {
            // The export's own files (in the temporary directory) could not be written: the
            // device or the environment, not the data, is at fault.
            let place = failure.path.map { "a temporary file in \($0)" } ?? "a temporary file"
            return ToolError(
                .ioError, "\(output ?? "standard output"): cannot be written (\(place): \(failure.reason))")
        }
        switch error {
        case is ToolError, is UsageError:
            return error
        case let error as TransferError where error.code == .fileUnavailable && importing:
            return ToolError(.noInput, "\(input): cannot be read (\(error.description))")
        case let error as CocoaError
        where [.fileReadNoSuchFile, .fileReadNoPermission, .fileReadUnknown].contains(error.code):
            return ToolError(.noInput, "\(input): cannot be read (\(error))")
        case let error as TransferError
        where error.underlyingError is DecodingError || error.underlyingError is CSVError:
            // The decoder's own words say what was expected, what was found and where; the
            // transfer machinery around them (the model's name, its representations) would only
            // repeat them.
            return toolError(for: error.underlyingError!, input: input, output: output, importing: importing)
        case let error as DecodingError:
            return ToolError(.dataError, "\(input): \(error.readableDescription)")
        case is TransferError, is CSVError:
            return ToolError(.dataError, "\(input): \(error)")
        default:
            return ToolError(.cannotCreate, "\(output ?? "standard output"): cannot be written (\(error))")
        }
    }

    /// The system's reason, and the directory when it is known, when `error` is, or wraps, a write
    /// that failed for want of room or of a working device — a full device, a file-size limit
    /// (`ulimit -f`), a quota, a read-only volume, an I/O error, a temporary directory (`TMPDIR`)
    /// that is missing or not writable — rather than because of the data.
    static func writeFailure(in error: any Error) -> (reason: String, path: String?)? {
        let causes: Set<Int32> = [ENOSPC, EFBIG, EDQUOT, EROFS, EIO]
        let writeCodes: Set<CocoaError.Code> = [
            .fileWriteUnknown, .fileWriteNoPermission, .fileWriteOutOfSpace, .fileWriteVolumeReadOnly,
        ]
        var current: (any Error)? = error
        var isWrite = false
        var path: String?
        var systemReason: String?
        while let error = current {
            if let error = error as? TransferError {
                current = error.underlyingError
                continue
            }
            let error = error as NSError
            if error.domain == NSCocoaErrorDomain, writeCodes.contains(CocoaError.Code(rawValue: error.code)) {
                isWrite = true
                path = path ?? error.userInfo[NSFilePathErrorKey] as? String
                if error.code == CocoaError.fileWriteOutOfSpace.rawValue {
                    return (String(cString: strerror(ENOSPC)), path)
                }
                if error.code == CocoaError.fileWriteVolumeReadOnly.rawValue {
                    return (String(cString: strerror(EROFS)), path)
                }
            }
            if error.domain == NSPOSIXErrorDomain {
                let reason = String(cString: strerror(Int32(error.code)))
                if causes.contains(Int32(error.code)) { return (reason, path) }
                systemReason = systemReason ?? reason
            }
            current = error.userInfo[NSUnderlyingErrorKey] as? any Error
        }
        return isWrite ? (systemReason ?? "a write failed", path) : nil
    }

    static let help = """
        USAGE: transfer convert INPUT --to csv|json|TYPE [--from TYPE] [--model NAME] [-o OUTPUT]
               transfer convert --list

        Converts data by importing it through the model's representation for its content type and
        exporting it through the representation for the requested one.

        ARGUMENTS:
          INPUT               A file, or - for standard input.

        OPTIONS:
          --to csv|json|TYPE  The content type to produce: csv, json, or an identifier, .ext or type/subtype.
          --from TYPE         The input's content type; the default is inferred from INPUT's extension.
          --model NAME        The model to convert through (default: ProfilesArchive). See --list.
          -o, --output FILE   Write there instead of standard output: the file is written under a temporary
                              name and renamed, so it is complete or left untouched.
          --stream            Convert a CSV or JSON file record by record, in bounded memory: for models
                              that are collections of records (ProfilesArchive), to json or csv.
          --list              The models and their representations.
          --declarations FILE Custom type declarations to load first.

        EXAMPLE:
          transfer convert Examples/Profiles/profiles.csv --to json

        """

    /// The input bytes, handed over once.
    final class InputBox: Sendable {
        private let data: Mutex<Data?>

        init(_ data: Data) {
            self.data = Mutex(data)
        }

        /// The bytes; the box no longer holds them.
        func take() -> Data {
            data.withLock { data in
                defer { data = nil }
                return data ?? Data()
            }
        }
    }

    /// Where a conversion reads from.
    enum ConversionInput: Sendable {
        /// A file, imported through `init(importing: URL, contentType:)`.
        case file(URL)
        /// Bytes (from standard input), dropped once imported.
        case bytes(InputBox)
    }

    /// A model the tool converts through.
    struct Model: Sendable {
        let name: String
        let summary: String
        let exported: [UTType]
        let imported: [UTType]
        /// Imports the input and exports the result to the output.
        let convert:
            @Sendable (ConversionInput, UTType, UTType, StreamingOutput, ConversionProgress) async throws -> Void
        /// Record-by-record conversion of a CSV file, for collections of records.
        var stream: (@Sendable (URL, UTType, UTType, StreamingOutput) throws -> Void)?
    }

    /// Imports through the representation for the input's type, then exports through the one for
    /// the requested type, as a file copied to the output in pieces: whichever form the model's
    /// representations take, neither the output nor (for a file input read in place) the input has
    /// to be in memory whole.
    static func model<T: Transferable>(_ type: T.Type, _ summary: String) -> Model {
        Model(
            name: String(describing: type), summary: summary,
            exported: T.exportedContentTypes(visibility: .ownProcess), imported: T.importedContentTypes()
        ) { input, from, to, sink, progress in
            progress.enter(.importing)
            let value: T
            switch input {
            case .file(let url): value = try await T(importing: url, contentType: from)
            case .bytes(let box): value = try await T(importing: box.take(), contentType: from)
            }
            progress.enter(.exporting)
            try await value.withExportedFile(contentType: to) { url in try sink.copy(from: url) }
        }
    }

    /// Streams the records of a CSV file or a JSON array to JSON (an array) or to CSV: windows of
    /// records are decoded and encoded again on all the cores, and written in order.
    static func streamRecords<Record: Codable & Sendable>(
        _ type: Record.Type, encoder: JSONTextEncoder,
        checkEmptyCSVHeader: @escaping @Sendable ([String]?) throws -> Void
    ) -> @Sendable (URL, UTType, UTType, StreamingOutput) throws -> Void {
        { input, source, target, sink in
            let toJSON = target.conforms(to: .json)
            guard toJSON || target.conforms(to: .commaSeparatedText) else {
                throw UsageError("--stream writes json or csv, not \(target.identifier)")
            }
            let arrayEncoder = JSONArrayEncoder(encoder)
            // Runs where the window was decoded: the elements of a JSON array without brackets,
            // or CSV rows, with the header before the first record.
            let encode: @Sendable ([Record], Int) throws -> Data = { records, first in
                if toJSON { return try arrayEncoder.encodeElements(records, firstIndex: first) }
                var format = CSVFormat()
                format.hasHeader = first == 0
                return try CSVEncoder(format: format).encode(records)
            }
            var wrote = false
            let write: (Data) throws -> Void = { piece in
                guard !piece.isEmpty else { return }
                if toJSON { try sink.write(Data((wrote ? "," : "[").utf8)) }
                try sink.write(piece)
                wrote = true
            }
            if source.conforms(to: .json) {
                try JSONArrayDecoder().decodeElements(
                    Record.self, contentsOf: input, transformingBatches: encode, write)
            } else {
                try CSVDecoder().decodeElements(Record.self, contentsOf: input, transformingBatches: encode, write)
                // No record: the header must still be the records', or anything would convert.
                if !wrote { try checkEmptyCSVHeader(CSVRowReader(contentsOf: input).header) }
            }
            if toJSON { try sink.write(Data((wrote ? "]" : "[]").utf8)) }
        }
    }

    static let models: [Model] = [
        {
            var archive = model(ProfilesArchive.self, "A collection of profiles (Apple's \"Meet Transferable\" sample)")
            archive.stream = streamRecords(
                Profile.self, encoder: Profile.jsonEncoder, checkEmptyCSVHeader: ProfilesArchive.checkHeader)
            return archive
        }(),
        model(Profile.self, "One profile"),
    ]

    static func list() -> String {
        models.map { model in
            "\(model.name) — \(model.summary)\n"
                + "  imports: " + model.imported.map(\.identifier).joined(separator: ", ") + "\n"
                + "  exports: " + model.exported.map(\.identifier).joined(separator: ", ") + "\n"
        }.joined(separator: "\n")
    }

    /// The content type an option names; one that names none is a usage error.
    static func contentType(_ name: String, option: String) throws -> UTType {
        switch name.lowercased() {
        case "csv": return .commaSeparatedText
        case "json": return .json
        case "tsv": return .tabSeparatedText
        case "": throw UsageError("--\(option) needs a content type: csv, json, or an identifier, .ext or type/subtype")
        default:
            do {
                return try TypesCommand.resolve(name)
            } catch let error as ToolError {
                throw UsageError("--\(option) \(name): \(error.message)")
            }
        }
    }

    /// Output written in pieces: to standard output, or to a temporary file beside the destination
    /// that ``finish()`` renames into place and ``cancel()`` removes.
    final class StreamingOutput {
        private let destination: URL?
        private let temporary: URL?
        private let handle: FileHandle?
        private let console: Console
        private var buffer = Data()

        /// The mode of the file being replaced, given to the new one.
        private let mode: mode_t?

        /// Opens the output: standard output for `nil` or `-`; else a temporary file beside the
        /// destination, renamed over it by ``finish()``.
        ///
        /// A symbolic link is followed: its target is replaced, and the link kept (as `sort -o`
        /// and editors do). An existing file's permissions are kept. Directories and devices are
        /// refused: a device is written by redirecting standard output to it.
        ///
        /// - Throws: ``UsageError`` for an empty name or one ending in `/`; ``ToolError`` 73 when
        ///   the destination is a directory or device, or the file cannot be created.
        init(path: String?, console: Console) throws {
            self.console = console
            guard let path, path != "-" else {
                destination = nil
                temporary = nil
                handle = nil
                mode = nil
                return
            }
            guard !path.isEmpty else {
                throw UsageError("-o needs a file name, not an empty one (- writes to standard output)")
            }
            guard !path.hasSuffix("/") else {
                throw UsageError("-o \(path): expected a file name, found a directory's (ending in /)")
            }
            let destination = URL(fileURLWithPath: path).resolvingSymlinksInPath()
            var status = stat()
            if stat(destination.path, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFREG: break
                case S_IFDIR: throw ToolError(.cannotCreate, "\(path): is a directory (expected a file to write)")
                default:
                    throw ToolError(
                        .cannotCreate,
                        "\(path): is not a regular file (a device or pipe); redirect standard output to it instead")
                }
                mode = status.st_mode & 0o7777
            } else {
                mode = nil
            }
            let temporary = destination.temporarySibling
            let descriptor = SignalCleanup.create(temporary.path, mode: mode ?? 0o666)
            guard descriptor >= 0 else {
                throw ToolError(.cannotCreate, "\(path): cannot be written (\(String(cString: strerror(errno))))")
            }
            if let mode { fchmod(descriptor, mode) }  // Not narrowed by the umask: the old file's.
            self.destination = destination
            self.temporary = temporary
            self.handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }

        /// The error for a failed write: what could not be written, and why.
        private func writeError(_ reason: String) -> ToolError {
            ToolError(.ioError, "\(destination?.path ?? "standard output"): cannot be written (\(reason))")
        }

        func write(_ data: Data) throws {
            buffer.append(data)
            if buffer.count >= 1 << 20 { try flush() }
        }

        private func flush() throws {
            if let handle {
                do {
                    try handle.write(contentsOf: buffer)
                } catch {
                    throw writeError(Self.reason(error))
                }
            } else {
                console.writeData(buffer)
            }
            buffer.removeAll(keepingCapacity: true)
        }

        /// Appends the contents of a file: in the kernel (`copy_file_range`) when the output is a
        /// file, so that the bytes do not pass through this process.
        func copy(from url: URL) throws {
            let input = try FileHandle(forReadingFrom: url)
            defer { try? input.close() }
            try flush()
            if let handle {
                copying: while true {
                    let copied = transferkit_copy_file_range(input.fileDescriptor, handle.fileDescriptor, 1 << 30)
                    if copied > 0 { continue }
                    if copied == 0 { return }
                    switch errno {
                    case EINTR: continue
                    case ENOSYS, EXDEV, EINVAL, EOPNOTSUPP, EBADF: break copying  // Not here: copy by reading.
                    case let number: throw writeError(String(cString: strerror(number)))
                    }
                }
            }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                try write(chunk)
            }
        }

        func finish() throws {
            try flush()
            guard let handle, let temporary, let destination else { return }
            do {
                try handle.synchronize()
                try handle.close()
            } catch {
                cancel()
                throw writeError(Self.reason(error))
            }
            guard rename(temporary.path, destination.path) == 0 else {
                let reason = String(cString: strerror(errno))
                cancel()
                throw ToolError(.cannotCreate, "\(destination.path): cannot be written (\(reason))")
            }
            SignalCleanup.unregister(temporary.path)
        }

        func cancel() {
            try? handle?.close()
            if let temporary {
                try? FileManager.default.removeItem(at: temporary)
                SignalCleanup.unregister(temporary.path)
            }
        }

        /// The system's words for a file error, without Foundation's error dump.
        private static func reason(_ error: any Error) -> String {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            if let posix = underlying, posix.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(posix.code)))
            }
            if (error as NSError).domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32((error as NSError).code)))
            }
            return (error as NSError).localizedDescription
        }
    }
}
