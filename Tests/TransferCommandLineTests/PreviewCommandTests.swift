import Foundation
import Testing
import TransferKitTesting

@Suite("transfer preview", .serialized)
struct PreviewCommandTests {
    private static let page = """
        <html><head><meta charset="utf-8">
        <title>Doc title</title>
        <meta property="og:title" content="OG title">
        <meta property="og:description" content="A description">
        <meta property="og:site_name" content="Site">
        <meta property="og:type" content="article">
        <meta property="og:image" content="/a.png"><meta property="og:image:width" content="800">
        <meta property="og:image:height" content="600"><meta property="og:image:alt" content="Alt">
        <meta property="og:image:type" content="image/png">
        <meta property="og:video" content="https://v.example.com/v.mp4">
        <link rel="icon" href="/icon.png">
        <link rel="alternate" type="application/json+oembed" href="/oembed.json">
        <meta property="article:published_time" content="2024-05-01T12:30:00+02:00">
        <script type="application/ld+json">{"@type": "NewsArticle", "headline": "LD title",
          "author": [{"@type": "Person", "name": "Ada"}, {"@type": "Person", "name": "Grace"}]}</script>
        </head></html>
        """

    private func withPage(_ body: (String) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("page.html")
        try Data(Self.page.utf8).write(to: file)
        try await body(file.path)
    }

    @Test("A saved page as JSON: exactly the documented keys, URLs resolved against --url")
    func fileAsJSON() async throws {
        try await withPage { path in
            let result = await transfer("preview", path, "--url", "https://example.com/post", "--format", "json")
            #expect(result.status == 0, "\(result.error)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            #expect(
                Set(object.keys) == [
                    "originalURL", "url", "title", "description", "siteName", "type", "author", "publishedDate",
                    "images", "iconURL", "videoURL", "oembedURL",
                ])
            #expect(object["title"] as? String == "OG title")
            #expect(object["description"] as? String == "A description")
            #expect(object["siteName"] as? String == "Site")
            #expect(object["type"] as? String == "article")
            #expect(object["author"] as? String == "Ada, Grace")
            #expect(object["publishedDate"] as? String == "2024-05-01T10:30:00Z")
            #expect(object["url"] as? String == "https://example.com/post")
            #expect(object["iconURL"] as? String == "https://example.com/icon.png")
            #expect(object["videoURL"] as? String == "https://v.example.com/v.mp4")
            #expect(object["oembedURL"] as? String == "https://example.com/oembed.json")
            let image = try #require((object["images"] as? [[String: Any]])?.first)
            #expect(image["url"] as? String == "https://example.com/a.png")
            #expect(image["width"] as? Int == 800 && image["height"] as? Int == 600)
            #expect(image["alt"] as? String == "Alt" && image["type"] as? String == "image/png")
        }
    }

    @Test("--inline-images: a saved page's card embeds the image saved beside it, and a placeholder for the icon")
    func inlineImagesFromSavedPage() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("harbour_files"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A page as a browser's "Save Page As" leaves it: og:image still names the site's URL, the
        // file is in NAME_files under its last path component.
        let page = directory.appendingPathComponent("harbour.html")
        try Data(
            """
            <html><head><title>Harbour opens</title>
            <meta property="og:image" content="https://news.example/img/2024/harbour.png">
            <link rel="icon" href="https://news.example/favicon-32.png"></head>
            <body><img src="harbour_files/harbour.png"></body></html>
            """.utf8
        ).write(to: page)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 7, count: 40)
        try png.write(to: directory.appendingPathComponent("harbour_files/harbour.png"))
        let large = await transfer(
            "preview", page.path, "--url", "https://news.example/a", "--format", "html", "--inline-images")
        #expect(large.status == 0, "\(large.error)")
        #expect(
            large.output.contains(#"<img class="tk-image" src="data:image/png;base64,\#(png.base64EncodedString())""#))
        #expect(!large.output.contains(#"src="https://"#))
        let compact = await transfer(
            "preview", page.path, "--url", "https://news.example/a", "--format", "html", "--inline-images",
            "--layout", "compact")
        #expect(compact.output.contains(#"<div class="tk-icon tk-placeholder" aria-hidden="true">N</div>"#))
        // The icon the card lacks is named, with where it was looked for.
        #expect(
            compact.error
                == "transfer preview: the page's icon https://news.example/favicon-32.png is not saved beside it "
                + "(looked for favicon-32.png, harbour_files/favicon-32.png, favicon.ico, harbour_files/favicon.ico)\n",
            "\(compact.error)")
        // Without the saved file: a placeholder, never a link the browser cannot load offline.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("harbour_files"))
        let missing = await transfer(
            "preview", page.path, "--url", "https://news.example/a", "--format", "html", "--inline-images",
            "--layout", "large")
        #expect(missing.output.contains(#"class="tk-image tk-placeholder""#))
        #expect(
            missing.error.contains(
                "the page's image https://news.example/img/2024/harbour.png is not saved beside it "
                    + "(looked for img/2024/harbour.png, harbour.png)"), "\(missing.error)")
        #expect(!missing.output.contains(#"src="https://"#))
        let misplaced = await transfer("preview", page.path, "--inline-images")
        #expect(misplaced.status == 64)
    }

    @Test("--inline-images: an image the page names by a relative path is read from that path beside the page")
    func inlineImagesFromASubfolder() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("images"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let page = directory.appendingPathComponent("index.html")
        try Data(
            """
            <html><head><title>Hero</title><meta property="og:image" content="images/hero.png"></head>
            <body></body></html>
            """.utf8
        ).write(to: page)
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(repeating: 9, count: 40)
        try png.write(to: directory.appendingPathComponent("images/hero.png"))
        let card = await transfer(
            "preview", page.path, "--url", "https://example.com/post/", "--format", "html", "--inline-images")
        #expect(card.status == 0, "\(card.error)")
        #expect(card.output.contains(#"<div class="tk-link-card tk-large">"#), "\(card.output)")
        #expect(card.output.contains("data:image/png;base64,\(png.base64EncodedString())"))
        // The image is found; the site's icon (its /favicon.ico, which the page does not replace) is not.
        #expect(
            card.error
                == "transfer preview: the page's icon https://example.com/favicon.ico is not saved beside it "
                + "(looked for favicon.ico)\n", "\(card.error)")
        // Gone: named on standard error with the path looked for, the card drawn without it.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("images/hero.png"))
        let lacking = await transfer(
            "preview", page.path, "--url", "https://example.com/post/", "--format", "html", "--inline-images")
        #expect(lacking.status == 0)
        #expect(
            lacking.error
                == "transfer preview: the page's image https://example.com/post/images/hero.png is not saved beside it "
                + "(looked for images/hero.png, hero.png)\n"
                + "transfer preview: the page's icon https://example.com/favicon.ico is not saved beside it "
                + "(looked for favicon.ico)\n", "\(lacking.error)")
    }

    @Test("--format html writes the card's page, which previews as the page did; --layout needs it")
    func cardAsHTML() async throws {
        try await withPage { path in
            let result = await transfer("preview", path, "--url", "https://example.com/post", "--format", "html")
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.hasPrefix("<!DOCTYPE html>"))
            #expect(result.output.contains(#"<div class="tk-link-card tk-large">"#))
            #expect(!result.output.lowercased().contains("<script"))
            let compact = await transfer(
                "preview", path, "--url", "https://example.com/post", "--format", "html", "--layout", "compact")
            #expect(compact.output.contains(#"<div class="tk-link-card tk-compact">"#))
            let misplaced = await transfer("preview", path, "--layout", "compact")
            #expect(misplaced.status == 64)
            #expect(misplaced.error.contains("--layout"))
        }
    }

    @Test("Standard input with --content-type, through the executable")
    func standardInput() async throws {
        // "日本" in EUC-JP, declared only by the header.
        let input = Data("<title>".utf8) + Data([0xC6, 0xFC, 0xCB, 0xDC]) + Data("</title>".utf8)
        let result = try await transferExecutable(
            ["preview", "-", "--url", "https://example.jp/", "--content-type", "text/html; charset=EUC-JP"],
            input: input)
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("Title:        日本"))
    }

    @Test("A URL on a local server: refused by default (77), fetched when allowed, cached")
    func fetch() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/post" ? .html(Self.page) : .init(status: 404)
        }
        defer { server.stop() }
        let url = server.url("/post").absoluteString

        let refused = await transfer("preview", url)
        #expect(refused.status == 77)
        #expect(refused.error.contains("loopback") && refused.error.contains("--allow-private-addresses"))
        #expect(server.requestedPaths.isEmpty)

        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("preview-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let fetched = await transfer(
            "preview", url, "--allow-private-addresses", "--no-subresources", "--cache", cache.path)
        #expect(fetched.status == 0, "\(fetched.error)")
        #expect(fetched.output.contains("Title:        OG title"))
        server.stop()
        // The server is gone: the second run is answered by the cache.
        let cached = await transfer("preview", url, "--allow-private-addresses", "--cache", cache.path)
        #expect(cached.status == 0, "\(cached.error)")
        #expect(cached.output == fetched.output)
    }

    @Test("Fetch failures map to sysexits: 69 for HTTP errors, 65 for non-HTML, 75 for a timeout")
    func failures() async throws {
        let server = try LoopbackHTTPServer { path in
            switch path {
            case "/json": .init(headerFields: [HTTPField(.contentType, "application/json")], body: Data("{}".utf8))
            case "/slow": .init(body: Data("<title>slow</title>".utf8), delay: .seconds(10))
            default: .init(status: 500)
            }
        }
        defer { server.stop() }
        let error = await transfer(
            "preview", server.url("/error").absoluteString, "--allow-private-addresses", "--timeout", "3600")
        #expect(error.status == 69)
        #expect(error.error.contains("HTTP 500"))
        let json = await transfer(
            "preview", server.url("/json").absoluteString, "--allow-private-addresses", "--timeout", "3600")
        #expect(json.status == 65)
        #expect(json.error.contains("application/json"))
        let slow = await transfer(
            "preview", server.url("/slow").absoluteString, "--allow-private-addresses", "--timeout", "0.3")
        #expect(slow.status == 75)
        let scheme = await transfer("preview", "ftp://example.com/file")
        #expect(scheme.status == 77)
    }

    @Test("Usage errors (64) and a missing file (66)")
    func usage() async throws {
        try await withPage { path in
            #expect(await transfer("preview").status == 64)
            #expect(await transfer("preview", path, "--cache", "/tmp/x").status == 64)
            #expect(await transfer("preview", path, "--allow-private-addresses").status == 64)
            #expect(await transfer("preview", "https://example.com/", "--timeout", "soon").status == 64)
            #expect(await transfer("preview", "https://example.com/", "--url", "https://a/").status == 64)
            #expect(await transfer("preview", path, "--url", "not a url").status == 64)
            #expect(await transfer("preview", path, "--format", "xml").status == 64)
        }
        let missing = await transfer("preview", "/nonexistent/page.html")
        #expect(missing.status == 66)
        #expect(missing.error.contains("no such file"))
    }

    @Test("Control characters from the page are escaped in text output; JSON escapes them")
    func controls() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("evil.html")
        try Data("<meta property=og:title content='a&#x1B;]0;pwned&#x7;b'>".utf8).write(to: file)
        let text = await transfer("preview", file.path)
        #expect(!text.output.contains("\u{1B}"))
        #expect(text.output.contains("\\u{1B}"))
        let json = await transfer("preview", file.path, "--format", "json")
        #expect(json.output.contains("a\\u001b]0;pwned\\u0007b"))
    }
}
