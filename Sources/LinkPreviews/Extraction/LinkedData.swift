internal import Foundation

/// What a page's JSON-LD blocks (`<script type="application/ld+json">`, schema.org) say about it:
/// the fields a preview uses, taken from the node that describes the page.
///
/// The node is the first of, in this order: an article (`Article`, `NewsArticle`, `BlogPosting`,
/// `Report`, `ScholarlyArticle`, `TechArticle` and the other `…Article` types), a `VideoObject`, a
/// `Product`, another creative work (`Recipe`, `Event`, `Book`, `Movie`, `Course`, `MusicRecording`,
/// `PodcastEpisode`, `SoftwareApplication`), a web page (`WebPage`, `ItemPage`, `AboutPage`, …).
/// Nodes are read from objects, arrays and `@graph`s; `@type` may be a string or an array, with or
/// without a `schema:` or `https://schema.org/` prefix. The site name comes from the node's
/// `publisher`, else a `WebSite` or `Organization` node.
///
/// Real pages' blocks are often not strict JSON: HTML comments or CDATA markers around the JSON,
/// raw control characters inside strings, trailing commas. Those are repaired; a block that still
/// does not parse, or nests deeper than 64 levels, is skipped — it never fails the preview.
struct LinkedData: Equatable {
    var title: String?
    var summary: String?
    var siteName: String?
    var images: [String] = []
    var videos: [String] = []
    var author: String?
    var published: String?
    /// The page's kind in Open Graph's words (`article`, `video.other`, `product`, `website`).
    var type: String?

    /// The most nesting a block may have.
    static let maximumDepth = 64

    /// The summary of `blocks`, or `nil` when none describes the page.
    init?(blocks: [[UInt8]]) {
        var nodes: [[String: Any]] = []
        for block in blocks {
            guard let json = Self.repaired(block),
                let root = try? JSONSerialization.jsonObject(with: Data(json), options: [.fragmentsAllowed])
            else { continue }
            Self.collect(root, into: &nodes, depth: 0)
        }
        guard !nodes.isEmpty else { return nil }
        let main = Self.rank.lazy.compactMap { kind in nodes.first { Self.types(of: $0).contains(where: kind.matches) }
        }
        .first
        let site =
            nodes.first { Self.types(of: $0).contains("WebSite") }
            ?? nodes.first { Self.types(of: $0).contains { Self.organizations.contains($0) } }
        if let main {
            title = Self.text(main["headline"]) ?? Self.text(main["name"])
            summary = Self.text(main["description"])
            images = Self.urls(main["image"]) + Self.urls(main["thumbnailUrl"])
            let types = Self.types(of: main)
            if types.contains("VideoObject") {
                videos = Self.urls(main["contentUrl"]) + Self.urls(main["embedUrl"])
            }
            for video in Self.objects(main["video"]) {
                videos += Self.urls(video["contentUrl"]) + Self.urls(video["embedUrl"])
                if images.isEmpty { images = Self.urls(video["thumbnailUrl"]) }
            }
            author = Self.names(main["author"]) ?? Self.names(main["creator"])
            published = Self.text(main["datePublished"]) ?? Self.text(main["uploadDate"])
            siteName = Self.objects(main["publisher"]).lazy.compactMap { Self.text($0["name"]) }.first
            type = Self.openGraphType(of: types)
        }
        if siteName == nil, let site { siteName = Self.text(site["name"]) }
        if main == nil, siteName == nil { return nil }
    }

    // MARK: - Nodes and types

    /// One rank of the node that describes the page.
    private enum Kind: CaseIterable {
        case article, video, product, creativeWork, webPage

        func matches(_ type: String) -> Bool {
            switch self {
            case .article:
                ["Article", "Report", "BlogPosting", "LiveBlogPosting", "SocialMediaPosting", "DiscussionForumPosting"]
                    .contains(type) || type.hasSuffix("Article")
            case .video: type == "VideoObject"
            case .product: type == "Product" || type == "ProductGroup"
            case .creativeWork:
                [
                    "Recipe", "Event", "Book", "Movie", "Course", "MusicRecording", "MusicAlbum", "PodcastEpisode",
                    "PodcastSeries", "SoftwareApplication", "MobileApplication", "TVSeries", "Episode",
                ].contains(type)
            case .webPage: type == "WebPage" || type.hasSuffix("Page")
            }
        }
    }

    private static let rank = Kind.allCases
    private static let organizations: Set<String> = ["Organization", "NewsMediaOrganization", "Corporation"]

    /// Adds the objects of `value` to `nodes`: an object (and the objects of its `@graph`), or the
    /// objects of an array.
    private static func collect(_ value: Any, into nodes: inout [[String: Any]], depth: Int) {
        guard depth < 4, nodes.count < 256 else { return }
        if let array = value as? [Any] {
            for element in array { collect(element, into: &nodes, depth: depth + 1) }
        } else if let object = value as? [String: Any] {
            if object["@type"] != nil { nodes.append(object) }
            if let graph = object["@graph"] { collect(graph, into: &nodes, depth: depth + 1) }
        }
    }

    /// The node's types, without a schema.org prefix.
    private static func types(of node: [String: Any]) -> [String] {
        let raw: [String] =
            if let type = node["@type"] as? String { [type] } else {
                (node["@type"] as? [Any])?.compactMap { $0 as? String } ?? []
            }
        return raw.map { type in
            for prefix in ["https://schema.org/", "http://schema.org/", "schema:"] where type.hasPrefix(prefix) {
                return String(type.dropFirst(prefix.count))
            }
            return type
        }
    }

    private static func openGraphType(of types: [String]) -> String? {
        if types.contains(where: Kind.article.matches) { return "article" }
        if types.contains(where: Kind.video.matches) { return "video.other" }
        if types.contains(where: Kind.product.matches) { return "product" }
        if types.contains(where: Kind.webPage.matches) { return "website" }
        return nil
    }

    // MARK: - Values

    /// A string value (the first string of an array), trimmed, or `nil` when empty.
    private static func text(_ value: Any?) -> String? {
        let string = (value as? String) ?? (value as? [Any])?.lazy.compactMap { $0 as? String }.first
        guard let trimmed = string?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        return trimmed
    }

    /// The objects of a value: an object, or the objects of an array.
    private static func objects(_ value: Any?) -> [[String: Any]] {
        if let object = value as? [String: Any] { return [object] }
        return (value as? [Any])?.compactMap { $0 as? [String: Any] } ?? []
    }

    /// The URLs of an image-like value: a string, an `ImageObject` (`url`, `contentUrl`), or an
    /// array of either.
    private static func urls(_ value: Any?) -> [String] {
        if let string = text(value as? String) { return [string] }
        if let object = value as? [String: Any] {
            return [text(object["url"]) ?? text(object["contentUrl"])].compactMap { $0 }
        }
        return (value as? [Any])?.prefix(16).flatMap { urls($0) } ?? []
    }

    /// The names of a person-like value: a string, an object's `name`, or an array of either, joined.
    private static func names(_ value: Any?) -> String? {
        if let string = text(value as? String) { return string }
        if let object = value as? [String: Any] { return text(object["name"]) }
        let all = (value as? [Any])?.prefix(8).compactMap { names($0) } ?? []
        return all.isEmpty ? nil : all.joined(separator: ", ")
    }

    // MARK: - Repairs

    /// The block as strict JSON: without the HTML comment or CDATA markers around it, raw control
    /// characters in strings escaped, trailing commas dropped. `nil` when it nests too deep or is
    /// empty.
    static func repaired(_ block: [UInt8]) -> [UInt8]? {
        var bytes = block[...]
        func trim() {
            while let first = bytes.first, first.isASCIIWhitespace { bytes = bytes.dropFirst() }
            while let last = bytes.last, last.isASCIIWhitespace { bytes = bytes.dropLast() }
        }
        trim()
        let markers = [
            ("<!--", "-->"), ("//<![CDATA[", "//]]>"), ("/*<![CDATA[*/", "/*]]>*/"), ("<![CDATA[", "]]>"),
        ]
        for (open, close) in markers {
            if bytes.starts(with: open.utf8) { bytes = bytes.dropFirst(open.utf8.count) }
            if bytes.reversed().starts(with: close.utf8.reversed()) { bytes = bytes.dropLast(close.utf8.count) }
            trim()
        }
        guard !bytes.isEmpty else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var inString = false
        var escaped = false
        var depth = 0
        var pendingComma: Int?  // Where a comma was written, until the next token says whether it trails.
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                } else if byte < 0x20 {
                    // A raw control character, as pages write line breaks: escaped as JSON wants.
                    output += Array(String(format: "\\u%04x", byte).utf8)
                    continue
                }
                output.append(byte)
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                pendingComma = nil
            case 0x7B, 0x5B:
                depth += 1
                guard depth <= maximumDepth else { return nil }
                pendingComma = nil
            case 0x7D, 0x5D:
                depth -= 1
                if let comma = pendingComma { output.remove(at: comma) }
                pendingComma = nil
            case 0x2C:
                pendingComma = output.count
            case let byte where byte.isASCIIWhitespace:
                break
            default:
                pendingComma = nil
            }
            output.append(byte)
        }
        return output
    }
}
