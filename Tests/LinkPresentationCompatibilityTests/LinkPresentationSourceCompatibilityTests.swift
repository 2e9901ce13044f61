// Code as apps write it against Apple's LinkPresentation (a provider subclass as a test fake,
// switches over LPError.Code with @unknown default, NSKeyedArchiver caching, iconProvider.loadItem),
// with the UI parts removed and `import LinkPresentation` changed to `import LinkPreviews` — the
// only change. No Foundation import: LinkPreviews brings it, as LinkPresentation does.
//
// One file, compiled twice: here in Swift 6 mode, and in SwiftFiveModeTests (a symbolic link to this
// file) in Swift 5 mode, both with an app's default compiler settings.
import LinkPreviews
import Testing

final class StubMetadataProvider: LPMetadataProvider {
    var stubbedMetadata: LPLinkMetadata?
    var stubbedError: Error?
    private(set) var requestedURLs: [URL] = []

    override func startFetchingMetadata(for url: URL, completionHandler: @escaping (LPLinkMetadata?, Error?) -> Void) {
        requestedURLs.append(url)
        completionHandler(stubbedMetadata, stubbedError)
    }
}

final class LinkPreviewStore {
    private var archived: [URL: Data] = [:]
    private(set) var log: [String] = []

    func fetch(_ url: URL, with provider: LPMetadataProvider, completion: @escaping (LPLinkMetadata?) -> Void) {
        provider.startFetchingMetadata(for: url) { metadata, error in
            if let error = error as? LPError {
                switch error.code {
                case .metadataFetchCancelled: self.log.append("cancelled")
                case .metadataFetchTimedOut: self.log.append("timed out")
                case .metadataFetchFailed: self.log.append("failed")
                case .metadataFetchNotAllowed: self.log.append("not allowed")
                case .unknown: self.log.append("unknown")
                @unknown default: self.log.append("other")
                }
                completion(nil)
                return
            }
            guard let metadata = metadata else {
                completion(nil)
                return
            }
            if let data = try? NSKeyedArchiver.archivedData(withRootObject: metadata, requiringSecureCoding: true) {
                self.archived[url] = data
            }
            completion(metadata)
        }
    }

    func cached(_ url: URL) -> LPLinkMetadata? {
        guard let data = archived[url] else { return nil }
        return try? NSKeyedUnarchiver.unarchivedObject(ofClass: LPLinkMetadata.self, from: data)
    }
}

func describe(_ error: Error) -> String {
    do {
        throw error
    } catch LPError.metadataFetchTimedOut {
        return "timed out"
    } catch LPError.metadataFetchCancelled {
        return "cancelled"
    } catch let error as LPError where error.code == .metadataFetchFailed {
        return "failed (\(error.errorCode))"
    } catch {
        return "other"
    }
}

@Suite("LinkPresentation code as apps write it, in the language mode of its target (Swift 5 or 6)")
struct LinkPresentationSourceCompatibilityTests {
    @Test("A provider subclass as a fake, an error switch, NSKeyedArchiver caching, iconProvider.loadItem")
    func appCode() async throws {
        let url = URL(string: "https://example.com/post")!
        let metadata = LPLinkMetadata()
        metadata.originalURL = url
        metadata.url = url
        metadata.title = "A post"
        var value = LinkMetadata(url: url)
        value.setMedia(Data([0x89, 0x50, 0x4E, 0x47]), contentType: .png, for: .icon)
        metadata.iconProvider = LPLinkMetadata(value).iconProvider

        let stub = StubMetadataProvider()
        stub.stubbedMetadata = LPLinkMetadata(value)
        stub.stubbedMetadata?.title = "A post"
        let store = LinkPreviewStore()
        let fetched = await withCheckedContinuation { continuation in
            store.fetch(url, with: stub) { continuation.resume(returning: $0?.title) }
        }
        #expect(fetched == "A post")
        #expect(stub.requestedURLs == [url])

        let cached = try #require(store.cached(url))
        #expect(cached.title == "A post")
        #expect(cached.url == url)
        let icon = try #require(cached.iconProvider)
        #expect(icon.hasItemConformingToTypeIdentifier("public.png"))
        #expect(icon.registeredTypeIdentifiers == ["public.png"])
        #expect(icon.canLoadObject(ofClass: NSData.self))
        let item = await withCheckedContinuation { continuation in
            icon.loadItem(forTypeIdentifier: "public.png", options: nil) { item, _ in
                continuation.resume(returning: item as? Data)
            }
        }
        #expect(item == Data([0x89, 0x50, 0x4E, 0x47]))
        let data = await withCheckedContinuation { continuation in
            _ = icon.loadDataRepresentation(forTypeIdentifier: "public.image") { data, _ in
                continuation.resume(returning: data)
            }
        }
        #expect(data == Data([0x89, 0x50, 0x4E, 0x47]))

        stub.stubbedMetadata = nil
        for (code, words) in [
            (LPError.Code.metadataFetchTimedOut, "timed out"), (.metadataFetchNotAllowed, "not allowed"),
        ] {
            stub.stubbedError = LPError(code)
            _ = await withCheckedContinuation { continuation in
                store.fetch(url, with: stub) { continuation.resume(returning: $0?.title) }
            }
            #expect(store.log.last == words)
        }
        #expect(describe(LPError(.metadataFetchTimedOut)) == "timed out")
        #expect(describe(LPError(.metadataFetchFailed)) == "failed (2)")
        #expect(describe(CocoaError(.fileNoSuchFile)) == "other")
        #expect(LPError.errorDomain == LPErrorDomain)
        #expect(LPError(.unknown).errorCode == 1)
        #expect(LPError.Code(rawValue: 4) == .metadataFetchTimedOut)
        #expect((LPError(.metadataFetchCancelled) as NSError).domain == LPErrorDomain)
    }

    @Test("A real provider's errors are LPErrors with Apple's codes and the words of the failure")
    func realProvider() async throws {
        let provider = LPMetadataProvider()
        provider.timeout = 3_600
        let error = await withCheckedContinuation { continuation in
            provider.startFetchingMetadata(for: URL(string: "http://10.0.0.1/")!) { _, error in
                continuation.resume(returning: error as? LPError)
            }
        }
        #expect(error?.code == .metadataFetchNotAllowed)
        #expect(error?.localizedDescription.contains("10.0.0.1") == true)
        #expect(error?.linkPreviewError?.code == .blockedAddress)
    }
}
