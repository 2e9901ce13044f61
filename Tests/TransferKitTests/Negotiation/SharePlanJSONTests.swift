import Foundation
import Testing
import TransferKit

/// The value as compact JSON with sorted keys, slashes unescaped: one exact string to compare.
private func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// A receiver that takes images as data, one image at most, HTML never, and anything else.
private let receiver = ReceiverProfile(
    name: "Test", identifier: "test",
    activation: ReceiverActivation(
        accepts: [
            AcceptRule(.image, forms: [.data], source: "image as data"),
            AcceptRule(.html, weight: 0, source: "text/html;q=0"),
            AcceptRule(mediaRange: .anyText, weight: 0.5),
            .wildcard(weight: 0.1),
        ],
        itemMatching: .any),
    consumption: ReceiverConsumption(maxTaken: [.image: 1]))

/// The library's own JSON of a plan, as `transfer negotiate --format json` prints it: every fact a
/// field of its own, each key and value checked exactly.
@Suite("SharePlan, Negotiation and Offer encode to JSON with stable keys")
struct SharePlanJSONTests {
    @Test("an offer: every fact a field; media type and parameters only when it has them")
    func offer() throws {
        #expect(
            try json(Offer(.png, form: .file))
                == #"{"contentType":"public.png","exportable":true,"form":"file","formIndex":0,"representationIndex":0,"visibility":"all"}"#
        )
        let xml = Offer(
            .xml, form: .data, mediaType: MediaType("text/xml;charset=utf-8"), representationIndex: 2,
            formIndex: 1, visibility: .team, isExportable: false)
        #expect(
            try json(xml)
                == #"{"contentType":"public.xml","exportable":false,"form":"data","formIndex":1,"mediaType":"text/xml","parameters":{"charset":"utf-8"},"representationIndex":2,"visibility":"team"}"#
        )
    }

    @Test("a delivered item: its candidate with the rule in AcceptRule's own JSON, and no cause")
    func deliveredItem() throws {
        let plan = Negotiator().plan(
            [ShareItem(label: "photo", offers: [Offer(.png, form: .file), Offer(.png, form: .data, formIndex: 1)])],
            for: receiver)
        let item = try #require(plan.items.first)
        let offer =
            #"{"contentType":"public.png","exportable":true,"form":"data","formIndex":1,"representationIndex":0,"visibility":"all"}"#
        let candidate =
            #"{"consumption":"ok","distance":1,"offer":\#(offer),"rule":{"forms":["data"],"source":"image as data","type":"public.image"},"weight":1}"#
        let fileOffer =
            #"{"contentType":"public.png","exportable":true,"form":"file","formIndex":0,"representationIndex":0,"visibility":"all"}"#
        let rejection =
            #"{"code":"formNotAccepted","offer":\#(fileOffer),"reason":"image as data does not take file (only data)","rule":{"forms":["data"],"source":"image as data","type":"public.image"}}"#
        #expect(
            try json(item)
                == #"{"candidates":[\#(candidate)],"delivered":\#(candidate),"kind":"image","label":"photo","outcome":"delivered","rejections":[\#(rejection)]}"#
        )
    }

    @Test("a dropped item: its cause as a code and the reason in words")
    func droppedItem() throws {
        let plan = Negotiator().plan(
            [ShareItem(label: "a", offers: [Offer(.png)]), ShareItem(label: "b", offers: [Offer(.jpeg)])],
            for: receiver)
        let dropped = try #require(plan.items.last)
        #expect(
            try json(dropped.cause)
                == #"{"code":"overLimit","reason":"Test takes at most 1 image item(s)"}"#)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(dropped)) as? [String: Any])
        #expect(object.keys.sorted() == ["candidates", "cause", "kind", "label", "outcome", "rejections"])
        #expect(object["outcome"] as? String == "dropped")
        #expect(object["label"] as? String == "b")
        #expect(object["kind"] as? String == "image")
        #expect((object["candidates"] as? [Any])?.count == 1)
    }

    @Test("a rejection: its code, the rule that decided in AcceptRule's JSON (q 0), and the reason")
    func rejection() throws {
        let negotiation = Negotiator().negotiate(
            [Offer(.html, mediaType: MediaType("text/html")), Offer(.plainText, representationIndex: 1)],
            with: receiver)
        let excluded = try #require(negotiation.rejections.first)
        #expect(
            try json(excluded)
                == #"{"code":"excluded","offer":{"contentType":"public.html","exportable":true,"form":"data","formIndex":0,"representationIndex":0,"visibility":"all"},"reason":"excluded by text/html;q=0 (q=0)","rule":{"q":0,"source":"text/html;q=0","type":"public.html"}}"#
        )
        // A media range's candidate: its specificity as the distance, the rule's q and the weight.
        let text = try #require(negotiation.best)
        #expect(
            try json(text)
                == #"{"consumption":"ok","distance":1,"offer":{"contentType":"public.plain-text","exportable":true,"form":"data","formIndex":0,"representationIndex":1,"visibility":"all"},"rule":{"mediaRange":"text/*","q":0.5},"weight":0.5}"#
        )
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(negotiation)) as? [String: Any])
        #expect(object.keys.sorted() == ["candidates", "policy", "receiver", "rejections"])
        #expect(object["policy"] as? String == NegotiationPolicy.senderOrder.rawValue)
        #expect(object["receiver"] as? String == "Test")
    }

    @Test("a consumption rejection: the handler's outcome and the evidence, fields of their own")
    func consumptionRejection() throws {
        let bluesky = try #require(ReceiverProfile.builtIn.first { $0.name == "Bluesky" })
        let negotiation = Negotiator().negotiate([Offer(.png, form: .file)], with: bluesky)
        let rejection = try #require(negotiation.rejections.first)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(rejection)) as? [String: Any])
        #expect(object["code"] as? String == "consumption")
        #expect(object["consumption"] as? String == rejection.cause.outcome?.rawValue)
        #expect(object["consumption"] as? String == "showsPath")
        #expect(object["note"] as? String == rejection.cause.note)
        #expect(object["note"] != nil)
        #expect(object["reason"] as? String == rejection.reason)
        #expect(object["rule"] == nil)
    }

    @Test("the plan: receiver, offered, activation steps with codes, and the items in order")
    func plan() throws {
        let plan = Negotiator().plan([ShareItem(label: "photo", offers: [Offer(.png)])], for: receiver)
        let step = try #require(plan.activationTrace.first)
        #expect(step.code == .offered)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(plan)) as? [String: Any])
        #expect(object.keys.sorted() == ["activation", "items", "offered", "receiver"])
        #expect(object["receiver"] as? String == "Test")
        #expect(object["offered"] as? Bool == true)
        #expect((object["items"] as? [[String: Any]])?.map { $0["label"] as? String } == ["photo"])
        #expect(try json(step) == #"{"code":"offered","description":"\#(step.description)"}"#)
    }

    @Test("an activation step about an item names it by label and position; counts are fields")
    func activationSteps() throws {
        // Two items of one label: the position tells which one the step is about.
        let strict = ReceiverProfile(
            name: "Strict", identifier: "strict",
            activation: ReceiverActivation(accepts: [AcceptRule(.image)], itemMatching: .all))
        let plan = Negotiator().plan(
            [ShareItem(label: "notes", offers: [Offer(.png)]), ShareItem(label: "notes", offers: [Offer(.pdf)])],
            for: strict)
        let step = try #require(plan.activationTrace.first)
        #expect(step.code == .itemNotMatched)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(plan)) as? [String: Any])
        #expect(object["offered"] as? Bool == false)
        let steps = try #require(object["activation"] as? [[String: Any]])
        #expect(steps.count == 1)
        #expect(steps[0].keys.sorted() == ["code", "description", "item", "itemIndex", "rule", "source"])
        #expect(steps[0]["code"] as? String == "itemNotMatched")
        #expect(steps[0]["description"] as? String == step.description)
        #expect(steps[0]["item"] as? String == "notes")
        #expect(steps[0]["itemIndex"] as? Int == 1)
        #expect(steps[0]["rule"] as? String == "receiver profile")
        #expect(steps[0]["source"] as? String == "the receiver profile Strict")
        // On its own a step cannot name its item.
        #expect(
            try json(step)
                == #"{"code":"itemNotMatched","description":"notes (file) matches no accept rule of Strict, and every item must match","rule":"receiver profile","source":"the receiver profile Strict"}"#
        )

        let counted = Negotiator().plan(
            [ShareItem(label: "a", offers: [Offer(.png)]), ShareItem(label: "b", offers: [Offer(.png)])],
            for: ReceiverProfile(
                name: "One", identifier: "one",
                activation: ReceiverActivation(accepts: [AcceptRule(.image)], maxAttachments: 1)))
        let tooMany = try #require(counted.activationTrace.first)
        #expect(
            try json(tooMany)
                == #"{"code":"tooManyAttachments","count":2,"description":"2 attachment(s), but One takes at most 1","limit":1,"rule":"receiver profile","source":"the receiver profile One"}"#
        )
    }
}
