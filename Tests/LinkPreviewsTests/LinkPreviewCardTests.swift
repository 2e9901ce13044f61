import ContentTypes
import Foundation
import LinkPreviews
import Testing

private let pageURL = URL(string: "https://www.example.com/articles/1")!

private func metadata(title: String? = "A title", summary: String? = nil, image: String? = nil) -> LinkMetadata {
    var metadata = LinkMetadata(url: pageURL)
    metadata.title = title
    metadata.summary = summary
    metadata.siteName = "Example"
    if let image { metadata.images = [LinkMetadata.Image(url: URL(string: image)!, alt: "An image")] }
    metadata.icons = [LinkMetadata.Icon(url: URL(string: "https://www.example.com/icon.png")!, kind: .icon)]
    return metadata
}

/// The start tags in `html` (lower-cased names), read naively: enough to count elements.
private func tagNames(_ html: String) -> [String] {
    html.split(separator: "<").dropFirst().compactMap { piece in
        let name = piece.prefix { $0.isLetter || $0 == "!" || $0 == "/" }
        return name.isEmpty ? nil : name.lowercased()
    }
}

@Suite("The card: a preview you can see")
struct LinkPreviewCardTests {
    @Test("Large when there is an image (image, title, description, site); compact otherwise (icon, title, site)")
    func layouts() {
        let large = LinkPreviewCard(metadata(summary: "Text", image: "https://cdn.example.com/a.jpg"))
        #expect(large.layout == .large)
        let fragment = large.htmlFragment
        #expect(fragment.contains(#"<img class="tk-image" src="https://cdn.example.com/a.jpg" alt="An image">"#))
        #expect(fragment.contains(#"<div class="tk-title" dir="auto">A title</div>"#))
        #expect(fragment.contains(#"<div class="tk-summary" dir="auto">Text</div>"#))
        #expect(fragment.contains(#"<div class="tk-site" dir="auto">Example</div>"#))
        #expect(fragment.contains(#"href="https://www.example.com/articles/1" rel="noopener noreferrer nofollow""#))

        let compact = LinkPreviewCard(metadata(summary: "Text"))
        #expect(compact.layout == .compact)
        #expect(compact.htmlFragment.contains(#"<img class="tk-icon" src="https://www.example.com/icon.png""#))
        #expect(!compact.htmlFragment.contains(#"class="tk-summary""#))
        #expect(!compact.htmlFragment.contains(#"class="tk-image""#))
        #expect(LinkPreviewCard(metadata(image: "https://cdn.example.com/a.jpg"), layout: .compact).layout == .compact)

        var bare = LinkMetadata(url: URL(string: "https://www.example.org/")!)
        bare.icons = []
        #expect(LinkPreviewCard(bare).htmlFragment.contains(#"<div class="tk-title" dir="auto">example.org</div>"#))
    }

    @Test("Every value is escaped; a hostile page's text reads back as the same text, and the card has no script")
    func escaping() throws {
        let hostile = #"</title><script>alert(1)</script><img src=x onerror="alert(2)"> & 'quotes' "too""#
        var card = LinkPreviewCard(metadata(title: hostile, summary: hostile, image: "https://cdn.example.com/a.jpg"))
        card.metadata.siteName = hostile
        for html in [card.htmlFragment, card.htmlDocument] {
            let tags = tagNames(html)
            #expect(!tags.contains("script") && !tags.contains("iframe") && !tags.contains("form"))
            #expect(tags.filter { $0 == "img" }.count == 1)
            #expect(!html.contains("<img src=x") && !html.contains(#"onerror=""#))
        }
        // Parsed back by the package's own tokenizer, through the public extraction.
        let read = try LinkMetadata(html: Array(card.htmlDocument.utf8), url: pageURL)
        #expect(read.title == hostile)
        #expect(read.summary == hostile)
        #expect(read.siteName == hostile)
        #expect(read.imageURL?.absoluteString == "https://cdn.example.com/a.jpg")
        #expect(card.htmlDocument.contains("Content-Security-Policy"))
        #expect(card.htmlDocument.contains("default-src 'none'"))
    }

    @Test("Only http and https URLs are written: a javascript: link or image is left out")
    func schemes() {
        var unsafe = LinkMetadata(url: URL(string: "javascript:alert(1)")!)
        unsafe.title = "T"
        unsafe.images = [LinkMetadata.Image(url: URL(string: "javascript:alert(2)")!)]
        unsafe.icons = [LinkMetadata.Icon(url: URL(string: "data:text/html,<script>alert(3)</script>")!, kind: .icon)]
        let card = LinkPreviewCard(unsafe)
        #expect(card.layout == .compact)
        for html in [card.htmlFragment, card.htmlDocument] {
            #expect(!html.contains("javascript:"))
            #expect(!html.contains("data:text/html"))
            #expect(!html.contains("href="))
        }
    }

    @Test("Fetched raster images are inlined as data: URLs; SVG is not")
    func inlinedImages() {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x01, 0x02])
        var withImage = metadata(image: "https://cdn.example.com/a.png")
        withImage.setMedia(png, contentType: .png, for: .image)
        #expect(
            LinkPreviewCard(withImage).htmlFragment.contains(
                "src=\"data:image/png;base64,\(png.base64EncodedString())\""))
        var withSVG = metadata(image: "https://cdn.example.com/a.svg")
        withSVG.setMedia(Data("<svg onload=\"alert(1)\"/>".utf8), contentType: .svg, for: .image)
        let fragment = LinkPreviewCard(withSVG).htmlFragment
        #expect(!fragment.contains("data:"))
        #expect(fragment.contains(#"src="https://cdn.example.com/a.svg""#))
        var withIcon = metadata()
        withIcon.setMedia(png, contentType: .png, for: .icon)
        #expect(LinkPreviewCard(withIcon).htmlFragment.contains(#"class="tk-icon" src="data:image/png;base64,"#))
    }

    @Test("Right-to-left and CJK text keep their characters and direction; long texts are cut at a grapheme")
    func text() {
        let arabic = LinkPreviewCard(metadata(title: "مرحبا بالعالم", summary: "שלום עולם"))
        #expect(arabic.htmlFragment.contains(#"<div class="tk-title" dir="auto">مرحبا بالعالم</div>"#))
        let long = String(repeating: "楽天市場👩‍👩‍👧", count: 200)
        let fragment = LinkPreviewCard(metadata(title: long)).htmlFragment
        let title = try? #require(
            fragment.components(separatedBy: #"<div class="tk-title" dir="auto">"#).last?.components(
                separatedBy: "</div>"
            )
            .first)
        #expect(title?.count == 300)
        #expect(title?.hasSuffix("…") == true)
        #expect(title.map { long.hasPrefix($0.dropLast()) } == true)
    }
}
