import Foundation
import ProfileModels
import Synchronization
import TransferClipboard
import TransferKit
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// `transfer convert`: import through one representation, export through another.
enum ConvertCommand {
    static let command = Command(
        "convert", summary: "Convert data through a model's representations",
        usage: [
            Usage(
                "convert", .argument("INPUT"), .option(Options.to), .optional(Options.from), .optional(Options.model),
                .optional(Options.output), .otherOptions),
            Usage("convert", .argument("INPUT"), .option(Options.to), .option(Options.output), .option(Options.sync)),
            Usage("convert", .option(Options.list)),
        ],
        discussion: """
            Converts data through the model's representations: the one for the input's content type \
            imports it, the one for the requested type exports it. When both are sequences of records \
            (ProfilesArchive's CSV, JSON and JSON Lines), the records stream: read, decoded, encoded again \
            and written a batch at a time on every core, in bounded memory, with the bytes and errors of the \
            whole conversion. Otherwise the whole item is imported, then exported.
            """,
        arguments: [("INPUT", "A file, or - for standard input.")],
        options: [
            Options.to, Options.from, Options.model, Options.delimiter, Options.fromDelimiter, Options.toDelimiter,
            Options.output, Options.sync, Options.stream, Options.whole,
            Options.explain, Options.list, DeclarationsOption.option,
        ],
        constraints: [
            .requires(Options.sync, Options.output, "standard output cannot be synchronized before it is renamed"),
            .exclusive([Options.stream, Options.whole]),
        ],
        examples: ["convert Examples/Profiles/profiles.csv --to json"],
        run: { try await run(&$0, $1) })

    /// The options of `transfer convert`.
    enum Options {
        static let to = OptionDeclaration.value(
            "to", "csv|json|jsonl|TYPE",
            help: """
                The content type to produce: csv, json, jsonl (JSON Lines), or an identifier, .ext or \
                type/subtype.
                """)
        static let from = OptionDeclaration.value(
            "from", "TYPE", help: "The input's content type; the default is inferred from INPUT's extension.")
        static let model = OptionDeclaration.value(
            "model", "NAME", help: "The model to convert through (default: ProfilesArchive). See --list.")
        static let delimiter = OptionDeclaration.value(
            "delimiter", "C",
            help: """
                The CSV field separator, read and written: one character such as ';' or '|', or tab \
                (default: the model's, a comma).
                """)
        static let fromDelimiter = OptionDeclaration.value(
            "from-delimiter", "C",
            help: "The input's CSV field separator, where it differs from the output's (overrides --delimiter).")
        static let toDelimiter = OptionDeclaration.value(
            "to-delimiter", "C",
            help: "The output's CSV field separator, where it differs from the input's (overrides --delimiter).")
        static let output = OptionDeclaration.value(
            "output", "FILE", alias: "o",
            help: """
                Write there instead of standard output: the file is written under a temporary name and \
                renamed, so it is complete or left untouched.
                """)
        static let sync = OptionDeclaration.flag(
            "sync",
            help: """
                With -o: wait until the file is on its device (fsync) before renaming it into place, so \
                that a power failure cannot leave it part-written either. Without it, as with cp or sort -o, \
                the file is complete or untouched whatever happens to the tool, and the system writes it to \
                its device in its own time.
                """)
        static let stream = OptionDeclaration.flag(
            "stream",
            help: """
                Insist on streaming records: a usage error (64) when the model's representations for these \
                types are not sequences of records.
                """)
        static let whole = OptionDeclaration.flag(
            "whole", help: "Import the whole item, then export it, even when records could stream.")
        static let explain = OptionDeclaration.flag(
            "explain", help: "Say how the conversion would run, and why, without converting.")
        static let list = OptionDeclaration.flag("list", help: "The models and their representations.")
    }

    static func run(_ arguments: inout Arguments, _ console: Console) async throws {
        try DeclarationsOption.load(&arguments)
        if arguments.isSet(Options.list) {
            try arguments.finish()
            console.write(list())
            return
        }
        let target = try arguments.value(Options.to)
        let source = try arguments.value(Options.from)
        let modelName = try arguments.value(Options.model) ?? "ProfilesArchive"
        let output = try arguments.value(Options.output)
        let synchronizes = arguments.isSet(Options.sync)
        if synchronizes, output == "-" {
            throw UsageError("--sync needs -o FILE: standard output cannot be synchronized before it is renamed")
        }
        let streaming = arguments.isSet(Options.stream)
        let whole = arguments.isSet(Options.whole)
        let explain = arguments.isSet(Options.explain)
        let delimiter = try arguments.value(Options.delimiter).map { try Self.delimiter($0, option: "delimiter") }
        let fromDelimiter =
            try arguments.value(Options.fromDelimiter).map { try Self.delimiter($0, option: "from-delimiter") }
            ?? delimiter
        let toDelimiter =
            try arguments.value(Options.toDelimiter).map { try Self.delimiter($0, option: "to-delimiter") }
            ?? delimiter
        guard let input = arguments.positional() else {
            throw UsageError("missing the input file (or - for standard input)")
        }
        try arguments.finish()
        guard let target else { throw UsageError("missing --to csv|json|jsonl|TYPE") }
        let model = try self.model(named: modelName)

        // The input first: a file that is not there is the problem, whatever its name says. It is
        // opened once, here, and converted from this descriptor.
        let file =
            input == "-"
            ? ReadableFile(reading: try StandardInput.descriptor(), name: "standard input")
            : try InputFile.open(input)
        defer { file.close() }
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

        let mode: TransferConversionMode = streaming ? .streaming : whole ? .whole : .automatic
        let conversion: Conversion
        do {
            conversion = try model.plan(
                fromType, toType, mode, fromDelimiter.map { CSVFormat(delimiter: $0) },
                toDelimiter.map { CSVFormat(delimiter: $0) })
        } catch let error as TransferError {
            // The reason names the model, the type and the types it can convert instead.
            throw UsageError(error.reason)
        }
        if explain {
            console.write(conversion.explanation + "\n")
            return
        }

        let progress = ConversionProgress(input: file, console: console)
        let sink = try StreamingOutput(path: output, synchronizing: synchronizes, console: console)
        do {
            progress.enter(.converting)
            try await conversion.convert(file, sink, progress.counts)
            try sink.finish()
            progress.finish(succeeded: true)
        } catch {
            sink.cancel()
            progress.finish(succeeded: false)
            // ToolError(_:) says what the failure exits with: 65 for a record that is not what its
            // content type says, 66 for an input that cannot be read, 73 or 74 for an output
            // that cannot be written.
            throw CommandFailure(error, input: input, output: output ?? "standard output")
        }
    }

    /// A planned conversion, its item type erased.
    struct Conversion {
        /// How it runs, and why.
        let explanation: String
        /// Converts the open input — a file, standard input — into the output, counting progress.
        let convert: (ReadableFile, StreamingOutput, TransferConversionProgress) async throws -> Void
    }

    /// A model the tool converts through.
    struct Model: Sendable {
        let name: String
        let summary: String
        let exported: [UTType]
        let imported: [UTType]
        /// The representations that are sequences of records, with the records' fields.
        let records: [RecordLayout]
        /// Plans a conversion from one type to another, in a CSV format of its own or the model's:
        /// a ``TransferConversion`` of the model.
        let plan: @Sendable (UTType, UTType, TransferConversionMode, CSVFormat?, CSVFormat?) throws -> Conversion
        /// Imports bytes of a type into the model and copies it to the clipboard.
        let copy: @Sendable (Data, UTType, Clipboard, ClipboardSelection) async throws -> ClipboardOwnership
        /// Pastes the model from the clipboard and exports it as a type: the bytes, and which
        /// clipboard type it came from.
        let paste: @Sendable (Clipboard, ClipboardSelection, UTType) async throws -> (Data, String)
        /// Waits for a drop of the model onto a window and exports it as a type: the bytes, and
        /// which type it came as; `nil` when no drop came in time.
        let drop: @Sendable (DropTarget, Duration, (@Sendable (Bool) -> Void)?, UTType) async throws -> (Data, String)?
        /// Imports bytes of a type into the model and opens a window to drag it from (titled, in
        /// a frame).
        let drag: @Sendable (Data, UTType, String, WindowFrame) async throws -> DragSource
    }

    /// A model converted by ``TransferConversion``: record by record when its representations are
    /// sequences of records, else imported whole and exported.
    static func model<T: Transferable>(_ type: T.Type, _ summary: String) -> Model {
        Model(
            name: String(describing: type), summary: summary,
            exported: T.exportedContentTypes(visibility: .ownProcess), imported: T.importedContentTypes(),
            records: T.recordLayouts()
        ) { from, to, mode, sourceCSVFormat, targetCSVFormat in
            let conversion = try TransferConversion(
                T.self, from: from, to: to, mode: mode, sourceCSVFormat: sourceCSVFormat,
                targetCSVFormat: targetCSVFormat)
            return Conversion(explanation: conversion.explanation) { input, sink, progress in
                try await conversion.convert(opened: input, into: { try sink.write($0) }, progress: progress)
            }
        } copy: { data, type, clipboard, selection in
            // A TransferError names the type and what it cannot import; ToolError(_:) makes it a 65.
            try await clipboard.copy(T(importing: data, contentType: type), to: selection)
        } paste: { clipboard, selection, type in
            let pasted = try await clipboard.paste(T.self, from: selection)
            return (try await pasted.value.exported(as: type), "\(T.self) from \(pasted.type.name)")
        } drop: { target, timeout, isTargeted, type in
            guard let dropped = try await target.drop(T.self, timeout: timeout, isTargeted: isTargeted) else {
                return nil
            }
            return (try await dropped.value.exported(as: type), "\(T.self) from \(dropped.type.name)")
        } drag: { data, type, title, frame in
            let picture = WindowTiles.picture(["\(T.self)"], in: frame)
            return try DragSource(
                [try await T(importing: data, contentType: type)], title: title, frame: frame, picture: picture)
        }
    }

    /// The model `name` names (in any case), for every command's `--model`.
    ///
    /// - Throws: ``UsageError`` naming the models there are, for a name that is none of them.
    static func model(named name: String) throws(UsageError) -> Model {
        guard let model = models.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw UsageError("unknown model '\(name)': expected one of \(models.map(\.name).joined(separator: ", "))")
        }
        return model
    }

    static let models: [Model] = [
        model(ProfilesArchive.self, "A collection of profiles (Apple's \"Meet Transferable\" sample)"),
        model(Profile.self, "One profile"),
    ]

    static func list() -> String {
        models.map { model in
            "\(model.name) — \(model.summary)\n"
                + "  imports: " + model.imported.map(\.identifier).joined(separator: ", ") + "\n"
                + "  exports: " + model.exported.map(\.identifier).joined(separator: ", ") + "\n"
                + recordsDescription(model.records)
        }.joined(separator: "\n")
    }

    /// The record layouts of a model, and the fields of its records as a table:
    ///
    ///     records: Profile, as CSV rows (public.comma-separated-values-text), JSON array elements (public.json)
    ///       field     type      in every record
    ///       id        UUID      required
    static func recordsDescription(_ layouts: [RecordLayout]) -> String {
        guard let first = layouts.first else { return "" }
        var text =
            "  records: \(first.recordType), as "
            + layouts.map { "\($0.format) (\($0.contentType.identifier))" }.joined(separator: ", ") + "\n"
        guard let fields = first.fields else { return text + "    (fields: not learnt from its init(from:))\n" }
        let nameWidth = max(5, fields.map(\.name.count).max() ?? 0) + 2
        let typeWidth = max(4, fields.map(\.type.count).max() ?? 0) + 2
        func padded(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        text += "    " + padded("field", nameWidth) + padded("type", typeWidth) + "in every record\n"
        for field in fields {
            let need = field.isRequired ? "required" : "optional: an empty CSV field, a null or absent JSON key"
            text += "    " + padded(field.name, nameWidth) + padded(field.type, typeWidth) + need + "\n"
        }
        return text
    }

    /// The byte `--delimiter` names: one ASCII character other than a quote, CR or LF; `tab` or
    /// `\t` for a tab.
    static func delimiter(_ text: String, option: String = "delimiter") throws -> UInt8 {
        if text == "tab" || text == "\\t" || text == "\t" { return 0x09 }
        guard text.utf8.count == 1, let byte = text.utf8.first, byte < 0x80, ![0x22, 0x0D, 0x0A].contains(byte) else {
            throw UsageError(
                "--\(option) \(text.debugDescription): expected one ASCII character other than a quote, CR or LF (or tab)"
            )
        }
        return byte
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
                return try TypeName.resolve(name)
            } catch let error as ToolError {
                throw UsageError("--\(option) \(name): \(error.message)")
            }
        }
    }

    /// Output written in pieces: to standard output, or to a temporary file beside the destination
    /// that ``finish()`` renames into place and ``cancel()`` removes.
    final class StreamingOutput {
        private let destination: URL?
        private let file: AtomicFile?
        private let console: Console
        /// Whether ``finish()`` waits until the file is on its device before renaming it (`--sync`).
        private let synchronizes: Bool
        /// Standard output's buffer (a file has its own, in ``TransferSupport/AtomicFile``).
        private var buffer = OutputBuffer()

        /// Opens the output: standard output for `nil` or `-`; else a temporary file beside the
        /// destination (``TransferSupport/AtomicFile``, registered for removal on a signal), renamed
        /// over it by ``finish()``.
        ///
        /// A symbolic link is followed: its target is replaced, and the link kept (as `sort -o`
        /// and editors do). An existing file's permissions are kept. Directories and devices are
        /// refused: a device is written by redirecting standard output to it.
        ///
        /// - Throws: ``UsageError`` for an empty name or one ending in `/`; ``ToolError`` 73 when
        ///   the destination is a directory or device, or the file cannot be created.
        init(path: String?, synchronizing: Bool = false, console: Console) throws {
            self.console = console
            self.synchronizes = synchronizing
            guard let path, path != "-" else {
                destination = nil
                file = nil
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
            var mode: mode_t?
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
            }
            let file: AtomicFile
            do {
                file = try AtomicFile(writing: destination, mode: mode ?? 0o666)
            } catch {
                throw ToolError(.cannotCreate, "\(path): cannot be written (\(Self.errno(error)))")
            }
            if let mode {  // Not narrowed by the umask: the old file's.
                do {
                    try file.fileDescriptor.setPermissions(mode)
                } catch {
                    throw ToolError(.cannotCreate, "\(path): cannot be given its permissions (\(error))")
                }
            }
            file.writesBackEarly = synchronizing  // So that `finish`'s fsync finds the work done.
            self.destination = destination
            self.file = file
        }

        /// The `errno` beneath a file error; `EIO` when it carries none.
        private static func errno(_ error: CocoaError) -> Errno {
            error.errno ?? Errno(rawValue: EIO)
        }

        /// The error for a failed write: what could not be written, and why.
        private func writeError(_ error: CocoaError) -> ToolError {
            ToolError(
                .ioError,
                "\(destination?.path ?? "standard output"): cannot be written (\(Self.errno(error)))"
            )
        }

        /// Writes `data` after what came before: small pieces are gathered, large ones (a batch
        /// of records) written as they are, without a copy (``TransferSupport/OutputBuffer``).
        ///
        /// - Throws: ``OutputWriteError`` when standard output cannot be written (`EPIPE` when its
        ///   reader went away: the conversion stops within a batch); ``ToolError`` 74 for a file.
        func write(_ data: Data) throws {
            guard let file else {
                let console = console
                // Taken out while it is written, so that its storage is not shared (and copied).
                var buffer = self.buffer
                self.buffer = OutputBuffer()
                defer { self.buffer = buffer }
                try data.withUnsafeBytes { bytes in
                    Result { () throws(OutputWriteError) in
                        try buffer.write(bytes) { (piece) throws(OutputWriteError) in try console.send(piece) }
                    }
                }.get()
                return
            }
            do { try file.write(data) } catch { throw writeError(error) }
        }

        private func flushConsole() throws {
            let console = console
            try buffer.flush { (piece) throws(OutputWriteError) in try console.send(piece) }
        }

        func finish() throws {
            guard let file else {
                try flushConsole()
                return
            }
            do {
                try file.commit(synchronizing: synchronizes)
            } catch {
                // A write that fails is an I/O error (74); a rename that fails, a file that cannot be made (73).
                let number = Self.errno(error)
                let status: TransferTool.ExitStatus =
                    ToolError.deviceFailures.contains(number.rawValue) ? .ioError : .cannotCreate
                throw ToolError(status, "\(file.destination.path): cannot be written (\(number))")
            }
        }

        /// Ends a conversion that failed: a file is removed; standard output, which cannot be taken
        /// back, gets what was converted before the failure (the records before the first bad one).
        func cancel() {
            guard let file else {
                try? flushConsole()
                return
            }
            file.discard()
        }
    }
}
