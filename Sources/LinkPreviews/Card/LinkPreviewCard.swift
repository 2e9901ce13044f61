internal import ContentTypes
internal import Foundation

/// A link preview you can see: ``LinkMetadata`` rendered as an HTML card, the part `LPLinkView`
/// plays on Apple platforms — for a server that shows previews on its pages, or a command-line user
/// who wants the card (`transfer preview URL --format html`).
///
/// ```swift
/// let card = LinkPreviewCard(metadata)
/// page += card.htmlFragment          // a self-contained <div>, styles scoped to it
/// try card.htmlDocument.write(…)     // a whole page holding the card
/// ```
///
/// **Layouts**, chosen as `LPLinkView` chooses unless asked: ``Layout/large`` — the image across the
/// top, then the title, the description and the site — when the metadata has an image (or a video's
/// poster); ``Layout/compact`` — the icon beside the title and the site — otherwise.
///
/// **Safety.** Every value is escaped for where it goes; the card has no script, no event handler,
/// no form, no frame; URLs are written only when they are http or https, and images fetched with the
/// metadata (``LinkMetadata/setMedia(_:contentType:for:)``) are inlined as `data:` URLs when they
/// are raster images (PNG, JPEG, GIF, WebP, AVIF, BMP, ICO — never SVG). The whole document also
/// carries a Content Security Policy that allows no script and no connection but images.
///
/// **Text.** Each text runs in its own direction (`dir="auto"`: right-to-left titles lay out from
/// the right), lines break inside long CJK or URL-like words, the title is clamped to two lines and
/// the description to three, and texts are cut at a grapheme boundary past 300 characters.
///
/// `Sendable`: a value.
public struct LinkPreviewCard: Sendable, Hashable {
    /// How the card is laid out.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// The icon beside the title and the site, as `LPLinkView` shows a link without an image.
        case compact
        /// The image across the top, then the title, the description and the site.
        case large
    }

    /// The metadata shown.
    public var metadata: LinkMetadata
    /// The layout.
    public var layout: Layout
    /// Whether images the card has not got (``LinkMetadata/setMedia(_:contentType:for:)``) are
    /// linked by their URLs, for the browser to fetch. When `false`, the card shows only the images
    /// it holds, as `data:` URLs, and a placeholder — the site's initial on a tinted block — where
    /// it would link one: a card made offline never shows a broken image.
    public var linksRemoteImages: Bool

    /// A card for `metadata`, laid out as given, or as `LPLinkView` would lay it out: large when there
    /// is an image to show, compact otherwise.
    ///
    /// - Parameters:
    ///   - metadata: The metadata shown.
    ///   - layout: The layout; by default, large when there is an image to show.
    ///   - linksRemoteImages: Whether images the card has not got are linked by URL (the default), or
    ///     replaced by a placeholder.
    public init(_ metadata: LinkMetadata, layout: Layout? = nil, linksRemoteImages: Bool = true) {
        self.metadata = metadata
        self.linksRemoteImages = linksRemoteImages
        self.layout = layout ?? (Self.imageSource(of: metadata, remote: linksRemoteImages) == nil ? .compact : .large)
    }

    /// The most characters of a text shown; longer ones are cut with an ellipsis.
    static let maximumTextLength = 300

    /// The card as a self-contained fragment: one `<div class="tk-link-card">` with its `<style>`
    /// inside, every rule scoped to the card, so that it can be put into any page.
    public var htmlFragment: String {
        let site = metadata.siteName ?? Self.host(of: metadata.url)
        let title = metadata.title ?? site
        var html = "<div class=\"tk-link-card tk-\(layout.rawValue)\">"
        html += "<style>\(Self.style)</style>"
        if let href = Self.webURL(metadata.url) {
            html += "<a class=\"tk-link\" href=\"\(Self.escaped(href))\" rel=\"noopener noreferrer nofollow\">"
        } else {
            html += "<div class=\"tk-link\">"
        }
        switch layout {
        case .large:
            if let image = Self.imageSource(of: metadata, remote: linksRemoteImages) {
                html +=
                    "<img class=\"tk-image\" src=\"\(Self.escaped(image))\" alt=\"\(Self.escaped(Self.imageAlt(metadata)))\">"
            } else if !metadata.images.isEmpty {
                html += "<div class=\"tk-image tk-placeholder\" aria-hidden=\"true\">\(Self.initial(site))</div>"
            }
            html += "<div class=\"tk-text\">"
            if let title { html += Self.element("div", "tk-title", title) }
            if let summary = metadata.summary { html += Self.element("div", "tk-summary", summary) }
            if let site { html += Self.element("div", "tk-site", site) }
            html += "</div>"
        case .compact:
            if let icon = Self.iconSource(of: metadata, remote: linksRemoteImages) {
                html += "<img class=\"tk-icon\" src=\"\(Self.escaped(icon))\" alt=\"\">"
            } else if !linksRemoteImages {
                html += "<div class=\"tk-icon tk-placeholder\" aria-hidden=\"true\">\(Self.initial(site))</div>"
            }
            html += "<div class=\"tk-text\">"
            if let title { html += Self.element("div", "tk-title", title) }
            if let site { html += Self.element("div", "tk-site", site) }
            html += "</div>"
        }
        html += Self.webURL(metadata.url) == nil ? "</div>" : "</a>"
        return html + "</div>"
    }

    /// The card in a whole HTML document: UTF-8, a Content Security Policy that allows no script, the
    /// page's title and Open Graph tags restating the metadata (so that a preview of the card is the
    /// card's preview), and the card centred.
    public var htmlDocument: String {
        var head = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        head +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src http: https: data:; "
            + "style-src 'unsafe-inline'\">"
        head += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        head += "<title>\(Self.escaped(Self.clamped(metadata.title ?? Self.host(of: metadata.url) ?? "")))</title>"
        func meta(_ property: String, _ value: String?) {
            guard let value else { return }
            head += "<meta property=\"\(property)\" content=\"\(Self.escaped(value))\">"
        }
        meta("og:title", metadata.title.map(Self.clamped))
        meta("og:description", metadata.summary.map(Self.clamped))
        meta("og:site_name", metadata.siteName.map(Self.clamped))
        meta("og:url", Self.webURL(metadata.url))
        meta("og:image", metadata.imageURL.flatMap(Self.webURL))
        head += "<style>body{margin:0;padding:24px;background:#f2f2f7;display:flex;justify-content:center}</style>"
        return head + "</head><body>" + htmlFragment + "</body></html>\n"
    }

    // MARK: - Pieces

    /// The card's styles, every selector under `.tk-link-card`.
    private static let style = """
        .tk-link-card{all:initial;display:block;box-sizing:border-box;width:100%;max-width:420px;\
        font:15px/1.35 -apple-system,system-ui,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK JP","Noto Sans Arabic",\
        "Noto Sans Hebrew",sans-serif;color:#1c1c1e}\
        .tk-link-card *{box-sizing:border-box}\
        .tk-link-card .tk-link{display:flex;text-decoration:none;color:inherit;background:#fff;\
        border:1px solid #d1d1d6;border-radius:12px;overflow:hidden}\
        .tk-link-card.tk-large .tk-link{flex-direction:column}\
        .tk-link-card.tk-compact .tk-link{flex-direction:row;align-items:center;gap:12px;padding:12px}\
        .tk-link-card .tk-image{display:block;width:100%;aspect-ratio:1.91/1;object-fit:cover;background:#e5e5ea}\
        .tk-link-card .tk-icon{flex:none;width:40px;height:40px;border-radius:8px;object-fit:contain}\
        .tk-link-card .tk-placeholder{display:flex;align-items:center;justify-content:center;\
        background:linear-gradient(135deg,#d1d1d6,#e5e5ea);color:#8e8e93;font-weight:600;font-size:28px}\
        .tk-link-card .tk-icon.tk-placeholder{font-size:18px}\
        .tk-link-card .tk-text{min-width:0;flex:1;padding:0}\
        .tk-link-card.tk-large .tk-text{padding:10px 14px 12px}\
        .tk-link-card .tk-title,.tk-link-card .tk-summary{display:-webkit-box;-webkit-box-orient:vertical;\
        overflow:hidden;overflow-wrap:anywhere;line-break:auto;unicode-bidi:plaintext;text-align:start}\
        .tk-link-card .tk-title{font-weight:600;-webkit-line-clamp:2;line-clamp:2}\
        .tk-link-card .tk-summary{margin-top:2px;color:#3c3c43;-webkit-line-clamp:3;line-clamp:3}\
        .tk-link-card .tk-site{margin-top:2px;color:#8e8e93;font-size:13px;white-space:nowrap;overflow:hidden;\
        text-overflow:ellipsis;unicode-bidi:plaintext;text-align:start}
        """

    /// An element of text, escaped, in its own direction.
    private static func element(_ name: String, _ className: String, _ text: String) -> String {
        "<\(name) class=\"\(className)\" dir=\"auto\">\(escaped(clamped(text)))</\(name)>"
    }

    /// `text` cut at a grapheme boundary past ``maximumTextLength`` characters.
    static func clamped(_ text: String) -> String {
        guard text.count > maximumTextLength else { return text }
        return String(text.prefix(maximumTextLength - 1)) + "…"
    }

    /// `text` escaped for HTML text and double-quoted attribute values.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{0}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The URL's text when it is http or https, `nil` otherwise.
    private static func webURL(_ url: URL) -> String? {
        URLResolution.isWebURL(url) ? url.absoluteString : nil
    }

    /// The host of a web URL without its `www.`, as `LPLinkView` shows the site; `nil` otherwise.
    private static func host(of url: URL) -> String? {
        guard URLResolution.isWebURL(url), let host = url.host, !host.isEmpty else { return nil }
        return host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
    }

    /// The raster image types inlined as `data:` URLs.
    private static let inlinedImageTypes: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/x-icon",
        "image/vnd.microsoft.icon",
    ]

    /// The media of `attachment` as a `data:` URL, when it is a raster image.
    private static func inlined(_ metadata: LinkMetadata, _ attachment: LinkMetadata.Attachment) -> String? {
        guard let media = metadata.attachments[attachment],
            let mime = media.contentType.preferredMIMEType?.lowercased(), inlinedImageTypes.contains(mime)
        else { return nil }
        return "data:\(mime);base64,\(media.data.base64EncodedString())"
    }

    /// What the large layout shows: the fetched image, else (when `remote`) the first image's URL.
    static func imageSource(of metadata: LinkMetadata, remote: Bool = true) -> String? {
        inlined(metadata, .image) ?? (remote ? metadata.images.lazy.compactMap { webURL($0.url) }.first : nil)
    }

    /// What the compact layout shows: the fetched icon, else (when `remote`) the first icon's URL.
    static func iconSource(of metadata: LinkMetadata, remote: Bool = true) -> String? {
        inlined(metadata, .icon) ?? (remote ? metadata.icons.lazy.compactMap { webURL($0.url) }.first : nil)
    }

    /// The first letter of `site`, escaped, for a placeholder; a middle dot when there is none.
    private static func initial(_ site: String?) -> String {
        escaped(site?.first.map { String($0).uppercased() } ?? "·")
    }

    private static func imageAlt(_ metadata: LinkMetadata) -> String {
        metadata.images.first?.alt ?? ""
    }
}
