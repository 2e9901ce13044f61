import Foundation
import LinkPreviews
import Testing

/// Pathological pages: each must give its metadata (or none) in one linear pass, never crash, and
/// never let bytes inside a comment, raw text or a broken tag become metadata.
@Suite("Hostile pages")
struct HostilePageTests {
    private let tail = "<meta property=og:title content=After>"

    @Test(
        "Unterminated constructs run to the end of the input and hide what follows",
        arguments: [
            "<!--", "<!-- --", "<!-- --!", "<![CDATA[", "<!DOCTYPE", "<?", "</x", "<script>", "<script><!--",
            "<script><!--<script>", "<style>", "<textarea>", "<title>", "<xmp>", "<iframe>", "<noembed>", "<noframes>",
            "<plaintext>", "<meta content='", "<meta content=\"", "<a href=x", "<svg><![CDATA[",
        ]
    )
    func unterminated(prefix: String) throws {
        let result = try metadata(prefix + tail)
        #expect(result.title != "After" || prefix == "<title>", "\(prefix)")
    }

    @Test("Repetition at scale stays linear: 100,000 of each construct")
    func repetition() throws {
        let pieces = [
            "<!--", "<a ", "<a b='", "</", "<!", "&", "&#", "&amp", "<svg>", "</svg>", "<template>",
            "<meta property=og:image content=/x.png>", "<link rel=icon href=/i.png>", "<title>", "-->", "--", "<",
        ]
        for piece in pieces {
            let page = String(repeating: piece, count: 100_000)
            _ = try metadata(page)
            _ = try metadata("<title>t</title>" + page + tail)
        }
        // Metadata repeated a hundred thousand times keeps bounded lists.
        let many = try metadata(
            String(repeating: "<meta property=og:image content=/x.png><link rel=icon href=/i.png>", count: 100_000))
        #expect(many.images.count == 1 && many.icons.count == 2)
        let distinct = try metadata((0..<10_000).map { "<meta property=og:image content=/\($0).png>" }.joined())
        #expect(distinct.images.count == 64)
    }

    @Test("A 20 MB comment, a 20 MB title, and a million attributes")
    func large() throws {
        let comment = "<!--" + String(repeating: "<title>no</title> -", count: 1_000_000) + "->" + tail
        #expect(try metadata(comment).title == "After")
        let title = try metadata("<title>" + String(repeating: "word ", count: 4_000_000) + "</title>")
        #expect(title.title?.count == 4_000_000 * 5 - 1)
        let attributes = "<meta property=og:title" + String(repeating: " a", count: 1_000_000) + " content=Many>"
        #expect(try metadata(attributes).title == "Many")
    }

    @Test("Bytes that are not text: NUL, invalid UTF-8, every byte value, with every charset")
    func binary() throws {
        var bytes: [UInt8] = Array(0...255)
        bytes += Array("<title>\u{0}x\u{0}</title>".utf8) + [0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80]
        for charset in [
            nil, "utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "gbk", "big5", "euc-kr", "utf-16le", "utf-16be",
            "koi8-u", "x-user-defined",
        ] {
            let result = try LinkMetadata(
                html: bytes, url: URL(string: "https://example.com/")!,
                contentType: charset.map { "text/html; charset=\($0)" })
            if let title = result.title { #expect(!title.contains("\u{0}"), "\(charset ?? "none")") }
        }
        #expect(try LinkMetadata(html: bytes, url: URL(string: "https://example.com/")!).title == "\u{FFFD}x\u{FFFD}")
    }

    @Test("Deep nesting of foreign content, and mismatched end tags, stay bounded")
    func nesting() throws {
        let deep =
            String(repeating: "<svg><g><math><mi>", count: 100_000) + String(repeating: "</nope>", count: 100_000)
        #expect(try metadata(deep + "<title>hidden</title>").title == nil)
        #expect(try metadata(deep + "<div><title>shown</title>").title == "shown")
    }
}
