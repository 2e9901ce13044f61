import Foundation
import Testing
import TransferKit

func receiver(_ header: String) throws -> ReceiverProfile {
    try ReceiverProfile.parse(acceptHeader: header).profile
}

func offer(_ mime: String, index: Int = 0) -> Offer {
    // The offer keeps the media type it is written as, parameters included.
    let mediaType = MediaType(mime)!
    return Offer(UTType(mimeType: mediaType.essence)!, mediaType: mediaType, representationIndex: index)
}

/// The weight a receiver gives one offer, or nil when the offer is rejected.
func weight(_ mime: String, _ profile: ReceiverProfile) -> Double? {
    Negotiator().negotiate([offer(mime)], with: profile).best?.weight
}

@Suite("Negotiation precedence")
struct NegotiatorTests {
    /// RFC 9110 §12.5.1's example, with text/html;level=3 as corrected by erratum 7138.
    @Test(arguments: [
        ("text/plain;format=flowed", 1.0),
        ("text/plain", 0.7),
        ("text/html", 0.3),
        ("image/jpeg", 0.5),
        ("text/plain;format=fixed", 0.4),
        ("text/html;level=3", 0.3),
    ])
    func rfc9110Example(_ mime: String, _ expected: Double) throws {
        let profile = try receiver(
            "text/*;q=0.3, text/plain;q=0.7, text/plain;format=flowed, text/plain;format=fixed;q=0.4, */*;q=0.5")
        #expect(weight(mime, profile) == expected)
    }

    @Test func anExclusionIsDecidedByTheMostSpecificRuleNotTheHighestWeight() throws {
        let profile = try receiver("text/html;q=0, */*")
        let negotiation = Negotiator().negotiate(
            [offer("text/html"), offer("application/json", index: 1)], with: profile)
        #expect(negotiation.best?.offer.contentType == .json)
        #expect(negotiation.candidates.count == 1)
        #expect(negotiation.rejections.first?.description.contains("excluded by text/html;q=0 (q=0)") == true)
        // Under every policy.
        for policy in [NegotiationPolicy.senderOrder, .receiverPreference, .product] {
            let result = Negotiator(policy: policy).negotiate([offer("text/html")], with: profile)
            #expect(result.best == nil)
        }
    }

    @Test func exactBeatsParentBeatsAncestorBeatsWildcard() throws {
        let profile = ReceiverProfile(
            name: "r", identifier: "r",
            activation: ReceiverActivation(accepts: [
                .wildcard(weight: 0.9), AcceptRule(.data, weight: 0.8), AcceptRule(.image, weight: 0.5),
                AcceptRule(.png, weight: 0.2),
            ]))
        let negotiation = Negotiator(policy: .receiverPreference).negotiate([Offer(.png)], with: profile)
        #expect(negotiation.best?.rule.contentType == .png)
        #expect(negotiation.best?.distance == 0)
        #expect(Negotiator().negotiate([Offer(.jpeg)], with: profile).best?.rule.contentType == .image)
        #expect(Negotiator().negotiate([Offer(.jpeg)], with: profile).best?.distance == 1)
        #expect(Negotiator().negotiate([Offer(.pdf)], with: profile).best?.rule.contentType == .data)
        #expect(Negotiator().negotiate([Offer(.folder)], with: profile).best?.distance == nil)
    }

    @Test func acceptingAParentTakesItsSubtypes() throws {
        let profile = ReceiverProfile(
            name: "r", identifier: "r", activation: ReceiverActivation(accepts: [AcceptRule(.image)]))
        #expect(Negotiator().negotiate([Offer(.png)], with: profile).best != nil)
        #expect(Negotiator().negotiate([Offer(.plainText)], with: profile).best == nil)
    }

    @Test func wildcardMatchesRankBelowExplicitOnesEvenUnderSenderOrder() throws {
        let profile = try receiver("*/*, image/png")
        let negotiation = Negotiator().negotiate([offer("text/plain"), offer("image/png", index: 1)], with: profile)
        #expect(negotiation.candidates.map(\.offer.contentType) == [.png, .plainText])
    }

    @Test func policiesRankDifferently() throws {
        let profile = try receiver("text/plain;q=0.5, text/html;q=0.9")
        let offers = [offer("text/plain"), offer("text/html", index: 1)]
        #expect(Negotiator(policy: .senderOrder).negotiate(offers, with: profile).best?.offer.contentType == .plainText)
        #expect(
            Negotiator(policy: .receiverPreference).negotiate(offers, with: profile).best?.offer.contentType == .html)
        // Product: plain 0.5 × 1 = 0.5; html 0.9 × 0.5 = 0.45.
        #expect(Negotiator(policy: .product).negotiate(offers, with: profile).best?.offer.contentType == .plainText)
        let closer = try receiver("text/plain;q=0.4, text/html;q=0.9")
        // Product: plain 0.4; html 0.45.
        #expect(Negotiator(policy: .product).negotiate(offers, with: closer).best?.offer.contentType == .html)
    }

    @Test func tiesFallToTheSenderOrderDeterministically() throws {
        // One rule matches both, with the same weight and distance: the sender's order decides.
        let profile = try receiver("image/*")
        let offers = [offer("image/jpeg"), offer("image/png", index: 1)]
        for _ in 0..<5 {
            #expect(
                Negotiator(policy: .receiverPreference).negotiate(offers, with: profile).candidates.map(
                    \.offer.contentType) == [.jpeg, .png])
        }
        // And where the sender's order is not the alphabetical one (public.png after public.jpeg), the
        // sender's order still decides: the tie-break is the position, not the name.
        let reversed = [offer("image/png"), offer("image/jpeg", index: 1), offer("image/gif", index: 2)]
        for policy in [NegotiationPolicy.receiverPreference, .senderOrder, .product] {
            #expect(
                Negotiator(policy: policy).negotiate(reversed, with: profile).candidates.map(\.offer.contentType) == [
                    .png, .jpeg, .gif,
                ], "\(policy)")
        }
    }

    @Test func parameterNamesIgnoreCase() throws {
        let profile = try receiver("text/plain;FORMAT=flowed;q=0.8, */*;q=0.1")
        #expect(weight("text/plain;format=flowed", profile) == 0.8)
        #expect(weight("text/plain", profile) == 0.1)
    }

    @Test func formsAreFilteredByTheMostSpecificRule() throws {
        let profile = ReceiverProfile(
            name: "r", identifier: "r",
            activation: ReceiverActivation(accepts: [AcceptRule(.image, forms: [.value, .data]), .wildcard()]))
        let negotiation = Negotiator().negotiate(
            [Offer(.png, form: .file), Offer(.png, form: .data, formIndex: 1)], with: profile)
        #expect(negotiation.best?.offer.form == .data)
        #expect(negotiation.rejections.first?.description.contains("does not take file") == true)
    }

    @Test func conditionsAndVisibilityAreReported() throws {
        let profile = try receiver("*/*")
        let hidden = Note(title: "t", body: "b", isPrivate: true)
        let negotiation = try Negotiator().negotiate(hidden, with: profile, forms: [.data])
        #expect(negotiation.rejections.contains { $0.offer.contentType == .html && $0.cause.code == .conditionFalse })
        #expect(negotiation.best?.offer.contentType == .testNote)
        let report = try Negotiator().negotiate(Report(title: "x"), with: profile, forms: [.data])
        #expect(report.rejections.contains { $0.cause.code == .notVisible && $0.cause.visibility == .ownProcess })
        #expect(report.rejections.contains { $0.cause.code == .notVisible && $0.cause.visibility == .team })
    }

    @Test func traceExplainsEveryCandidate() throws {
        let profile = try receiver("text/html;q=0, text/*;q=0.5")
        let negotiation = try Negotiator().negotiate(Note(title: "t", body: "b"), with: profile, forms: [.data])
        let trace = negotiation.description
        #expect(trace.contains("HTTP client, policy sender:"))
        // text/* takes MIME types text/…, as RFC 9110 says: the note type conforms to public.json,
        // which conforms to public.text in the tree, but its MIME type is not text/….
        #expect(
            trace.contains(
                "1. public.utf8-plain-text as data — matched text/*;q=0.5 (media range, q=0.5)"))
        #expect(trace.contains("rejected org.transferkit.test.note as data: no rule accepts org.transferkit.test.note"))
        #expect(trace.contains("rejected public.html as data: excluded by text/html;q=0 (q=0)"))
    }

    @Test func distanceCountsConformanceSteps() {
        #expect(UTType.png.conformanceDistance(to: .png) == 0)
        #expect(UTType.png.conformanceDistance(to: .image) == 1)
        #expect(UTType.png.conformanceDistance(to: .data) == 2)
        #expect(UTType.png.conformanceDistance(to: .item) == 3)
        #expect(UTType.png.conformanceDistance(to: .text) == nil)
        #expect(UTType.utf8TabSeparatedText.conformanceDistance(to: .plainText) == 2)
        #expect(UTType(exportedAs: "com.example.dist", conformingTo: .png).conformanceDistance(to: .image) == 2)
    }
}

@Suite("Negotiator documentation")
struct NegotiatorDocumentationTests {
    struct Note: Transferable {
        var text: String
        static var transferRepresentation: some TransferRepresentation {
            DataRepresentation(exportedContentType: .plainText) { Data($0.text.utf8) }
            DataRepresentation(exportedContentType: .html) { Data("<p>\($0.text)</p>".utf8) }
        }
    }

    @Test func theTypeDocumentationExampleWorksAsWritten() throws {
        let note = Note(text: "hi")
        let receiver = try ReceiverProfile.parse(acceptHeader: "text/html;q=0.9, */*;q=0.1").profile
        let negotiation = try Negotiator().negotiate(note, with: receiver)
        #expect(negotiation.best?.offer.contentType == .html)
    }
}

@Suite("The negotiator's order among equals, pinned whole under each policy")
struct NegotiatorTieBreakTests {
    /// Offers that tie on weight and specificity (both images, one rule for images): the sender's
    /// representation order decides first, then the representation's forms.
    let offers = [
        Offer(.png, form: .data, representationIndex: 1, formIndex: 0),
        Offer(.jpeg, form: .file, representationIndex: 0, formIndex: 1),
        Offer(.jpeg, form: .data, representationIndex: 0, formIndex: 0),
        Offer(.gif, form: .data, representationIndex: 2, formIndex: 0),
    ]
    let receiver = ReceiverProfile(
        name: "Images", identifier: "images", activation: ReceiverActivation(accepts: [AcceptRule(.image)]))

    @Test(
        "representation, then form, under every policy",
        arguments: [NegotiationPolicy.senderOrder, .receiverPreference, .product])
    func order(policy: NegotiationPolicy) {
        let negotiation = Negotiator(policy: policy).negotiate(offers, with: receiver)
        let order = negotiation.candidates.map { "\($0.offer.contentType.identifier) \($0.offer.form)" }
        #expect(
            order == ["public.jpeg data", "public.jpeg file", "public.png data", "com.compuserve.gif data"],
            "\(policy)")
    }

    @Test("the sender's order ignores how near the rule is; the receiver's ranks the nearer rule first")
    func nearnessOnlyForTheReceiver() {
        // The PNG is an image (one step from public.image); the JPEG is named exactly.
        let offers = [Offer(.png, representationIndex: 0), Offer(.jpeg, representationIndex: 1)]
        let receiver = ReceiverProfile(
            name: "Photos", identifier: "photos",
            activation: ReceiverActivation(accepts: [AcceptRule(.image), AcceptRule(.jpeg)]))
        let order = { (policy: NegotiationPolicy) in
            Negotiator(policy: policy).negotiate(offers, with: receiver).candidates.map(\.offer.contentType)
        }
        #expect(order(.senderOrder) == [.png, .jpeg])
        #expect(order(.receiverPreference) == [.jpeg, .png])
    }
}
