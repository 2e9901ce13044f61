import Foundation
import LinkPreviews
import Testing

/// A microdata `<time>`'s value (HTML Living Standard §5.2.4): its `datetime` attribute when it has
/// one, even empty, else its text content — bounded, as every text value is, to 4 KiB.
@Suite("Microdata: a <time>'s value, with and without datetime")
struct MicrodataBoundaryTests {
    func published(_ time: String) throws -> Date? {
        let html =
            #"<!doctype html><html><head><title>t</title></head><body>"#
            + #"<article itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">H</h1>"#
            + time + "</article></body></html>"
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/a")!).publishedDate
    }

    /// 2026-11-20 at midnight UTC, and 09:15 that day.
    static let day = Date(timeIntervalSince1970: 1_795_132_800)
    static let instant = Date(timeIntervalSince1970: 1_795_166_100)

    @Test("a <time> without datetime reads its text content")
    func timeWithoutDatetimeReadsItsText() throws {
        #expect(try published(#"<time itemprop="datePublished">2026-11-20</time>"#) == Self.day)
        // Whitespace around it collapsed, markup inside it left out.
        #expect(
            try published("<time itemprop=\"datePublished\">\n  <b>2026-11-20T09:15:00Z</b>\n</time>") == Self.instant)
        // Text that is not a date is no date.
        #expect(try published(#"<time itemprop="datePublished">last Friday</time>"#) == nil)
    }

    @Test("a <time> with datetime reads the attribute, not its text; an empty attribute is an empty value")
    func timeWithDatetimeReadsTheAttribute() throws {
        #expect(
            try published(#"<time itemprop="datePublished" datetime="2026-11-20T09:15:00Z">21 Nov 2026</time>"#)
                == Self.instant)
        #expect(try published(#"<time itemprop="datePublished" DateTime="2026-11-20">Friday</time>"#) == Self.day)
        #expect(try published(#"<time itemprop="datePublished" datetime="">2026-11-20</time>"#) == nil)
    }

    @Test("a <time>'s text is read up to 4,096 bytes: a date ending at the limit is read, one byte past is cut")
    func timeTextUpToTheLimit() throws {
        let date = "2026-11-20"
        let atLimit = String(repeating: " ", count: 4096 - date.utf8.count) + date
        #expect(try published(#"<time itemprop="datePublished">\#(atLimit)</time>"#) == Self.day)
        let pastLimit = " " + atLimit
        #expect(try published(#"<time itemprop="datePublished">\#(pastLimit)</time>"#) == nil)
    }
}

@Suite("Microdata: items that name each other")
struct MicrodataGraphTests {
    /// The `microdata` fuzz target's finding: 1.3 KB of items whose properties name the same items,
    /// written out as a tree, allocated 2.3 GB (8 GB and 52 s through `transfer preview`). The nodes
    /// written are now bounded in all; the page's metadata comes back as for any page.
    @Test func aGraphOfItemsIsNotWrittenOutAsATree() throws {
        let url = try #require(
            Bundle.module.url(
                forResource: "microdata-graph", withExtension: "input", subdirectory: "Resources/Regressions"))
        let page =
            Data(#"<html><body><div itemscope itemtype="https://schema.org/Article">"#.utf8)
            + (try Data(contentsOf: url)) + Data("</div></body></html>".utf8)
        let metadata = try LinkMetadata(html: page, url: URL(string: "https://example.com/dir/page.html")!)
        #expect(metadata.originalURL == URL(string: "https://example.com/dir/page.html"))
    }
}

/// Which microdata items describe the page (HTML Living Standard §5.2.3, "top-level microdata
/// items"): an item that is no other item's property, with a type. A typed item nested as a
/// property stays inside its parent, as a JSON-LD node's nested objects do.
@Suite("Microdata: only top-level typed items describe the page")
struct MicrodataTopLevelTests {
    func metadata(_ body: String) throws -> LinkMetadata {
        let html = "<!doctype html><html><head><title>Fallback</title></head><body>\(body)</body></html>"
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/a")!)
    }

    @Test("an article nested in a web page as its main entity does not outrank the page")
    func nestedArticleStaysInside() throws {
        let page = try metadata(
            #"<div itemscope itemtype="https://schema.org/WebPage"><h1 itemprop="name">The page</h1>"#
                + #"<div itemprop="mainEntity" itemscope itemtype="https://schema.org/Article">"#
                + #"<h2 itemprop="headline">The nested article</h2></div></div>"#)
        #expect(page.title == "The page")
    }

    @Test("a web site nested as an article's property does not name the page's site")
    func nestedSiteIsNotTheSite() throws {
        let page = try metadata(
            #"<article itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">H</h1>"#
                + #"<div itemprop="about" itemscope itemtype="https://schema.org/WebSite">"#
                + #"<span itemprop="name">Another site</span></div></article>"#)
        #expect(page.title == "H")
        #expect(page.siteName == nil)
    }

    @Test("the same web site as a top-level item names the page's site")
    func topLevelSiteNamesTheSite() throws {
        let page = try metadata(
            #"<article itemscope itemtype="https://schema.org/Article"><h1 itemprop="headline">H</h1></article>"#
                + #"<div itemscope itemtype="https://schema.org/WebSite"><span itemprop="name">This site</span></div>"#)
        #expect(page.siteName == "This site")
    }
}
