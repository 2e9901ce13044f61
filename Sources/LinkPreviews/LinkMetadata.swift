public import FoundationEssentials

/// Metadata about a URL: its title, description, images, icon and video, as a share sheet shows it
/// in a link preview — Apple's `LinkMetadata` (LinkPresentation, iOS and macOS 26.4), on every platform.
///
/// Extract it from a page you already have, with no I/O:
///
/// ```swift
/// let metadata = try LinkMetadata(html: bytes, url: pageURL, contentType: "text/html; charset=shift_jis")
/// metadata.title       // og:title, else twitter:title, else the document's <title>
/// metadata.imageURL    // the first og:image (its secure_url preferred), resolved against <base href>
/// ```
///
/// or fetch it, with limits and a refusal of private addresses by default:
///
/// ```swift
/// let metadata = try await LinkMetadata(fetching: url, timeout: .seconds(10))
/// ```
///
/// Apple's structure publishes the title and the video; the rest of what Apple's extractor reads
/// (description, site name, type, every image with its size, icons, videos) is published here too, and
/// the oEmbed endpoint a page advertises. `Docs/LinkPreviews.md` lists every rule with its source.
public struct LinkMetadata: Sendable, Hashable, Codable {
    /// The URL that was asked for.
    public var originalURL: URL
    /// The URL that returned the metadata, taking server-side redirects into account; a page's
    /// `og:url` or canonical link when it declares one.
    public var url: URL
    /// The page's title: `og:title`, else `twitter:title`, else the JSON-LD node's `headline` or
    /// `name`, else the document's `<title>`.
    public var title: String?
    /// The page's description: `og:description`, else `twitter:description`, else the JSON-LD
    /// node's `description`, else `<meta name="description">`. (Apple's extractor reads it but does not
    /// publish it.)
    public var summary: String?
    /// The name of the site: `og:site_name`, else the JSON-LD node's `publisher`, or its `WebSite` or
    /// `Organization`.
    public var siteName: String?
    /// The Open Graph type of the page (`og:type`: `website`, `article`, `video.movie`, …); for a page
    /// described by JSON-LD only, its schema.org type in Open Graph's words (`article`, `video.other`,
    /// `product`, `website`).
    public var type: String?
    /// Who wrote the page: the JSON-LD node's `author` (names joined with ", "), else
    /// `<meta name="author">`, else `article:author` when it is a name rather than a URL. (Apple has no
    /// name for it.)
    public var author: String?
    /// When the page was published: `article:published_time`, else the JSON-LD node's
    /// `datePublished` (or a video's `uploadDate`), read as ISO 8601. (Apple has no name for it.)
    public var publishedDate: Date?
    /// The page's images in document order: the `og:image` groups, then `twitter:image`, then the
    /// JSON-LD node's images, then `itemprop="image"`.
    public var images: [Image]
    /// The page's videos in document order: the `og:video` groups, then `twitter:player:stream`, then
    /// the JSON-LD video's `contentUrl` and `embedUrl`.
    public var videos: [Video]
    /// The page's icons in Apple's order: touch icons by size, then icons by size, then `/favicon.ico`.
    public var icons: [Icon]
    /// The oEmbed endpoint the page advertises (`<link rel="alternate" type="application/json+oembed">`,
    /// else the XML one), for a caller that wants to fetch it.
    public var oEmbedURL: URL?
    /// The media fetched or set for the icon, the image and the video.
    var attachments: [Attachment: Media] = [:]

    /// Metadata for a URL that has not been fetched: the URL only.
    public init(url: URL) {
        originalURL = url
        self.url = url
        images = []
        videos = []
        icons = []
    }

    /// A remote URL of a representative video for the page (the first of ``videos``), which a player
    /// can stream.
    public var remoteVideo: URL? {
        get { videos.first?.url }
        set {
            if let newValue {
                if videos.isEmpty { videos.append(Video(url: newValue)) } else { videos[0] = Video(url: newValue) }
            } else if !videos.isEmpty {
                videos.removeFirst()
            }
        }
    }

    /// The URL of the first image, the one a preview shows.
    public var imageURL: URL? { images.first?.url }

    /// The URL of the first icon, the one a preview shows.
    public var iconURL: URL? { icons.first?.url }

    private enum CodingKeys: String, CodingKey {
        case originalURL, url, title, summary = "description", siteName, type, author, publishedDate, images, videos
        case icons
        case oEmbedURL = "oembedURL", attachments
    }

    /// Decodes metadata encoded by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        originalURL = try container.decode(URL.self, forKey: .originalURL)
        url = try container.decode(URL.self, forKey: .url)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        summary = try container.decodeIfPresent(String.self, forKey: .summary)
        siteName = try container.decodeIfPresent(String.self, forKey: .siteName)
        type = try container.decodeIfPresent(String.self, forKey: .type)
        author = try container.decodeIfPresent(String.self, forKey: .author)
        if let published = try container.decodeIfPresent(String.self, forKey: .publishedDate) {
            guard let date = Self.date(iso8601: published) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .publishedDate, in: container,
                    debugDescription: "expected an ISO 8601 date and time (2024-05-01T12:00:00Z), found '\(published)'")
            }
            publishedDate = date
        }
        images = try container.decodeIfPresent([Image].self, forKey: .images) ?? []
        videos = try container.decodeIfPresent([Video].self, forKey: .videos) ?? []
        icons = try container.decodeIfPresent([Icon].self, forKey: .icons) ?? []
        oEmbedURL = try container.decodeIfPresent(URL.self, forKey: .oEmbedURL)
        let media = try container.decodeIfPresent([String: Media].self, forKey: .attachments) ?? [:]
        for (name, value) in media {
            guard let attachment = Attachment(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .attachments, in: container,
                    debugDescription:
                        "expected an attachment named \(Attachment.allCases.map(\.rawValue).joined(separator: ", ")), found '\(name)'"
                )
            }
            attachments[attachment] = value
        }
    }

    /// Encodes the metadata as an object with the keys of `transfer preview --format json` (the
    /// description under `description`), and the attachments' media under `attachments`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(originalURL, forKey: .originalURL)
        try container.encode(url, forKey: .url)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(summary, forKey: .summary)
        try container.encodeIfPresent(siteName, forKey: .siteName)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(author, forKey: .author)
        // As text, the same with any encoder's date strategy: ISO 8601, in UTC, with milliseconds when the
        // date has a fraction of a second.
        try container.encodeIfPresent(publishedDate.map(Self.iso8601), forKey: .publishedDate)
        try container.encode(images, forKey: .images)
        try container.encode(videos, forKey: .videos)
        try container.encode(icons, forKey: .icons)
        try container.encodeIfPresent(oEmbedURL, forKey: .oEmbedURL)
        if !attachments.isEmpty {
            var media: [String: Media] = [:]
            for (attachment, value) in attachments { media[attachment.rawValue] = value }
            try container.encode(media, forKey: .attachments)
        }
    }

    /// A date and time written in ISO 8601, with or without fractions of a second, or `nil`: what
    /// ``iso8601(_:)`` writes, and what pages write.
    static func date(iso8601 text: String) -> Date? {
        // Foundation's format styles, not ISO8601DateFormatter: making one of those costs more than
        // extracting a page.
        (try? Date(text, strategy: .iso8601))
            ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)))
    }

    /// `date` in ISO 8601, in UTC, with milliseconds only when it has a fraction of a second.
    static func iso8601(_ date: Date) -> String {
        date.timeIntervalSince1970.rounded(.down) == date.timeIntervalSince1970
            ? date.formatted(.iso8601) : date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
