import Foundation
import LinkPreviews
import Testing

/// Where a page's date ends: the exact forms are read, and anything after a valid zone makes the
/// whole text unreadable (nil, never a date read from part of the text). Read through a page, as
/// `PageDateTests` reads them.
@Suite("Dates as pages write them, at their edges")
struct PageDateBoundaryTests {
    func published(_ value: String) throws -> Date? {
        let html =
            #"<html><head><title>t</title><meta property="article:published_time" content="\#(value)">"#
            + "</head><body></body></html>"
        return try LinkMetadata(html: Data(html.utf8), url: URL(string: "https://example.com/a")!).publishedDate
    }

    /// 2026-11-20T09:15:00Z.
    static let instant = Date(timeIntervalSince1970: 1_795_166_100)

    @Test(
        "the exact forms with a zone are read",
        arguments: [
            "2026-11-20T09:15:00Z", "2026-11-20T09:15:00z", "2026-11-20T10:15:00+01:00", "2026-11-20T10:15:00+0100",
            "2026-11-20T10:15:00+01", "2026-11-20T08:15:00-01:00", "2026-11-20 09:15:00 UTC", "2026-11-20 09:15:00 GMT",
            "2026-11-20 04:15:00 EST", "Fri, 20 Nov 2026 09:15:00 GMT", "20 Nov 2026 10:15 +0100",
            "2026-11-20T09:15:00.999Z",
        ])
    func exactFormsAreRead(text: String) throws {
        #expect(try published(text) == Self.instant, "\(text)")
    }

    @Test(
        "text after a valid zone makes the date unreadable",
        arguments: [
            "2026-11-20T09:15:00Zjunk", "2026-11-20T09:15:00Z junk", "2026-11-20T09:15:00ZZ", "2026-11-20T09:15:00Z0",
            "2026-11-20T10:15:00+01:00x", "2026-11-20T10:15:00+01:00 x", "2026-11-20T10:15:00+01:000",
            "2026-11-20T10:15:00+0100:", "2026-11-20T10:15:00+01:00Z", "2026-11-20 09:15:00 UTCx",
            "2026-11-20 09:15:00 UTC GMT", "Fri, 20 Nov 2026 09:15:00 GMT.", "20 Nov 2026 10:15 +0100 +0100",
            "2026-11-20T09:15:00.5Z!",
        ])
    func textAfterTheZoneIsRefused(text: String) throws {
        #expect(try published(text) == nil, "\(text)")
    }

    @Test("offsets up to ±14:00 and minutes up to 59 are read; one past is not")
    func offsetLimit() throws {
        #expect(try published("2026-11-20T23:15:00+14:00") == Self.instant)
        #expect(try published("2026-11-19T19:15:00-14:00") == Self.instant)
        #expect(try published("2026-11-20T23:16:00+14:01") == nil)
        #expect(try published("2026-11-19T19:14:00-14:01") == nil)
        #expect(try published("2026-11-20T10:14:00+00:59") == Self.instant)
        #expect(try published("2026-11-20T10:15:00+00:60") == nil)
    }

    /// `2026-11-20T09:15:00.` and `digits` zeros, then `zone`.
    func fractional(_ digits: Int, _ zone: String) -> String {
        "2026-11-20T09:15:00." + String(repeating: "0", count: digits) + zone
    }

    @Test("a date of 64 bytes, the most read, is read whole")
    func sixtyFourBytesAreRead() throws {
        let text = fractional(38, "+05:00")
        #expect(text.utf8.count == 64)
        #expect(try published(text) == Self.instant.addingTimeInterval(-5 * 3600))
        #expect(try published(fractional(43, "Z")) == Self.instant)
        #expect(try published(fractional(40, "junk")) == nil)
    }

    @Test("a date longer than 64 bytes is not read at all, never from its first 64 (the zone or junk past them)")
    func pastSixtyFourBytesIsNotTruncated() throws {
        // Read from its first 64 bytes, the zone past them would be dropped and the time taken as
        // UTC (five hours off), and junk past them not seen.
        #expect(fractional(39, "+05:00").utf8.count == 65)
        #expect(try published(fractional(39, "+05:00")) == nil)
        #expect(try published(fractional(44, "Z")) == nil)
        #expect(try published(fractional(44, "+05:00")) == nil)
        #expect(try published(fractional(44, "junk")) == nil)
        #expect(try published(fractional(39, "Z")) == Self.instant)
    }
}
