import Foundation
import Testing
import TransferKit

/// HTTP media ranges match as RFC 9110 §12.5.1 says — by MIME type, not by conformance in the
/// type tree — and parameters compare with quoted and unquoted values equal (§5.6.6). Receivers
/// declared in content types keep matching by conformance.
@Suite("Media ranges (RFC 9110)")
struct MediaRangeTests {
    private func best(_ header: String, _ offers: [Offer]) throws -> Offer? {
        Negotiator().negotiate(offers, with: try receiver(header)).best?.offer
    }

    private func mime(_ text: String, index: Int = 0) -> Offer {
        offer(text, index: index)
    }

    @Test("text/* takes every text/… MIME type and nothing else")
    func typeWildcardIsByTopLevelType() throws {
        let json = mime("application/json")
        let html = mime("text/html", index: 1)
        // public.json conforms to public.text in the tree; text/* still does not take it.
        #expect(try best("text/*", [json, html])?.contentType == .html)
        #expect(try best("text/*", [json]) == nil)
        // text/markdown (Markdown, plain text) and text/yaml (YAML, whose preferred MIME type is
        // application/x-yaml): both text/… as offered.
        let markdown = mime("text/markdown")
        #expect(markdown.contentType == .markdown)
        #expect(try best("text/*", [markdown])?.contentType == markdown.contentType)
        #expect(try best("text/*", [mime("text/yaml")]) != nil)
        #expect(try best("application/*", [json])?.contentType == .json)
        #expect(try best("image/*", [mime("image/svg+xml")]) != nil)
    }

    @Test(
        "a media range takes an offer exactly when the media type it is offered as is in the range — given, or the type's preferred one"
    )
    func rangesMatchTheOfferedMediaType() throws {
        let mimeTypes = [
            "image/png", "image/jpeg", "image/gif", "image/svg+xml", "image/heic", "text/plain", "text/html",
            "text/csv", "text/xml", "application/xml", "application/json", "application/pdf", "application/zip",
            "application/rtf", "text/rtf", "video/mp4", "video/quicktime", "audio/mpeg", "audio/mp4",
            "application/octet-stream", "text/markdown", "application/x-unknown-example",
        ]
        let ranges = Set(mimeTypes + mimeTypes.map { $0.split(separator: "/")[0] + "/*" })
        func inRange(_ mediaType: String, _ range: String) -> Bool {
            let (type, subtype) = (range.split(separator: "/")[0], range.split(separator: "/")[1])
            let parts = mediaType.split(separator: "/")
            return parts.first == type && (subtype == "*" || parts.last == subtype)
        }
        for mimeType in mimeTypes {
            let given = offer(mimeType)
            let bare = Offer(given.contentType)  // Offered as the content type's preferred MIME type.
            let preferred =
                given.contentType.preferredMIMEType.map {
                    $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased()
                } ?? ""
            for range in ranges {
                #expect(try (best(range, [given]) != nil) == inRange(mimeType, range), "\(range) for \(mimeType)")
                #expect(
                    try (best(range, [bare]) != nil) == inRange(preferred, range),
                    "\(range) for \(given.contentType.identifier) as \(preferred)")
            }
        }
    }

    @Test("type/subtype is more specific than type/*, and both than */*")
    func specificityOrdersRanges() throws {
        let profile = try receiver("text/*;q=0.3, text/html;q=0.7, */*;q=0.1")
        let negotiation = Negotiator().negotiate(
            [mime("text/plain"), mime("text/html", index: 1), mime("image/png", index: 2)], with: profile)
        let weights = Dictionary(uniqueKeysWithValues: negotiation.candidates.map { ($0.offer.contentType, $0.weight) })
        #expect(weights[.plainText] == 0.3)
        #expect(weights[.html] == 0.7)
        #expect(weights[.png] == 0.1)
        #expect(
            try best("text/html;q=0, text/*", [mime("text/html"), mime("text/plain", index: 1)])?.contentType
                == .plainText)
    }

    @Test("a quoted parameter value may hold ';' and ',' and equals its unquoted spelling")
    func quotedParameters() throws {
        let profile = try receiver(#"text/html;level="1", text/x-custom;foo=";level=2;", image/png"#)
        #expect(profile.activation.accepts.count == 3)
        #expect(profile.activation.accepts[1].parameters == ["foo": ";level=2;"])
        let levelOne = mime("text/html;level=1")
        let levelTwo = mime("text/html;level=2")
        #expect(try best(#"text/html;level="1""#, [levelOne]) != nil)
        #expect(try best(#"text/html;level="1""#, [levelTwo]) == nil)
        #expect(try best("text/html;level=1", [levelOne]) != nil)
    }

    @Test("rules declared in content types still match by conformance")
    func contentTypeRulesUseTheTree() {
        let profile = ReceiverProfile(
            name: "Notes", identifier: "notes", activation: ReceiverActivation(accepts: [AcceptRule(.text)]))
        #expect(Negotiator().negotiate([Offer(.json)], with: profile).best?.offer.contentType == .json)
    }

    @Test("a media range rule survives a round trip through a saved profile")
    func mediaRangesAreSaved() throws {
        let profile = try receiver("text/*;q=0.5, image/png")
        let data = try JSONTextEncoder().encode(profile)
        #expect(
            String(decoding: data, as: UTF8.self).contains(#""mediaRange":"text\/*""#)
                || String(decoding: data, as: UTF8.self).contains(#""mediaRange":"text/*""#))
        let loaded = try JSONTextDecoder().decode(ReceiverProfile.self, from: data)
        #expect(loaded.activation.accepts.map(\.pattern) == [.mediaRange(.anyText), .mediaRange(.png)])
        #expect(Negotiator().negotiate([mime("application/json")], with: loaded).best == nil)
    }
}
