/// What a page's JSON-LD blocks (`<script type="application/ld+json">`, schema.org) say about it:
/// the fields a preview uses, taken from the node that describes the page.
///
/// The node is the first of, in this order: an article (`Article`, `NewsArticle`, `BlogPosting`,
/// `Report`, `ScholarlyArticle`, `TechArticle` and the other `…Article` types), a `VideoObject`, a
/// `Product`, any other creative work (every schema.org type below `CreativeWork` — `Review`,
/// `Recipe`, `Book`, `Movie`, `Dataset`, `Course`, `PodcastEpisode`, … — and `Event`), a web page
/// (`WebPage`, `ItemPage`, `AboutPage`, …); within a rank, the first in document order. A node's
/// `@type` may list several types: it ranks by its highest.
/// Nodes are read from objects, arrays and `@graph`s; `@type` may be a string or an array, with or
/// without a `schema:` or `https://schema.org/` prefix. The site name comes from the node's
/// `publisher`, else a `WebSite` or `Organization` node.
///
/// Real pages' blocks are often not strict JSON: HTML comments or CDATA markers around the JSON,
/// raw control characters inside strings, trailing commas. Those are accepted (``JSON/parse(_:)``);
/// a block that still does not parse, or nests deeper than 64 levels, is skipped — it never fails the
/// preview.
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
        var nodes: [JSON] = []
        for block in blocks {
            guard let json = Self.unwrapped(block), let root = JSON.parse(json) else { continue }
            Self.collect(root, into: &nodes, depth: 0)
        }
        self.init(nodes: nodes)
    }

    /// The summary of schema.org nodes — JSON-LD's, or microdata's items read as nodes
    /// (``Microdata/nodes()``) — or `nil` when none describes the page.
    init?(nodes: [JSON]) {
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
            published =
                Self.text(main["datePublished"]) ?? Self.text(main["uploadDate"]) ?? Self.text(main["dateCreated"])
                ?? Self.text(main["startDate"])
            siteName = Self.objects(main["publisher"]).lazy.compactMap { Self.text($0["name"]) }.first
            type = Self.openGraphType(of: types)
        }
        if siteName == nil, let site { siteName = Self.text(site["name"]) }
        if main == nil, siteName == nil { return nil }
    }

    // MARK: - Nodes and types

    /// One rank of the node that describes the page; in a rank, the first node in document order.
    private enum Kind: CaseIterable {
        case article, video, product, creativeWork, webPage

        func matches(_ type: String) -> Bool {
            switch self {
            case .article: LinkedData.articles.contains(type) || type.hasSuffix("Article")
            case .video: type == "VideoObject" || type == "MusicVideoObject"
            case .product: type == "Product" || type == "ProductGroup" || type == "IndividualProduct"
            case .creativeWork: LinkedData.creativeWorks.contains(type) || type.hasSuffix("Event") || type == "Festival"
            case .webPage: type == "WebPage" || type.hasSuffix("Page") || LinkedData.webPages.contains(type)
            }
        }
    }

    /// schema.org's `Article` and the types below it that do not end in `Article`.
    static let articles: Set<String> = [
        "Article", "Report", "BlogPosting", "LiveBlogPosting", "SocialMediaPosting", "DiscussionForumPosting",
        "OpinionNewsArticle", "ReportageNewsArticle", "BackgroundNewsArticle", "AnalysisNewsArticle",
    ]

    /// schema.org's `CreativeWork` and every type below it (schema.org 29), but the article, video,
    /// web-page and site types ranked on their own, and the parts of a page (`WebPageElement` and
    /// its kin, `ImageObject`, `Comment`), which describe something on the page, not the page; with
    /// `Event`, which is not a creative work but describes its page as one does.
    static let creativeWorks: Set<String> = [
        "CreativeWork", "AmpStory", "ArchiveComponent", "Atlas", "Blog", "Book", "Chapter", "Claim", "Clip",
        "MovieClip",
        "RadioClip", "TVClip", "VideoGameClip", "Code", "Collection", "ProductCollection", "ComicStory",
        "ComicCoverArt", "ComicIssue", "ComicSeries", "Conversation", "Course", "CreativeWorkSeason", "PodcastSeason",
        "RadioSeason", "TVSeason", "CreativeWorkSeries", "BookSeries", "MovieSeries", "Periodical", "PodcastSeries",
        "RadioSeries", "TVSeries", "VideoGameSeries", "DataCatalog", "Dataset", "DataFeed", "DefinedTermSet",
        "CategoryCodeSet", "Diet", "DigitalDocument", "NoteDigitalDocument", "PresentationDigitalDocument",
        "SpreadsheetDigitalDocument", "TextDigitalDocument", "Drawing", "EducationalOccupationalCredential",
        "Episode", "PodcastEpisode", "RadioEpisode", "TVEpisode", "ExercisePlan", "Game", "VideoGame", "Guide",
        "HowTo", "Recipe", "HyperToc", "LearningResource", "Quiz", "Syllabus", "Legislation", "Manuscript", "Map",
        "MathSolver", "MediaObject", "AudioObject", "AudioObjectSnapshot", "Audiobook", "DataDownload",
        "3DModel", "LegislationObject", "TextObject", "MediaReviewItem", "Menu", "MenuSection", "Message",
        "EmailMessage", "Movie", "MusicComposition", "MusicPlaylist", "MusicAlbum", "MusicRelease", "MusicRecording",
        "Painting", "Photograph", "Play", "Poster", "PublicationIssue", "PublicationVolume", "Quotation", "Review",
        "ClaimReview", "CriticReview", "EmployerReview", "MediaReview", "Recommendation", "UserReview",
        "Sculpture", "Season", "SheetMusic", "ShortStory", "SoftwareApplication", "MobileApplication",
        "WebApplication", "SoftwareSourceCode", "SpecialAnnouncement", "Statement", "Thesis", "VisualArtwork",
        "CoverArt", "WebContent", "HealthTopicContent", "Question", "Answer", "Event",
    ]

    /// The web pages whose names do not end in `Page`.
    static let webPages: Set<String> = [
        "RealEstateListing", "MediaGallery", "ImageGallery", "VideoGallery",
    ]

    private static let rank = Kind.allCases
    private static let organizations: Set<String> = ["Organization", "NewsMediaOrganization", "Corporation"]

    /// Adds the objects of `value` to `nodes`: an object (and the objects of its `@graph`), or the
    /// objects of an array.
    private static func collect(_ value: JSON, into nodes: inout [JSON], depth: Int) {
        guard depth < 4, nodes.count < 256 else { return }
        switch value {
        case .array(let elements):
            for element in elements { collect(element, into: &nodes, depth: depth + 1) }
        case .object:
            if value["@type"] != nil { nodes.append(value) }
            if let graph = value["@graph"] { collect(graph, into: &nodes, depth: depth + 1) }
        default:
            break
        }
    }

    /// The node's types, without a schema.org prefix.
    private static func types(of node: JSON) -> [String] {
        let raw: [String]
        switch node["@type"] {
        case .string(let type): raw = [type]
        case .array(let types):
            raw = types.compactMap {
                if case .string(let type) = $0 { type } else { nil }
            }
        default: raw = []
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
        // Open Graph's types for the creative works it names (ogp.me, "Object Types").
        for (type, openGraph) in [
            ("Book", "book"), ("Movie", "video.movie"), ("TVEpisode", "video.episode"), ("Episode", "video.episode"),
            ("MusicRecording", "music.song"), ("MusicAlbum", "music.album"), ("MusicPlaylist", "music.playlist"),
        ] where types.contains(type) {
            return openGraph
        }
        if types.contains(where: Kind.webPage.matches) { return "website" }
        return nil
    }

    // MARK: - Values

    /// A string value (the first string of an array), its ASCII whitespace trimmed, or `nil` when empty.
    private static func text(_ value: JSON?) -> String? {
        let string: String?
        switch value {
        case .string(let text): string = text
        case .array(let elements):
            string =
                elements.lazy.compactMap {
                    if case .string(let text) = $0 { text } else { nil }
                }.first
        default: string = nil
        }
        guard let trimmed = string?.trimmingASCIIWhitespace(), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The objects of a value: an object, or the objects of an array.
    private static func objects(_ value: JSON?) -> [JSON] {
        switch value {
        case .object?: [value!]
        case .array(let elements)?:
            elements.filter {
                if case .object = $0 { true } else { false }
            }
        default: []
        }
    }

    /// The URLs of an image-like value: a string, an `ImageObject` (`url`, `contentUrl`), or an
    /// array of either.
    private static func urls(_ value: JSON?) -> [String] {
        switch value {
        case .string?: [text(value)].compactMap { $0 }
        case .object?: [text(value?["url"]) ?? text(value?["contentUrl"])].compactMap { $0 }
        case .array(let elements)?: elements.prefix(16).flatMap { urls($0) }
        default: []
        }
    }

    /// The names of a person-like value: a string, an object's `name`, or an array of either, joined.
    private static func names(_ value: JSON?) -> String? {
        switch value {
        case .string?: return text(value)
        case .object?: return text(value?["name"])
        case .array(let elements)?:
            let all = elements.prefix(8).compactMap { names($0) }
            return all.isEmpty ? nil : all.joined(separator: ", ")
        default: return nil
        }
    }

    // MARK: - Repairs

    /// The block without the HTML comment or CDATA markers pages put around it; `nil` when empty.
    static func unwrapped(_ block: [UInt8]) -> ArraySlice<UInt8>? {
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
        return bytes.isEmpty ? nil : bytes
    }
}
