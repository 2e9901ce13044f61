import Foundation
import LinkPreviews
import Testing

/// Microdata as pages write it, each page of a real page's shape (a news article in Spanish with
/// a nested author and publisher, a product, a recipe), written here.
@Suite("Microdata: itemscope, itemtype, itemprop and nested items")
struct MicrodataTests {
    func metadata(_ body: String, head: String = "<title>Fallback title</title>") throws -> LinkMetadata {
        let html = "<!doctype html><html><head>\(head)</head><body>\(body)</body></html>"
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://diario.example/noticias/1")!)
    }

    @Test("a news article: headline, nested author and publisher, time, image, description")
    func article() throws {
        let page = try metadata(
            """
            <div class="wrap"><article itemscope itemtype="http://schema.org/NewsArticle">
              <h1 itemprop="headline">El tren llega <em>por fin</em></h1>
              <span itemprop="author" itemscope itemtype="http://schema.org/Person">
                Por <a itemprop="url" href="/autores/ana"><span itemprop="name">Ana Ruiz</span></a>
              </span>
              <time itemprop="datePublished" datetime="2016-04-30T10:00:00+02:00">30 de abril</time>
              <img itemprop="image" src="/fotos/tren.jpg" alt="">
              <div itemprop="publisher" itemscope itemtype="https://schema.org/Organization">
                <meta itemprop="name" content="El Diario">
              </div>
              <p itemprop="description">Una   noticia &amp; <b>más</b>.</p>
            </article></div>
            """)
        #expect(page.title == "El tren llega por fin")
        #expect(page.author == "Ana Ruiz")
        #expect(page.siteName == "El Diario")
        #expect(page.summary == "Una noticia & más .")
        #expect(page.publishedDate == Date(timeIntervalSince1970: 1_462_003_200))
        #expect(page.images.first?.url.absoluteString == "https://diario.example/fotos/tren.jpg")
        #expect(page.type == "article")
    }

    @Test("Open Graph and JSON-LD come first; microdata fills what they leave")
    func ranking() throws {
        let page = try metadata(
            """
            <div itemscope itemtype="http://schema.org/BlogPosting"><span itemprop="headline">Micro</span>
            <span itemprop="author">Micro Author</span><span itemprop="description">Micro summary</span></div>
            """,
            head: #"<meta property="og:title" content="OG"><script type="application/ld+json">"#
                + #"{"@type":"Article","description":"LD summary"}</script>"#)
        #expect(page.title == "OG")
        #expect(page.summary == "LD summary")
        #expect(page.author == "Micro Author")
    }

    @Test("a product and a recipe: the page's item by rank, properties of nested items kept inside them")
    func productAndRecipe() throws {
        let product = try metadata(
            """
            <div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Kettle</h1>
            <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><span itemprop="name">Offer</span>
            <data itemprop="price" value="20">€20</data></div><link itemprop="image" href="/kettle.png"></div>
            """, head: "")
        #expect(product.title == "Kettle")
        #expect(product.type == "product")
        #expect(product.images.first?.url.absoluteString == "https://diario.example/kettle.png")
        let recipe = try metadata(
            """
            <section itemscope itemtype="http://schema.org/Recipe"><h2 itemprop="name">Pan</h2>
            <meta itemprop="datePublished" content="2017-06-21 09:51:00 -0400">
            <div itemprop="author" itemscope itemtype="http://schema.org/Person"><span itemprop="name">Luca</span></div>
            </section>
            """, head: "")
        #expect(recipe.title == "Pan")
        #expect(recipe.author == "Luca")
        #expect(recipe.publishedDate == Date(timeIntervalSince1970: 1_498_053_060))
    }

    @Test("attribute names in any case, as HTML reads them")
    func anyCase() throws {
        let page = try metadata(
            #"<DIV ItemScope ITEMTYPE="http://schema.org/Article"><h1 ItemProp="headline">Shouted</h1></DIV>"#)
        #expect(page.title == "Shouted")
    }

    @Test("an item scope on <html> itself, and one that is the page's first tag to carry attributes")
    func scopeOnTheRoot() throws {
        let html =
            #"<!doctype html><html itemscope itemtype="https://schema.org/WebPage" lang="en"><head>"#
            + #"<title>Fallback</title></head><body><h1 itemprop="name">The page's own name</h1>"#
            + #"<p itemprop="description">What it is about.</p></body></html>"#
        let page = try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/")!)
        #expect(page.title == "The page's own name")
        #expect(page.summary == "What it is about.")
    }

    @Test("properties outside any item, and items without a type, describe nothing")
    func strays() throws {
        let page = try metadata(
            #"<span itemprop="headline">Stray</span><div itemscope><span itemprop="name">Untyped</span></div>"#)
        #expect(page.title == "Fallback title")
    }

    @Test("hostile nesting stays bounded and fast: 100,000 nested items and unclosed elements")
    func hostile() throws {
        let nested =
            String(repeating: #"<div itemscope itemtype="http://schema.org/Thing" itemprop="x">"#, count: 100_000)
            + String(repeating: "<span itemprop=\"name\">", count: 10_000)
        let start = ContinuousClock.now
        let page = try metadata(nested)
        #expect(page.title == "Fallback title")
        #expect(ContinuousClock.now - start < .seconds(20))
    }
}
