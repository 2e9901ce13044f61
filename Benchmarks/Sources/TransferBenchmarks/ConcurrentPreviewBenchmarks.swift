import Foundation
import LinkPreviews
import TransferKitTesting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Many previews at once through one shared `LinkFetcher`, as a server that renders previews for
/// its users does: 1,000 fetches of slow pages (each answered after a delay) from a loopback
/// server in a child process, so that the server's threads do not count in the fetcher's memory.
/// Reports the time, the previews a second and this process's peak RSS, with the fetcher's
/// default limits and with limits as high as the number of fetches.
enum ConcurrentPreviewBenchmarks {
    /// Child process: serves slow pages on the loopback interface until killed, and prints its port.
    static func serve(delay: Duration) throws -> Never {
        let page = String(repeating: "<p>Lorem ipsum dolor sit amet.</p>", count: 300)
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.html("<title>Slow</title>" + page)
            response.delay = delay
            return response
        }
        FileHandle.standardOutput.write(Data("\(server.url("/").port!)\n".utf8))
        while true { sleep(3600) }
    }

    static func run(count: Int = 1_000) async throws -> [String] {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--preview-server"]
        let pipe = Pipe()
        child.standardOutput = pipe
        try child.run()
        // SIGKILL: the server sleeps between connections and need not clean anything up.
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        var line = Data()
        while !line.contains(0x0A), let byte = try pipe.fileHandleForReading.read(upToCount: 1) { line += byte }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw CocoaError(.fileReadCorruptFile) }
        let url = URL(string: "http://127.0.0.1:\(port)/page")!

        var rows = [
            "| fetcher | previews | requests at once (total / per host) | seconds | previews/s | peak RSS so far, MiB |",
            "| --- | ---: | --- | ---: | ---: | ---: |",
        ]
        for (name, total, perHost) in [
            ("default limits", 32, 4), ("per host raised", 32, 32), ("no effective limit", count, count),
        ] {
            var fetcher = LinkFetcher()
            fetcher.allowsPrivateAddresses = true
            fetcher.maximumConcurrentFetches = total
            fetcher.maximumConcurrentFetchesPerHost = perHost
            let shared = fetcher
            let before = peakResidentBytes()
            let start = ContinuousClock.now
            let titles = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let metadata = try await shared.metadata(
                            for: URL(string: "\(url.absoluteString)?\(index)")!, timeout: .seconds(600),
                            includeSubresources: false)
                        return metadata.title == "Slow"
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            precondition(titles == count, "every preview has its title")
            rows.append(
                "| \(name) | \(count) | \(total) / \(perHost) | \(String(format: "%.2f", seconds)) | "
                    + "\(Int(Double(count) / seconds)) | \(peakResidentBytes() >> 20) (\(before >> 20) before) |")
        }
        return rows
    }
}
