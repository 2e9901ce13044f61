import Foundation
import Synchronization
import Testing
import TransferKitTesting

@testable import LinkPreviews

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A deadline that no load on a test machine reaches: the tests of timing set their own. (The
/// default, 30 seconds, counts from the call, and a busy two-core machine can keep a fetch's
/// continuations waiting for a thread: under ThreadSanitizer, the whole suite kept them waiting for
/// nine minutes.)
private let patient = Duration.seconds(3_600)

/// A fetcher that may reach the loopback server.
private func loopbackFetcher() -> LinkFetcher {
    var fetcher = LinkFetcher()
    fetcher.allowsPrivateAddresses = true
    return fetcher
}

private let articlePage = """
    <html><head><title>Article</title>
    <meta property="og:image" content="/image.png">
    <link rel="icon" href="/icon.png" sizes="32x32">
    </head><body>Hello</body></html>
    """

@Suite("Fetching link metadata from a real HTTP server on the loopback interface", .serialized)
struct LinkFetcherTests {
    @Test(
        "A page, its image and its icon, fetched through libcurl (the default) and through URLSession",
        arguments: ["curl", "URLSession"])
    func page(transportName: String) async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/article": .html(articlePage)
            case "/image.png", "/icon.png": .init(headerFields: [HTTPField(.contentType, "image/png")], body: png)
            default: .init(status: 404)
            }
        }
        defer { server.stop() }
        var fetcher = loopbackFetcher()
        fetcher.transport = transportName == "curl" ? CurlLinkTransport() : URLSessionLinkTransport()
        let metadata = try await fetcher.metadata(for: server.url("/article"), timeout: patient)
        #expect(metadata.title == "Article")
        #expect(metadata.imageURL == server.url("/image.png"))
        #expect(metadata.containsMedia(.image, exportableAs: Data.self))
        #expect(try await metadata.media(.icon, as: Data.self) == png)
        #expect(Set(server.requestedPaths) == ["/article", "/image.png", "/icon.png"])

        let withoutSubresources = try await fetcher.metadata(for: server.url("/article"), includeSubresources: false)
        #expect(!withoutSubresources.containsMedia(.image, exportableAs: Data.self))
        #expect(withoutSubresources.imageURL == server.url("/image.png"))
    }

    @Test("Every request, the page's and its subresources', says the fetcher's User-Agent")
    func userAgent() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/article"
                ? .html(articlePage) : .init(headerFields: [HTTPField(.contentType, "image/png")], body: Data([1]))
        }
        defer { server.stop() }
        _ = try await loopbackFetcher().metadata(for: server.url("/article"), timeout: patient)
        var custom = loopbackFetcher()
        custom.userAgent = "ExampleBot/2.0"
        _ = try await custom.metadata(for: server.url("/article"), timeout: patient)
        let agents = server.requests.map { $0.value(forHTTPHeaderField: "user-agent") }
        #expect(agents.count == 6)
        #expect(agents.prefix(3).allSatisfy { $0?.contains("facebookexternalhit") == true })
        #expect(agents.suffix(3).allSatisfy { $0 == "ExampleBot/2.0" })
    }

    @Test("By default, a loopback address is refused before anything is sent — by address and by name")
    func privateAddressesRefusedByDefault() async throws {
        let server = try LoopbackHTTPServer { _ in .html(articlePage) }
        defer { server.stop() }
        for url in [server.url("/article"), server.url("/article", host: "localhost")] {
            let error = await #expect(throws: LinkPreviewError.self) {
                try await LinkMetadata(fetching: url, timeout: patient)
            }
            #expect(error?.lpErrorCode == .metadataFetchNotAllowed)
            #expect(error?.code == .blockedAddress)
            #expect(error?.reason.contains("loopback") == true)
        }
        #expect(server.requestedPaths.isEmpty)
    }

    @Test("Redirects are followed up to five; the metadata's url is where they end")
    func redirects() async throws {
        let server = try LoopbackHTTPServer { path in
            if path.hasPrefix("/hop/"), let count = Int(path.dropFirst(5)) {
                return count == 0
                    ? .html(articlePage) : .redirect("/hop/\(count - 1)", status: [301, 302, 303, 307, 308][count % 5])
            }
            return .init(status: 404)
        }
        defer { server.stop() }
        let metadata = try await loopbackFetcher().metadata(
            for: server.url("/hop/5"), timeout: patient, includeSubresources: false)
        #expect(metadata.originalURL == server.url("/hop/5"))
        #expect(metadata.url == server.url("/hop/0"))
        #expect(metadata.title == "Article")

        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(
                for: server.url("/hop/6"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .tooManyRedirects)
        #expect(error?.lpErrorCode == .metadataFetchFailed)
    }

    @Test("maximumRedirects and maximumSubresourceSize are the limits they say")
    func configuredLimits() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 2_000)
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/article": .html(articlePage)
            case "/image.png", "/icon.png": .init(headerFields: [HTTPField(.contentType, "image/png")], body: png)
            case "/hop/0": .html(articlePage)
            default: .redirect("/hop/\(Int(path.split(separator: "/").last ?? "1")! - 1)")
            }
        }
        defer { server.stop() }
        var fetcher = loopbackFetcher()
        fetcher.maximumRedirects = 2
        _ = try await fetcher.metadata(for: server.url("/hop/2"), timeout: patient, includeSubresources: false)
        let error = await #expect(throws: LinkPreviewError.self) {
            try await fetcher.metadata(for: server.url("/hop/3"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .tooManyRedirects)
        // A subresource over the limit is left out; the page previews.
        fetcher.maximumSubresourceSize = 1_000
        let small = try await fetcher.metadata(for: server.url("/article"), timeout: patient)
        #expect(small.title == "Article")
        #expect(!small.containsMedia(.image, exportableAs: Data.self))
        fetcher.maximumSubresourceSize = 10_000
        let large = try await fetcher.metadata(for: server.url("/article"), timeout: patient)
        #expect(try await large.media(.image, as: Data.self) == png)
    }

    @Test("A redirect without a Location, a host that does not resolve, a cancelled fetch: each its code")
    func otherFailures() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 302) }
        defer { server.stop() }
        let noLocation = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(noLocation?.code == .invalidRedirect)

        var unresolved = LinkFetcher()
        unresolved.addressCheck = AddressCheck(resolve: { _ in nil }, refusal: { _ in nil })
        let notFound = await #expect(throws: LinkPreviewError.self) {
            try await unresolved.metadata(for: URL(string: "http://nowhere.invalid/")!, timeout: patient)
        }
        #expect(notFound?.code == .hostNotFound)
        #expect(notFound?.lpErrorCode == .metadataFetchFailed)

        // Cancelled once the request has arrived (the server says so), not after some time.
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let slow = try LoopbackHTTPServer { _ in
            arrived.yield()
            return .raw([.pause(.seconds(30))])
        }
        defer { slow.stop() }
        let task = Task { try await loopbackFetcher().metadata(for: slow.url("/"), timeout: patient) }
        for await _ in arrivals { break }
        task.cancel()
        let cancelled = await #expect(throws: LinkPreviewError.self) { try await task.value }
        #expect(cancelled?.code == .cancelled)
        #expect(cancelled?.lpErrorCode == .metadataFetchCancelled)
    }

    @Test("A redirect to a scheme other than http(s) is not allowed")
    func redirectToFile() async throws {
        let server = try LoopbackHTTPServer { _ in .redirect("file:///etc/passwd") }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.lpErrorCode == .metadataFetchNotAllowed)
        #expect(error?.code == .unsupportedURL)
    }

    @Test("A slow server times out at the deadline, not later")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.html(articlePage)
            response.delay = .seconds(10)
            return response
        }
        defer { server.stop() }
        let start = ContinuousClock.now
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: .milliseconds(300))
        }
        #expect(error?.lpErrorCode == .metadataFetchTimedOut, "\(String(describing: error))")
        #expect(ContinuousClock.now - start >= .milliseconds(250))
        // Not later: the client left while the server still delayed its answer.
        #expect(await server.outcomes(ofFirst: 1) == [.abandoned])
    }

    @Test("Cancelling the task cancels the fetch")
    func cancellation() async throws {
        // Cancelled once the request has arrived (the server says so), not after some time.
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try LoopbackHTTPServer { _ in
            arrived.yield()
            var response = LoopbackHTTPServer.Response.html(articlePage)
            response.delay = .seconds(10)
            return response
        }
        defer { server.stop() }
        let fetcher = loopbackFetcher()
        let url = server.url("/")
        let task = Task { try await fetcher.metadata(for: url, timeout: patient) }
        for await _ in arrivals { break }
        task.cancel()
        let result = await task.result
        // The fetch left while the server still delayed its answer: cancelling stopped the transfer.
        #expect(await server.outcomes(ofFirst: 1) == [.abandoned])
        guard case .failure(let error as LinkPreviewError) = result else {
            Issue.record("expected a LinkPreviewError, got \(result)")
            return
        }
        #expect(error.lpErrorCode == .metadataFetchCancelled)
    }

    @Test("An endless body stops at the page limit")
    func endlessBody() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.html("<title>x</title>")
            response.isEndless = true
            return response
        }
        defer { server.stop() }
        var fetcher = loopbackFetcher()
        fetcher.maximumPageSize = 256 * 1024
        let error = await #expect(throws: LinkPreviewError.self) {
            try await fetcher.metadata(for: server.url("/"), timeout: patient)
        }
        #expect(error?.code == .tooLarge)
        #expect(error?.reason.contains("262144") == true)
    }

    @Test("The page cap counts decompressed bytes: an 8 KiB gzip body of 8 MiB stops at 2 MiB")
    func compressionBomb() async throws {
        let url = try #require(
            Bundle.module.url(forResource: "bomb.html", withExtension: "gz", subdirectory: "Resources"))
        let compressed = try Data(contentsOf: url)
        #expect(compressed.count < 64 * 1024)
        let server = try LoopbackHTTPServer { _ in
            .init(
                headerFields: [HTTPField(.contentType, "text/html"), HTTPField("Content-Encoding", "gzip")],
                body: compressed)
        }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .tooLarge)
        // Under the cap, the same body decompresses and is read.
        var generous = loopbackFetcher()
        generous.maximumPageSize = 16 * 1024 * 1024
        #expect(
            try await generous.metadata(for: server.url("/"), timeout: patient, includeSubresources: false).title
                == "bomb")
    }

    @Test("Content types: JSON refused, an image is its own preview, a missing type read as HTML")
    func contentTypes() async throws {
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/json": .init(headerFields: [HTTPField(.contentType, "application/json")], body: Data("{}".utf8))
            case "/png": .init(headerFields: [HTTPField(.contentType, "image/png")], body: Data([1, 2]))
            case "/none": .init(headerFields: [], body: Data("<title>No type</title>".utf8))
            default: .init(status: 404)
            }
        }
        defer { server.stop() }
        let fetcher = loopbackFetcher()
        let error = await #expect(throws: LinkPreviewError.self) {
            try await fetcher.metadata(for: server.url("/json"), timeout: patient)
        }
        #expect(error?.code == .notHTML)
        #expect(error?.reason.contains("application/json") == true)
        let image = try await fetcher.metadata(for: server.url("/png"), timeout: patient, includeSubresources: false)
        #expect(image.imageURL == server.url("/png"))
        #expect(try await fetcher.metadata(for: server.url("/none"), timeout: patient).title == "No type")
    }

    @Test("HTTP errors carry their status")
    func httpStatus() async throws {
        let server = try LoopbackHTTPServer { _ in .init(status: 404) }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/missing"), timeout: patient)
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.statusCode == 404)
    }

    @Test("The charset in the Content-Type header decodes the page")
    func charsetHeader() async throws {
        // "日本" in Shift_JIS, in a page that declares nothing itself.
        let body = Data("<title>".utf8) + Data([0x93, 0xFA, 0x96, 0x7B]) + Data("</title>".utf8)
        let server = try LoopbackHTTPServer { _ in
            .init(headerFields: [HTTPField(.contentType, "text/html; charset=Shift_JIS")], body: body)
        }
        defer { server.stop() }
        #expect(try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient).title == "日本")
    }
}

/// A transport that answers from a table and records what it was asked, for hops that must not
/// reach the network.
private final class TableTransport: LinkTransport {
    let answers: @Sendable (URL) -> LinkTransportResponse
    private let asked = Mutex<[URL]>([])
    var requested: [URL] { asked.withLock { $0 } }

    init(_ answers: @escaping @Sendable (URL) -> LinkTransportResponse) { self.answers = answers }

    func response(for request: URLRequest, bodyLimit: Int) async throws -> LinkTransportResponse {
        let url = try #require(request.url)
        asked.withLock { $0.append(url) }
        return answers(url)
    }
}

@Suite("The address policy, on every hop")
struct LinkFetcherAddressPolicyTests {
    @Test(
        "Special-purpose addresses are refused before the transport is asked",
        arguments: [
            "http://10.1.2.3/", "http://172.16.0.1/", "http://192.168.1.1/", "http://127.0.0.2/", "http://0.0.0.0/",
            "http://100.64.0.1/", "http://169.254.169.254/latest/meta-data/", "http://224.0.0.1/",
            "http://255.255.255.255/", "http://198.18.0.1/", "http://[::1]/", "http://[::ffff:127.0.0.1]/",
            "http://[fd00::1]/", "http://[fe80::1]/", "http://[ff02::1]/", "http://[64:ff9b::7f00:1]/",
            "http://2130706433/", "http://0x7f.1/",
        ]
    )
    func refused(address: String) async throws {
        let transport = TableTransport { LinkTransportResponse(url: $0, statusCode: 200) }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await LinkFetcher(transport: transport).metadata(for: URL(string: address)!, timeout: patient)
        }
        #expect(error?.code == .blockedAddress, "\(address)")
        #expect(transport.requested.isEmpty)
    }

    @Test("A public address is fetched; a redirect from it to a private one is refused at that hop")
    func redirectToPrivateAddress() async throws {
        let transport = TableTransport { url in
            url.host == "93.184.215.14"
                ? LinkTransportResponse(
                    url: url, statusCode: 302, headerFields: ["Location": "http://192.168.0.1/admin"])
                : LinkTransportResponse(url: url, statusCode: 200)
        }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await LinkFetcher(transport: transport).metadata(
                for: URL(string: "http://93.184.215.14/")!, timeout: patient)
        }
        #expect(error?.code == .blockedAddress)
        #expect(error?.url?.absoluteString == "http://192.168.0.1/admin")
        #expect(transport.requested.map(\.absoluteString) == ["http://93.184.215.14/"])
    }

    @Test("Schemes other than http(s) are not allowed")
    func schemes() async throws {
        let transport = TableTransport { LinkTransportResponse(url: $0, statusCode: 200) }
        for address in ["file:///etc/passwd", "ftp://example.com/", "data:text/html,<title>x</title>", "gopher://x/"] {
            let error = await #expect(throws: LinkPreviewError.self) {
                try await LinkFetcher(transport: transport).metadata(for: URL(string: address)!, timeout: patient)
            }
            #expect(error?.lpErrorCode == .metadataFetchNotAllowed, "\(address)")
            #expect(error?.code == .unsupportedURL, "\(address)")
            // The error speaks NSError as LinkPresentation's do: its domain, Apple's code, its words.
            #expect((error as NSError?)?.domain == LPErrorDomain)
            #expect((error as NSError?)?.code == LPError.Code.metadataFetchNotAllowed.rawValue)
            #expect(error?.errorUserInfo[NSLocalizedDescriptionKey] as? String == error?.description)
        }
        #expect(transport.requested.isEmpty)
    }

    @Test("LinkPreviewError.Code has the one shape of codes: camelCase names, validated, matched with ~=")
    func codeShape() async throws {
        let codes: [LinkPreviewError.Code] = [
            .unsupportedEncoding, .unsupportedURL, .notHTML, .httpStatus, .tooLarge, .blockedAddress, .tooManyRedirects,
            .invalidRedirect, .hostNotFound, .network, .cancelled, .timedOut, .providerReused,
        ]
        #expect(Set(codes).count == codes.count)
        for code in codes {
            #expect(LinkPreviewError.Code(rawValue: code.rawValue) == code)
            #expect(LinkPreviewError.Code(code.description) == code)
            #expect(code.rawValue.first?.isLowercase == true && !code.rawValue.contains(" "))
        }
        #expect(LinkPreviewError.Code(rawValue: "metadataFetchFailed") == nil)
        #expect(LinkPreviewError.Code("Timed out") == nil)
        let transport = TableTransport { LinkTransportResponse(url: $0, statusCode: 200) }
        do {
            _ = try await LinkFetcher(transport: transport).metadata(
                for: URL(string: "ftp://example.com/")!, timeout: patient)
            Issue.record("an ftp URL was fetched")
        } catch LinkPreviewError.Code.timedOut {
            Issue.record("matched the wrong code")
        } catch LinkPreviewError.Code.unsupportedURL {
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("Transport failures are told in words, with the host and the hop, never as an error dump")
    func transportFailuresInWords() async throws {
        // A port nothing listens on: bound, then closed.
        let closed = try LoopbackHTTPServer { _ in .init(status: 200) }
        let refusedURL = closed.url("/gone")
        closed.stop()
        let refused = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: refusedURL, timeout: patient)
        }
        #expect(refused?.code == .network)
        #expect(
            refused?.reason.hasPrefix("127.0.0.1: the connection was refused") == true,
            "\(String(describing: refused))")

        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/nul":
                .init(
                    headerFields: [HTTPField(.contentType, "text/html"), HTTPField("X-Bad", "a\u{0}b")],
                    body: Data("<p>".utf8))
            case "/hop": .redirect(refusedURL.absoluteString)
            default: .init(status: 404)
            }
        }
        defer { server.stop() }
        let nul = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/nul"), timeout: patient)
        }
        #expect(nul?.code == .network)
        let hop = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/hop"), timeout: patient)
        }
        #expect(hop?.url == refusedURL)
        #expect(hop?.reason.contains("after 1 redirect from \(server.url("/hop").absoluteString)") == true)
        for error in [refused, nul, hop] {
            let text = String(describing: error)
            #expect(!text.contains("Error Domain") && !text.contains("UserInfo") && !text.contains("(null)"), "\(text)")
        }
    }

    @Test(
        "A shared fetcher keeps its requests under way within its limits, in total and per host",
        .timeLimit(.minutes(1)))
    func concurrencyIsBounded() async throws {
        // Every request is held at the transport until all that may run at once run, and every
        // other waits for a turn: no timing decides whether requests overlap.
        let transport = CountingTransport(holding: .all)
        var fetcher = LinkFetcher(transport: transport)
        fetcher.allowsPrivateAddresses = true
        fetcher.maximumConcurrentFetches = 3
        fetcher.maximumConcurrentFetchesPerHost = 2
        let urls = (0..<40).map { URL(string: "http://127.0.0.\($0 % 2 + 1)/page\($0)")! }
        let limiter = fetcher.limiter
        let titles = try await withThrowingTaskGroup(of: String?.self) { group in
            for url in urls {
                // Copies of the fetcher share its limits.
                let copy = fetcher
                group.addTask { try await copy.metadata(for: url, timeout: patient, includeSubresources: false).title }
            }
            await transport.waitUntilRunning(3)  // Three under way, held there…
            await limiter.waitUntilWaiting(37)  // …and every other waiting for a turn.
            #expect(transport.peak.total == 3)
            transport.releaseHeld()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(titles.count == 40 && titles.allSatisfy { $0 == "Page" })
        #expect(transport.peak.total == 3)
        #expect(transport.peak.perHost.values.max() == 2)
    }

    @Test("A fetch waiting for its turn is cancelled or times out without taking one")
    func waitingFetchesGiveUp() async throws {
        // The first request holds its turn until the test lets it go: no timing decides who waits.
        let transport = CountingTransport(holding: .first)
        var configured = LinkFetcher(transport: transport)
        configured.allowsPrivateAddresses = true
        configured.maximumConcurrentFetches = 1
        let fetcher = configured
        let url = URL(string: "http://127.0.0.1/slow")!
        let holder = Task { try await fetcher.metadata(for: url, timeout: patient, includeSubresources: false) }
        await transport.waitForFirstCall()  // The holder has its turn.
        // Waits behind the holder, then runs out of time.
        let timedOut = await #expect(throws: LinkPreviewError.self) {
            try await fetcher.metadata(for: url, timeout: .milliseconds(200), includeSubresources: false)
        }
        #expect(timedOut?.lpErrorCode == .metadataFetchTimedOut)
        // Waits, and is cancelled.
        let waiting = Task { try await fetcher.metadata(for: url, timeout: patient, includeSubresources: false) }
        await fetcher.limiter.waitUntilWaiting(1)  // It waits for its turn: cancelled there, not before.
        #expect(fetcher.limiter.waitingCount == 1)
        waiting.cancel()
        let cancelled = await #expect(throws: LinkPreviewError.self) { try await waiting.value }
        #expect(cancelled?.lpErrorCode == .metadataFetchCancelled)
        #expect(fetcher.limiter.waitingCount == 0, "the cancelled fetch no longer waits")
        // Neither took the turn: the holder finishes, and the next fetch runs.
        transport.releaseHeld()
        _ = try await holder.value
        #expect(try await fetcher.metadata(for: url, timeout: patient, includeSubresources: false).title == "Page")
        #expect(transport.peak.total == 1)
        #expect(transport.calls == 2)
    }
}

/// A transport that answers every request with a small page, at once or once released, and notes
/// how many requests were under way at once, in total and per host.
private final class CountingTransport: LinkTransport, Sendable {
    /// Which requests wait for ``releaseHeld()`` before they are answered.
    enum Holding {
        case none, first, all
    }

    private struct State {
        var running = 0
        var perHost: [String: Int] = [:]
        var peakTotal = 0
        var peakPerHost: [String: Int] = [:]
        var calls = 0
        /// Who waits for a number of requests under way (``waitUntilRunning(_:)``).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Mutex(State())
    private let holding: Holding
    /// Whether held requests may be answered, and the held requests waiting for it.
    private let gate = Mutex<(released: Bool, held: [CheckedContinuation<Void, Never>])>((false, []))

    /// A transport that answers at once, but holds the requests `holding` names until
    /// ``releaseHeld()``.
    init(holding: Holding = .none) {
        self.holding = holding
    }

    /// Lets the held requests, and every later one, be answered.
    func releaseHeld() {
        let held = gate.withLock { gate in
            gate.released = true
            defer { gate.held = [] }
            return gate.held
        }
        for request in held { request.resume() }
    }

    /// Returns once `count` requests are under way at once (reached the transport, not answered).
    func waitUntilRunning(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.running >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Returns once the first request has reached the transport.
    func waitForFirstCall() async {
        await waitUntilRunning(1)
    }

    var peak: (total: Int, perHost: [String: Int]) { state.withLock { ($0.peakTotal, $0.peakPerHost) } }
    var calls: Int { state.withLock { $0.calls } }

    func response(for request: URLRequest, bodyLimit: Int) async throws -> LinkTransportResponse {
        let host = request.url?.host ?? ""
        let (isFirst, served) = state.withLock { state in
            state.calls += 1
            state.running += 1
            state.perHost[host, default: 0] += 1
            state.peakTotal = max(state.peakTotal, state.running)
            state.peakPerHost[host] = max(state.peakPerHost[host, default: 0], state.perHost[host, default: 0])
            let running = state.running
            let served = state.watchers.filter { $0.count <= running }.map(\.continuation)
            state.watchers.removeAll { $0.count <= running }
            return (state.calls == 1, served)
        }
        defer {
            state.withLock { state in
                state.running -= 1
                state.perHost[host, default: 1] -= 1
            }
        }
        for watcher in served { watcher.resume() }
        if holding == .all || (holding == .first && isFirst) {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let released = gate.withLock { gate in
                    if gate.released { return true }
                    gate.held.append(continuation)
                    return false
                }
                if released { continuation.resume() }
            }
        }
        return LinkTransportResponse(
            url: request.url!, statusCode: 200, headerFields: ["Content-Type": "text/html"],
            body: Data("<title>Page</title>".utf8))
    }
}
