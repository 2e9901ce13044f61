import Foundation
import LinkPreviews

/// `transfer preview`: the link metadata of a page, from the network or from a saved file.
enum PreviewCommand {
    static let command = Command(
        "preview", summary: "Show a link's preview metadata (title, image, icon)",
        usage: [Usage("preview", .argument("<URL | FILE | ->"), .otherOptions)],
        discussion: """
            Prints a link's preview metadata: title, description, site name, type, author, publication \
            date, images, icon, video and oEmbed endpoint, from the page's Open Graph, Twitter, JSON-LD and \
            HTML tags (Docs/LinkPreviews.md).

            A URL is fetched: http(s) only, at most 5 redirects, a 2 MiB page, private addresses refused. \
            A FILE, or - for standard input, is read offline and never touches the network.
            """,
        options: [
            Options.url, Options.contentType, Options.format, Options.layout, Options.inlineImages, Options.timeout,
            Options.noSubresources, Options.oEmbed, Options.allowPrivateAddresses, Options.cache,
        ],
        exitStatus: """
            0 success, 64 usage, 65 not a page (not HTML, too large, undecodable), 66 no such file, 69 fetch \
            failed (host not found, connection, HTTP error), 73 cannot create the cache, 75 timed out, 77 not \
            permitted (a private address, a scheme other than http or https).
            """,
        run: { try await run(&$0, $1) })

    /// The options of `transfer preview`.
    enum Options {
        static let url = OptionDeclaration.value(
            "url", "PAGE_URL",
            help: """
                The page's address, for a FILE or -: relative URLs resolve against it (without it they \
                resolve against the file and are left out).
                """)
        static let contentType = OptionDeclaration.value(
            "content-type", "TYPE",
            help: "The Content-Type the page was served with, e.g. 'text/html; charset=shift_jis'.")
        static let format = OptionDeclaration.choice(
            "format", ["text", "json", "html"],
            help: """
                Output format (default: text). HTML: a page holding the preview's card, as LPLinkView draws \
                it (no script; fetched images inlined). JSON: one object with originalURL, url, title, \
                description, siteName, type, author, publishedDate (ISO 8601), images [{url, width, height, \
                alt, type}], iconURL, videoURL, oembedURL (null when unknown).
                """)
        static let layout = OptionDeclaration.choice(
            "layout", ["auto", "compact", "large"],
            help: """
                The card's layout with --format html: auto (the default: large when there is an image, else \
                compact), compact or large.
                """)
        static let inlineImages = OptionDeclaration.flag(
            "inline-images",
            help: """
                With --format html, a card that needs nothing from the network: its image and icon embedded \
                as data: URLs — fetched with the page for a URL; for a saved FILE, read from the files saved \
                beside it (the image's file name in the FILE's directory or its NAME_files folder, as \
                browsers save a page); a placeholder where there is none.
                """)
        static let timeout = OptionDeclaration.value(
            "timeout", "SECONDS", help: "One deadline for the page and its icon and image (default: 30).")
        static let noSubresources = OptionDeclaration.flag(
            "no-subresources", help: "Do not fetch the icon and the image.")
        static let oEmbed = OptionDeclaration.flag(
            "oembed",
            help: """
                Also fetch the oEmbed description the page advertises, and fill what its tags leave out \
                (title, author, site, thumbnail); same limits and deadline.
                """)
        static let allowPrivateAddresses = OptionDeclaration.flag(
            "allow-private-addresses", help: "Fetch loopback, private and link-local addresses too.")
        static let cache = OptionDeclaration.value(
            "cache", "DIR", help: "Reuse metadata fetched in the last 7 days, kept in DIR (created, mode 0700).")
    }

    static func run(_ arguments: inout Arguments, _ console: Console) async throws {
        let base = try arguments.value(Options.url, as: .absoluteURL)
        let contentType = try arguments.value(Options.contentType)
        let format = try arguments.choice(Options.format)
        let layout = try arguments.choice(Options.layout)
        guard layout == "auto" || format == "html" else {
            throw UsageError("--layout '\(layout)': a layout is for --format html")
        }
        let timeout = try arguments.value(Options.timeout, as: .seconds)
        let noSubresources = arguments.isSet(Options.noSubresources)
        let oEmbed = arguments.isSet(Options.oEmbed)
        let allowPrivate = arguments.isSet(Options.allowPrivateAddresses)
        let cacheDirectory = try arguments.value(Options.cache)
        let inlineImages = arguments.isSet(Options.inlineImages)
        guard !inlineImages || format == "html" else {
            throw UsageError("--inline-images: inlining is for --format html")
        }
        guard !(inlineImages && noSubresources) else {
            throw UsageError("--inline-images needs the image and icon fetched: not with --no-subresources")
        }
        guard let source = arguments.positional() else {
            throw UsageError("missing the page: a URL, a file, or - for standard input")
        }
        try arguments.finish()

        var metadata: LinkMetadata
        if let remote = remoteURL(source) {
            guard base == nil, contentType == nil else {
                throw UsageError("--url and --content-type are for a file or standard input; a URL is fetched as it is")
            }
            var fetcher = LinkFetcher()
            fetcher.allowsPrivateAddresses = allowPrivate
            let cache = try cacheDirectory.map { path -> DiskLinkMetadataCache in
                do {
                    return try DiskLinkMetadataCache(directory: URL(fileURLWithPath: path))
                } catch {
                    throw ToolError(
                        .cannotCreate, "\(path): cannot be used as a cache directory (\(error.localizedDescription))")
                }
            }
            if let cached = cache?.metadata(for: remote) {
                metadata = cached
            } else {
                // A failed fetch's exit status is ToolError(_:)'s, from its lpErrorCode.
                metadata = try await fetcher.metadata(
                    for: remote, timeout: timeout ?? .seconds(30), includeSubresources: !noSubresources,
                    includeOEmbed: oEmbed)
                cache?.store(metadata, for: remote)
            }
        } else {
            // A file or standard input never touches the network.
            guard cacheDirectory == nil, !allowPrivate, timeout == nil, !noSubresources, !oEmbed else {
                throw UsageError(
                    "--cache, --timeout, --no-subresources, --oembed and --allow-private-addresses are for a URL; "
                        + "a file is read offline")
            }
            let bytes = source == "-" ? try StandardInput.readAll(limit: 64 << 20) : try InputFile.contents(of: source)
            let url =
                base ?? (source == "-" ? URL(fileURLWithPath: "/dev/stdin") : URL(fileURLWithPath: source).absoluteURL)
            do {
                metadata = try LinkMetadata(html: bytes, url: url, contentType: contentType)
            } catch {
                throw CommandFailure(error, input: source == "-" ? "standard input" : source)
            }
            if inlineImages, source != "-" {
                // What the card will lack is said, not silently left out.
                for missing in SavedPageMedia.attach(to: &metadata, page: URL(fileURLWithPath: source), base: url) {
                    console.error("transfer preview: \(missing)\n")
                }
            }
        }
        switch format {
        case "json": console.write(json(metadata))
        case "html":
            let card = LinkPreviewCard(
                metadata, layout: LinkPreviewCard.Layout(rawValue: layout), linksRemoteImages: !inlineImages)
            console.write(card.htmlDocument)
        default: console.write(text(metadata))
        }
    }

    /// The URL to fetch, when `source` is one (an http or https URL, or another scheme the fetcher
    /// will refuse); `nil` for a file path or `-`.
    private static func remoteURL(_ source: String) -> URL? {
        guard source != "-", !FileManager.default.fileExists(atPath: source),
            let colon = source.firstIndex(of: ":"), source[..<colon].count > 1,
            source[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+.-".contains($0) }),
            let url = URL(string: source)
        else { return nil }
        return url
    }

    static func text(_ metadata: LinkMetadata) -> String {
        var lines: [(String, String)] = []
        func add(_ label: String, _ value: String?) { if let value { lines.append((label, value)) } }
        add("Title", metadata.title)
        add("Description", metadata.summary)
        add("Site", metadata.siteName)
        add("Type", metadata.type)
        add("Author", metadata.author)
        add("Published", metadata.publishedDate?.formatted(.iso8601))
        add("URL", metadata.url.absoluteString)
        if metadata.originalURL != metadata.url { add("Original URL", metadata.originalURL.absoluteString) }
        for image in metadata.images {
            var value = image.url.absoluteString
            if let width = image.width, let height = image.height { value += " (\(width)×\(height))" }
            if let alt = image.alt { value += " — \(alt)" }
            add("Image", value)
        }
        add("Icon", metadata.iconURL?.absoluteString)
        add("Video", metadata.remoteVideo?.absoluteString)
        add("oEmbed", metadata.oEmbedURL?.absoluteString)
        return lines.map { TransferTool.escapingControls("\($0.0):".padding(14) + $0.1) }.joined(separator: "\n") + "\n"
    }

    /// One JSON object with the keys documented in `Docs/CommandLine.md`, null when unknown.
    static func json(_ metadata: LinkMetadata) -> String {
        func string(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
        func number(_ value: Int?) -> String { value.map(String.init) ?? "null" }
        let images = metadata.images.map { image in
            "{\"url\": \(string(image.url.absoluteString)), \"width\": \(number(image.width)), "
                + "\"height\": \(number(image.height)), \"alt\": \(string(image.alt)), \"type\": \(string(image.mimeType))}"
        }
        let fields = [
            ("originalURL", string(metadata.originalURL.absoluteString)),
            ("url", string(metadata.url.absoluteString)),
            ("title", string(metadata.title)),
            ("description", string(metadata.summary)),
            ("siteName", string(metadata.siteName)),
            ("type", string(metadata.type)),
            ("author", string(metadata.author)),
            ("publishedDate", string(metadata.publishedDate?.formatted(.iso8601))),
            ("images", images.isEmpty ? "[]" : "[\n    " + images.joined(separator: ",\n    ") + "\n  ]"),
            ("iconURL", string(metadata.iconURL?.absoluteString)),
            ("videoURL", string(metadata.remoteVideo?.absoluteString)),
            ("oembedURL", string(metadata.oEmbedURL?.absoluteString)),
        ]
        return "{\n" + fields.map { "  \"\($0.0)\": \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }
}

/// JSON string literals.
enum JSONText {
    /// `text` as a JSON string literal, control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{2028}", "\u{2029}", "\u{7F}"..."\u{9F}": result += String(format: "\\u%04x", scalar.value)
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
