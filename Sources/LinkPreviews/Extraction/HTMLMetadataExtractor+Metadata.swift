internal import Foundation
internal import FoundationEssentials

extension HTMLMetadataExtractor {
    /// Builds the metadata of the page at `documentURL` (the response's URL), asked for as `originalURL`.
    func metadata(documentURL: URL, originalURL: URL) -> LinkMetadata {
        // The document's base URL: the first <base href>, resolved against the document's URL.
        let base = baseHref.flatMap { URLResolution.resolve($0, against: documentURL) } ?? documentURL
        func resolve(_ value: String?) -> URL? { value.flatMap { URLResolution.resolve($0, against: base) } }
        func text(_ value: String?) -> String? { value.flatMap(Self.collapsingWhitespace) }

        var metadata = LinkMetadata(url: documentURL)
        metadata.originalURL = originalURL
        metadata.url = resolve(scalars["og:url"]) ?? resolve(canonical) ?? documentURL
        // JSON-LD after Open Graph and Twitter, before the HTML (Docs/LinkPreviews.md says why).
        let linked = linkedData.isEmpty ? nil : LinkedData(blocks: linkedData)
        // Microdata after JSON-LD: both are schema.org, and JSON-LD is the one written for machines.
        let micro = microdata.isEmpty ? nil : LinkedData(nodes: microdata.nodes())
        metadata.title =
            text(scalars["og:title"]) ?? text(scalars["twitter:title"]) ?? text(linked?.title) ?? text(micro?.title)
            ?? text(title)
        metadata.summary =
            text(scalars["og:description"]) ?? text(scalars["twitter:description"]) ?? text(linked?.summary)
            ?? text(micro?.summary) ?? text(scalars["description"])
        metadata.siteName = text(scalars["og:site_name"]) ?? text(linked?.siteName) ?? text(micro?.siteName)
        metadata.type = text(scalars["og:type"]) ?? linked?.type ?? micro?.type
        metadata.author =
            text(linked?.author) ?? text(micro?.author) ?? text(scalars["author"])
            ?? text(scalars["article:author"]).flatMap {
                URL(string: $0).map(URLResolution.isWebURL) == true ? nil : $0
            }
        metadata.publishedDate =
            (text(scalars["article:published_time"]) ?? text(linked?.published) ?? text(micro?.published))
            .flatMap(Self.date)

        var seen: Set<URL> = []
        for group in images {
            guard let url = Self.preferredURL(group, resolve), seen.insert(url).inserted else { continue }
            metadata.images.append(
                LinkMetadata.Image(
                    url: url,
                    width: Self.dimension(group.width),
                    height: Self.dimension(group.height),
                    alt: text(group.alt),
                    mimeType: text(group.type)
                )
            )
        }
        for key in ["twitter:image", "twitter:image:src"] {
            guard let url = resolve(scalars[key]), seen.insert(url).inserted else { continue }
            metadata.images.append(LinkMetadata.Image(url: url, alt: text(scalars["twitter:image:alt"])))
        }
        for url in ((linked?.images ?? []) + (micro?.images ?? [])).compactMap(resolve)
            + [resolve(scalars["image"])].compactMap({ $0 })
        where seen.insert(url).inserted {
            metadata.images.append(LinkMetadata.Image(url: url))
        }

        var seenVideos: Set<URL> = []
        for group in videos {
            guard let url = Self.preferredURL(group, resolve), seenVideos.insert(url).inserted else { continue }
            metadata.videos.append(
                LinkMetadata.Video(
                    url: url,
                    width: Self.dimension(group.width),
                    height: Self.dimension(group.height),
                    mimeType: text(group.type)
                )
            )
        }
        if let url = resolve(scalars["twitter:player:stream"]), seenVideos.insert(url).inserted {
            metadata.videos.append(
                LinkMetadata.Video(url: url, mimeType: text(scalars["twitter:player:stream:content_type"]))
            )
        }
        for url in ((linked?.videos ?? []) + (micro?.videos ?? [])).compactMap(resolve)
        where seenVideos.insert(url).inserted {
            metadata.videos.append(LinkMetadata.Video(url: url))
        }

        metadata.icons = icons(resolve)
        if let fallback = Self.defaultFavicon(for: documentURL), !metadata.icons.contains(where: { $0.url == fallback })
        {
            metadata.icons.append(LinkMetadata.Icon(url: fallback, kind: .defaultFavicon))
        }
        metadata.oEmbedURL = resolve(oEmbedJSON) ?? resolve(oEmbedXML)
        return metadata
    }

    /// The declared icons in Apple's order: touch icons by size (largest first; 60 when no size is
    /// declared; precomposed before plain at the same size), then icons by size (undeclared last),
    /// document order otherwise.
    private func icons(_ resolve: (String?) -> URL?) -> [LinkMetadata.Icon] {
        // Each icon with the size it ranks by; the icon itself keeps what was declared.
        var touch: [(icon: LinkMetadata.Icon, rank: IconSize, order: Int)] = []
        var plain: [(icon: LinkMetadata.Icon, rank: IconSize, order: Int)] = []
        var seen: Set<URL> = []
        for (order, link) in iconLinks.enumerated() {
            guard let url = resolve(link.href), seen.insert(url).inserted else { continue }
            let declared = IconSize(sizes: link.sizes)
            let type = link.type.flatMap(Self.collapsingWhitespace)
            let icon = LinkMetadata.Icon(
                url: url, kind: link.kind == .icon ? .icon : link.kind, size: declared.pixels, mimeType: type)
            if link.kind == .icon {
                plain.append((icon, declared, order))
            } else {
                // An undeclared touch icon is taken as Apple's 60-pixel one.
                touch.append((icon, declared == .undeclared ? .pixels(60) : declared, order))
            }
        }
        touch.sort { first, second in
            if first.rank != second.rank { return first.rank > second.rank }
            let (aPre, bPre) = (first.icon.kind == .precomposedTouchIcon, second.icon.kind == .precomposedTouchIcon)
            if aPre != bPre { return aPre }
            return first.order < second.order
        }
        plain.sort { first, second in
            if first.rank != second.rank { return first.rank > second.rank }
            return first.order < second.order
        }
        return touch.map(\.icon) + plain.map(\.icon)
    }

    /// An icon's declared size, as it ranks: none declared below every size, `any` (scalable) above.
    enum IconSize: Comparable {
        case undeclared
        case pixels(Int)
        case scalable

        /// The largest side a `sizes` attribute declares (`"16x16 32x32"` → 32, `"any"` → scalable).
        init(sizes: String?) {
            self = .undeclared
            guard let sizes else { return }
            for token in sizes.lowercasedASCII().split(whereSeparator: { $0.isASCIIWhitespaceCharacter }) {
                if token == "any" {
                    self = .scalable
                    return
                }
                let sides = token.split(separator: "x", omittingEmptySubsequences: false)
                guard sides.count == 2, let width = HTMLMetadataExtractor.dimension(String(sides[0])),
                    let height = HTMLMetadataExtractor.dimension(String(sides[1]))
                else { continue }
                self = max(self, .pixels(max(width, height)))
            }
        }

        /// The pixels, when a size in pixels was declared.
        var pixels: Int? {
            if case .pixels(let pixels) = self { pixels } else { nil }
        }
    }

    /// `/favicon.ico` on the document's origin.
    private static func defaultFavicon(for documentURL: URL) -> URL? {
        guard URLResolution.isWebURL(documentURL) else { return nil }
        return URL(string: "/favicon.ico", relativeTo: documentURL)?.absoluteURL
    }

    /// A group's URL: its secure URL when that is https, else its URL, else its secure URL.
    private static func preferredURL(_ group: Group, _ resolve: (String?) -> URL?) -> URL? {
        let secure = resolve(group.secureURL)
        if let secure, secure.scheme?.lowercased() == "https" { return secure }
        return resolve(group.url) ?? secure
    }

    /// A declared width or height: a non-negative integer, surrounded by whitespace at most.
    static func dimension(_ value: String?) -> Int? {
        guard let value else { return nil }
        let digits = value.trimmingASCIIWhitespace()
        guard !digits.isEmpty, digits.utf8.count <= 9, digits.utf8.allSatisfy({ ($0 &- 0x30) < 10 }) else { return nil }
        return Int(digits)
    }

    /// Text with ASCII whitespace stripped at both ends and collapsed to single spaces inside, as
    /// `document.title` is; `nil` when nothing is left.
    static func collapsingWhitespace(_ text: String) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            if byte.isASCIIWhitespace {
                pendingSpace = !output.isEmpty
            } else {
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
        }
        return output.isEmpty ? nil : String(decoding: output, as: UTF8.self)
    }

    /// A date as pages write it (``PageDate``: ISO 8601 with or without an offset, RFC 5322,
    /// `asctime`, a date alone); kept to the second (a publication time needs no more, and a whole
    /// second survives any round trip).
    static func date(_ text: String) -> Date? {
        PageDate.parse(text).map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
    }
}
