import Foundation
import Testing
import TransferKit

private func share(_ kinds: [(String, UTType)]) -> [ShareItem] {
    kinds.map { ShareItem(label: $0.0, offers: [Offer($0.1)]) }
}

private func receiver(
    _ accepts: [AcceptRule], matching: ReceiverActivation.ItemMatching = .all, maxCounts: [ContentKind: Int] = [:],
    minAttachments: Int? = nil, maxAttachments: Int? = nil, consumption: ReceiverConsumption = ReceiverConsumption()
) -> ReceiverProfile {
    ReceiverProfile(
        name: "Test", identifier: "test",
        activation: ReceiverActivation(
            accepts: accepts, maxCounts: maxCounts, minAttachments: minAttachments, maxAttachments: maxAttachments,
            itemMatching: matching),
        consumption: consumption)
}

/// Each cause and activation step a plan can give, from the share and the receiver that give it.
@Suite("SharePlan: every cause and activation step, from what produces it")
struct SharePlanCauseTests {
    @Test("itemNotMatched: with every item required, the one no rule accepts is named")
    func itemNotMatched() {
        // Two items of one label: the step names the one by identity, not by label.
        let items = share([("notes", .png), ("notes", .pdf)])
        let plan = Negotiator().plan(items, for: receiver([AcceptRule(.image)]))
        #expect(!plan.isOffered)
        #expect(plan.activationTrace.map(\.code) == [.itemNotMatched])
        #expect(plan.activationTrace.first?.itemID == items[1].id)
        #expect(plan.activationTrace.first.flatMap { $0.itemID.flatMap(plan.itemPlan(for:)) }?.itemID == items[1].id)
        #expect(plan.items.map(\.cause?.code) == [.receiverNotOffered, .receiverNotOffered])
    }

    @Test("noItemMatched: with any item enough, none is")
    func noItemMatched() {
        let plan = Negotiator().plan(share([("notes", .pdf)]), for: receiver([AcceptRule(.image)], matching: .any))
        #expect(plan.activationTrace.map(\.code) == [.noItemMatched])
    }

    @Test("tooFewAttachments and tooManyAttachments carry the count and the limit")
    func attachmentCounts() {
        let few = Negotiator().plan(share([("a", .png)]), for: receiver([AcceptRule(.image)], minAttachments: 2))
        #expect(few.activationTrace.map(\.code) == [.tooFewAttachments])
        #expect(few.activationTrace.first.map { ($0.count, $0.limit) } ?? (0, 0) == (1, 2))
        let many = Negotiator().plan(
            share([("a", .png), ("b", .png), ("c", .png)]), for: receiver([AcceptRule(.image)], maxAttachments: 2))
        #expect(many.activationTrace.map(\.code) == [.tooManyAttachments])
        #expect(many.activationTrace.first.map { ($0.count, $0.limit) } ?? (0, 0) == (3, 2))
    }

    @Test("overLimit: the handler takes the first items of a kind, up to its limit")
    func overLimit() {
        let plan = Negotiator().plan(
            share([("a", .png), ("b", .jpeg), ("c", .png)]),
            for: receiver([AcceptRule(.image)], consumption: ReceiverConsumption(maxTaken: [.image: 2])))
        #expect(plan.isOffered)
        #expect(plan.items.map(\.cause?.code) == [nil, nil, .overLimit])
        #expect(plan.items[2].reason == "Test takes at most 2 image item(s)")
    }

    @Test("firstItemOnly: the first item in the handler's precedence, not in the share's order")
    func firstItemOnly() {
        let plan = Negotiator().plan(
            share([("note", .plainText), ("photo", .png), ("clip", .mpeg4Movie)]),
            for: receiver(
                [.wildcard()], consumption: ReceiverConsumption(reads: .firstItemOnly, precedence: [.movie, .image])))
        #expect(plan.items.map(\.cause?.code) == [.firstItemOnly, .firstItemOnly, nil])
        #expect(plan.items[0].reason?.hasSuffix("(in the order movie → image): clip") == true)
    }

    @Test("delivery stops between items when the task is cancelled, and what was delivered stays delivered")
    func cancellationBetweenItems() async throws {
        let items = [ShareItem("one"), ShareItem("two"), ShareItem("three")]
        let plan = Negotiator().plan(items, for: receiver([AcceptRule(.plainText)]))
        #expect(plan.items.allSatisfy { !$0.isDropped })
        let received = Received()
        let task = Task {
            try await plan.deliver(items) { item, payload in
                await received.append(String(decoding: payload.data ?? Data(), as: UTF8.self))
                // Cancelled while the first item is being received: the next is not started.
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await received.texts == ["one"])
    }
}

private actor Received {
    var texts: [String] = []
    func append(_ text: String) { texts.append(text) }
}

@Suite("ReceiverConsumption: how a handler reads what it is given")
struct ReceiverConsumptionTests {
    @Test("reading(for:form:): the form's own reading, else the kind's, else as intended")
    func readings() {
        let consumption = ReceiverConsumption(readings: [
            .init(.image, forms: .file, outcome: .showsPath, note: "a file URL is read as a URL"),
            .init(.image, outcome: .ignored),
        ])
        #expect(consumption.reading(for: .image, form: .file).outcome == .showsPath)
        #expect(consumption.reading(for: .image, form: .file).note == "a file URL is read as a URL")
        #expect(consumption.reading(for: .image, form: .data).outcome == .ignored)
        #expect(consumption.reading(for: .text, form: .data).outcome == .ok)
    }

    @Test("a reading that makes a receiver fail rejects the offer with its outcome and evidence")
    func readingsRejectOffers() throws {
        let profile = ReceiverProfile(
            name: "Test", identifier: "test", activation: ReceiverActivation(accepts: [.wildcard()]),
            consumption: ReceiverConsumption(readings: [.init(.image, forms: .file, outcome: .fails, note: "crashes")]))
        let negotiation = Negotiator().negotiate([Offer(.png, form: .file), Offer(.png, formIndex: 1)], with: profile)
        #expect(negotiation.best?.offer.form == .data)
        let rejection = try #require(negotiation.rejections.first)
        #expect(rejection.cause.code == .consumption)
        #expect(rejection.cause.outcome == .fails)
        #expect(rejection.reason == "fails: crashes")
        // It survives its JSON form: profiles are saved and loaded.
        let data = try JSONEncoder().encode(profile.consumption)
        let decoded = try JSONDecoder().decode(ReceiverConsumption.self, from: data)
        #expect(decoded.reading(for: .image, form: .file).outcome == .fails)
    }
}
