import Foundation
import LinkPreviews
import Testing
import TransferKit
import TransferKitTesting

@Suite("Apple's LinkPresentation names over LinkMetadata", .serialized)
struct LinkPresentationTests {
    @Test("LPMetadataProvider fetches once; a second start fails with a typed error")
    func oneShot() async throws {
        let server = try LoopbackHTTPServer { _ in .html("<title>Once</title><link rel=icon href=/i.png>") }
        defer { server.stop() }
        let provider = LPMetadataProvider()
        provider.fetcher.allowsPrivateAddresses = true
        provider.shouldFetchSubresources = false
        provider.timeout = 3_600  // No test load reaches it; the default counts from the call.
        let metadata = try await provider.startFetchingMetadata(for: server.url("/"))
        #expect(metadata.title == "Once")
        #expect(metadata.url == server.url("/"))
        #expect(metadata.iconProvider == nil)
        let second = await #expect(throws: LPError.self) {
            _ = try await provider.startFetchingMetadata(for: server.url("/"))
        }
        #expect(second?.code == .unknown)
        #expect(second?.linkPreviewError?.code == .providerReused)
        #expect(server.requestedPaths == ["/"])
    }

    @Test("By default the provider refuses private addresses, like LinkMetadata(fetching:)")
    func defaultPolicy() async throws {
        let provider = LPMetadataProvider()
        provider.timeout = 3_600  // The refusal is tested, not the time it takes under load.
        do {
            _ = try await provider.startFetchingMetadata(for: URL(string: "http://10.0.0.1/")!)
            Issue.record("expected an error")
        } catch let error as LPError {
            #expect(error.code == .metadataFetchNotAllowed)
            #expect(error.code.rawValue == 5)
        }
    }

    @Test("cancel() before or during a fetch fails it as cancelled")
    func cancel() async throws {
        let provider = LPMetadataProvider()
        provider.cancel()
        let early = await #expect(throws: LPError.self) {
            _ = try await provider.startFetchingMetadata(for: URL(string: "https://example.com/")!)
        }
        #expect(early?.code == .metadataFetchCancelled)
        // Cancelled once the request has arrived (the server says so), not after some time.
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let server = try LoopbackHTTPServer { _ in
            arrived.yield()
            var response = LoopbackHTTPServer.Response.html("<title>Slow</title>")
            response.delay = .seconds(10)
            return response
        }
        defer { server.stop() }
        let slow = LPMetadataProvider()
        slow.fetcher.allowsPrivateAddresses = true
        slow.timeout = 3_600
        let (outcomes, outcome) = AsyncStream.makeStream(of: LPError.Code?.self)
        slow.startFetchingMetadata(for: server.url("/")) { _, error in
            outcome.yield((error as? LPError)?.code)
            outcome.finish()
        }
        for await _ in arrivals { break }
        slow.cancel()
        var codes: [LPError.Code?] = []
        for await code in outcomes { codes.append(code) }
        #expect(codes == [.metadataFetchCancelled])
        // The fetch left while the server still delayed its answer: cancelling stopped the transfer.
        #expect(await server.outcomes(ofFirst: 1) == [.abandoned])
    }

    @Test("LPLinkMetadata and LinkMetadata convert both ways; media become item providers")
    func conversion() async throws {
        var metadata = try metadata("<title>T</title><meta property=og:video content=https://v.example.com/v.mp4>")
        metadata.setMedia(Data([1, 2, 3]), contentType: .png, for: .image)
        metadata.setMedia(Data([4, 5]), contentType: .mpeg4Movie, for: .video)
        let legacy = LPLinkMetadata(metadata)
        #expect(legacy.title == "T")
        #expect(legacy.remoteVideoURL?.absoluteString == "https://v.example.com/v.mp4")
        #expect(try await legacy.imageProvider?.loadData(for: .png) == Data([1, 2, 3]))
        #expect(try await legacy.videoProvider?.loadData(for: .mpeg4Movie) == Data([4, 5]))
        #expect(legacy.iconProvider == nil)
        legacy.videoProvider = nil
        #expect(legacy.videoProvider == nil)
        let back = try #require(LinkMetadata(legacy))
        #expect(back.title == "T" && back.url == metadata.url && back.remoteVideo == metadata.remoteVideo)
        #expect(LinkMetadata(LPLinkMetadata()) == nil)
    }

    @Test(
        "LPLinkMetadata round-trips through NSKeyedArchiver with its media; a copy is equal; a hand-set provider is not archived"
    )
    func archiving() throws {
        var value = try metadata("<title>Archived</title><meta property=og:video content=https://v.example.com/v.mp4>")
        value.setMedia(Data([9, 8, 7]), contentType: .jpeg, for: .image)
        let original = LPLinkMetadata(value)
        let data = try NSKeyedArchiver.archivedData(withRootObject: original, requiringSecureCoding: true)
        let restored = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: LPLinkMetadata.self, from: data))
        #expect(restored == original)
        #expect(restored.title == "Archived")
        #expect(restored.remoteVideoURL?.absoluteString == "https://v.example.com/v.mp4")
        #expect(restored.imageProvider?.registeredTypeIdentifiers == ["public.jpeg"])
        #expect(LinkMetadata(restored)?.containsMedia(.image, exportableAs: Data.self) == true)
        let copy = try #require(original.copy() as? LPLinkMetadata)
        #expect(copy == original && copy !== original)
        copy.imageProvider = ItemProvider()
        #expect(copy != original)
        let again = try NSKeyedArchiver.archivedData(withRootObject: copy, requiringSecureCoding: true)
        let reread = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: LPLinkMetadata.self, from: again))
        #expect(reread.imageProvider == nil)
        #expect(reread.title == "Archived")
    }

    @Test("NSItemProvider's calls on ItemProvider: contents of a file, loadItem as a URL or as bytes, canLoadObject")
    func itemProviderCalls() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        try Data("hello".utf8).write(to: file)
        let provider = try #require(NSItemProvider(contentsOf: file))
        #expect(NSItemProvider(contentsOf: directory) == nil)
        #expect(NSItemProvider(contentsOf: URL(string: "https://example.com/a.txt")) == nil)
        #expect(provider.registeredTypeIdentifiers == ["public.plain-text"])
        #expect(provider.canLoadObject(ofClass: NSString.self))
        #expect(!provider.canLoadObject(ofClass: NSURL.self))
        let bytes = try await provider.loadItem(forTypeIdentifier: "public.text")
        #expect(bytes as? Data == Data("hello".utf8))
        let item = try await provider.loadItem(forTypeIdentifier: "public.file-url")
        let url = try #require(item as? URL)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try Data(contentsOf: url) == Data("hello".utf8))
        // The completion-handler form: the copy exists while the handler runs, and not after.
        // The handler watches the copy (inotify) while it exists: its removal after the handler is
        // an event the test waits for, not a time it guesses.
        let (outcomes, outcome) = AsyncStream.makeStream(of: (URL?, Bool, Int32).self)
        provider.loadItem(forTypeIdentifier: "public.file-url", options: nil) { item, _ in
            let url = item as? URL
            let watch = inotify_init1(Int32(IN_CLOEXEC))
            if let url { inotify_add_watch(watch, url.path, UInt32(IN_DELETE_SELF | IN_ATTRIB)) }
            outcome.yield((url, url.map { FileManager.default.fileExists(atPath: $0.path) } ?? false, watch))
            outcome.finish()
        }
        var handed: [(URL?, Bool, Int32)] = []
        for await value in outcomes { handed.append(value) }
        let (handedURL, existed, watch) = try #require(handed.first)
        defer { close(watch) }
        let copy = try #require(handedURL)
        #expect(existed)
        var removed = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&removed, 1, 10_000) == 1, "no change to the copy within 10 s")
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        await #expect(throws: TransferError.self) { _ = try await provider.loadItem(forTypeIdentifier: "no.such.type") }
        await #expect(throws: TransferError.self) { _ = try await provider.loadItem(forTypeIdentifier: "public.png") }
    }
}
