import Foundation
import LinkPreviews
import Testing

/// Publication dates in the forms real pages write them, each in a page of that shape.
@Suite("Dates as pages write them")
struct PageDateTests {
    /// The published date of a page whose head declares `tag`.
    func published(_ tag: String) throws -> Date? {
        let html = "<html><head><title>t</title>\(tag)</head><body></body></html>"
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/a")!).publishedDate
    }

    func meta(_ value: String) -> String { #"<meta property="article:published_time" content="\#(value)">"# }
    func ld(_ value: String) -> String {
        #"<script type="application/ld+json">{"@type":"NewsArticle","headline":"h","datePublished":"\#(value)"}</script>"#
    }

    @Test(
        "each form read to the same instant",
        arguments: [
            // ISO 8601 with an offset, as WordPress writes article:published_time.
            ("2016-04-30T10:00:00+00:00", 1_462_010_400),
            ("2016-04-30T12:00:00+02:00", 1_462_010_400),
            ("2016-04-30T12:00:00+0200", 1_462_010_400),
            ("2016-04-30T10:00:00.123Z", 1_462_010_400),
            // Without an offset, as some CMSs write datePublished: taken as UTC.
            ("2016-04-30T10:00:00", 1_462_010_400),
            ("2016-04-30 10:00:00", 1_462_010_400),
            // A space before the offset, as Drupal and Rails templates write it.
            ("2016-04-30 06:00:00 -0400", 1_462_010_400),
            ("2016-04-30 10:00:00 UTC", 1_462_010_400),
            // RFC 2822 / RFC 1123, as feeds and older templates write it.
            ("Sat, 30 Apr 2016 10:00:00 GMT", 1_462_010_400),
            ("Sat, 30 Apr 2016 06:00:00 EDT", 1_462_010_400),
            ("30 Apr 2016 12:00 +0200", 1_462_010_400),
            // asctime, as a C or Python backend prints a time.
            ("Sat Apr 30 10:00:00 2016", 1_462_010_400),
            // A date alone: midnight UTC.
            ("2016-04-30", 1_461_974_400),
        ]
    )
    func forms(text: String, seconds: Int) throws {
        #expect(try published(meta(text)) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
        #expect(try published(ld(text)) == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(text)")
    }

    @Test(
        "what is not a date stays nil, never a wrong date",
        arguments: [
            "yesterday", "2016-13-01", "2016-02-30T10:00:00Z", "2016-04-30T24:00:00Z", "2016-04-30T10:00:00+15:00",
            "Sat, 30 Foo 2016 10:00:00 GMT", "30/04/2016", "2016-04-30T10:00:00 XYZ", "", "1462010400",
        ]
    )
    func unreadable(text: String) throws {
        #expect(try published(meta(text)) == nil, "\(text)")
    }
}
