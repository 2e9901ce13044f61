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

    @Test("the value form hands over the item, or its proxy's value, without serialisation")
    func valueFormIsTheValueItself() async throws {
        let card = Card(title: "Hello", body: "World")
        let share = [ShareItem(card, label: "card", forms: [.value])]
        let json = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.json)]))
        try await json.deliver(share) { _, payload in
            #expect(payload.form == .value)
            #expect((payload.value as? Card)?.title == "Hello")
            #expect(payload.data == nil)
        }
        let text = Negotiator().plan(share, for: receiver(accepting: [AcceptRule(.plainText)]))
        try await text.deliver(share) { _, payload in
            #expect(payload.value as? String == "Hello")
        }
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
        let sketch = ShareItem(label: "card", offers: [Offer(.json)])
        await #expect(throws: TransferError.self) { try await plan.deliver([sketch]) { _, _ in } }
        // An offer that is not one of the item's representations.
        await #expect(throws: TransferError.self) { try await card.withPayload(for: Offer(.png)) { _ in } }
        // Dropped items are skipped.
        let nothing = Negotiator().plan([card], for: receiver(accepting: [AcceptRule(.png)]))
        var count = 0
        try await nothing.deliver([card]) { _, _ in count += 1 }
        #expect(count == 0)
    }
}
