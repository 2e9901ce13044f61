import Foundation
import Testing
import TransferKitTesting

struct Memo: Codable, Equatable, Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
        DataRepresentation(contentType: .utf8PlainText) {
            Data($0.text.utf8)
        } importing: {
            Memo(text: String(decoding: $0, as: UTF8.self))
        }
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
        } importing: {
            Lossy(text: String(decoding: $0, as: UTF8.self), count: -1)
        }
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

/// An image with the bytes of a PNG, in a file of its own name: what apps share.
private let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data("sunset pixels".utf8)

/// A photo kept in a file: its representation sends the file, which arrives under its own name.
struct Photo: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .png) { SentTransferredFile($0.file) }
    }
}

@Suite("Simulated receivers: the plan delivered")
struct SimulatedReceiverTests {
    /// Shares a photo (a PNG file named `Sunset Photo.png`) and a text with a receiver; checks that
    /// the photo's file is untouched and that every file the delivery made is gone.
    private func share(with receiver: String, forms: TransferPayloadFormOrder = .representationFirst) async throws
        -> ReceivedShare
    {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Sunset Photo.png")
        try pngBytes.write(to: file)
        let shown = try await SimulatedReceiver.named(receiver).receive([
            ShareItem(Photo(file: file), label: "photo", forms: forms), ShareItem("#sunset #sea", label: "text"),
        ])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Sunset Photo.png"])
        #expect(try Data(contentsOf: file) == pngBytes)
        for path in shown.attachments.compactMap(\.filePath) {
            #expect(!FileManager.default.fileExists(atPath: path), "\(path) outlived the delivery")
            #expect(
                !FileManager.default.fileExists(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path))
        }
        return shown
    }

    @Test("Two items with one label are two items: each delivers its own bytes and name, texts their own words")
    func itemsAreIdentifiedByPositionNotLabel() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("First.png")
        let second = directory.appendingPathComponent("Second.png")
        try (pngBytes + Data("one".utf8)).write(to: first)
        try (pngBytes + Data("two".utf8)).write(to: second)
        let shown = try await SimulatedReceiver.named("X").receive([
            ShareItem(Photo(file: first), label: "photo"), ShareItem(Photo(file: second), label: "photo"),
            ShareItem("one", label: "text"), ShareItem("two", label: "text"),
        ])
        #expect(shown.images.map(\.fileName) == ["First.png", "Second.png"])
        #expect(shown.images.map(\.data) == [pngBytes + Data("one".utf8), pngBytes + Data("two".utf8)])
        #expect(shown.text == "one\ntwo")
    }

    @Test("An offer is found by content type and form; withPayload delivers exactly it")
    func offerLookup() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("photos-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Sunset.png")
        try pngBytes.write(to: file)
        let item = ShareItem(Photo(file: file), label: "photo")
        let asFile = try #require(item.offer(.png, form: .file))
        #expect(asFile.contentType == .png && asFile.form == .file)
        #expect(item.offer(.image, form: .file) == nil)  // Exactly the type, not a supertype.
        #expect(item.offer(.jpeg, form: .data) == nil)
        let delivered = try await item.withPayload(for: asFile) { payload in
            (payload.form, try payload.fileURL.map { try Data(contentsOf: $0) })
        }
        #expect(delivered.0 == .file && delivered.1 == pngBytes)
    }

    @Test func photosSavesTheImageFileAndIgnoresTheText() async throws {
        let shown = try await share(with: "Photos")
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.images.first?.data == pngBytes)
        #expect(shown.images.first?.fileName == "Sunset Photo.png")
        #expect(shown.text == nil)
        #expect(shown.dropped.map(\.label) == ["text"])
        #expect(shown.dropped.first?.cause.code == .noAcceptedOffer)
    }

    @Test func xPostsTheImageFileAndTheText() async throws {
        let shown = try await share(with: "X")
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.images.first?.data == pngBytes)
        #expect(shown.images.first?.fileName == "Sunset Photo.png")
        #expect(shown.text == "#sunset #sea")
        #expect(shown.dropped.isEmpty)
        #expect(shown.description.contains("X received:"))
    }

    @Test func blueskyTakesTheImageObjectAndLeavesTheTextOut() async throws {
        let shown = try await share(with: "Bluesky")
        #expect(shown.images.map(\.form) == [.value])
        // The value form hands over the item itself, in process, and no file; the bytes are what
        // the same representation exports as data: the photo Bluesky shows.
        #expect(shown.images.first?.value(as: Photo.self)?.file.lastPathComponent == "Sunset Photo.png")
        #expect(shown.images.first?.data == pngBytes)
        #expect(shown.images.first?.filePath == nil)
        #expect(shown.text == nil)
        #expect(shown.dropped.map(\.label) == ["text"])
        // As the testing article writes it.
        #expect(shown.dropped.map(\.cause.code) == [.failsWithOtherItem])
    }

    @Test func mastodonTakesTheImageBytesAndTheText() async throws {
        let shown = try await share(with: "Mastodon")
        #expect(shown.images.map(\.form) == [.data])
        #expect(shown.images.first?.data == pngBytes)
        #expect(shown.text == "#sunset #sea")
        #expect(shown.dropped.isEmpty)
    }

    @Test func mastodonGivenOnlyAFileAddsItsPathToThePost() async throws {
        let shown = try await share(with: "Mastodon", forms: [.file])
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.images.first?.data == pngBytes)
        let path = try #require(shown.images.first?.filePath)
        #expect(path.hasSuffix("/Sunset Photo.png"))
        #expect(shown.text == "#sunset #sea\n" + path)
        guard case .transformed(_, let reason) = shown.plan.items[1].outcome else {
            Issue.record("expected the text to be transformed")
            return
        }
        #expect(reason.code == .addsPathToText)
    }

    @Test func threadsTakesTheImageObjectAndDropsTheText() async throws {
        let shown = try await share(with: "Threads")
        #expect(shown.images.map(\.form) == [.value])
        #expect(shown.images.first?.value is Photo)
        #expect(shown.text == nil)
        #expect(shown.dropped.first?.cause.code == .ignoredWithOtherItem)
    }

    @Test func instagramTakesTheImageFileAndLeavesTheTextOut() async throws {
        let shown = try await share(with: "Instagram")
        #expect(shown.images.map(\.form) == [.file])
        #expect(shown.images.first?.data == pngBytes)
        #expect(shown.text == nil)
        #expect(shown.dropped.first?.cause.code == .failsWithOtherItem)
    }

    @Test func handWrittenOffersAreReportedNotExported() async throws {
        let offers = ShareItem(label: "sketch", offers: [Offer(.png, form: .file)])
        let shown = try await SimulatedReceiver.named("X").receive([offers])
        #expect(shown.images.map(\.contentType) == [.png])
        #expect(shown.images.first?.data == nil)
        await #expect(throws: TransferError.self) {
            try await offers.withPayload(for: offers.offers[0]) { _ in }
        }
    }
}

@Suite("Fixtures")
struct FixtureTests {
    @Test func receivedFileFixturesFeedImporters() async throws {
        try await withTemporaryDirectory(checkingForLeaks: .transferKit) { directory in
            let received = try ReceivedTransferredFile.fixture(
                named: "in.txt", contents: Data("hi".utf8), in: directory)
            #expect(!received.isOriginalFile)
            #expect(try String(contentsOf: received.file, encoding: .utf8) == "hi")
            let sent = try SentTransferredFile.fixture(
                contents: Data([1]), in: directory, allowAccessingOriginalFile: true)
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

@Suite("The plain-text trap, warned about")
struct PlainTextTrapTests {
    struct JSONFirst: Codable, Transferable, Equatable {
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .json)
            ProxyRepresentation(exporting: \.title)
        }
    }

    struct OwnType: Codable, Transferable, Equatable {
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: UTType(exportedAs: "com.example.trap.item"))
            ProxyRepresentation(exporting: \.title)
        }
    }

    struct Private: Codable, Transferable, Equatable {
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .json).visibility(.ownProcess)
            ProxyRepresentation(exporting: \.title)
        }
    }

    struct TextFirst: Codable, Transferable, Equatable {
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            ProxyRepresentation(exporting: \.title)
            CodableRepresentation(contentType: .json)
        }
    }

    @Test("JSON before the text proxy is warned about, and the report still conforms")
    func jsonFirstIsWarned() async {
        let report = await TransferConformance.check(JSONFirst(title: "Hi"), isEquivalent: ==)
        #expect(report.isConforming)
        #expect(report.warnings.count == 1)
        #expect(
            report.warnings.first?.hasPrefix(
                "public.json (data) comes before public.utf8-plain-text (via String) and is text "
                    + "(public.json conforms to public.text)") == true, "\(report.warnings)")
        #expect(
            report.warnings.first?.contains(
                #"Give it a type of your own, a kind of data: UTType(exportedAs: "com.example.jsonfirst", conformingTo: .data)"#
            )
                == true, "\(report.warnings)")
        #expect(report.description.contains("  warning: public.json"))
    }

    /// The README's own way of declaring an app's type, `conformingTo: .json`, walks into the trap:
    /// the warning names the conformance and the line that fixes it, for the app's own identifier.
    struct DeclaredAsJSON: Codable, Transferable, Equatable {
        var title: String
        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: UTType(exportedAs: "com.example.trap.invoice", conformingTo: .json))
            ProxyRepresentation(exporting: \.title)
        }
    }

    @Test("an app's own type declared as JSON: the warning names the chain to public.text and the exact fix")
    func ownTypeDeclaredAsJSONIsWarnedWithTheFix() async {
        let report = await TransferConformance.check(DeclaredAsJSON(title: "Hi"), isEquivalent: ==)
        let warning = report.warnings.first ?? ""
        #expect(report.warnings.count == 1)
        #expect(
            warning.contains("(com.example.trap.invoice conforms to public.json, public.json conforms to public.text)"),
            "\(warning)")
        #expect(
            warning.contains(
                #"Declare com.example.trap.invoice a kind of data, not of text: UTType(exportedAs: "com.example.trap.invoice", conformingTo: .data)"#
            ), "\(warning)")
    }

    @Test("a type of one's own, a private JSON, or text first: no warning")
    func fixesAreNotWarned() async {
        #expect(await TransferConformance.check(OwnType(title: "Hi"), isEquivalent: ==).warnings == [])
        #expect(await TransferConformance.check(Private(title: "Hi"), isEquivalent: ==).warnings == [])
        #expect(await TransferConformance.check(TextFirst(title: "Hi"), isEquivalent: ==).warnings == [])
    }
}
