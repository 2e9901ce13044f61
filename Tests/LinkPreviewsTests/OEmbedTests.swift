import Foundation
import LinkPreviews
import Synchronization
import Testing
import TransferKitTesting

private let patient = Duration.seconds(3_600)

/// A page that describes itself only through oEmbed.
private func oEmbedOnlyPage(endpoint: String) -> String {
    """
    <html><head>
    <link rel="alternate" type="application/json+oembed" href="\(endpoint)" title="oEmbed">
    </head><body>A player</body></html>
    """
}

private let videoDescription = """
    {"type": "video", "version": "1.0", "title": "A talk about previews", "author_name": "Ada",
     "provider_name": "ExampleTube", "thumbnail_url": "/thumbs/1.jpg", "thumbnail_width": "480",
     "thumbnail_height": 360, "html": "<iframe src=\\"https://evil.example/\\"></iframe><script>alert(1)</script>"}
    """

@Suite("oEmbed, fetched when asked", .serialized)
struct OEmbedTests {
    @Test("An oEmbed-only page gives a full preview; the html is never kept")
    func oEmbedOnly() async throws {
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/watch": .html(oEmbedOnlyPage(endpoint: "/oembed?url=watch&format=json"))
            case "/oembed?url=watch&format=json":
                .init(headerFields: [HTTPField(.contentType, "application/json")], body: Data(videoDescription.utf8))
            default: .init(status: 404)
            }
        }
        defer { server.stop() }
        var fetcher = LinkFetcher()
        fetcher.allowsPrivateAddresses = true
        let metadata = try await fetcher.metadata(
            for: server.url("/watch"), timeout: patient, includeSubresources: false, includeOEmbed: true)
        #expect(metadata.title == "A talk about previews")
        #expect(metadata.author == "Ada")
        #expect(metadata.siteName == "ExampleTube")
        #expect(metadata.type == "video.other")
        let image = try #require(metadata.images.first)
        #expect(image.url == server.url("/thumbs/1.jpg"))
        #expect(image.width == 480 && image.height == 360)
        let encoded = String(decoding: try JSONEncoder().encode(metadata), as: UTF8.self)
        #expect(!encoded.contains("iframe") && !encoded.contains("script"))

        // Not asked: not fetched.
        let plain = try await fetcher.metadata(for: server.url("/watch"), timeout: patient, includeSubresources: false)
        #expect(plain.title == nil)
        #expect(server.requestedPaths.filter { $0.hasPrefix("/oembed") }.count == 1)
    }

    @Test("The page's own tags win; oEmbed fills the gaps and adds its thumbnail after the page's images")
    func pageWins() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/watch"
                ? .html(
                    #"<title>Own title</title><meta property="og:image" content="/own.jpg">"#
                        + #"<link rel="alternate" type="application/json+oembed" href="/oembed.json">"#)
                : .init(headerFields: [HTTPField(.contentType, "application/json")], body: Data(videoDescription.utf8))
        }
        defer { server.stop() }
        var fetcher = LinkFetcher()
        fetcher.allowsPrivateAddresses = true
        let metadata = try await fetcher.metadata(
            for: server.url("/watch"), timeout: patient, includeSubresources: false, includeOEmbed: true)
        #expect(metadata.title == "Own title")
        #expect(metadata.siteName == "ExampleTube")
        #expect(metadata.images.map(\.url.lastPathComponent) == ["own.jpg", "1.jpg"])
    }

    @Test(
        "A bad description is left out and the preview stands: not JSON, too large, an error status, a reset",
        arguments: ["garbage", "huge", "missing", "reset"]
    )
    func badDescription(kind: String) async throws {
        let server = try LoopbackHTTPServer { path in
            guard path != "/watch" else {
                return .html("<title>Page</title>" + oEmbedOnlyPage(endpoint: "/oembed.json"))
            }
            switch kind {
            case "garbage": return .init(body: Data("{\"title\": ".utf8))
            case "huge":
                return .init(body: Data(("{\"title\": \"" + String(repeating: "x", count: 400_000) + "\"}").utf8))
            case "missing": return .init(status: 404)
            default: return .raw([.write(Data("HTTP/1.1 200 OK\r\n".utf8)), .reset])
            }
        }
        defer { server.stop() }
        var fetcher = LinkFetcher()
        fetcher.allowsPrivateAddresses = true
        let metadata = try await fetcher.metadata(
            for: server.url("/watch"), timeout: patient, includeSubresources: false, includeOEmbed: true)
        #expect(metadata.title == "Page")
        #expect(metadata.author == nil)
        #expect(server.requestedPaths.contains("/oembed.json"))
    }

    @Test("An endpoint on a private address, or redirecting to one, is refused with no connection to it")
    func privateEndpoint() async throws {
        let privateServer = try LoopbackHTTPServer(host: "127.0.0.1") { _ in
            .init(headerFields: [HTTPField(.contentType, "application/json")], body: Data(videoDescription.utf8))
        }
        defer { privateServer.stop() }
        let direct = privateServer.url("/oembed.json").absoluteString
        let publicServer = try LoopbackHTTPServer(host: "127.0.0.2") { path in
            switch path {
            case "/direct": .html("<title>Page</title>" + oEmbedOnlyPage(endpoint: direct))
            case "/indirect": .html("<title>Page</title>" + oEmbedOnlyPage(endpoint: "/hop"))
            default: .redirect(direct)
            }
        }
        defer { publicServer.stop() }
        var fetcher = LinkFetcher()
        fetcher.addressCheck = AddressCheck(
            resolve: { await AddressPolicy.resolve($0) },
            refusal: { $0 == [127, 0, 0, 2] ? nil : AddressCheck.system.refusal($0) })
        for path in ["/direct", "/indirect"] {
            let metadata = try await fetcher.metadata(
                for: publicServer.url(path), timeout: patient, includeSubresources: false, includeOEmbed: true)
            #expect(metadata.title == "Page")
            #expect(metadata.author == nil)
        }
        #expect(publicServer.requestedPaths.contains("/hop"))
        #expect(privateServer.connectionCount == 0)
    }

    @Test("An XML endpoint with format=xml is asked for JSON; an XML answer is left out")
    func xmlEndpoints() async throws {
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/a": .html(#"<link rel="alternate" type="text/xml+oembed" href="/oembed?format=xml&url=a">"#)
            case "/b": .html(#"<link rel="alternate" type="text/xml+oembed" href="/oembed.xml">"#)
            case "/oembed?format=json&url=a": .init(body: Data(videoDescription.utf8))
            case "/oembed.xml":
                .init(
                    headerFields: [HTTPField(.contentType, "text/xml")],
                    body: Data("<oembed><title>X</title></oembed>".utf8))
            default: .init(status: 404)
            }
        }
        defer { server.stop() }
        var fetcher = LinkFetcher()
        fetcher.allowsPrivateAddresses = true
        let a = try await fetcher.metadata(
            for: server.url("/a"), timeout: patient, includeSubresources: false, includeOEmbed: true)
        #expect(a.title == "A talk about previews")
        let b = try await fetcher.metadata(
            for: server.url("/b"), timeout: patient, includeSubresources: false, includeOEmbed: true)
        #expect(b.title == nil)
        #expect(server.requestedPaths.contains("/oembed.xml"))
    }
}
