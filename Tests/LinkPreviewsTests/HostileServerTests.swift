import Foundation
import LinkPreviews
import Synchronization
import Testing
import TransferKitTesting

/// A deadline no load on a test machine reaches; the tests of timing set their own.
private let patient = Duration.seconds(3_600)

/// A fetcher that may reach the loopback servers, through the default transport.
private func loopbackFetcher() -> LinkFetcher {
    var fetcher = LinkFetcher()
    fetcher.allowsPrivateAddresses = true
    return fetcher
}

/// The error a fetch of `response` ends with, from a server that answers every path with it.
private func failure(
    of response: LoopbackHTTPServer.Response, timeout: Duration = patient, pageSize: Int? = nil
) async throws -> LinkPreviewError? {
    let server = try LoopbackHTTPServer { _ in response }
    defer { server.stop() }
    var fetcher = loopbackFetcher()
    if let pageSize { fetcher.maximumPageSize = pageSize }
    return await #expect(throws: LinkPreviewError.self) {
        try await fetcher.metadata(for: server.url("/"), timeout: timeout, includeSubresources: false)
    }
}

/// Checks that a failure is told in words: no Foundation dump, the host named.
private func expectWords(_ error: LinkPreviewError?, _ words: String, sourceLocation: SourceLocation = #_sourceLocation)
{
    let message = error?.reason ?? ""
    #expect(message.contains(words), "\(message)", sourceLocation: sourceLocation)
    #expect(message.hasPrefix("127.0.0.1: "), "\(message)", sourceLocation: sourceLocation)
    for dump in ["Error Domain", "UserInfo", "(null)", "NSURLErrorDomain"] {
        #expect(!message.contains(dump), "\(message)", sourceLocation: sourceLocation)
    }
}

/// A DEFLATE stream (RFC 1951) of zero bytes that never ends: one fixed-Huffman block, a literal 0,
/// then copies of 258 bytes at distance 1 — 13 bits each, so eight of them are 13 bytes that repeat.
/// `prefix` comes first; each repetition of `pattern` expands to 2,064 bytes.
private func zeroBomb() -> (prefix: Data, pattern: Data) {
    var bytes: [UInt8] = []
    var bitCount = 0
    func put(_ value: UInt32, bits: Int, reversed: Bool) {
        for index in 0..<bits {
            let bit = reversed ? (value >> UInt32(bits - 1 - index)) & 1 : (value >> UInt32(index)) & 1
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(bit) << UInt8(bitCount % 8)
            bitCount += 1
        }
    }
    put(0, bits: 1, reversed: false)  // BFINAL: not the last block.
    put(1, bits: 2, reversed: false)  // BTYPE 01: fixed Huffman codes.
    put(0x30, bits: 8, reversed: true)  // The literal 0.
    for _ in 0..<24 {
        put(0xC5, bits: 8, reversed: true)  // Length 258 (symbol 285).
        put(0, bits: 5, reversed: true)  // Distance 1 (code 0).
    }
    // Bits 0–10 are the header and the literal; from byte 2 on, the copies repeat every 13 bytes.
    return (Data(bytes[0..<2]), Data(bytes[2..<15]))
}

/// A response whose body is an endless zero bomb under `encoding` (`gzip` or `deflate`, zlib-wrapped).
private func bombResponse(encoding: String, repetitions: Int) -> LoopbackHTTPServer.Response {
    let (prefix, pattern) = zeroBomb()
    let wrapper =
        encoding == "gzip"
        ? Data([0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF])
        : Data([0x78, 0x01])
    return .raw([
        .write(Data("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: \(encoding)\r\n\r\n".utf8)),
        .write(wrapper + prefix),
        .writeRepeatedly(pattern, count: repetitions),
    ])
}

@Suite("A hostile HTTP server on the loopback interface", .serialized)
struct HostileServerTests {
    @Test(
        "A response cut off inside its status line or headers is an error in words, never a crash",
        arguments: [
            ("HTTP/1.1 200 OK\r\nContent-Type: text/ht", "inside the response's headers"),
            ("HTTP/1.1 404 Not Found\r\nContent-", "inside the response's headers"),
            ("HTTP/1.1 302 Found\r\nLocation: /next\r\n", "inside the response's headers"),
            ("HTTP/1.1 200 OK\r\n", "inside the response's headers"),
            ("HTTP/1.1 200", "without a complete response"),
        ]
    )
    func truncatedHead(head: String, words: String) async throws {
        let error = try await failure(of: .raw(head))
        #expect(error?.code == .network)
        expectWords(error, words)
    }

    @Test("A connection closed before anything is said is an error in words")
    func nothing() async throws {
        let error = try await failure(of: .raw([]))
        #expect(error?.code == .network)
        expectWords(error, "without a complete response")
    }

    @Test("An image whose response is cut off inside its headers is left out; the page still previews")
    func truncatedSubresource() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/"
                ? .html(#"<title>Page</title><meta property="og:image" content="/image.png">"#)
                : .raw("HTTP/1.1 200 OK\r\nContent-Type: image/p")
        }
        defer { server.stop() }
        let metadata = try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient)
        #expect(metadata.title == "Page")
        #expect(metadata.imageURL == server.url("/image.png"))
        #expect(!metadata.containsMedia(.image, exportableAs: Data.self))
        #expect(server.requestedPaths.contains("/image.png"))
    }

    @Test("A compression bomb stops at the page limit, counted as it is decoded", arguments: ["gzip", "deflate"])
    func bomb(encoding: String) async throws {
        // 2,000,000 repetitions: about 4 GiB once decoded, 26 MB on the wire; the fetch reads 2 MiB.
        let server = try LoopbackHTTPServer { _ in bombResponse(encoding: encoding, repetitions: 2_000_000) }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .tooLarge, "\(String(describing: error))")
        #expect(error?.reason.contains("2097152") == true)
    }

    @Test("An image that is a compression bomb is left out at its own limit; the page still previews")
    func bombAsImage() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/"
                ? .html(#"<title>Page</title><meta property="og:image" content="/image.png">"#)
                : bombResponse(encoding: "gzip", repetitions: 2_000_000)
        }
        defer { server.stop() }
        let metadata = try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient)
        #expect(metadata.title == "Page")
        #expect(!metadata.containsMedia(.image, exportableAs: Data.self))
    }

    @Test(
        "Bytes that are not what their Content-Encoding claims are an error in words",
        arguments: ["gzip", "deflate", "br"]
    )
    func garbageClaimedCompressed(encoding: String) async throws {
        let body = String(repeating: "not compressed at all ", count: 20)
        let error = try await failure(
            of: .raw(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: \(encoding)\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"))
        #expect(error?.code == .network)
        expectWords(error, "could not be decoded")
    }

    @Test("Slow senders, in the headers and in the body, end at the deadline", arguments: [true, false])
    func slowloris(inHeaders: Bool) async throws {
        let head = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n"
        let steps: [LoopbackHTTPServer.Step] =
            inHeaders
            ? [
                .write(Data(head.utf8)),
                .trickle(Data(String(repeating: "X-Slow: a\r\n", count: 100).utf8), interval: .milliseconds(50)),
            ]
            : [
                .write(Data((head + "Content-Length: 100000\r\n\r\n<title>").utf8)),
                .trickle(Data(repeating: 0x20, count: 1000), interval: .milliseconds(50)),
            ]
        let server = try LoopbackHTTPServer { _ in .raw(steps) }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(
                for: server.url("/"), timeout: .milliseconds(800), includeSubresources: false)
        }
        #expect(error?.lpErrorCode == .metadataFetchTimedOut, "\(String(describing: error))")
        // The deadline interrupts the transfer itself: the client left while the server still trickled.
        #expect(await server.outcomes(ofFirst: 1) == [.abandoned])
    }

    @Test("An endless body stops at the page limit")
    func endless() async throws {
        let error = try await failure(
            of: .raw([
                .write(Data("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n".utf8)),
                .writeRepeatedly(Data(repeating: 0x20, count: 65_536), count: 4_000),
            ]),
            pageSize: 300_000)
        #expect(error?.code == .tooLarge)
    }

    @Test(
        "Framing HTTP forbids is refused in words: conflicting lengths, a length with chunked encoding, bad chunks",
        arguments: [
            ("Content-Length: 5\r\nContent-Length: 7\r\n\r\nabcdefg", "two Content-Length headers, 5 and 7"),
            ("Content-Length: 5, 7\r\n\r\nabcdefg", "two Content-Length values, 5 and 7"),
            (
                "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n0\r\n\r\n",
                "both Content-Length and Transfer-Encoding"
            ),
            ("Content-Length: five\r\n\r\nabcde", "not valid HTTP"),
            ("Content-Length: 99999999999999999999999\r\n\r\nabcde", "too large"),
            ("Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\nabc\r\n", "chunked encoding is broken"),
            ("Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n", "chunked encoding is broken"),
        ]
    )
    func framing(headers: String, words: String) async throws {
        let error = try await failure(of: .raw("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n" + headers))
        #expect(error?.code == .network)
        expectWords(error, words)
    }

    @Test(
        "A header smuggled after a bare CR is refused, never followed; so are two values of a one-value field",
        arguments: [
            (
                "HTTP/1.1 302 Found\r\nLocation: /ssrf-hit/cr-injected\rLocation: /target-cr-safe\r\n"
                    + "Content-Length: 0\r\n\r\n", "location header holds a bare CR"
            ),
            (
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\rX-Injected: 1\r\nContent-Length: 3\r\n\r\nabc",
                "content-type header holds a bare CR"
            ),
            (
                "HTTP/1.1 302 Found\r\nLocation: /one\r\nLocation: /two\r\nContent-Length: 0\r\n\r\n",
                "two location headers, '/one' and '/two'"
            ),
            (
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Type: image/png\r\nContent-Length: 3\r\n\r\nabc",
                "two content-type headers, 'text/html' and 'image/png'"
            ),
        ]
    )
    func smuggledHeaders(response: String, words: String) async throws {
        let hits = Mutex<[String]>([])
        let server = try LoopbackHTTPServer { path in
            hits.withLock { $0.append(path) }
            return .raw(response)
        }
        defer { server.stop() }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await loopbackFetcher().metadata(for: server.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .network)
        expectWords(error, words)
        // Nothing after the first response: no redirect followed, to either value or to both joined.
        #expect(hits.withLock { $0 } == ["/"])
    }

    @Test("The same value of a one-value field twice is one value: the page previews")
    func repeatedSameValue() async throws {
        let body = "<title>Twice</title>"
        let server = try LoopbackHTTPServer { _ in
            .raw(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Type: text/html\r\nVary: a\r\nVary: b\r\n"
                    + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
        }
        defer { server.stop() }
        let metadata = try await loopbackFetcher().metadata(
            for: server.url("/"), timeout: patient, includeSubresources: false)
        #expect(metadata.title == "Twice")
    }

    @Test("10,000 headers, or a 1 MiB header line, are refused as too large")
    func hugeHeaders() async throws {
        let many = try await failure(
            of: .raw([
                .write(Data("HTTP/1.1 200 OK\r\n".utf8)),
                .writeRepeatedly(Data("X-Header: value\r\n".utf8), count: 10_000),
                .write(Data("Content-Length: 3\r\n\r\nabc".utf8)),
            ]))
        expectWords(many, "headers are too large (more than 500 header lines")
        let long = try await failure(
            of: .raw([
                .write(Data("HTTP/1.1 200 OK\r\nX-Long: ".utf8)),
                .writeRepeatedly(Data(repeating: 0x61, count: 1024), count: 1024),
                .write(Data("\r\nContent-Length: 3\r\n\r\nabc".utf8)),
            ]))
        expectWords(long, "headers are too large")
    }

    @Test("A header with a NUL byte is refused in words")
    func nulInHeader() async throws {
        let error = try await failure(of: .raw("HTTP/1.1 200 OK\r\nX-Bad: a\u{0}b\r\nContent-Length: 3\r\n\r\nabc"))
        expectWords(error, "not valid HTTP")
    }

    @Test(
        "An answer without a status line — HTTP/0.9, or TLS bytes on http — is said to be one",
        arguments: [
            Data("<html><title>Old</title></html>".utf8),
            Data([0x16, 0x03, 0x01, 0x00, 0x30]) + Data(repeating: 0, count: 48),
        ]
    )
    func noStatusLine(bytes: Data) async throws {
        let error = try await failure(of: .raw([.write(bytes)]))
        expectWords(error, "not an HTTP response (no status line)")
    }

    @Test(
        "A reset at every stage is an error in words that says how far the response came",
        arguments: [
            ("", "the server reset the connection before the response began"),
            ("HTTP/1.1 200 OK\r\n", "the server reset the connection, the response cut off inside its headers"),
            ("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Len", "inside its headers"),
            (
                "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n<html>",
                "the server reset the connection, the response cut off inside its body"
            ),
        ]
    )
    func reset(sent: String, words: String) async throws {
        let error = try await failure(of: .raw([.write(Data(sent.utf8)), .pause(.milliseconds(50)), .reset]))
        #expect(error?.code == .network)
        expectWords(error, words)
    }
}

/// The fetcher's address check, played with a resolver of the test's own: `127.0.0.2` stands for a
/// public address, every other loopback address stays private.
private func publicLoopbackCheck(resolve: @escaping @Sendable (String) async -> [AddressPolicy.Address]?)
    -> AddressCheck
{
    AddressCheck(
        resolve: resolve,
        refusal: { $0 == [127, 0, 0, 2] ? nil : AddressCheck.system.refusal($0) })
}

@Suite("The address connected is the address checked", .serialized)
struct AddressPinningTests {
    @Test("A name that resolves to a public address, then to a private one, reaches only the public one")
    func rebinding() async throws {
        let publicServer = try LoopbackHTTPServer(host: "127.0.0.2") { _ in .html("<title>Public</title>") }
        defer { publicServer.stop() }
        let privateServer = try LoopbackHTTPServer(host: "127.0.0.1", port: publicServer.port) { _ in
            .html("<title>Private</title>")
        }
        defer { privateServer.stop() }
        let lookups = Mutex(0)
        var fetcher = LinkFetcher()
        fetcher.addressCheck = publicLoopbackCheck { host in
            guard host == "rebind.test" else { return await AddressPolicy.resolve(host) }
            // The first answer passes the check; every later one points at the private server.
            let first = lookups.withLock { count in
                count += 1
                return count == 1
            }
            return [
                first
                    ? .init(bytes: [127, 0, 0, 2], text: "127.0.0.2") : .init(bytes: [127, 0, 0, 1], text: "127.0.0.1")
            ]
        }
        let metadata = try await fetcher.metadata(
            for: publicServer.url("/", host: "rebind.test"), timeout: patient, includeSubresources: false)
        #expect(metadata.title == "Public")
        #expect(lookups.withLock { $0 } == 1)
        #expect(publicServer.connectionCount == 1)
        #expect(privateServer.connectionCount == 0)
    }

    @Test(
        "A redirect to each spelling of a private address is refused with no connection",
        arguments: [
            "http://127.0.0.1:PORT/", "http://127.1:PORT/", "http://0x7f.0.0.1:PORT/", "http://2130706433:PORT/",
            "http://0177.0.0.1:PORT/", "http://localhost:PORT/", "http://[::1]:PORT/",
            "http://[::ffff:127.0.0.1]:PORT/",
            "http://[::ffff:7f00:1]:PORT/", "http://10.0.0.1:PORT/", "http://169.254.169.254:PORT/",
            "http://0.0.0.0:PORT/",
        ]
    )
    func redirectToPrivateSpelling(spelling: String) async throws {
        let privateServer = try LoopbackHTTPServer(host: "127.0.0.1") { _ in .html("<title>Private</title>") }
        defer { privateServer.stop() }
        let target = spelling.replacingOccurrences(of: "PORT", with: String(privateServer.port))
        let publicServer = try LoopbackHTTPServer(host: "127.0.0.2") { _ in .redirect(target) }
        defer { publicServer.stop() }
        var fetcher = LinkFetcher()
        fetcher.addressCheck = publicLoopbackCheck { await AddressPolicy.resolve($0) }
        let error = await #expect(throws: LinkPreviewError.self) {
            try await fetcher.metadata(for: publicServer.url("/"), timeout: patient, includeSubresources: false)
        }
        #expect(error?.code == .blockedAddress, "\(target): \(String(describing: error))")
        #expect(publicServer.connectionCount == 1)
        #expect(privateServer.connectionCount == 0, "\(target)")
    }
}

@Suite("The default transport")
struct DefaultTransportTests {
    @Test("libcurl is opened at run time, with no headers or link-time dependency, and is the default on Linux")
    func libcurlLoads() {
        #expect(CurlLinkTransport.isAvailable)
        let version = CurlLinkTransport.libraryVersion ?? ""
        #expect(version.split(separator: ".").count >= 2 && version.first?.isNumber == true, "\(version)")
        #if os(Linux)
            #expect(LinkFetcher().transport is CurlLinkTransport)
            #expect(LinkFetcher.defaultTransport is CurlLinkTransport)
        #endif
    }
}
