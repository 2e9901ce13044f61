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
        await #expect(throws: LPError.self) { try await provider.startFetchingMetadata(for: server.url("/")) }
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
        await #expect(throws: LinkPreviewError.self) {
            try await provider.startFetchingMetadata(for: URL(string: "https://example.com/")!)
        }
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackHTTPServer.Response.html("<title>Slow</title>")
            response.delay = .seconds(10)
            return response
        }
        defer { server.stop() }
        let slow = LPMetadataProvider()
        slow.fetcher.allowsPrivateAddresses = true
        slow.timeout = 3_600
        let url = server.url("/")
        let outcome = Task { () -> LinkPreviewError.Code? in
            do {
                _ = try await slow.startFetchingMetadata(for: url)
                return nil
            } catch {
                return (error as? LinkPreviewError)?.code
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        slow.cancel()
        #expect(await outcome.value == .metadataFetchCancelled)
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
}
