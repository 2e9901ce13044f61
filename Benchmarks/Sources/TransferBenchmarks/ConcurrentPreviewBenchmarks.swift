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
/// default limits and with limits as high as the number of fetches, through libcurl (the default
/// on Linux) and through URLSession, and for endless pages (each read up to the 2 MiB cap).
enum ConcurrentPreviewBenchmarks {
    /// Child process: serves slow pages on the loopback interface until killed, and prints its port.
    static func serve(delay: Duration) throws -> Never {
        let page = String(repeating: "<p>Lorem ipsum dolor sit amet.</p>", count: 300)
        let server = try LoopbackHTTPServer { path in
            var response = LoopbackHTTPServer.Response.html("<title>Slow</title>" + page)
            response.delay = delay
            // An endless page: written until the fetcher stops reading at its cap.
            response.isEndless = path.hasPrefix("/endless")
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
        let base = "http://127.0.0.1:\(port)"

        var rows = [
            "| transport | pages | fetcher | previews | requests at once (total / per host) | seconds | previews/s | peak RSS so far, MiB |",
            "| --- | --- | --- | ---: | --- | ---: | ---: | ---: |",
        ]
        let curl: any LinkTransport = CurlLinkTransport()
        let session: any LinkTransport = URLSessionLinkTransport()
        for (transportName, transport, pages, name, total, perHost) in [
            ("libcurl", curl, "slow", "default limits", 32, 4),
            ("libcurl", curl, "slow", "per host raised", 32, 32),
            ("URLSession", session, "slow", "per host raised", 32, 32),
            ("libcurl", curl, "endless", "per host raised", 32, 32),
            ("libcurl", curl, "slow", "no effective limit", count, count),
            ("URLSession", session, "slow", "no effective limit", count, count),
        ] {
            var fetcher = LinkFetcher(transport: transport)
            fetcher.allowsPrivateAddresses = true
            fetcher.maximumConcurrentFetches = total
            fetcher.maximumConcurrentFetchesPerHost = perHost
            let shared = fetcher
            let before = peakResidentBytes()
            let start = ContinuousClock.now
            let path = pages == "slow" ? "/page" : "/endless"
            let previews = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<count {
                    group.addTask {
                        let url = URL(string: "\(base)\(path)?\(index)")!
                        do {
                            let metadata = try await shared.metadata(
                                for: url, timeout: .seconds(600), includeSubresources: false)
                            return metadata.title == "Slow"
                        } catch let error as LinkPreviewError where error.code == .tooLarge {
                            return pages == "endless"  // An endless page ends at the cap, as it should.
                        }
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            precondition(previews == count, "every preview has its title, or ends at the cap for an endless page")
            rows.append(
                "| \(transportName) | \(pages) | \(name) | \(count) | \(total) / \(perHost) | "
                    + "\(String(format: "%.2f", seconds)) | \(Int(Double(count) / seconds)) | "
                    + "\(peakResidentBytes() >> 20) (\(before >> 20) before) |")
        }
        return rows
    }
}
