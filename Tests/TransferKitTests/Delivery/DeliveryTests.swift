import Foundation
import Testing
import TransferKit

/// A backup kept in a file, as real apps export it.
private struct Backup: Transferable {
    let file: URL
    var name: String?
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .zip) { SentTransferredFile($0.file) }
            .suggestedFileName { $0.name }
    }
}

/// A card with a JSON form, an HTML form and a proxy to its title.
private struct Card: Transferable, Codable {
    var title: String
    var body: String
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
        DataRepresentation(exportedContentType: .html) { Data("<p>\($0.body)</p>".utf8) }
        ProxyRepresentation(exporting: \.title)
    }
}

@Suite("Delivery: the plan carried out")
struct DeliveryTests {
    private func receiver(accepting rules: [AcceptRule]) -> ReceiverProfile {
        ReceiverProfile(name: "Test", identifier: "test", activation: ReceiverActivation(accepts: rules))
    }

    @Test("exactly the chosen representation and form is exported")
    func exportsTheChosenRepresentation() async throws {
        let card = Card(title: "Hello", body: "World")
        let share = [ShareItem(card, label: "card")]
        let plan = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.html, forms: [.data])]))
        var payloads: [DeliveredPayload] = []
        try await plan.deliver(share) { _, payload in payloads.append(payload) }
        #expect(payloads.map(\.contentType) == [.html])
        #expect(payloads.first?.data == Data("<p>World</p>".utf8))
        #expect(payloads.first?.fileURL == nil)
    }

    @Test("the value form hands over the item, or its proxy's value, typed and without serialisation")
    func valueFormIsTheValueItself() async throws {
        let card = Card(title: "Hello", body: "World")
        let share = [ShareItem(card, label: "card", forms: [.value])]
        let json = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.json)]))
        var payloads: [DeliveredPayload] = []
        try await json.deliver(share) { _, payload in payloads.append(payload) }
        try #require(payloads.count == 1)
        #expect(payloads[0].form == .value)
        #expect(payloads[0].value(as: Card.self)?.title == "Hello")
        #expect(payloads[0].value(as: String.self) == nil)
        #expect(payloads[0].data == nil && payloads[0].fileURL == nil)

        payloads = []
        let text = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.plainText)]))
        try await text.deliver(share) { _, payload in payloads.append(payload) }
        try #require(payloads.count == 1)
        guard case .value(let value) = payloads[0].content else {
            Issue.record("expected the value form, got \(payloads[0].form)")
            return
        }
        #expect(value as? String == "Hello")
        let proxied: String? = payloads[0].value()
        #expect(proxied == "Hello")
    }

    @Test("a sent file keeps its own name unless a suggested name overrides it; nothing outlives the call")
    func filesKeepTheirNamesAndAreRemoved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("backups-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("Pendulum Backup.zip")
        try Data("PK zip".utf8).write(to: original)
        let zipReceiver = receiver(accepting: [AcceptRule(.zip, forms: [.file])])

        for (backup, expected) in [
            (Backup(file: original), "Pendulum Backup.zip"), (Backup(file: original, name: "Home.bpf"), "Home.bpf"),
        ] {
            let share = [ShareItem(backup, label: "backup")]
            var delivered: URL?
            try await Negotiator().plan(share, for: zipReceiver).deliver(share) { _, payload in
                delivered = payload.fileURL
                #expect(payload.fileURL?.lastPathComponent == expected)
                let bytes = try Data(contentsOf: payload.fileURL!)
                #expect(bytes == Data("PK zip".utf8))
            }
            let file = try #require(delivered)
            #expect(file != original)
            #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
        }
        // The body throws: the copy is removed all the same, and the error comes through unchanged.
        struct Refused: Error {}
        let share = [ShareItem(Backup(file: original), label: "backup")]
        var delivered: URL?
        await #expect(throws: Refused.self) {
            try await Negotiator().plan(share, for: zipReceiver).deliver(share) { _, payload in
                delivered = payload.fileURL
                throw Refused()
            }
        }
        #expect(delivered.map { !FileManager.default.fileExists(atPath: $0.path) } == true)
        #expect(FileManager.default.fileExists(atPath: original.path))
    }

    @Test("a plan delivers only the share it was made for, and only items made of values")
    func deliveryChecksItsInputs() async throws {
        let card = ShareItem(Card(title: "a", body: "b"), label: "card")
        let plan = Negotiator().plan([card], for: receiver(accepting: [AcceptRule(.json)]))
        await #expect(throws: TransferError.self) { try await plan.deliver([card, card]) { _, _ in } }
        // Another item with the same label and the same type is another item.
        let twin = ShareItem(Card(title: "a", body: "b"), label: "card")
        #expect(twin.id != card.id)
        let notPlanned = await #expect(throws: TransferError.self) { try await plan.deliver([twin]) { _, _ in } }
        #expect(notPlanned?.reason.contains("is not the item the plan was made for") == true)
        let sketch = ShareItem(label: "card", offers: [Offer(.json)])
        await #expect(throws: TransferError.self) { try await plan.deliver([sketch]) { _, _ in } }
        // An offer written by hand names no representation, even one that matches by type and position.
        let handWritten = await #expect(throws: TransferError.self) {
            try await card.withPayload(for: Offer(.json, representationIndex: 0)) { _ in }
        }
        #expect(handWritten?.reason.contains("written by hand") == true)
        // An offer of another type's representation is refused, not exported by position.
        let textOffer = try #require(ShareItem("hello").offers.first)
        let foreign = await #expect(throws: TransferError.self) {
            try await card.withPayload(for: textOffer) { _ in }
        }
        #expect(foreign?.reason.contains("another type") == true)
        // Dropped items are skipped.
        let nothing = Negotiator().plan([card], for: receiver(accepting: [AcceptRule(.png)]))
        var count = 0
        try await nothing.deliver([card]) { _, _ in count += 1 }
        #expect(count == 0)
    }

    @Test("two items of one type and one label deliver each its own payload, in the share's order")
    func twoItemsWithOneLabel() async throws {
        let share = [
            ShareItem(Card(title: "first", body: "1"), label: "card"),
            ShareItem(Card(title: "second", body: "2"), label: "card"),
        ]
        let plan = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.html, forms: [.data])]))
        #expect(plan.items.map(\.itemID) == share.map(\.id))
        var received: [(ShareItem.ID, ShareItem.ID, String)] = []
        try await plan.deliver(share) { item, payload in
            received.append((item.itemID, payload.itemID, String(decoding: payload.data ?? Data(), as: UTF8.self)))
        }
        #expect(received.map(\.0) == share.map(\.id))
        #expect(received.map(\.1) == share.map(\.id))
        #expect(received.map(\.2) == ["<p>1</p>", "<p>2</p>"])
    }

    @Test("a body that only throws needs no type annotation, and its error passes through unchanged")
    func aThrowingBodyInfersItsType() async throws {
        struct Refused: Error, Equatable {}
        let card = ShareItem(Card(title: "a", body: "b"), label: "card")
        let offer = try #require(card.offer(.html, form: .data))
        await #expect(throws: Refused()) { try await card.withPayload(for: offer) { _ in throw Refused() } }
    }
}
