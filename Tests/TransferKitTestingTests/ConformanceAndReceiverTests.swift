import Foundation
import Testing
import TransferKitTesting

struct Memo: Codable, Equatable, Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
        DataRepresentation(contentType: .utf8PlainText) { Data($0.text.utf8) } importing: { Memo(text: String(decoding: $0, as: UTF8.self)) }
            .suggestedFileName("memo.txt")
    }
}

/// Loses data on the way back, names its file wrongly, and cannot export empty text.
struct Lossy: Equatable, Transferable {
    var text: String
    var count: Int
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { item in
            guard !item.text.isEmpty else { throw CocoaError(.fileWriteUnknown) }
            return Data(item.text.utf8)
        } importing: { Lossy(text: String(decoding: $0, as: UTF8.self), count: -1) }
            .suggestedFileName("lossy.png")
        DataRepresentation(exportedContentType: .html) { Data("<p>\($0.text)</p>".utf8) }
            .exportingCondition { $0.count > 0 }
    }
}

struct Shot: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .png) { SentTransferredFile($0.file) }
    }
}

@Suite("Conformance checker")
struct ConformanceCheckerTests {
    @Test func aGoodConformancePasses() async {
        let report = await TransferConformance.check(Memo(text: "hello"))
        #expect(report.isConforming, "\(report)")
        #expect(report.representations.map(\.roundTrip) == [.equivalent, .equivalent])
    }

    @Test func mismatchesFileNamesAndConditionsAreReported() async {
        let report = await TransferConformance.check(Lossy(text: "x", count: 0))
        #expect(!report.isConforming)
        #expect(report.representations[0].roundTrip == .mismatch)
        #expect(report.representations[0].fileNameProblem?.contains(".png") == true)
        #expect(report.representations[1].hiddenByExportingCondition)
        #expect(report.problems.count == 2)
        let failing = await TransferConformance.check(Lossy(text: "", count: 1))
        #expect(failing.representations[0].exportError != nil)
        #expect(failing.representations[1].roundTrip == .noImporter)
        #expect(failing.description.contains("export fails"))
    }

    @Test func proxyChainsAreShown() async throws {
        let report = await TransferConformance.check(Note(title: "t", body: "b")) { $0 == $1 }
        #expect(report.representations.map(\.proxyChain) == [[], [], ["String"]])
    }
}

struct Note: Codable, Hashable, Transferable {
    var title: String
    var body: String
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
        DataRepresentation(exportedContentType: .html) { Data("<p>\($0.body)</p>".utf8) }
        ProxyRepresentation(exporting: \.title)
    }
}

@Suite("Simulated receivers")
struct SimulatedReceiverTests {
    let photo = ShareItem(Shot(file: URL(fileURLWithPath: "/tmp/sunset.png")), label: "photo")
    let text = ShareItem("#sunset #sea", label: "text")

    @Test func blueskyShowsTheImageObjectAndDropsTheText() async throws {
        let shown = try await SimulatedReceiver.named("Bluesky").receive([photo, text])
        #expect(shown.isOffered)
        #expect(shown.images.map(\.form) == [.value])
        #expect(shown.text == nil)
        #expect(shown.dropped.map(\.label) == ["text"])
    }

    @Test func mastodonShowsTheImageAndTheText() async throws {
        let shown = try await SimulatedReceiver.named("Mastodon").receive([photo, text])
        #expect(shown.images.map(\.form) == [.data])
        #expect(shown.text == "#sunset #sea")
        #expect(shown.dropped.isEmpty)
    }

    @Test func mastodonGivenOnlyAFileURLAddsItsPathToTheText() async throws {
        let fileOnly = ShareItem(Shot(file: URL(fileURLWithPath: "/tmp/sunset.png")), label: "photo", forms: [.file])
        let shown = try await SimulatedReceiver.named("Mastodon").receive([fileOnly, text])
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.text == "#sunset #sea\n/tmp/sunset.png")
    }

    @Test func xShowsBoth() async throws {
        let shown = try await SimulatedReceiver.named("X").receive([photo, text])
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.text == "#sunset #sea")
        #expect(shown.description.contains("X shows:"))
    }
}

@Suite("Fixtures")
struct FixtureTests {
    @Test func receivedFileFixturesFeedImporters() async throws {
        try await withTemporaryDirectory(checkingForLeaks: .transferKit) { directory in
            let received = try ReceivedTransferredFile.fixture(named: "in.txt", contents: Data("hi".utf8), in: directory)
            #expect(!received.isOriginalFile)
            #expect(try String(contentsOf: received.file, encoding: .utf8) == "hi")
            let sent = try SentTransferredFile.fixture(contents: Data([1]), in: directory, allowAccessingOriginalFile: true)
            #expect(sent.allowAccessingOriginalFile)
        }
    }

    @Test func transferKitFilesAreCheckedForLeaks() async throws {
        // Every temporary file TransferKit makes in the body lands in the fixture and is removed.
        try await withTemporaryDirectory { _ in
            _ = try await Memo(text: "x").withExportedFile(contentType: .plainText) { try Data(contentsOf: $0) }
            _ = try await String(importing: Data("y".utf8), contentType: .utf8PlainText)
        }
    }

    @Test func leftoverFilesFailTheCheck() async throws {
        await #expect(throws: LeakedFilesError.self) {
            try await withTemporaryDirectory(checkingForLeaks: .everything) { directory in
                try Data("left".utf8).write(to: directory.appendingPathComponent("leftover.txt"))
            }
        }
    }

    @Test func cancelledHundredMegabyteLoadLeavesNothingBehind() async throws {
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID()).bin")
        try Data(count: 100 << 20).write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        try await withTemporaryDirectory { _ in
            let provider = ItemProvider()
            provider.registerFileRepresentation(for: .data) { source }
            // Cancel the loading task once a fifth is copied, from inside it: deterministic.
            let progress = TransferProgress { fraction in
                if fraction > 0.2 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            let load = Task {
                try await provider.loadFile(for: .data, progress: progress) { url in url }
            }
            let result = await load.result
            #expect {
                try result.get()
            } throws: { error in
                (error as? TransferError)?.code == .cancelled
            }
            #expect(progress.isFinished)
            #expect(progress.fractionCompleted < 1)
        }
    }
}
