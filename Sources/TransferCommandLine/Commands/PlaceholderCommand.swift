import Foundation
import TransferKitTesting
import TransferSupport

/// `transfer placeholder`: a placeholder PNG or WAV from the parameters `PlaceholderURLProtocol`
/// takes, to a file or to standard output — for clients that are not Swift processes.
enum PlaceholderCommand {
    static let command = Command(
        "placeholder", summary: "Write or serve placeholder images (PNG) and sounds (WAV)",
        discussion: """
            Writes a placeholder PNG or WAV, as PlaceholderURLProtocol serves them, to FILE or (without -o, \
            or with -o -) to standard output; or serves them over HTTP/1.1. A bad parameter exits 64 with a \
            message that names it.
            """,
        subcommands: [image, audio, serve])

    static let image = Command(
        "image", summary: "A placeholder PNG with centred text",
        usage: [
            Usage(
                "placeholder image", .optional(Options.width), .optional(Options.height), .optional(Options.text),
                .optional(Options.foreground), .optional(Options.background), .optional(OutputOption.option))
        ],
        discussion: """
            Writes a placeholder PNG. Its text is drawn in any script of the Basic Multilingual Plane (GNU \
            Unifont's glyphs), centred, at the largest whole scale that fits.
            """,
        options: [
            Options.width, Options.height, Options.text, Options.foreground, Options.background, OutputOption.option,
        ],
        examples: ["placeholder image --width 300 --height 200 --text 商品 -o out.png"]
    ) { arguments, console in
        let output = try arguments.value(OutputOption.option)
        let data = try render(
            "/image.png", [Options.width, Options.height, Options.text, Options.foreground, Options.background],
            &arguments)
        try write(data, to: output, console: console)
    }

    static let audio = Command(
        "audio", summary: "A placeholder WAV: a sine tone",
        usage: [
            Usage(
                "placeholder audio", .optional(Options.duration), .optional(Options.frequency),
                .optional(OutputOption.option))
        ],
        discussion: "Writes a placeholder WAV: a sine tone of the frequency and duration given.",
        options: [Options.duration, Options.frequency, OutputOption.option],
        examples: ["placeholder audio --duration 1 > beep.wav"]
    ) { arguments, console in
        let output = try arguments.value(OutputOption.option)
        let data = try render("/audio.wav", [Options.duration, Options.frequency], &arguments)
        try write(data, to: output, console: console)
    }

    static let serve = Command(
        "serve", summary: "Serve placeholders over HTTP/1.1",
        usage: [
            Usage(
                "placeholder serve", .optional(Options.host), .optional(Options.port),
                .optional(Options.maximumConnections))
        ],
        discussion: """
            Answers the same images and sounds over HTTP/1.1, for clients that are not Swift processes: \
            /image.png?width=300&height=200&text=…, /300x200.png, /ddd/202f55/300x200.png, \
            /audio.wav?duration=1. It prints its URL on standard output, keeps connections alive, gives each \
            image an ETag, refuses bad requests with a status and words (400, 404, 408, 413, 414, 431, 503), \
            and stops cleanly on Ctrl-C (SIGINT) or SIGTERM, exiting 0. A port in use exits 69.

            curl -o hello.png 'http://127.0.0.1:8080/300x200.png?text=%E5%95%86%E5%93%81'
            """,
        options: [Options.host, Options.port, Options.maximumConnections],
        examples: ["placeholder serve --port 8080 &"],
        run: { try await runServer(&$0, console: $1) })

    /// The options of `transfer placeholder`.
    enum Options {
        static let width = OptionDeclaration.value("width", "N", help: "1 to 4096 pixels (default 250).")
        static let height = OptionDeclaration.value("height", "N", help: "1 to 4096 pixels (default 250).")
        static let text = OptionDeclaration.value(
            "text", "TEXT", help: #"The text drawn (default "dummy"; "" for none)."#)
        static let foreground = OptionDeclaration.value(
            "fgcolor", "HEX", help: "The text's colour: 3 or 6 hexadecimal digits (default 202f55).")
        static let background = OptionDeclaration.value(
            "bgcolor", "HEX", help: "The background's colour: 3 or 6 hexadecimal digits (default dddddd).")
        static let duration = OptionDeclaration.value("duration", "SECONDS", help: "Up to 60 (default 0.5).")
        static let frequency = OptionDeclaration.value("frequency", "HZ", help: "Above 0 (default 440).")
        static let host = OptionDeclaration.value(
            "host", "ADDRESS", help: "127.0.0.1 (default), ::1, or 0.0.0.0 to serve other machines too.")
        static let port = OptionDeclaration.value("port", "N", help: "8080 by default; 0 for one the system chooses.")
        static let maximumConnections = OptionDeclaration.value(
            "max-connections", "N",
            help: "Connections open at once (default 10000), idle ones included; at the limit the one idle "
                + "longest is closed, or, with none idle, the newcomer is answered 503.")
    }

    /// Writes a placeholder to `output`, whole or not at all, or to standard output without one or
    /// for `-`.
    private static func write(_ data: Data, to output: String?, console: Console) throws {
        guard let output, output != "-" else {
            try console.send(data)
            return
        }
        guard !output.isEmpty else {
            throw UsageError("-o needs a file name, not an empty one (- writes to standard output)")
        }
        try OutputOption.write(data, to: output, console: console)
    }

    /// `transfer placeholder serve`: runs a ``PlaceholderServer`` until SIGINT or SIGTERM, then stops
    /// it (idle connections closed, responses being written finished) and exits 0.
    private static func runServer(_ arguments: inout Arguments, console: Console) async throws {
        var configuration = PlaceholderServer.Configuration()
        configuration.port = 8080
        if let host = try arguments.value(Options.host) { configuration.host = host }
        if let port = try arguments.value(Options.port, as: .port) { configuration.port = port }
        if let count = try arguments.value(Options.maximumConnections, as: .wholeNumber(in: 1...1_000_000)) {
            configuration.maximumConnections = count
        }
        try arguments.finish()
        // A shell's default, often 1,024, would otherwise cap the connections the server holds.
        let allowed = SystemCalls.allowDescriptors(configuration.maximumConnections + Self.spareDescriptors)
        let server: PlaceholderServer
        do {
            server = try PlaceholderServer(configuration: configuration)
        } catch let error as POSIXError where error.code == .EADDRNOTAVAIL {
            throw UsageError(
                "--host '\(configuration.host)': expected an IP address of this machine, such as 127.0.0.1 or ::1")
        } catch let error as POSIXError {
            throw ToolError(
                .unavailable,
                "\(configuration.host) port \(configuration.port): cannot listen (\(Errno(rawValue: error.code.rawValue)))"
            )
        }
        SignalCleanup.onInterruption { _ in server.stop() }
        console.write("\(server.url)\n")
        console.error("serving placeholders at \(server.url) (Ctrl-C stops)\n")
        if allowed < configuration.maximumConnections + Self.spareDescriptors {
            console.error(
                "note: this process may open \(allowed) descriptors (ulimit -n), fewer than "
                    + "\(configuration.maximumConnections) connections need: idle ones are closed when they run out\n")
        }
        if !["127.0.0.1", "::1", "localhost"].contains(configuration.host) {
            console.error("note: \(configuration.host) is not loopback: other machines can reach this server\n")
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Waiting blocks: a thread of its own, not one of the cooperative pool's.
            Thread {
                server.waitUntilStopped()
                continuation.resume()
            }.start()
        }
        let statistics = server.statistics
        console.error(
            "stopped after \(statistics.responses) response\(statistics.responses == 1 ? "" : "s") on "
                + "\(statistics.connectionsAccepted) connection\(statistics.connectionsAccepted == 1 ? "" : "s") ("
                + "\(statistics.connectionsRefused) refused, \(statistics.idleConnectionsClosed) idle closed to make room)\n"
        )
    }

    /// A placeholder from its options: each is a parameter of the query, read by
    /// The descriptors a server needs beside its connections: standard streams, the listener, its
    /// wake-up pipe, a few the runtime opens.
    private static let spareDescriptors = 64

    /// `PlaceholderRequest` as the server reads it.
    private static func render(_ path: String, _ options: [OptionDeclaration], _ arguments: inout Arguments) throws
        -> Data
    {
        var parameters: [String: String] = [:]
        for option in options {
            if let value = try arguments.value(option) { parameters[option.name] = value }
        }
        try arguments.finish()
        return try refusingBadParameters(written: parameters) { () throws(PlaceholderError) -> Data in
            try PlaceholderRequest(path: path, parameters: parameters).data()
        }
    }

    /// Runs `body`, turning a refused parameter into a usage error that names it, with the value as
    /// the command line wrote it: `--duration '99': …`.
    private static func refusingBadParameters(
        written: [String: String], _ body: () throws(PlaceholderError) -> Data
    ) throws(UsageError) -> Data {
        do {
            return try body()
        } catch {
            let value = written[error.parameter] ?? error.value
            throw UsageError("--\(error.parameter) '\(value)': expected \(error.expected)")
        }
    }
}
