import Foundation
import Synchronization
import TransferClipboard
import TransferKit
import TransferSupport

/// `transfer copy`, `transfer paste` and `transfer clipboard list`: the desktop clipboard from the
/// command line.
enum ClipboardCommands {
    // MARK: copy

    /// `--primary`: the primary selection instead of the clipboard, for every clipboard command.
    static let primary = OptionDeclaration.flag(
        "primary", help: "The primary selection (middle-button paste) instead of the clipboard.")

    static let copy = Command(
        "copy", summary: "Copy a file or standard input to the desktop clipboard",
        usage: [
            Usage(
                "copy", .optionalArgument("FILE"), .optional(CopyOptions.type), .optional(CopyOptions.model),
                .optional(primary), .optional(CopyOptions.foreground)),
            Usage(
                "copy", .option(CopyOptions.asFiles), .arguments("FILE"), .optional(primary),
                .optional(CopyOptions.foreground)),
        ],
        discussion: """
            Copies FILE (or standard input) to the desktop clipboard, as xclip -i and wl-copy do, and keeps \
            serving it from a process of its own until another app copies.

            Without --type, a file is offered as its extension's type (photo.png as image/png; text also as \
            UTF8_STRING, text/plain;charset=utf-8, text/plain, TEXT and STRING), standard input as text when \
            it is UTF-8, else application/octet-stream. With --model, the file is imported into the model \
            (see 'transfer convert --list') and every representation it exports is offered, each exported \
            only when an app asks for it. With --as-files, the FILEs themselves are copied, as a file manager \
            copies them: as text/uri-list and x-special/gnome-copied-files, for a file manager to paste.
            """,
        options: [
            CopyOptions.type, CopyOptions.model, CopyOptions.asFiles, primary, CopyOptions.foreground,
        ],
        constraints: [.exclusive([CopyOptions.type, CopyOptions.model, CopyOptions.asFiles])],
        exitStatus: """
            0 once the selection is served; 66 the input cannot be read; 69 no display, or the display \
            refused; 64 usage.
            """
    ) { arguments, console in
        let names = try arguments.values(CopyOptions.type)
        let modelName = try arguments.value(CopyOptions.model)
        let primary = arguments.isSet(ClipboardCommands.primary)
        let foreground = arguments.isSet(CopyOptions.foreground)
        let asFiles = arguments.isSet(CopyOptions.asFiles)
        let path = arguments.positional()
        var files: [String] = []
        if asFiles { while let file = arguments.positional() { files.append(file) } }
        try arguments.finish()
        let selection: ClipboardSelection = primary ? .primary : .clipboard
        if asFiles {
            guard let path, path != "-" else { throw UsageError("--as-files needs the FILEs to copy") }
            try await copyFiles([path] + files, selection, foreground: foreground, console: console)
            return
        }

        let input = try snapshot(of: path)
        try await serve(selection, foreground: foreground, console: console) {
            try await own(input, path: path, names: names, model: modelName, selection)
        }
    }

    /// What `transfer copy` offers: the file at `path`, or standard input, copied as it is now into
    /// sealed memory of the copy's own (``ClipboardSnapshot``, in the kernel: a later change to the
    /// file is not the clipboard's); read into memory where there is no such memory (not Linux).
    static func snapshot(of path: String?) throws -> CopiedInput {
        let limit = 1 << 30
        let name = path.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
        let file = try path.flatMap { $0 == "-" ? nil : try InputFile.open($0) }
        let descriptor = try file?.fileDescriptor ?? StandardInput.descriptor()
        do throws(ClipboardSnapshot.Failure) {
            return .snapshot(try ClipboardSnapshot(copying: descriptor, maximumSizeAllowed: limit))
        } catch .tooLarge {
            throw ToolError(.dataError, "\(name): more than \(limit >> 20) MiB (expected at most that much to copy)")
        } catch .system(Errno(rawValue: ENOSYS)) {
            let bytes = try StandardInput.readAll(descriptor: descriptor, name: name, limit: limit) { limit in
                "more than \(limit >> 20) MiB (expected at most that much to copy)"
            }
            return .bytes(bytes)
        } catch .system(Errno(rawValue: EISDIR)) {
            throw ToolError(.noInput, "\(name): a directory (expected a file's contents)")
        } catch .system(let error) {
            throw ToolError(.ioError, "\(name): cannot be read (\(error))")
        }
    }

    /// The input of a copy: a snapshot, or bytes read where there are no snapshots.
    enum CopiedInput {
        case snapshot(ClipboardSnapshot)
        case bytes(Data)

        var bytes: Data {
            switch self {
            case .snapshot(let snapshot): snapshot.bytes
            case .bytes(let bytes): bytes
            }
        }
    }

    /// Takes the selection (`own`) and serves it until another app copies: in the foreground, saying
    /// so on standard error; or as the child of a detached copy (``Detached``), which tells its
    /// parent it serves and then serves with no terminal. A failure before it serves is thrown, and
    /// said as any command's: the detached copy's parent exits with the child's status.
    static func serve(
        _ selection: ClipboardSelection, foreground: Bool, console: Console,
        _ own: () async throws -> ClipboardOwnership
    ) async throws {
        guard foreground || Detached.isServingChild else {
            throw ToolError(.unavailable, "a detached copy is started by the transfer executable, which forks first")
        }
        let ownership = try await own()
        // SIGTERM or SIGINT: the selection given up and the exported files removed, exit 0.
        SignalCleanup.onInterruption { _ in ownership.stop() }
        if foreground {
            console.error("transfer copy: serving the \(selection) selection until another app copies\n")
        } else {
            Detached.reportReady()
        }
        await ownership.waitUntilFinished()
    }

    /// `transfer copy --as-files`: the files themselves, each checked to be a readable file first,
    /// offered as a file list (`text/uri-list`, `x-special/gnome-copied-files`) of their absolute paths.
    static func copyFiles(
        _ paths: [String], _ selection: ClipboardSelection, foreground: Bool, console: Console
    ) async throws {
        var urls: [URL] = []
        for path in paths {
            try InputFile.open(path).close()
            urls.append(URL(fileURLWithPath: path).standardizedFileURL)
        }
        try await serve(selection, foreground: foreground, console: console) {
            try await Clipboard().copy(urls.map(CopiedFile.init), to: selection)
        }
    }

    /// A file copied as itself: its file, handed over where it is, so that the file list names it.
    struct CopiedFile: Transferable {
        let url: URL

        static var transferRepresentation: some TransferRepresentation {
            FileRepresentation(exportedContentType: .data) { file in
                SentTransferredFile(file.url, allowAccessingOriginalFile: true)
            }
        }
    }

    /// Takes the selection for the payload: as a model's representations, as the names given, or
    /// as its file's type.
    static func own(
        _ input: CopiedInput, path: String?, names: [String], model modelName: String?, _ selection: ClipboardSelection
    ) async throws -> ClipboardOwnership {
        let clipboard = try Clipboard()
        let bytes = input.bytes
        if let modelName {
            let model = try ConvertCommand.model(named: modelName)
            let type = try path.map { try TypeName.resolve(URL(fileURLWithPath: $0).pathExtension) }
            guard let type else { throw UsageError("--model needs a FILE whose extension names its type") }
            return try await model.copy(bytes, type, clipboard, selection)
        }
        var offered = names.flatMap { ClipboardName.offered(for: $0) }
        if offered.isEmpty {
            if let path, path != "-", let type = UTType(filenameExtension: URL(fileURLWithPath: path).pathExtension) {
                offered = ClipboardTypeMapping.names(for: type)
            } else if String(data: bytes, encoding: .utf8) != nil {
                offered = ClipboardTypeMapping.names(for: .utf8PlainText)
            } else {
                offered = ["application/octet-stream"]
            }
        }
        switch input {
        case .snapshot(let snapshot): return try await clipboard.copy(snapshot, as: offered, to: selection)
        case .bytes(let bytes): return try await clipboard.copy(bytes, as: offered, to: selection)
        }
    }

    /// The options of `transfer copy`.
    enum CopyOptions {
        static let type = OptionDeclaration.repeated(
            "type", "NAME",
            help: """
                Offer the bytes under NAME: a MIME type or a clipboard name such as UTF8_STRING, as written; \
                or a type as the rest of the tool names it (public.png, .png, png), offered under every name \
                of that type (public.utf8-plain-text as text/plain;charset=utf-8, UTF8_STRING, …). \
                Repeatable, in order of preference.
                """)
        static let model = OptionDeclaration.value("model", "MODEL", help: "Offer MODEL's representations of FILE.")
        static let asFiles = OptionDeclaration.flag(
            "as-files", help: "Copy the FILEs themselves, as a file list a file manager pastes (text/uri-list).")
        static let foreground = OptionDeclaration.flag(
            "foreground", help: "Serve from this process, until another app copies.")
    }

    // MARK: paste

    static let paste = Command(
        "paste", summary: "Paste from the desktop clipboard",
        usage: [
            Usage(
                "paste",
                .oneOf(
                    [[.option(PasteOptions.type)], [.option(PasteOptions.model), .option(PasteOptions.to)]],
                    optional: true),
                .optional(OutputOption.option), .optional(primary))
        ],
        discussion: """
            Writes what the desktop clipboard holds to standard output or FILE, as xclip -o and wl-paste \
            do: text when it offers some, else its first type.
            """,
        options: [PasteOptions.type, PasteOptions.model, PasteOptions.to, OutputOption.option, primary],
        constraints: [
            .exclusive([PasteOptions.type, PasteOptions.model]),
            .requires(PasteOptions.model, PasteOptions.to, "the type to write the model as"),
        ],
        exitStatus: """
            0 success; 66 the clipboard is empty or does not offer the type; 65 the owner sent what the \
            protocol does not allow, or too much; 75 the owner did not answer in time; 69 no display.
            """
    ) { arguments, console in
        let name = try arguments.value(PasteOptions.type)
        let modelName = try arguments.value(PasteOptions.model)
        let target = try arguments.value(PasteOptions.to)
        let output = try arguments.value(OutputOption.option)
        let primary = arguments.isSet(ClipboardCommands.primary)
        try arguments.finish()
        let selection: ClipboardSelection = primary ? .primary : .clipboard
        let clipboard = try Clipboard()
        let bytes: Data
        if let modelName {
            let model = try ConvertCommand.model(named: modelName)
            // `--model` requires `--to` (a constraint checked before the command runs).
            let (data, why) = try await model.paste(clipboard, selection, try TypeName.resolve(target ?? ""))
            console.error("transfer paste: \(why)\n")
            bytes = data
        } else {
            // As wl-paste without --type: text when there is some, else the owner's first type. A
            // type named as the rest of the tool names types is mapped to the name offered for it.
            // Listed and read on one connection, and streamed into the file or standard output as
            // it arrives: memory stays at one chunk however large the paste.
            let written = OutputFailure()
            let destination: Clipboard.ReadDestination =
                if let output { .file(URL(fileURLWithPath: output)) } else {
                    .chunks { bytes throws(ClipboardError) in
                        do throws(OutputWriteError) {
                            try console.send(bytes)
                        } catch {
                            written.error.withLock { $0 = error }
                            throw ClipboardError(.outputFailed, "\(error)")
                        }
                    }
                }
            let read: (name: String, data: Data?)?
            do {
                read = try await clipboard.read(in: selection, into: destination) { types in
                    if let name { return ClipboardName.pasted(name, offers: types) }
                    return (types.first(where: { $0.contentType?.conforms(to: .plainText) == true }) ?? types.first)?
                        .name
                }
            } catch {
                // Standard output's failure as every command reports it (141 for a reader gone).
                if let failure = written.error.withLock({ $0 }) { throw failure }
                throw error
            }
            guard read != nil else { throw ClipboardError(.empty, "the \(selection) selection offers no type") }
            return
        }
        try OutputOption.write(bytes, to: output, console: console)
    }

    /// The failure of standard output that stopped a paste streamed to it.
    final class OutputFailure: Sendable {
        let error = Mutex<OutputWriteError?>(nil)
    }

    /// The options of `transfer paste`.
    enum PasteOptions {
        static let type = OptionDeclaration.value(
            "type", "NAME",
            help: """
                The type to paste, as 'transfer clipboard list' names it, or as the rest of the tool names \
                types (public.png, .png, png: the first name offered for that type).
                """)
        static let model = OptionDeclaration.value(
            "model", "MODEL", help: "Paste into MODEL: the first type on the clipboard it imports (its own order).")
        static let to = OptionDeclaration.value(
            "to", "TYPE", help: "With --model: write it as TYPE (an identifier or extension: csv, json, public.png).")
    }

    // MARK: clipboard list

    static let clipboard = Command(
        "clipboard", summary: "List the types on the desktop clipboard, or clear it",
        discussion: "The desktop clipboard's types, or none of them.",
        subcommands: [
            Command(
                "list", summary: "The types the clipboard's owner offers",
                usage: [Usage("clipboard list", .optional(primary), .optional(JSONOutput.option))],
                discussion: """
                    The types the desktop clipboard's owner offers, in its order, each with the content type \
                    it maps to ('-' for none).
                    """,
                options: [primary, JSONOutput.option]
            ) { arguments, console in
                let primary = arguments.isSet(ClipboardCommands.primary)
                let format = try arguments.choice(JSONOutput.option)
                try arguments.finish()
                let types = try await Clipboard().types(in: primary ? .primary : .clipboard)
                if format == "json" {
                    console.write(try JSONOutput.text(types))
                } else {
                    let width = types.map(\.name.count).max() ?? 0
                    console.write(
                        types.map { $0.name.padding(width + 1) + ($0.contentType?.identifier ?? "-") + "\n" }.joined())
                }
            },
            Command(
                "clear", summary: "Empty the clipboard, whoever owns it",
                usage: [Usage("clipboard clear", .optional(primary))],
                discussion: "Empties the clipboard, whoever owns it (as wl-copy --clear); its owner stops serving.",
                options: [primary]
            ) { arguments, _ in
                let primary = arguments.isSet(ClipboardCommands.primary)
                try arguments.finish()
                try await Clipboard().clear(primary ? .primary : .clipboard)
            },
        ])

}
