import Foundation
import HTTPTestClient
import Synchronization
import Testing
import TransferKitTesting
import TransferSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `transfer placeholder serve`, run as the built executable: its URL on standard output, HTTP from
/// a client that is not the tool, and a clean stop on SIGINT or SIGTERM.
@Suite("transfer placeholder serve")
struct PlaceholderServeCommandTests {
    /// A running `transfer placeholder serve --port 0`, and its URL.
    final class RunningServer: Sendable {
        let process: Process
        let url: URL
        private let errorText = Mutex(Data())
        private let errorPipe: Pipe

        /// Starts the server; `descriptors`, when given, is its soft limit of open descriptors at
        /// the start (`ulimit -S -n`, set by a shell that then becomes the server).
        init(descriptors: Int? = nil) throws {
            process = Process()
            if let descriptors {
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = [
                    "-c", "ulimit -S -n \(descriptors) && exec \"$0\" placeholder serve --port 0", executableURL.path,
                ]
            } else {
                process.executableURL = executableURL
                process.arguments = ["placeholder", "serve", "--port", "0"]
            }
            let output = Pipe()
            errorPipe = Pipe()
            process.standardOutput = output
            process.standardError = errorPipe
            try process.run()
            // The first line is the URL; nothing else is written to standard output.
            var line = Data()
            while line.last != 0x0A {
                let byte = output.fileHandleForReading.readData(ofLength: 1)
                guard !byte.isEmpty else { break }
                line += byte
            }
            url = try #require(URL(string: String(decoding: line, as: UTF8.self).trimmingCharacters(in: .newlines)))
        }

        /// Sends the signal and waits for the process; returns its status and standard error.
        func stop(with signal: Int32) -> (status: Int32, error: String) {
            kill(process.processIdentifier, signal)
            let error = errorPipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: error, as: UTF8.self))
        }
    }

    @Test(
        "it serves what `transfer placeholder image` writes, refuses a bad width in words, and stops on a signal with 0",
        arguments: [SIGINT, SIGTERM])
    func servesAndStops(signal: Int32) async throws {
        let server = try await onThreadOfItsOwn { try RunningServer() }
        #expect(server.url.absoluteString.hasPrefix("http://127.0.0.1:"))
        let session = URLSession(configuration: .ephemeral)
        let (body, response) = try await session.data(
            from: URL(string: "image.png?width=64&height=32&text=%E5%95%86", relativeTo: server.url)!)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect(http.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect(http.value(forHTTPHeaderField: "ETag") != nil)
        // One renderer: the bytes `transfer placeholder image` writes for the same parameters.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = await transfer(
            "placeholder", "image", "--width", "64", "--height", "32", "--text", "商", "-o", file.path)
        #expect(written.status == 0)
        #expect(body == (try Data(contentsOf: file)))
        let (refusal, refused) = try await session.data(
            from: URL(string: "image.png?width=2147483648", relativeTo: server.url)!)
        #expect((refused as? HTTPURLResponse)?.statusCode == 400)
        #expect(
            String(decoding: refusal, as: UTF8.self)
                == "width: expected a whole number from 1 to 4096, found '2147483648'\n")
        session.invalidateAndCancel()
        let stopped = try await onThreadOfItsOwn { server.stop(with: signal) }
        #expect(stopped.status == 0, "\(stopped.error)")
        #expect(stopped.error.contains("serving placeholders at \(server.url.absoluteString)"))
        #expect(stopped.error.contains("stopped after 2 responses"), "\(stopped.error)")
    }

    @Test("the executable's server answers hostile requests in words, and goes on serving")
    func hostileRequests() async throws {
        let server = try await onThreadOfItsOwn { try RunningServer() }
        let port = try #require(server.url.port.flatMap { UInt16(exactly: $0) })
        let cases: [(request: String, status: Int, words: String)] = [
            (
                "GET /image.png?text=" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414,
                "request line: expected at most 8192 bytes"
            ),
            (
                "GET /1.png HTTP/1.1\r\nHost: x\r\n" + (0..<10_000).map { "X-\($0): y\r\n" }.joined() + "\r\n", 431,
                "header: expected at most 100 fields"
            ),
            ("GET /image.png?text=%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400, "text: expected a value percent-encoded"),
            (
                "GET /image.png?width=2147483648 HTTP/1.1\r\nHost: x\r\n\r\n", 400,
                "width: expected a whole number from 1 to 4096, found '2147483648'"
            ),
        ]
        let answers = try await onThreadOfItsOwn {
            try cases.map { item -> (Int, String) in
                let client = try RawHTTPClient(port: port)
                client.write(item.request)
                let response = try client.response(timeout: .seconds(5))
                return (response.status, response.text)
            }
        }
        for (item, answer) in zip(cases, answers) {
            #expect(answer.0 == item.status, "\(answer.1)")
            #expect(answer.1.hasPrefix(item.words), "\(answer.1)")
        }
        let stillServing = try await onThreadOfItsOwn { () -> Int in
            let client = try RawHTTPClient(port: port)
            client.write("GET /8.png HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.response().status
        }
        #expect(stillServing == 200)
        let stopped = try await onThreadOfItsOwn { server.stop(with: SIGTERM) }
        #expect(stopped.status == 0 && stopped.error.contains("stopped after 5 responses"), "\(stopped.error)")
    }

    @Test(
        "2,000 idle and 300 slowloris connections cost the executable no service, started with 1,024 descriptors allowed"
    )
    func idleAndSlowConnections() async throws {
        // This process holds the clients' ends: it needs descriptors of its own for them.
        let allowed = SystemCalls.allowDescriptors(4096)
        let count = (idle: min(2000, allowed - 700), slow: 300)
        let server = try await onThreadOfItsOwn { try RunningServer(descriptors: 1024) }
        let port = try #require(server.url.port.flatMap { UInt16(exactly: $0) })
        let good = try await onThreadOfItsOwn { () -> [Int] in
            let idle = try (0..<count.idle).map { _ in try RawHTTPClient(port: port) }
            let slow = try (0..<count.slow).map { _ in try RawHTTPClient(port: port) }
            for client in slow { client.write("GET /1.png HTTP/1.1\r\nX-Slow: 1\r\n") }
            defer { withExtendedLifetime(idle) {} }
            return try (0..<5).map { index in
                let client = try RawHTTPClient(port: port)
                client.write("GET /\(index + 8).png HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.response().status
            }
        }
        #expect(good == [200, 200, 200, 200, 200])
        let stopped = try await onThreadOfItsOwn { server.stop(with: SIGTERM) }
        #expect(stopped.status == 0, "\(stopped.error)")
        // The server raised its own limit: it closed none of the idle connections to make room.
        #expect(
            stopped.error.contains(
                "stopped after 5 responses on \(count.idle + count.slow + 5) connections (0 refused, 0 idle closed to make room)"
            ),
            "\(stopped.error)")
        #expect(!stopped.error.contains("descriptors (ulimit -n)"), "\(stopped.error)")
    }

    @Test("a bad option exits 64 naming it; a port in use exits 69")
    func badOptions() async throws {
        let port = await transfer("placeholder", "serve", "--port", "70000")
        #expect(port.status == 64 && port.error.contains("--port '70000': expected a port from 0 to 65535"))
        let host = await transfer("placeholder", "serve", "--host", "example.com")
        #expect(host.status == 64)
        #expect(host.error.contains("--host 'example.com': expected an IP address of this machine"))
        let limit = await transfer("placeholder", "serve", "--max-connections", "0")
        #expect(limit.status == 64 && limit.error.contains("--max-connections '0'"))
        let taken = try PlaceholderServer()
        defer { taken.stop() }
        let inUse = await transfer("placeholder", "serve", "--port", String(taken.port))
        #expect(inUse.status == 69)
        #expect(
            inUse.error.contains("127.0.0.1 port \(taken.port): cannot listen (Address already in use)"),
            "\(inUse.error)")
    }
}
