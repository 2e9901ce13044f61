import Foundation
import Testing
import TransferKit

/// The `Accept` header as a receiver; a request without one accepts any media type (RFC 9110
/// §12.5.1), which jshttp/negotiator's cases write as an undefined header.
private func receiver(_ accept: String?) throws -> ReceiverProfile {
    try ReceiverProfile.parse(acceptHeader: accept ?? "*/*").profile
}

/// jshttp/negotiator's `mediaTypes(available)`: the available media types the header accepts, in
/// the client's preference, each written back as it was given. A text that is not a media type is
/// not an offer (`boom`).
private func mediaTypes(_ accept: String?, _ available: [String]) throws -> [String] {
    var offers: [Offer] = []
    var texts: [String] = []
    for text in available {
        guard let offer = Offer(mediaType: text, representationIndex: offers.count) else { continue }
        offers.append(offer)
        texts.append(text)
    }
    var negotiator = Negotiator()
    negotiator.policy = .receiverPreference
    return negotiator.negotiate(offers, with: try receiver(accept)).candidates.map {
        texts[$0.offer.representationIndex]
    }
}

/// jshttp/negotiator's `mediaTypes()`: the media ranges the header accepts (weight above 0), most
/// preferred first, without their parameters.
private func mediaTypes(_ accept: String?) throws -> [String] {
    let rules = try receiver(accept).activation.accepts.filter { $0.weight > 0 }
    let ranked = rules.enumerated().sorted { ($1.element.weight, $0.offset) < ($0.element.weight, $1.offset) }
    return ranked.map { ranked in
        switch ranked.element.pattern {
        case .any: "*/*"
        case .mediaRange(let range): range.essence
        case .type(let type): type.identifier
        }
    }
}

private let manyTextTypes =
    "text/plain, application/json;q=0.5, text/html, text/xml, text/yaml, text/javascript, text/csv, text/css, "
    + "text/rtf, text/markdown, application/octet-stream;q=0.2, */*;q=0.1"
private let manyTextOffers = [
    "text/plain", "text/html", "text/xml", "text/yaml", "text/javascript", "text/csv", "text/css", "text/rtf",
    "text/markdown", "application/json", "application/octet-stream",
]

/// jshttp/negotiator's whole `mediaType` suite (`test/mediaType.js`, version 1.0.0, commit dfb9fac):
/// every case of `mediaTypes(array)`, `mediaTypes()`, `mediaType(array)` and `mediaType()`, written
/// as this package's own tests.
@Suite("Media types negotiated exactly, as RFC 9110 §12.5.1 and jshttp/negotiator's cases say")
struct MediaTypeNegotiationTests {
    @Test("An offer keeps the media type it was given: application/xml is not text/*, text/xml is not application/*")
    func exactMediaTypes() throws {
        #expect(try mediaTypes("text/*", ["application/xml"]) == [])
        #expect(try mediaTypes("application/*", ["text/xml"]) == [])
        #expect(try mediaTypes("text/*", ["text/xml"]) == ["text/xml"])
        #expect(try mediaTypes("application/*", ["application/xml"]) == ["application/xml"])
        // A content type offered without a media type is offered as its preferred one.
        let textRange = try receiver("text/*")
        #expect(Negotiator().negotiate([Offer(.xml)], with: textRange).best == nil)
        #expect(Negotiator().negotiate([Offer(.xml, mediaType: MediaType("text/xml"))], with: textRange).best != nil)
        // A UTType rule still uses the tree: public.xml accepts either spelling.
        let tree = ReceiverProfile(
            name: "Tree", identifier: "tree", activation: ReceiverActivation(accepts: [AcceptRule(.xml)]))
        #expect(Negotiator().negotiate([Offer(.xml, mediaType: MediaType("text/xml"))], with: tree).best != nil)
        // What is not a media type makes no offer.
        #expect(Offer(mediaType: "boom") == nil)
        #expect(Offer(mediaType: "text/") == nil)
        #expect(Offer(mediaType: "text/html;foo=\"bar") == nil)
    }

    @Test(
        "mediaTypes(array): the available types the header accepts, in the client's preference",
        arguments: [
            (nil, ["application/json", "text/plain"], ["application/json", "text/plain"]),
            ("*/*", ["application/json", "text/plain"], ["application/json", "text/plain"]),
            (
                "*/*;q=0.8, text/*, image/*",
                [
                    "application/json", "text/html", "text/plain", "text/xml", "application/xml", "image/gif",
                    "image/jpeg", "image/png", "audio/mp3", "application/javascript", "text/javascript",
                ],
                [
                    "text/html", "text/plain", "text/xml", "text/javascript", "image/gif", "image/jpeg", "image/png",
                    "application/json", "application/xml", "audio/mp3", "application/javascript",
                ]
            ),
            ("application/json", ["application/json"], ["application/json"]),
            ("application/json", ["application/JSON"], ["application/JSON"]),
            ("application/json", ["text/html", "application/json"], ["application/json"]),
            ("application/json", ["boom", "application/json"], ["application/json"]),
            ("application/json;q=0", ["application/json"], []),
            ("application/json;q=0", ["application/json", "text/html", "image/jpeg"], []),
            (
                "application/json;q=0.2, text/html", ["application/json", "text/html"],
                ["text/html", "application/json"]
            ),
            (
                "application/json;q=0.9, text/html;q=0.8, application/json;q=0.7", ["text/html", "application/json"],
                ["application/json", "text/html"]
            ),
            ("application/json, */*;q=0.1", ["text/html", "application/json"], ["application/json", "text/html"]),
            (
                "application/xhtml+xml;profile=\"http://www.wapforum.org/xhtml\"",
                ["application/xhtml+xml;profile=\"http://www.wapforum.org/xhtml\""],
                ["application/xhtml+xml;profile=\"http://www.wapforum.org/xhtml\""]
            ),
            ("text/*", ["text/html", "application/json", "text/plain"], ["text/html", "text/plain"]),
            ("text/*, text/html;level", ["text/html"], ["text/html"]),
            ("text/*, text/plain;q=0", ["text/html", "text/plain"], ["text/html"]),
            (
                "text/*, text/plain;q=0.5", ["text/html", "text/plain", "text/xml"],
                ["text/html", "text/xml", "text/plain"]
            ),
            ("text/html;level=1", ["text/html;level=1"], ["text/html;level=1"]),
            ("text/html;level=1", ["text/html;Level=1"], ["text/html;Level=1"]),
            ("text/html;level=1", ["text/html;level=2"], []),
            ("text/html;level=1", ["text/html"], []),
            ("text/html;level=1", ["text/html;level=1;foo=bar"], ["text/html;level=1;foo=bar"]),
            ("text/html;level=1;foo=bar", ["text/html;level=1"], []),
            ("text/html;level=1;foo=bar", ["text/html;level=1;foo=bar"], ["text/html;level=1;foo=bar"]),
            ("text/html;level=1;foo=bar", ["text/html;foo=bar;level=1"], ["text/html;foo=bar;level=1"]),
            ("text/html;level=1;foo=\"bar\"", ["text/html;level=1;foo=bar"], ["text/html;level=1;foo=bar"]),
            ("text/html;level=1;foo=\"bar\"", ["text/html;level=1;foo=\"bar\""], ["text/html;level=1;foo=\"bar\""]),
            ("text/html;foo=\";level=2;\"", ["text/html;level=2"], []),
            ("text/html;foo=\";level=2;\"", ["text/html;foo=\";level=2;\""], ["text/html;foo=\";level=2;\""]),
            ("text/html;LEVEL=1", ["text/html;level=1"], ["text/html;level=1"]),
            ("text/html;LEVEL=1", ["text/html;Level=1"], ["text/html;Level=1"]),
            ("text/html;LEVEL=1;level=2", ["text/html;level=1"], ["text/html;level=1"]),
            ("text/html;LEVEL=1;level=2", ["text/html;level=2"], []),
            ("text/html;level=2", ["text/html;level=1"], []),
            ("text/html;level=2, text/html", ["text/html", "text/html;level=2"], ["text/html;level=2", "text/html"]),
            (
                "text/html;level=2;q=0.1, text/html", ["text/html;level=2", "text/html"],
                ["text/html", "text/html;level=2"]
            ),
            ("text/html;level=2;q=0.1;level=1", ["text/html;level=1"], []),
            (
                "text/html;level=2;q=0.1, text/html;level=1, text/html;q=0.5",
                ["text/html;level=1", "text/html;level=2", "text/html"],
                ["text/html;level=1", "text/html", "text/html;level=2"]
            ),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1", ["text/html", "text/plain"],
                ["text/plain", "text/html"]
            ),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1",
                ["application/json", "text/html", "text/plain"],
                ["text/plain", "text/html", "application/json"]
            ),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1", ["image/jpeg", "text/html", "text/plain"],
                ["text/plain", "text/html", "image/jpeg"]
            ),
            (manyTextTypes, manyTextOffers, manyTextOffers),
        ] as [(String?, [String], [String])]
    )
    func mediaTypesOfArray(accept: String?, available: [String], expected: [String]) throws {
        #expect(try mediaTypes(accept, available) == expected)
    }

    @Test(
        "mediaTypes(): the media ranges the header accepts, most preferred first",
        arguments: [
            (nil, ["*/*"]),
            ("*/*", ["*/*"]),
            ("application/json", ["application/json"]),
            ("application/json;q=0", []),
            ("application/json;q=0.2, text/html", ["text/html", "application/json"]),
            ("text/*", ["text/*"]),
            ("text/*, text/plain;q=0", ["text/*"]),
            ("text/html;LEVEL=1", ["text/html"]),
            ("text/html;foo=\"bar,text/css;\";fizz=\"buzz,5\", text/plain", ["text/html", "text/plain"]),
            ("text/html;foo=\"bar\\\"\", application/json", ["text/html", "application/json"]),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1",
                ["text/plain", "text/html", "application/json", "*/*"]
            ),
            (
                manyTextTypes,
                [
                    "text/plain", "text/html", "text/xml", "text/yaml", "text/javascript", "text/csv", "text/css",
                    "text/rtf", "text/markdown", "application/json", "application/octet-stream", "*/*",
                ]
            ),
        ] as [(String?, [String])]
    )
    func mediaTypesOfHeader(accept: String?, expected: [String]) throws {
        #expect(try mediaTypes(accept) == expected)
    }

    @Test(
        "mediaType(): the most preferred media range",
        arguments: [
            (nil, "*/*"),
            ("*/*", "*/*"),
            ("application/json", "application/json"),
            ("application/json;q=0", nil),
            ("application/json;q=0.2, text/html", "text/html"),
            ("text/*", "text/*"),
            ("text/plain, application/json;q=0.5, text/html, */*;q=0.1", "text/plain"),
            (manyTextTypes, "text/plain"),
        ] as [(String?, String?)]
    )
    func mediaTypeOfHeader(accept: String?, expected: String?) throws {
        #expect(try mediaTypes(accept).first == expected)
    }

    @Test(
        "mediaType(array): the available type the client prefers",
        arguments: [
            (nil, ["text/html"], "text/html"),
            (nil, ["text/html", "application/json"], "text/html"),
            (nil, ["application/json", "text/html"], "application/json"),
            ("*/*", ["text/html"], "text/html"),
            ("*/*", ["text/html", "application/json"], "text/html"),
            ("*/*", ["application/json", "text/html"], "application/json"),
            ("application/json", ["application/JSON"], "application/JSON"),
            ("application/json", ["text/html"], nil),
            ("application/json", ["text/html", "application/json"], "application/json"),
            ("application/json;q=0", [], nil),
            ("application/json;q=0.2, text/html", ["application/json"], "application/json"),
            ("application/json;q=0.2, text/html", ["application/json", "text/html"], "text/html"),
            ("application/json;q=0.2, text/html", ["text/html", "application/json"], "text/html"),
            ("text/*", ["application/json"], nil),
            ("text/*", ["application/json", "text/html"], "text/html"),
            ("text/*", ["text/html", "application/json"], "text/html"),
            ("text/*, text/plain;q=0", ["application/json"], nil),
            ("text/*, text/plain;q=0", ["application/json", "text/html"], "text/html"),
            ("text/*, text/plain;q=0", ["text/html", "application/json"], "text/html"),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1",
                ["application/json", "text/plain", "text/html"], "text/plain"
            ),
            ("text/plain, application/json;q=0.5, text/html, */*;q=0.1", ["image/jpeg", "text/html"], "text/html"),
            ("text/plain, application/json;q=0.5, text/html, */*;q=0.1", ["image/jpeg", "image/gif"], "image/jpeg"),
            (manyTextTypes, manyTextOffers, "text/plain"),
        ] as [(String?, [String], String?)]
    )
    func mediaTypeOfArray(accept: String?, available: [String], expected: String?) throws {
        #expect(try mediaTypes(accept, available).first == expected)
    }

    @Test("offers compare by everything they offer: equal when all is, apart when any one fact is")
    func offerEquality() {
        let base = Offer(.xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1)
        #expect(base == Offer(.xml, mediaType: MediaType("text/xml; charset=utf-8"), representationIndex: 1))
        #expect(
            base.hashValue
                == Offer(.xml, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1).hashValue)
        // The default media type is the preferred one, given or not.
        #expect(Offer(.png) == Offer(.png, mediaType: MediaType("image/png")))
        let others = [
            Offer(.json, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1),
            Offer(.xml, form: .file, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1),
            Offer(.xml, form: .data, mediaType: MediaType("text/xml"), representationIndex: 1),
            Offer(.xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 2),
            Offer(
                .xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1, formIndex: 1),
            Offer(
                .xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1,
                visibility: .team),
            Offer(
                .xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 1,
                isExportable: false),
        ]
        for other in others { #expect(base != other, "\(other)") }
    }
}
