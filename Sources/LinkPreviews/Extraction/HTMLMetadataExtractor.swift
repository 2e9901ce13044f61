internal import FoundationEssentials

/// Collects what a page declares, as the tokenizer reports it, then builds ``LinkMetadata`` by the
/// rules in `Docs/LinkPreviews.md`: first value wins, og → twitter → HTML, URLs resolved against the
/// document's base URL.
struct HTMLMetadataExtractor: HTMLTokenSink {
    /// A structured Open Graph object (`og:image` or `og:video` and its `:…` properties).
    struct Group {
        var url: String?
        var secureURL: String?
        var width: String?
        var height: String?
        var alt: String?
        var type: String?
    }

    /// A `<link>` that names an icon.
    struct IconLink {
        var href: String
        var kind: LinkMetadata.Icon.Kind
        var sizes: String?
        var type: String?
    }

    /// The first non-empty value of each scalar key.
    private(set) var scalars: [String: String] = [:]
    private(set) var images: [Group] = []
    private(set) var videos: [Group] = []
    private(set) var iconLinks: [IconLink] = []
    private(set) var canonical: String?
    private(set) var oEmbedJSON: String?
    private(set) var oEmbedXML: String?
    private(set) var baseHref: String?
    private(set) var title: String?
    /// The encoding declared by the first `<meta>` that declares one (in a template too, as the tree
    /// builder processes it), for the standard's "change the encoding".
    private(set) var declaredEncoding: WebTextEncoding?
    private var hasMetDeclaration = false
    /// The JSON-LD blocks (`<script type="application/ld+json">`), as written.
    private(set) var linkedData: [[UInt8]] = []
    /// The microdata items: the tokenizer reports elements from the first item scope on.
    private(set) var microdata = Microdata()

    var wantsElements: Bool { true }

    mutating func element(
        _ name: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, selfClosing: Bool, contentStart: Int
    ) {
        microdata.start(name, attributes: attributes, selfClosing: selfClosing, contentStart: contentStart)
    }

    mutating func endElement(_ name: UnsafeBufferPointer<UInt8>, tagStart: Int, document: UnsafeBufferPointer<UInt8>) {
        microdata.end(name, tagStart: tagStart, document: document)
    }

    /// The scalar keys read, all others ignored (so that a page with a million metas keeps a bounded
    /// dictionary).
    private static let scalarKeys: Set<String> = [
        "og:title", "twitter:title", "og:description", "twitter:description", "description", "og:site_name",
        "og:type", "og:url", "twitter:image", "twitter:image:src", "twitter:image:alt", "twitter:player:stream",
        "twitter:player:stream:content_type", "image", "author", "article:author", "article:published_time",
    ]

    /// The most groups kept of each kind; later ones are ignored (a preview shows one).
    private static let groupLimit = 64
    /// The most icon links kept.
    private static let iconLimit = 64

    /// The most JSON-LD blocks kept; later ones are ignored.
    private static let linkedDataLimit = 16

    mutating func startTag(_ element: HTMLElement, attributes: HTMLAttributes, inTemplate: Bool) {
        if element == .meta, !hasMetDeclaration {
            let charset = attributes.value(.charset)
            let httpEquiv = attributes.value(.httpEquiv)
            if charset != nil || httpEquiv != nil,
                let encoding = HTMLEncodingSniffer.declaration(
                    charset: charset, httpEquiv: httpEquiv, content: attributes.value(.content))
            {
                declaredEncoding = encoding
                hasMetDeclaration = true
            }
        }
        guard !inTemplate else { return }
        switch element {
        case .meta: meta(attributes)
        case .link: link(attributes)
        case .base:
            if baseHref == nil, let href = attributes.value(.href) { baseHref = href }
        default: break
        }
    }

    mutating func script(_ text: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, inTemplate: Bool) {
        guard !inTemplate, linkedData.count < Self.linkedDataLimit, let type = attributes.value(.type) else { return }
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        guard essence.trimmingASCIIWhitespace().lowercasedASCII() == "application/ld+json" else { return }
        linkedData.append(Array(text))
    }

    mutating func title(_ text: UnsafeBufferPointer<UInt8>, inTemplate: Bool) {
        guard !inTemplate, title == nil else { return }
        // The document's title is its first <title>, even when empty.
        title = HTMLCharacterReference.decode(text, inAttribute: false)
    }

    private mutating func meta(_ attributes: HTMLAttributes) {
        // The key is the first non-empty of property, name and itemprop (as Apple's extractor reads
        // it: `name="og:title"` works), compared without regard to ASCII case.
        var key: String?
        for name in [HTMLAttributeName.property, .name, .itemprop] {
            if let value = attributes.value(name), !value.isEmpty {
                key = value.trimmingASCIIWhitespace().lowercasedASCII()
                break
            }
        }
        guard let key, let content = attributes.value(.content) else { return }
        let trimmed = content.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { return }  // Empty content is skipped, not a value.
        if key.hasPrefix("og:image") || key.hasPrefix("og:video") {
            let isImage = key.hasPrefix("og:image")
            let property = key.dropFirst(8)
            if isImage {
                Self.structured(property, trimmed, into: &images)
            } else {
                Self.structured(property, trimmed, into: &videos)
            }
            return
        }
        if Self.scalarKeys.contains(key), scalars[key] == nil { scalars[key] = trimmed }
    }

    /// Applies `og:image…` or `og:video…` (`property` is what follows the prefix) by ogp.me's rules: a
    /// root (`og:image`, `og:image:url`) starts a new object unless the current one has no URL yet; a
    /// `:secure_url` belongs to the current object unless it has one; other properties fill the
    /// current object's empty fields. Properties before any root start an object of their own.
    private static func structured(_ property: Substring, _ value: String, into groups: inout [Group]) {
        func current(_ isFree: (Group) -> Bool) -> Int? {
            if let last = groups.indices.last, isFree(groups[last]) { return last }
            guard groups.count < groupLimit else { return nil }
            groups.append(Group())
            return groups.count - 1
        }
        switch property {
        case "", ":url":
            if let index = current({ $0.url == nil }) { groups[index].url = value }
        case ":secure_url":
            if let index = current({ $0.secureURL == nil }) { groups[index].secureURL = value }
        case ":width":
            if let index = current({ $0.width == nil }) { groups[index].width = value }
        case ":height":
            if let index = current({ $0.height == nil }) { groups[index].height = value }
        case ":alt":
            if let index = current({ $0.alt == nil }) { groups[index].alt = value }
        case ":type":
            if let index = current({ $0.type == nil }) { groups[index].type = value }
        default:
            break
        }
    }

    private mutating func link(_ attributes: HTMLAttributes) {
        guard let rel = attributes.value(.rel), let href = attributes.value(.href) else { return }
        let tokens = rel.lowercasedASCII().split(whereSeparator: { $0.isASCIIWhitespaceCharacter })
        if tokens.contains("canonical"), canonical == nil { canonical = href }
        if tokens.contains("alternate"), let type = attributes.value(.type)?.trimmingASCIIWhitespace().lowercasedASCII()
        {
            if type == "application/json+oembed", oEmbedJSON == nil { oEmbedJSON = href }
            if type == "text/xml+oembed", oEmbedXML == nil { oEmbedXML = href }
        }
        let kind: LinkMetadata.Icon.Kind?
        if tokens.contains("apple-touch-icon-precomposed") {
            kind = .precomposedTouchIcon
        } else if tokens.contains("apple-touch-icon") {
            kind = .touchIcon
        } else if tokens.contains("icon") {
            kind = .icon
        } else {
            kind = nil
        }
        if let kind, iconLinks.count < Self.iconLimit {
            iconLinks.append(
                IconLink(href: href, kind: kind, sizes: attributes.value(.sizes), type: attributes.value(.type)))
        }
    }
}

extension String {
    /// The string with ASCII letters made lower-case, other characters kept.
    func lowercasedASCII() -> String {
        guard utf8.contains(where: { ($0 &- 0x41) < 26 }) else { return self }
        return String(decoding: utf8.map(\.asciiLowercased), as: UTF8.self)
    }
}

extension Character {
    /// Whether the character is ASCII whitespace as HTML means it.
    var isASCIIWhitespaceCharacter: Bool {
        guard let ascii = asciiValue else { return false }
        return ascii.isASCIIWhitespace
    }
}
