import Foundation
import LinkPreviews
import Testing

/// Metadata of a page whose head holds `head`.
private func page(_ head: String, url: String = "https://news.example.com/2024/story") throws -> LinkMetadata {
    try LinkMetadata(html: Array("<html><head>\(head)</head><body></body></html>".utf8), url: URL(string: url)!)
}

private func ldJSON(_ json: String, type: String = "application/ld+json") -> String {
    "<script type=\"\(type)\">\(json)</script>"
}

@Suite("JSON-LD (schema.org) in link previews")
struct LinkedDataTests {
    @Test("A page that carries only JSON-LD gives a full preview")
    func onlyJSONLD() throws {
        let metadata = try page(
            ldJSON(
                """
                {"@context": "https://schema.org", "@type": "NewsArticle",
                 "headline": "Rates held steady", "description": "The bank kept rates.",
                 "image": {"@type": "ImageObject", "url": "/img/rates.jpg", "width": 1200},
                 "author": [{"@type": "Person", "name": "Ada Lovelace"}, {"@type": "Person", "name": "Grace Hopper"}],
                 "publisher": {"@type": "Organization", "name": "Daily Example", "logo": {"url": "/logo.png"}},
                 "datePublished": "2024-05-01T09:00:00Z"}
                """))
        #expect(metadata.title == "Rates held steady")
        #expect(metadata.summary == "The bank kept rates.")
        #expect(metadata.imageURL?.absoluteString == "https://news.example.com/img/rates.jpg")
        #expect(metadata.siteName == "Daily Example")
        #expect(metadata.author == "Ada Lovelace, Grace Hopper")
        #expect(metadata.publishedDate == Date(timeIntervalSince1970: 1_714_554_000))
        #expect(metadata.type == "article")
    }

    @Test(
        "A @graph, @type as an array or with a schema.org prefix; the article is the node, the WebSite names the site")
    func graph() throws {
        let metadata = try page(
            ldJSON(
                """
                {"@context": "https://schema.org", "@graph": [
                  {"@type": "WebSite", "@id": "#site", "name": "Example Blog"},
                  {"@type": ["WebPage", "ItemPage"], "name": "Page name", "description": "Page text"},
                  {"@type": ["schema:BlogPosting"], "headline": "Post headline", "image": ["/a.jpg", "/b.jpg"],
                   "author": "Someone"}
                ]}
                """))
        #expect(metadata.title == "Post headline")
        #expect(metadata.summary == nil)  // The article has none; the web page's is not the article's.
        #expect(metadata.siteName == "Example Blog")
        #expect(metadata.images.map(\.url.lastPathComponent) == ["a.jpg", "b.jpg"])
        #expect(metadata.author == "Someone")
        #expect(metadata.type == "article")
    }

    @Test("A VideoObject: its contentUrl and embedUrl are videos, its thumbnail the image, its uploadDate the date")
    func video() throws {
        let metadata = try page(
            ldJSON(
                """
                [{"@type": "VideoObject", "name": "A talk", "thumbnailUrl": ["https://cdn.example.com/t.jpg"],
                  "contentUrl": "https://cdn.example.com/talk.mp4", "embedUrl": "https://video.example.com/embed/1",
                  "uploadDate": "2023-11-02"}]
                """))
        #expect(metadata.title == "A talk")
        #expect(metadata.imageURL?.absoluteString == "https://cdn.example.com/t.jpg")
        #expect(
            metadata.videos.map(\.url.absoluteString) == [
                "https://cdn.example.com/talk.mp4", "https://video.example.com/embed/1",
            ])
        #expect(metadata.publishedDate == Date(timeIntervalSince1970: 1_698_883_200))
        #expect(metadata.type == "video.other")
    }

    @Test("A Product outranks the WebPage around it")
    func product() throws {
        let metadata = try page(
            ldJSON(#"{"@type": "WebPage", "name": "Shop page"}"#)
                + ldJSON(#"{"@type": "Product", "name": "Keyboard", "image": "https://shop.example.com/k.png"}"#))
        #expect(metadata.title == "Keyboard")
        #expect(metadata.type == "product")
    }

    @Test("Open Graph and Twitter come before JSON-LD; JSON-LD before the HTML; images in that order")
    func precedence() throws {
        let json = ldJSON(
            #"{"@type": "Article", "headline": "LD", "description": "LD text", "image": "/ld.jpg", "publisher": {"name": "LD site"}}"#
        )
        let withOG = try page(
            #"<meta property="og:title" content="OG"><meta property="og:image" content="/og.jpg">"#
                + #"<meta name="twitter:description" content="TW text"><title>HTML</title>"# + json)
        #expect(withOG.title == "OG")
        #expect(withOG.summary == "TW text")
        #expect(withOG.siteName == "LD site")
        #expect(withOG.images.map(\.url.lastPathComponent) == ["og.jpg", "ld.jpg"])
        let withHTML = try page(#"<title>HTML</title><meta name="description" content="HTML text">"# + json)
        #expect(withHTML.title == "LD")
        #expect(withHTML.summary == "LD text")
    }

    @Test(
        "Blocks as real pages write them are repaired: comments, CDATA, raw line breaks, trailing commas, a charset",
        arguments: [
            "<!-- {\"@type\": \"Article\", \"headline\": \"Fixed\"} -->",
            "//<![CDATA[\n{\"@type\": \"Article\", \"headline\": \"Fixed\"}\n//]]>",
            "{\"@type\": \"Article\", \"headline\": \"Fixed\", \"description\": \"line one\nline two\"}",
            "{\"@type\": \"Article\", \"headline\": \"Fixed\", \"keywords\": [\"a\", \"b\",],}",
        ]
    )
    func repairs(block: String) throws {
        let metadata = try page(ldJSON(block, type: "application/ld+json; charset=utf-8"))
        #expect(metadata.title == "Fixed")
    }

    @Test("A bad block never fails the preview: garbage, a megabyte deep, wrong shapes; the next block is read")
    func badBlocks() throws {
        let deep = String(repeating: "[", count: 1_000_000) + String(repeating: "]", count: 1_000_000)
        let metadata = try page(
            "<title>Fallback</title>" + ldJSON("{not json at all") + ldJSON(deep)
                + ldJSON(#"{"@type": 42, "headline": ["a"], "image": {"url": 7}}"#) + ldJSON(#""just a string""#)
                + ldJSON(#"{"@type": "Article", "description": "Second block"}"#))
        #expect(metadata.title == "Fallback")
        #expect(metadata.summary == "Second block")
        let onlyDeep = try page("<title>Only</title>" + ldJSON(deep))
        #expect(onlyDeep.title == "Only")
        #expect(onlyDeep.images.isEmpty)
    }

    @Test("A block inside <template>, or of another type, is not read")
    func ignoredBlocks() throws {
        let block = #"{"@type": "Article", "headline": "Hidden"}"#
        #expect(try page("<template>\(ldJSON(block))</template>").title == nil)
        #expect(try page(ldJSON(block, type: "application/json")).title == nil)
        #expect(try page(ldJSON(block, type: " Application/LD+JSON ")).title == "Hidden")
    }

    @Test("author and publishedDate round-trip through Codable; a date that is not ISO 8601 is a typed error")
    func codable() throws {
        var metadata = LinkMetadata(url: URL(string: "https://example.com/")!)
        metadata.author = "Ada"
        metadata.publishedDate = Date(timeIntervalSince1970: 1_714_554_000)
        let data = try JSONEncoder().encode(metadata)
        #expect(String(decoding: data, as: UTF8.self).contains(#""publishedDate":"2024-05-01T09:00:00Z""#))
        #expect(try JSONDecoder().decode(LinkMetadata.self, from: data) == metadata)
        var fraction = metadata
        fraction.publishedDate = Date(timeIntervalSince1970: 1_714_554_000.5)
        let fractionData = try JSONEncoder().encode(fraction)
        #expect(String(decoding: fractionData, as: UTF8.self).contains(#""publishedDate":"2024-05-01T09:00:00.500Z""#))
        #expect(try JSONDecoder().decode(LinkMetadata.self, from: fractionData) == fraction)
        let bad = Data(
            #"{"originalURL": "https://a.example/", "url": "https://a.example/", "publishedDate": "May 1st"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(LinkMetadata.self, from: bad) }
    }

    @Test("article:published_time before JSON-LD; <meta name=author> after it; an article:author URL is not a name")
    func openGraphArticle() throws {
        let metadata = try page(
            #"<meta property="article:published_time" content="2024-01-02T03:04:05.678Z">"#
                + #"<meta property="article:author" content="https://facebook.com/someone">"#
                + ldJSON(#"{"@type": "Article", "datePublished": "1999-01-01"}"#))
        #expect(metadata.publishedDate == Date(timeIntervalSince1970: 1_704_164_645))  // Kept to the second.
        #expect(metadata.author == nil)
        #expect(try page(#"<meta name="author" content="Meta Author">"#).author == "Meta Author")
    }
}

@Suite("JSON-LD: every creative work describes its page")
struct LinkedDataCreativeWorkTests {
    func metadata(_ json: String) throws -> LinkMetadata {
        let html =
            #"<html><head><title>Fallback</title><script type="application/ld+json">\#(json)</script></head></html>"#
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/p")!)
    }

    @Test("a Review page: its name, its publisher as the site, its date")
    func review() throws {
        let page = try metadata(
            #"{"@context":"https://schema.org","@type":"Review","name":"Review: the Phone 12","#
                + #""datePublished":"2017-06-21 09:51:00 -0400","author":{"@type":"Person","name":"A. Critic"},"#
                + #""publisher":{"@type":"Organization","name":"Gadget Weekly"},"#
                + #""itemReviewed":{"@type":"Product","name":"Phone 12"},"reviewBody":"Good."}"#)
        #expect(page.title == "Review: the Phone 12")  // the structured name before <title>, as Mastodon ranks them
        #expect(page.siteName == "Gadget Weekly")
        #expect(page.author == "A. Critic")
        #expect(page.publishedDate == Date(timeIntervalSince1970: 1_498_053_060))
    }

    @Test("a @graph: the Recipe describes the page, the WebSite names the site; the WebPage ranks below")
    func graph() throws {
        let page = try metadata(
            #"{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Page","datePublished":"2020-01-01"},"#
                + #"{"@type":["Recipe","HowTo"],"name":"Bread","description":"A loaf.","image":"/bread.jpg","#
                + #""dateCreated":"2021-02-03"},{"@type":"WebSite","name":"Baking"}]}"#)
        #expect(page.summary == "A loaf.")
        #expect(page.siteName == "Baking")
        #expect(page.images.first?.url.absoluteString == "https://example.com/bread.jpg")
        #expect(page.publishedDate == Date(timeIntervalSince1970: 1_612_310_400))
    }

    @Test(
        "types below CreativeWork, with schema.org prefixes and in arrays",
        arguments: ["Dataset", "schema:Book", "https://schema.org/PodcastEpisode", "TVEpisode", "MusicAlbum", "Event"]
    )
    func creativeWorks(type: String) throws {
        let page = try metadata(#"{"@type":"\#(type)","description":"About it.","datePublished":"2019-05-05"}"#)
        #expect(page.summary == "About it.", "\(type)")
        #expect(page.publishedDate != nil, "\(type)")
    }

    @Test("the parts of a page do not describe it: an ImageObject or a WPHeader alone gives nothing")
    func parts() throws {
        let page = try metadata(
            #"[{"@type":"ImageObject","description":"A logo"},{"@type":"WPHeader","description":"Menu"}]"#)
        #expect(page.summary == nil)
    }
}

@Suite("JSON-LD: headline before name")
struct LinkedDataHeadlineTests {
    @Test("an Article with both gives its headline, as schema.org means it for articles")
    func headlineFirst() throws {
        let html =
            #"<script type="application/ld+json">{"@type":"Article","name":"article-1234","headline":"The real headline"}</script>"#
        let page = try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/a")!)
        #expect(page.title == "The real headline")
        let nameOnly = #"<script type="application/ld+json">{"@type":"Article","name":"Only a name"}</script>"#
        #expect(
            try LinkMetadata(html: Data(nameOnly.utf8), url: URL(string: "https://example.com/a")!).title
                == "Only a name")
    }
}
