import Foundation
import Testing
import TransferKitTesting

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

struct Photo: Transferable {
    let file: URL
    var caption: String

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .png) { photo in
            SentTransferredFile(photo.file)
        } importing: { received in
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString + ".png")
            try FileManager.default.copyItem(at: received.file, to: copy)
            return Photo(file: copy, caption: "")
        }
        .suggestedFileName { _ in "photo.png" }
        ProxyRepresentation(exporting: \.caption)
    }
}

@Suite struct PhotoTransferTests {
    /// A real PNG, generated: no fixture files, no network.
    func makePhoto(in directory: URL) throws -> Photo {
        let file = directory.appendingPathComponent("sunset.png")
        try PlaceholderImage(width: 320, height: 200, text: "sunset").pngData().write(to: file)
        return Photo(file: file, caption: "#sunset #sea")
    }

    @Test func everyRepresentationRoundTrips() async throws {
        try await withTemporaryDirectory { directory in
            let photo = try makePhoto(in: directory)
            let report = await TransferConformance.check(photo) { original, copy in
                (try? Data(contentsOf: original.file)) == (try? Data(contentsOf: copy.file))
            }
            #expect(report.isConforming, "\(report)")
        }
    }

    @Test func theImporterKeepsACopy() async throws {
        // ReceivedTransferredFile has a public initializer here, so an importer can be called directly,
        // and the fixture fails the test if TransferKit leaves a temporary file behind.
        try await withTemporaryDirectory { directory in
            let png = try PlaceholderImage().pngData()
            let received = try ReceivedTransferredFile.fixture(named: "in.png", contents: png, in: directory)
            let photo = try await Photo(importing: received.file, contentType: .png)
            #expect(try Data(contentsOf: photo.file) == png)
            try FileManager.default.removeItem(at: photo.file)
        }
    }

    @Test(arguments: ["X", "Bluesky", "Mastodon"])
    func eachReceiverShowsThePhoto(_ receiver: String) async throws {
        try await withTemporaryDirectory { directory in
            let photo = try makePhoto(in: directory)
            let share = [ShareItem(photo, label: "photo"), ShareItem(photo.caption, label: "caption")]
            let shown = try await SimulatedReceiver.named(receiver).receive(share)
            #expect(shown.images.count == 1, "\(shown)")
            switch receiver {
            case "Bluesky":
                #expect(shown.text == nil)  // text with an image crashes Bluesky
                #expect(shown.dropped.map(\.label) == ["caption"])
            default:
                #expect(shown.text == "#sunset #sea")
            }
        }
    }

    @Test func placeholderImagesOverURLSession() async throws {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [PlaceholderURLProtocol.self]
        let session = URLSession(configuration: configuration)
        let url = URL(string: "http://placeholder/image.png?width=64&height=32&text=hi")!
        let (data, response) = try await session.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}

// MARK: - The article's later examples, as written there

/// Every Swift block of `TestingYourTransfers.md`, compiled and run: the suite above is the
/// article's first block, unchanged; the blocks below sit in a function that gives them `photo`.
@Suite("The testing article's examples compile and do what they say")
struct ArticleExamplesTests {
    @Test func laterExamplesRun() async throws {
        try await withTemporaryDirectory { directory in
            let photo = try PhotoTransferTests().makePhoto(in: directory)
            let bluesky = try ReceiverProfile.named("Bluesky")
            let share = try await SimulatedReceiver(bluesky).receive([ShareItem(photo), ShareItem("#sunset")])
            #expect(share.images.map(\.form) == [.value])
            #expect(share.dropped.map(\.cause.code) == [.failsWithOtherItem])
            // What it accepts, in its order of preference: images as data or a value, never as a file.
            let uploader = ReceiverProfile(
                name: "Uploader", identifier: "com.example.uploader",
                activation: ReceiverActivation(
                    accepts: [AcceptRule(.image, forms: [.data, .value])], maxCounts: [.image: 4]))

            // An Android share activity, decided by Android's intent resolution.
            var android = ReceiverActivation(accepts: [AcceptRule(mediaRange: .anyImage)])
            android.intentFilters = [IntentFilter(actions: [IntentFilter.send], mimeTypes: ["image/*"])]
            let gallery = ReceiverProfile(
                name: "Gallery", identifier: "com.example.gallery/.Share", activation: android)

            // An iOS share extension's predicate, evaluated as iOS evaluates it.
            var extensionRule = ReceiverActivation(accepts: [AcceptRule(.image)])
            extensionRule.predicate =
                #"SUBQUERY(extensionItems, $e, SUBQUERY($e.attachments, $a, "#
                + #"ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "public.image").@count >= 1).@count == 1"#
            let notes = ReceiverProfile(
                name: "Notes", identifier: "com.example.notes.share", activation: extensionRule)

            // From declarations: an Accept header, an Info.plist, each activity of a manifest.
            let api = try ReceiverProfile.parse(acceptHeader: "image/png, image/*;q=0.5").profile
            let shown = try await SimulatedReceiver(uploader).receive([ShareItem(photo)])
            #expect(shown.images.first?.data == (try await photo.exported(as: .png)))
            #expect(Negotiator().plan([ShareItem(photo)], for: gallery).isOffered)
            // SEND only: two photos are an ACTION_SEND_MULTIPLE that no filter takes.
            #expect(!Negotiator().plan([ShareItem(photo), ShareItem(photo)], for: gallery).isOffered)
            #expect(Negotiator().plan([ShareItem(photo)], for: notes).isOffered)
            #expect(Negotiator().plan([ShareItem(photo)], for: api).isOffered)
        }
    }

    @Test("every Swift block of the article is in this file, line for line")
    func theArticleIsThisFile() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent(
                "Sources/TransferKitTesting/TransferKitTesting.docc/Articles/TestingYourTransfers.md"),
            encoding: .utf8)
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        func lines(_ text: some StringProtocol) -> String {
            text.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }.joined(separator: "\n")
        }
        let blocks = article.split(separator: "```swift\n").dropFirst()
            .map { $0[..<($0.firstRange(of: "```")?.lowerBound ?? $0.endIndex)] }
        #expect(blocks.count == 4)
        for block in blocks {
            #expect(lines(source).contains(lines(block)), "not compiled here:\n\(block)")
        }
    }
}
