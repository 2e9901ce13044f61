import Foundation
import Testing
import TransferKit

struct Ping: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .json) { _ in Data("{}".utf8) }
        ProxyRepresentation(exporting: { (_: Ping) in Pong() })
    }
}

struct Pong: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { (_: Pong) in Ping() })
    }
}

struct SelfProxy: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { (item: SelfProxy) in item })
    }
}

struct Clip: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .mpeg4Movie) { SentTransferredFile($0.file) }
        ProxyRepresentation(exporting: \.file)
    }
}

struct Gallery: Transferable {
    let cover: Clip
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: \.cover)
    }
}

@Suite("Flattening")
struct FlatteningTests {
    @Test func proxiesExpandInPlace() throws {
        let entries = try Note.flattenedRepresentations()
        #expect(entries.map(\.contentType) == [.testNote, .html, .utf8PlainText])
        #expect(entries.map(\.payloadForm) == [.data, .data, .data])
        #expect(entries.map(\.canExport) == [true, true, true])
        #expect(entries.map(\.canImport) == [true, false, false])
        #expect(entries.map(\.hasExportingCondition) == [false, true, false])
        #expect(entries[2].proxyChain == ["String"])
    }

    @Test func proxiesChain() throws {
        let entries = try Gallery.flattenedRepresentations()
        #expect(entries.map(\.contentType) == [.mpeg4Movie, .url, .fileURL])
        #expect(entries.map(\.proxyChain) == [["Clip"], ["Clip", "URL"], ["Clip", "URL"]])
        #expect(entries[0].payloadForm == .file)
        // URL's condition (file URLs only) reaches through both proxies.
        let web = Gallery(cover: Clip(file: URL(string: "https://example.com/a.mp4")!))
        let local = Gallery(cover: Clip(file: URL(fileURLWithPath: "/tmp/a.mp4")))
        #expect(web.exportedContentTypes() == [.mpeg4Movie, .url])
        #expect(local.exportedContentTypes() == [.mpeg4Movie, .url, .fileURL])
    }

    @Test func proxyCyclesAreReportedNotFollowed() async throws {
        #expect {
            try Ping.flattenedRepresentations()
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .proxyCycle && error.description.contains("Ping → Pong → Ping")
        }
        #expect(throws: TransferError.self) { try SelfProxy.flattenedRepresentations() }
        await #expect {
            try await Ping().exported(as: .json)
        } throws: { error in
            (error as? TransferError)?.code == .proxyCycle
        }
        #expect(Ping.exportedContentTypes() == [])
    }

    @Test("A proxy cycle reaches negotiation, sharing and item providers as the typed error it is")
    func proxyCyclesReportThemselvesEverywhere() async throws {
        let isCycle: @Sendable (any Error) -> Bool = { ($0 as? TransferError)?.code == .proxyCycle }
        #expect(performing: { try Offer.offers(for: Ping()) }, throws: isCycle)
        let receiver = ReceiverProfile(
            name: "Any", identifier: "any", activation: ReceiverActivation(accepts: [AcceptRule(.data)]))
        #expect(performing: { try Negotiator().negotiate(Ping(), with: receiver) }, throws: isCycle)
        let item = ShareItem(Ping(), label: "ping")
        #expect(item.offers.isEmpty)
        #expect(item.flatteningError?.code == .proxyCycle)
        let share = [item, ShareItem("text", label: "text")]
        let plan = Negotiator().plan(share, for: receiver)
        await #expect(performing: { try await plan.deliver(share) { _, _ in } }, throws: isCycle)
        let provider = ItemProvider()
        provider.register(Ping())
        #expect(provider.registeredContentTypes.isEmpty)
        await #expect(performing: { try await provider.loadData(for: .data) }, throws: isCycle)
    }

    @Test func flatteningIsCachedAndStable() throws {
        let first = try Note.flattenedRepresentations().map(\.description)
        let second = try Note.flattenedRepresentations().map(\.description)
        #expect(first == second)
        #expect(first[0] == "org.transferkit.test.note (data, export, import)")
        #expect(first[2] == "public.utf8-plain-text (data, export, via String)")
    }
}
