import Foundation
import LinkPreviews
import Testing

@Suite("Link metadata from saved pages")
struct LinkMetadataExtractionTests {
    @Test("A Shift_JIS page: base URL, relative images, duplicates, an SVG title")
    func shiftJISPage() throws {
        let page = try savedPage("shift_jis")
        let metadata = try LinkMetadata(html: page, url: URL(string: "https://www.example.jp/news/today.html")!)
        #expect(metadata.title == "東京の天気")  // The first og:title; not the SVG's, not the second.
        #expect(metadata.summary == "今日は晴れ、ときどき曇り。")
        #expect(metadata.images.count == 2)
        #expect(metadata.images.first?.url.absoluteString == "https://cdn.example.jp/assets/images/sunny.png")
        #expect(metadata.images.first?.width == 1200)
        #expect(metadata.images.first?.height == 630)
        #expect(metadata.images.first?.alt == "晴れのアイコン")
        // The second group's secure URL is preferred to its relative one.
        #expect(metadata.images.last?.url.absoluteString == "https://secure.example.jp/photos/tokyo.jpg")
        #expect(metadata.iconURL?.absoluteString == "https://cdn.example.jp/assets/favicon-32.png")
        #expect(metadata.icons.last?.url.absoluteString == "https://www.example.jp/favicon.ico")
        #expect(metadata.url.absoluteString == "https://www.example.jp/news/today.html")
    }

    @Test("The same page in EUC-JP and ISO-2022-JP, which Foundation on Linux cannot all decode")
    func otherJapaneseEncodings() throws {
        let url = URL(string: "https://www.example.jp/")!
        for name in ["euc-jp", "iso-2022-jp"] {
            let metadata = try LinkMetadata(html: try savedPage(name), url: url)
            #expect(metadata.title == "東京の天気", "\(name)")
            #expect(metadata.images.first?.alt == "晴れのアイコン", "\(name)")
        }
    }

    @Test(
        "Chinese, Korean, Cyrillic, Latin and UTF-16 pages",
        arguments: [
            ("gbk", "中文标题"), ("big5", "繁體中文標題"), ("euc-kr", "한국어 제목"), ("koi8-r", "Заголовок страницы"),
            ("windows-1252", "Café — naïve €5"), ("utf-16le", "UTF-16 été 😀"),
        ]
    )
    func encodings(name: String, title: String) throws {
        let metadata = try LinkMetadata(html: try savedPage(name), url: URL(string: "https://example.com/")!)
        #expect(metadata.title == title)
    }

    @Test("The transport's charset wins over the page's declaration; a byte order mark wins over both")
    func encodingPrecedence() throws {
        let latin1 = Array("<meta charset=utf-8><title>Caf\u{E9}</title>".utf8)
        let bytes = latin1.flatMap { $0 == 0xC3 ? [] as [UInt8] : $0 == 0xA9 ? [0xE9] : [$0] }
        let url = URL(string: "https://example.com/")!
        #expect(try LinkMetadata(html: bytes, url: url, contentType: "text/html; charset=ISO-8859-1").title == "Café")
        // Without the header, the prescan's UTF-8 applies and the stray byte becomes U+FFFD.
        #expect(try LinkMetadata(html: bytes, url: url).title == "Caf\u{FFFD}")
        let withBOM: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<title>Café</title>".utf8)
        #expect(try LinkMetadata(html: withBOM, url: url, contentType: "text/html; charset=koi8-r").title == "Café")
    }

    @Test("An encoding browsers refuse is a typed error")
    func replacementEncoding() throws {
        let error = #expect(throws: LinkPreviewError.self) {
            try metadata("<meta charset=iso-2022-kr><title>x</title>")
        }
        #expect(error?.code == .unsupportedEncoding)
        #expect(error?.lpErrorCode == .metadataFetchFailed)
        #expect(error?.reason.contains("ISO-2022-KR") == true || error?.reason.contains("replacement") == true)
    }

    @Test("Title: og, then twitter, then <title>, whitespace collapsed, references decoded once")
    func titleOrder() throws {
        #expect(try metadata("<title>  Doc\n title </title>").title == "Doc title")
        #expect(try metadata("<title>Doc</title><meta name=twitter:title content=Tw>").title == "Tw")
        #expect(try metadata("<meta name='twitter:title' content=Tw><meta property=og:title content=OG>").title == "OG")
        #expect(try metadata("<title>A &amp;amp; B &lt;3 &notit; &#x1F600;</title>").title == "A &amp; B <3 ¬it; 😀")
        #expect(try metadata("<title></title><title>Second</title>").title == nil)
    }

    @Test("Raw text, comments and SVG never give the title")
    func markupThatIsNotTheTitle() throws {
        let html = """
            <script>var s = "<title>script</title>";</script>
            <style>/* <title>style</title> */</style>
            <!-- <title>comment</title> -->
            <textarea><title>textarea</title></textarea>
            <svg><title>svg</title></svg><math><title>math</title></math>
            <template><title>template</title></template>
            <title>Real</title>
            """
        #expect(try metadata(html).title == "Real")
    }

    @Test("A meta after the end of foreign content is read; one inside <template> is not")
    func foreignContentAndTemplates() throws {
        let html = """
            <svg><g><meta property="og:title" content="broke out"></g></svg>
            <template><meta property="og:description" content="inert"></template>
            <meta name="description" content="real">
            """
        let result = try metadata(html)
        #expect(result.title == "broke out")
        #expect(result.summary == "real")
    }

    @Test("Attributes in every quoting style and case; duplicates keep the first")
    func attributes() throws {
        let html = """
            <META PROPERTY=og:title CONTENT=Unquoted>
            <meta property='og:description' content='Single' content="Second">
            <meta name="OG:SITE_NAME" content="  Site  Name ">
            <meta property="og:type" content="">
            <meta property="og:type" content="article">
            """
        let result = try metadata(html)
        #expect(result.title == "Unquoted")
        #expect(result.summary == "Single")
        #expect(result.siteName == "Site Name")
        #expect(result.type == "article")  // An empty value is skipped, not kept.
    }

    @Test("References in attributes: a bare name before '=' or a letter stays as it is")
    func attributeReferences() throws {
        let html = """
            <meta property="og:image" content="/a?x=1&copy=2&amp;y=3&lt">
            <meta property="og:title" content="&copy; 2026 &#128512; &#x80;">
            """
        let result = try metadata(html)
        #expect(result.images.first?.url.absoluteString == "https://example.com/a?x=1&copy=2&y=3%3C")
        #expect(result.title == "© 2026 😀 €")
    }

    @Test("Images: og groups in order, secure_url preferred, then twitter:image; only http(s) kept")
    func images() throws {
        let html = """
            <meta property="og:image" content="http://example.com/a.png">
            <meta property="og:image:secure_url" content="https://example.com/a.png">
            <meta property="og:image:type" content="image/png">
            <meta property="og:image" content="javascript:alert(1)">
            <meta property="og:image:url" content="/b.jpg">
            <meta property="og:image:width" content="wide">
            <meta name="twitter:image" content="//cdn.example.com/t.png">
            <meta name="twitter:image:alt" content="Tw alt">
            """
        let result = try metadata(html)
        #expect(
            result.images.map(\.url.absoluteString) == [
                "https://example.com/a.png", "https://example.com/b.jpg", "https://cdn.example.com/t.png",
            ])
        #expect(result.images[0].mimeType == "image/png")
        #expect(result.images[1].width == nil)
        #expect(result.images[2].alt == "Tw alt")
    }

    @Test("Video, URL, canonical and oEmbed")
    func videoURLAndOEmbed() throws {
        let html = """
            <link rel="canonical" href="/canonical">
            <meta property="og:video" content="https://v.example.com/v.mp4">
            <meta property="og:video:type" content="video/mp4">
            <link rel="alternate" type="text/xml+oembed" href="/oembed.xml">
            <link rel="alternate" type="application/json+oembed" href="/oembed?url=a&amp;format=json">
            """
        let result = try metadata(html)
        #expect(result.url.absoluteString == "https://example.com/canonical")
        #expect(result.remoteVideo?.absoluteString == "https://v.example.com/v.mp4")
        #expect(result.videos.first?.mimeType == "video/mp4")
        #expect(result.oEmbedURL?.absoluteString == "https://example.com/oembed?url=a&format=json")
        let withOG = try metadata("<meta property=og:url content='https://example.com/og'>" + html)
        #expect(withOG.url.absoluteString == "https://example.com/og")
    }

    @Test("Icons in Apple's order: touch icons by size, then icons by size, then /favicon.ico")
    func icons() throws {
        let html = """
            <link rel="icon" href="/16.png" sizes="16x16">
            <link rel="shortcut icon" href="/any.svg" sizes="any">
            <link rel="icon" href="/unsized.ico">
            <link rel="apple-touch-icon" href="/touch.png">
            <link rel="apple-touch-icon" href="/touch-180.png" sizes="180x180">
            <link rel="apple-touch-icon-precomposed" href="/touch-pre.png">
            """
        let result = try metadata(html)
        #expect(
            result.icons.map(\.url.path) == [
                "/touch-180.png", "/touch-pre.png", "/touch.png", "/any.svg", "/16.png", "/unsized.ico", "/favicon.ico",
            ])
        #expect(result.icons.last?.kind == .defaultFavicon)
        // Each icon says what it was declared as, and its size: the largest side, `nil` for "any" or none.
        #expect(
            result.icons.map(\.kind) == [
                .touchIcon, .precomposedTouchIcon, .touchIcon, .icon, .icon, .icon, .defaultFavicon,
            ])
        #expect(result.icons.map(\.size) == [180, nil, nil, nil, 16, nil, nil])
        #expect(LinkMetadata.Icon.Kind.touchIcon.rawValue == "apple-touch-icon")
        #expect(LinkMetadata.Icon.Kind.precomposedTouchIcon.description == "apple-touch-icon-precomposed")
    }

    @Test("Unterminated markup at the end is dropped, never read past")
    func unterminated() throws {
        for tail in [
            "<meta property=og:title content='x", "<!-- <title>c</title>", "<title>open", "<script>",
            "<meta", "<", "</", "<!", "<svg><title>s</title>", "&", "&#", "&#x",
        ] {
            let result = try metadata("<meta name=description content=d>" + tail)
            #expect(result.summary == "d", "\(tail)")
        }
        #expect(try metadata("<title>open").title == "open")
    }
}

@Suite("The HTML tokenizer's states, through extraction")
struct HTMLTokenizerStateTests {
    @Test("Script data: an escaped <script> hides its </script>; '-->' ends the escape")
    func scriptEscapes() throws {
        let hidden = "<script><!--<script></script><title>hidden</title>--></script><title>shown</title>"
        #expect(try metadata(hidden).title == "shown")
        let closed = "<script><!-- x --></script><title>after</title>"
        #expect(try metadata(closed).title == "after")
        let upper = "<SCRIPT>x</ScRiPt ><title>t</title>"
        #expect(try metadata(upper).title == "t")
        // "</scriptx" is not an end tag.
        #expect(try metadata("<script></scriptx><title>no</title></script><title>yes</title>").title == "yes")
    }

    @Test("Comments end at '-->', '--->' and '--!>'; '<!-->' is a whole comment")
    func comments() throws {
        #expect(try metadata("<!--><title>a</title>").title == "a")
        #expect(try metadata("<!---><title>b</title>").title == "b")
        #expect(try metadata("<!-- x --!><title>c</title>").title == "c")
        #expect(try metadata("<!-- x ---><title>d</title>").title == "d")
        #expect(try metadata("<!-- -- > --><title>e</title>").title == "e")
        #expect(try metadata("<?php echo '<title>no</title>' ?><title>f</title>").title == "f")
        #expect(try metadata("<!DOCTYPE html SYSTEM '<title>no'><title>g</title>").title == "g")
    }

    @Test("CDATA is recognised in foreign content only")
    func cdata() throws {
        let inSVG = "<svg><![CDATA[</svg><title>no</title>]]></svg><title>yes</title>"
        #expect(try metadata(inSVG).title == "yes")
        // In HTML content, "<![CDATA[" is a bogus comment that ends at the first '>'.
        #expect(try metadata("<![CDATA[ x ]]><title>html</title>").title == "html")
    }

    @Test("Elements inside foreign content nest; a breakout tag ends it")
    func foreignNesting() throws {
        #expect(try metadata("<svg><g><title>svg</title></g></svg><title>doc</title>").title == "doc")
        #expect(try metadata("<svg><desc>x</desc><p><title>html</title>").title == "html")
        #expect(try metadata("<math><mi>x</mi><font color=red><title>html</title>").title == "html")
        #expect(try metadata("<math><font><title>math</title></font></math><title>doc</title>").title == "doc")
    }

    @Test("A million attributes on one tag, and deep foreign nesting, stay linear")
    func hostileShapes() throws {
        var manyAttributes = "<meta property=og:title"
        manyAttributes += String(repeating: " a=1", count: 200_000)
        manyAttributes += " content=Many>"
        #expect(try metadata(manyAttributes).title == "Many")
        let deep = String(repeating: "<svg><g>", count: 50_000) + String(repeating: "</x>", count: 50_000)
        #expect(try metadata(deep + "<p><title>out</title>").title == "out")
    }
}

@Suite("Icons ranked as Apple's extractor ranks them")
struct IconRankTests {
    @Test("an undeclared touch icon ranks as 60 pixels; any above every size; undeclared plain icons last")
    func ranks() throws {
        let html = """
            <link rel="apple-touch-icon" href="/touch-undeclared.png">
            <link rel="apple-touch-icon" href="/touch-57.png" sizes="57x57">
            <link rel="apple-touch-icon" href="/touch-72.png" sizes="72x72">
            <link rel="icon" href="/plain-undeclared.png">
            <link rel="icon" href="/plain-16.png" sizes="16x16">
            <link rel="icon" href="/plain-any.svg" sizes="any">
            <link rel="icon" href="/plain-32.png" sizes="16x16 32x32">
            """
        let metadata = try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/")!)
        #expect(
            metadata.icons.map(\.url.path) == [
                "/touch-72.png", "/touch-undeclared.png", "/touch-57.png", "/plain-any.svg", "/plain-32.png",
                "/plain-16.png", "/plain-undeclared.png", "/favicon.ico",
            ])
        #expect(metadata.icons.map(\.size) == [72, nil, 57, nil, 32, 16, nil, nil])
    }
}
