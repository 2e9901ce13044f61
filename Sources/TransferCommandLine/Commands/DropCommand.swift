import Foundation
import TransferClipboard
import TransferKit
import TransferSupport

/// `transfer drop`: a window of its own that takes one drop from another app, and writes it.
enum DropCommand {
    static let command = Command(
        "drop", summary: "Take a drop from another app in a window of its own",
        usage: [
            Usage(
                "drop",
                .oneOf(
                    [[.option(Options.type)], [.option(Options.to)], [.option(Options.model), .option(Options.to)]],
                    optional: true),
                .optional(OutputOption.option), .optional(Options.title), .optional(GeometryOption.option),
                .optional(Options.timeout), .optional(Options.verbose))
        ],
        discussion: """
            Opens a window that takes drops (Wayland's wl_data_device where WAYLAND_DISPLAY is set, else X11's \
            XDND) and writes the first thing dropped onto it to standard output or FILE, then exits, as \
            dragon's and ripdrag's targets do with --and-exit.

            Without --type, text is taken when the source offers some, else its first type. --type takes the \
            first NAME the source offers (repeatable, in order of preference; a MIME type, an X11 name such as \
            UTF8_STRING, or a type as the rest of the tool names it: public.png, .png, png). --to TYPE alone \
            takes the drop as TYPE: the first type offered that is TYPE or conforms to it (an image dragged \
            out of Chromium is offered as bytes named by its file name, public.png for a PNG), else the first \
            file of a dropped file list that is one, read. With --model, the drop is negotiated into MODEL as \
            a paste is (the first type it imports that is offered) and written as TYPE. A drag that offers \
            nothing taken is refused, and the window waits on. Standard error says \
            what was taken; with --verbose, also when a drag the window would take comes over it and when it \
            stops being so (left, refused or dropped).
            """,
        options: [
            Options.type, Options.model, Options.to, OutputOption.option, Options.title, GeometryOption.option,
            Options.timeout, Options.verbose,
        ],
        constraints: [
            .exclusive([Options.type, Options.model]),
            .requires(Options.model, Options.to, "the type to write the model as"),
            .exclusive([Options.type, Options.to]),
        ],
        exitStatus: """
            0 a drop was written; 75 no drop before the time-out; 65 the model cannot import the drop, a \
            dropped file list holds no file of the --to TYPE, or the source sent what the protocol does not \
            allow; 66 a dropped file cannot be read; 73 FILE cannot be written; 69 no display (neither \
            WAYLAND_DISPLAY nor DISPLAY); 64 usage.
            """
    ) { arguments, console in
        let names = try arguments.values(Options.type)
        let modelName = try arguments.value(Options.model)
        let target = try arguments.value(Options.to)
        let output = try arguments.value(OutputOption.option)
        let title = try arguments.value(Options.title) ?? "transfer drop"
        let timeout = try arguments.value(Options.timeout, as: .seconds) ?? .seconds(600)
        let frame = try arguments.value(GeometryOption.option, as: .geometry) ?? WindowFrame()
        let verbose = arguments.isSet(Options.verbose)
        try arguments.finish()
        let model = try modelName.map(ConvertCommand.model(named:))
        // Checked before the window opens: a type that does not resolve is a usage's mistake.
        let targetType = try target.map(TypeName.resolve)
        let window = try DropTarget(
            title: title, frame: frame, picture: WindowTiles.picture([title], in: frame),
            environment: ProcessInfo.processInfo.environment, limits: Clipboard.Limits())
        console.error("transfer drop: drop onto the window '\(title)'\n")
        var isTargeted: (@Sendable (Bool) -> Void)?
        if verbose {
            isTargeted = { over in
                let news = over ? "a drag the window would take is over it" : "no drag the window would take is over it"
                console.error("transfer drop: \(news)\n")
            }
        }
        let bytes: Data
        if model == nil, let targetType {
            bytes = try await dropAs(targetType, into: window, timeout, isTargeted, console)
        } else if let model, let targetType {
            guard let (data, why) = try await model.drop(window, timeout, isTargeted, targetType)
            else {
                throw ToolError(.temporaryFailure, "nothing was dropped in \(timeout)")
            }
            console.error("transfer drop: \(why)\n")
            bytes = data
        } else {
            let dropped = try await window.dropData(timeout: timeout, isTargeted: isTargeted) { offered in
                if names.isEmpty {
                    return offered.first { $0.contentType?.conforms(to: .plainText) == true } ?? offered.first
                }
                for name in names {
                    let chosen = ClipboardName.pasted(name, offers: offered)
                    if let type = offered.first(where: { $0.name == chosen }) { return type }
                }
                return nil
            }
            guard let (type, data) = dropped else {
                throw ToolError(.temporaryFailure, "nothing was dropped in \(timeout)")
            }
            console.error("transfer drop: \(type.name)\n")
            bytes = data
        }
        try OutputOption.write(bytes, to: output, console: console)
    }

    /// The bytes of a drop taken as `type`: the first offered type that is it, or else conforms
    /// to it; else a file list, whose first file of `type` is read (a file list holding none is an
    /// error, 65).
    static func dropAs(
        _ type: UTType, into window: DropTarget, _ timeout: Duration, _ isTargeted: (@Sendable (Bool) -> Void)?,
        _ console: Console
    ) async throws -> Data {
        let dropped = try await window.dropData(timeout: timeout, isTargeted: isTargeted) { offered in
            offered.first { $0.contentType == type } ?? offered.first { $0.contentType?.conforms(to: type) == true }
                ?? offered.first { $0.contentType == .fileURL }
        }
        guard let (offered, data) = dropped else {
            throw ToolError(.temporaryFailure, "nothing was dropped in \(timeout)")
        }
        guard offered.contentType == .fileURL, type != .fileURL, !type.conforms(to: .fileURL) else {
            console.error("transfer drop: \(offered.description)\n")
            return data
        }
        let files = ClipboardTypeMapping.files(in: [UInt8](data))
        guard let file = files.first(where: { UTType(filenameExtension: $0.pathExtension)?.conforms(to: type) == true })
        else {
            let names = files.isEmpty ? "none" : files.map(\.lastPathComponent).joined(separator: ", ")
            throw ToolError(
                .dataError, "expected a file of type \(type.identifier) in the dropped file list, found \(names)")
        }
        let contents: Data
        do throws(CocoaError) {
            contents = try ReadableFile.contents(of: file, maximumSizeAllowed: window.limits.maximumBytes)
        } catch {
            throw ToolError(.noInput, "\(file.path): cannot be read (\(error.fileSystemReason))")
        }
        console.error("transfer drop: \(file.path) from \(offered.name)\n")
        return contents
    }

    enum Options {
        static let type = OptionDeclaration.repeated(
            "type", "NAME",
            help: """
                Take NAME when the source offers it (repeatable, the preferred first): a MIME type, an X11 \
                name, or a type as the rest of the tool names it (public.png, .png, png).
                """)
        static let model = OptionDeclaration.value(
            "model", "MODEL", help: "Take the drop into MODEL: the first type the source offers that it imports.")
        static let to = OptionDeclaration.value(
            "to", "TYPE",
            help: """
                Take the drop as TYPE (an identifier or extension: png, public.png), or with --model, write \
                the model as TYPE (csv, json).
                """)
        static let title = OptionDeclaration.value(
            "title", "TEXT", help: "The window's name (default: transfer drop).")
        static let timeout = OptionDeclaration.value(
            "timeout", "SECONDS", help: "How long to wait for a drop (default: 600).")
        static let verbose = OptionDeclaration.flag(
            "verbose",
            help: "Say when a drag the window would take comes over it, and when it stops being so (as dragon's -v).")
    }
}
