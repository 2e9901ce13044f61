import Foundation
import TransferKitTesting
import TransferSupport

/// `transfer placeholder`: a placeholder PNG or WAV from the parameters `PlaceholderURLProtocol`
/// takes, to a file or to standard output — for clients that are not Swift processes.
enum PlaceholderCommand {
    static let command = Command(
        name: "placeholder", summary: "Write or serve placeholder images (PNG) and sounds (WAV)"
    ) {
        arguments, console in
        var arguments = arguments
        if arguments.wantsHelp {
            console.write(help)
            return
        }
        guard let kind = arguments.positional() else { throw UsageError("missing what to do: image, audio or serve") }
        let output = try arguments.option("o") ?? arguments.option("output")
        let data: Data
        switch kind {
        case "image", "audio":
            // The options are the query's parameters, read by PlaceholderRequest as the server reads them.
            let names =
                kind == "image" ? ["width", "height", "text", "fgcolor", "bgcolor"] : ["duration", "frequency"]
            var parameters: [String: String] = [:]
            for name in names {
                if let value = try arguments.option(name) { parameters[name] = value }
            }
            try arguments.finish()
            data = try refusingBadParameters(written: parameters) { () throws(PlaceholderError) -> Data in
                try PlaceholderRequest(path: kind == "image" ? "/image.png" : "/audio.wav", parameters: parameters)
                    .data()
            }
        case "serve":
            try await serve(&arguments, console: console)
            return
        default:
            throw UsageError("'\(kind)': expected image, audio or serve")
        }
        guard let output, output != "-" else {
            console.writeData(data)
            return
        }
        guard !output.isEmpty else {
            throw UsageError("-o needs a file name, not an empty one (- writes to standard output)")
        }
        do throws(CocoaError) {
            try AtomicFile.write(data, to: URL(fileURLWithPath: output))
        } catch {
            throw ToolError(.cannotCreate, "\(output): cannot be written (\(error.fileSystemReason))")
        }
    }

    /// `transfer placeholder serve`: runs a ``PlaceholderServer`` until SIGINT or SIGTERM, then stops
    /// it (idle connections closed, responses being written finished) and exits 0.
    private static func serve(_ arguments: inout Arguments, console: Console) async throws {
        var configuration = PlaceholderServer.Configuration()
        configuration.port = 8080
        if let host = try arguments.option("host") { configuration.host = host }
        if let text = try arguments.option("port") {
            guard let port = UInt16(text) else { throw UsageError("--port '\(text)': expected a port from 0 to 65535") }
            configuration.port = port
        }
        if let text = try arguments.option("max-connections") {
            guard let count = Int(text), (1...4096).contains(count) else {
                throw UsageError("--max-connections '\(text)': expected a whole number from 1 to 4096")
            }
            configuration.maximumConnections = count
        }
        try arguments.finish()
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
                + "\(statistics.connectionsAccepted) connection\(statistics.connectionsAccepted == 1 ? "" : "s")\n")
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

    static let help = """
        USAGE: transfer placeholder image [--width N] [--height N] [--text TEXT] [--fgcolor HEX] [--bgcolor HEX] [-o FILE]
               transfer placeholder audio [--duration SECONDS] [--frequency HZ] [-o FILE]
               transfer placeholder serve [--host ADDRESS] [--port N] [--max-connections N]

        Writes a placeholder PNG or WAV, as PlaceholderURLProtocol serves them, to FILE or (without -o,
        or with -o -) to standard output. An image draws its text in any script of the Basic
        Multilingual Plane (GNU Unifont's glyphs), centred, at the largest whole scale that fits.

        OPTIONS:
          --width N, --height N  1 to 4096 pixels (default 250 each).
          --text TEXT            The text drawn (default "dummy"; "" for none).
          --fgcolor, --bgcolor   3 or 6 hexadecimal digits (default 202f55 on dddddd).
          --duration SECONDS     Up to 60 (default 0.5). --frequency HZ: above 0 (default 440).
          -o FILE                The file, written whole or not at all.

        serve answers the same images and sounds over HTTP/1.1, for clients that are not Swift
        processes: /image.png?width=300&height=200&text=…, /300x200.png, /ddd/202f55/300x200.png,
        /audio.wav?duration=1. It prints its URL on standard output, keeps connections alive, gives
        each image an ETag, refuses bad requests with a status and words (400, 404, 408, 413, 414,
        431, 503), and stops cleanly on Ctrl-C (SIGINT) or SIGTERM, exiting 0.
          --host ADDRESS         127.0.0.1 (default), ::1, or 0.0.0.0 to serve other machines too.
          --port N               8080 by default; 0 for one the system chooses.
          --max-connections N    Connections served at once (default 64); more are answered 503.

        A bad parameter exits 64 with a message that names it; a port in use exits 69.

        EXAMPLES:
          transfer placeholder image --width 300 --height 200 --text 商品 -o out.png
          transfer placeholder audio --duration 1 > beep.wav
          transfer placeholder serve --port 8080 &
          curl -o hello.png 'http://127.0.0.1:8080/300x200.png?text=%E5%95%86%E5%93%81'
        """
}
