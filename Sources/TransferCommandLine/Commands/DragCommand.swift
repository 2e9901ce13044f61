import Foundation
import TransferClipboard
import TransferKit
import TransferSupport

/// `transfer drag`: a window of its own from which the user drags files, or a model, into another
/// app.
enum DragCommand {
    static let command = Command(
        "drag", summary: "Drag files or a model into another app from a window of its own",
        usage: [
            Usage(
                "drag", .arguments("FILE"), .optional(Options.all), .optional(Options.keep), .optional(Options.title),
                .optional(GeometryOption.option), .optional(Options.timeout), .optional(Options.verbose)),
            Usage(
                "drag", .argument("FILE"),
                .oneOf([[.option(Options.model)], [.option(Options.type)]], optional: false),
                .optional(Options.keep), .optional(Options.title), .optional(GeometryOption.option),
                .optional(Options.timeout), .optional(Options.verbose)),
        ],
        discussion: """
            Opens a window (Wayland's wl_data_device where WAYLAND_DISPLAY is set, else X11's XDND) showing a tile for each \
            item, from which one drag is made into another app, then exits, as dragon and ripdrag do with \
            --and-exit: press on the window and move. With --keep, the window stays for more drags until \
            the time-out.

            Without --model or --type, the FILEs are dragged as files (text/uri-list), as a file manager \
            drags them: a press on a FILE's tile drags that FILE; with --all, a press anywhere drags them \
            all, as dragon's --all. With --model, FILE is imported into MODEL (its extension names its \
            type) and every representation the model exports is offered, each converted when the target \
            asks. With --type, FILE's bytes are offered under the NAMEs given (as transfer copy --type \
            offers them). Standard error says how each drag ended; with --verbose, also when each begins, \
            and when it comes over a window that would take it and stops being so.
            """,
        options: [
            Options.model, Options.type, Options.all, Options.keep, Options.title, GeometryOption.option,
            Options.timeout, Options.verbose,
        ],
        constraints: [.exclusive([Options.type, Options.model, Options.all])],
        exitStatus: """
            0 dropped and taken (with --keep: once at least); 75 no drag before the time-out, a drop refused \
            or not taken, or a target that stopped answering; 66 a FILE cannot be read; 65 the model cannot \
            import FILE; 69 no display (neither WAYLAND_DISPLAY nor DISPLAY); 64 usage.
            """
    ) { arguments, console in
        let modelName = try arguments.value(Options.model)
        let names = try arguments.values(Options.type)
        let title = try arguments.value(Options.title) ?? "transfer drag"
        let frame = try arguments.value(GeometryOption.option, as: .geometry) ?? WindowFrame()
        let timeout = try arguments.value(Options.timeout, as: .seconds) ?? .seconds(600)
        let all = arguments.isSet(Options.all)
        let keep = arguments.isSet(Options.keep)
        let verbose = arguments.isSet(Options.verbose)
        var paths: [String] = []
        while let path = arguments.positional() { paths.append(path) }
        try arguments.finish()
        guard !paths.isEmpty else { throw UsageError("missing FILE: what to drag") }
        if (modelName != nil || !names.isEmpty), paths.count > 1 {
            throw UsageError("--model and --type drag one FILE's content; without them, the FILEs are dragged as files")
        }
        let source: DragSource
        if let modelName {
            let model = try ConvertCommand.model(named: modelName)
            let type = try TypeName.resolve(URL(fileURLWithPath: paths[0]).pathExtension)
            let bytes = try InputFile.contents(of: paths[0], limit: 1 << 30)
            source = try await model.drag(bytes, type, title, frame)
        } else if !names.isEmpty {
            let bytes = try InputFile.contents(of: paths[0], limit: 1 << 30)
            source = try DragSource(
                data: bytes, as: names.flatMap { ClipboardName.offered(for: $0) }, title: title, frame: frame,
                picture: WindowTiles.picture([URL(fileURLWithPath: paths[0]).lastPathComponent], in: frame))
        } else {
            var files: [ClipboardCommands.CopiedFile] = []
            for path in paths {
                try InputFile.open(path).close()
                files.append(ClipboardCommands.CopiedFile(url: URL(fileURLWithPath: path).standardizedFileURL))
            }
            let picture = WindowTiles.picture(files.map(\.url.lastPathComponent), in: frame)
            source =
                all || files.count == 1
                ? try DragSource(files, title: title, frame: frame, picture: picture)
                : try DragSource(eachOf: files, title: title, frame: frame, picture: picture)
        }
        console.error("transfer drag: drag from the window '\(title)'\n")
        var willBegin: (@Sendable () -> Void)?
        var isAccepted: (@Sendable (Bool) -> Void)?
        if verbose {
            willBegin = { console.error("transfer drag: a drag began\n") }
            isAccepted = { accepted in
                let news = accepted ? "over a window that would take it" : "over no window that would take it"
                console.error("transfer drag: \(news)\n")
            }
        }
        let deadline = ContinuousClock.now + timeout
        var taken = 0
        while ContinuousClock.now < deadline {
            let outcome = try await source.drag(
                timeout: ContinuousClock.now.duration(to: deadline), willBegin: willBegin, isAccepted: isAccepted)
            guard let outcome else { break }
            do throws(ToolError) {
                try report(outcome, console: console)
                taken += 1
            } catch {
                guard keep else { throw error }
                console.error("transfer drag: \(error.message)\n")
            }
            if !keep { return }
        }
        if taken == 0 { throw ToolError(.temporaryFailure, "nothing was dragged in \(timeout)") }
    }

    /// Says how a drag ended: dropped and taken on standard error, anything else thrown.
    static func report(_ outcome: DragSource.Outcome, console: Console) throws(ToolError) {
        switch outcome {
        case .dropped(true, let action):
            console.error("transfer drag: dropped (\(action))\n")
        case .dropped(false, _):
            throw ToolError(.temporaryFailure, "the target did not take the drop")
        case .refused:
            throw ToolError(.temporaryFailure, "released where nothing takes it, or the target refused it")
        case .expired:
            throw ToolError(
                .temporaryFailure,
                "the target stopped answering: nothing from it in \(Clipboard.Limits().idleTimeout), while a status"
                    + " or, after the drop, its XdndFinished was awaited")
        }
    }

    enum Options {
        static let model = OptionDeclaration.value(
            "model", "MODEL",
            help: "Drag FILE as MODEL: every representation it exports (see 'transfer convert --list').")
        static let type = OptionDeclaration.repeated(
            "type", "NAME",
            help: "Offer FILE's bytes under NAME (repeatable, the preferred first), as copy --type does.")
        static let all = OptionDeclaration.flag(
            "all", help: "With several FILEs: a press anywhere drags them all (as dragon's --all), not the one pressed."
        )
        static let keep = OptionDeclaration.flag(
            "keep", help: "Keep the window for more drags after a drop, until --timeout (without it: --and-exit).")
        static let title = OptionDeclaration.value("title", "TEXT", help: "The window's name (default: transfer drag).")
        static let timeout = OptionDeclaration.value(
            "timeout", "SECONDS", help: "How long to wait for the drag to start and end (default: 600).")
        static let verbose = OptionDeclaration.flag(
            "verbose",
            help: "Say when each drag begins, and when it is over a window that would take it and stops being so.")
    }
}
