import Foundation
import Testing
import TransferKit

/// Offers written as media types (`text/html;level=1`), in the sender's order, each keeping the media
/// type it was given; the receiver's `Accept` header ranks them (the receiver's preference).
private func negotiated(accept: String, offers: [String]) throws -> [String] {
    let receiver = try ReceiverProfile.parse(acceptHeader: accept).profile
    var made: [Offer] = []
    var texts: [String] = []
    for text in offers {
        guard case .success(let mediaType) = MediaTypeText.parse(text), let type = UTType(mimeType: mediaType.essence)
        else { continue }
        made.append(
            Offer(type, parameters: mediaType.parameters, mediaType: mediaType.essence, representationIndex: made.count)
        )
        texts.append(text)
    }
    var negotiator = Negotiator()
    negotiator.policy = .receiverPreference
    return negotiator.negotiate(made, with: receiver).candidates.map { texts[$0.offer.representationIndex] }
}

/// A media type's essence and parameters, read the simple way the cases need.
private enum MediaTypeText {
    static func parse(_ text: String) -> Result<(essence: String, parameters: [String: String]), Never>? {
        let parts = text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let essence = parts.first, essence.split(separator: "/").count == 2 else { return nil }
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { continue }
            parameters[pair[0].lowercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return .success((essence.lowercased(), parameters))
    }
}

@Suite("Media types negotiated exactly, as RFC 9110 §12.5.1 and jshttp/negotiator's cases say")
struct MediaTypeNegotiationTests {
    @Test("An offer keeps the media type it was given: application/xml is not text/*, text/xml is not application/*")
    func exactMediaTypes() throws {
        #expect(try negotiated(accept: "text/*", offers: ["application/xml"]) == [])
        #expect(try negotiated(accept: "application/*", offers: ["text/xml"]) == [])
        #expect(try negotiated(accept: "text/*", offers: ["text/xml"]) == ["text/xml"])
        #expect(try negotiated(accept: "application/*", offers: ["application/xml"]) == ["application/xml"])
        // A content type offered without a media type is offered as its preferred one.
        let receiver = try ReceiverProfile.parse(acceptHeader: "text/*").profile
        #expect(Negotiator().negotiate([Offer(.xml)], with: receiver).best == nil)
        #expect(Negotiator().negotiate([Offer(.xml, mediaType: "text/xml")], with: receiver).best != nil)
        // A UTType rule still uses the tree: public.xml accepts either spelling.
        let tree = ReceiverProfile(
            name: "Tree", identifier: "tree", activation: ReceiverActivation(accepts: [AcceptRule(.xml)]))
        #expect(Negotiator().negotiate([Offer(.xml, mediaType: "text/xml")], with: tree).best != nil)
    }

    @Test(
        "jshttp/negotiator's mediaTypes(array) cases",
        arguments: [
            ("*/*", ["application/json", "text/plain"], ["application/json", "text/plain"]),
            ("application/json", ["text/html", "application/json"], ["application/json"]),
            ("application/json", ["application/JSON"], ["application/JSON"]),
            ("application/json", ["boom", "application/json"], ["application/json"]),
            ("application/json;q=0", ["application/json", "text/html", "image/jpeg"], []),
            (
                "application/json;q=0.2, text/html", ["application/json", "text/html"],
                ["text/html", "application/json"]
            ),
            ("application/json, */*;q=0.1", ["text/html", "application/json"], ["application/json", "text/html"]),
            ("text/*", ["text/html", "application/json", "text/plain"], ["text/html", "text/plain"]),
            ("text/*, text/plain;q=0", ["text/html", "text/plain"], ["text/html"]),
            (
                "text/*, text/plain;q=0.5", ["text/html", "text/plain", "text/xml"],
                ["text/html", "text/xml", "text/plain"]
            ),
            ("text/html;level=1", ["text/html;level=2"], []),
            ("text/html;level=1", ["text/html"], []),
            ("text/html;level=1", ["text/html;level=1;foo=bar"], ["text/html;level=1;foo=bar"]),
            ("text/html;level=1;foo=bar", ["text/html;level=1"], []),
            ("text/html;level=1;foo=bar", ["text/html;foo=bar;level=1"], ["text/html;foo=bar;level=1"]),
            ("text/html;level=2, text/html", ["text/html", "text/html;level=2"], ["text/html;level=2", "text/html"]),
            (
                "text/html;level=2;q=0.1, text/html", ["text/html;level=2", "text/html"],
                ["text/html", "text/html;level=2"]
            ),
            (
                "text/plain, application/json;q=0.5, text/html, */*;q=0.1", ["image/jpeg", "text/html", "text/plain"],
                ["text/plain", "text/html", "image/jpeg"]
            ),
            (
                "*/*;q=0.8, text/*, image/*",
                [
                    "application/json", "text/html", "text/plain", "text/xml", "application/xml", "image/gif",
                    "image/jpeg",
                ],
                [
                    "text/html", "text/plain", "text/xml", "image/gif", "image/jpeg", "application/json",
                    "application/xml",
                ]
            ),
        ]
    )
    func jshttpCases(accept: String, offers: [String], expected: [String]) throws {
        #expect(try negotiated(accept: accept, offers: offers) == expected)
    }
}
