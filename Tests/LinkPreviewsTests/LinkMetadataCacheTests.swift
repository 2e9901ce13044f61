import Foundation
import LinkPreviews
import Synchronization
import Testing
import TransferKit
import TransferKitTesting

private func sample(_ title: String, url: String = "https://example.com/a") -> LinkMetadata {
    var metadata = LinkMetadata(url: URL(string: url)!)
    metadata.title = title
    return metadata
}

/// A private directory for one test, removed with everything in it.
private func withScratchDirectory(_ body: (URL) throws -> Void) throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "LinkPreviewsTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    try body(directory)
}

@Suite("Link metadata caches")
struct LinkMetadataCacheTests {
    @Test("Memory: the least recently used entry is evicted; URLs are normalised")
    func memoryLRU() {
        let cache = MemoryLinkMetadataCache(capacity: 2)
        cache.store(sample("a"), for: URL(string: "https://example.com/a")!)
        cache.store(sample("b"), for: URL(string: "https://example.com/b")!)
        // Found under another spelling of the same URL; a is now newer than b.
        #expect(cache.metadata(for: URL(string: "HTTPS://EXAMPLE.com:443/a#top")!)?.title == "a")
        cache.store(sample("c"), for: URL(string: "https://example.com/c")!)
        #expect(cache.metadata(for: URL(string: "https://example.com/b")!) == nil)
        #expect(cache.metadata(for: URL(string: "https://example.com/a")!)?.title == "a")
        #expect(cache.metadata(for: URL(string: "https://example.com/c")!)?.title == "c")
        #expect(cache.count == 2)
        cache.removeMetadata(for: URL(string: "https://example.com/c")!)
        #expect(cache.count == 1)
        cache.store(sample("d"), for: URL(string: "https://example.com/d")!)
        cache.store(sample("e"), for: URL(string: "https://example.com/e")!)
        #expect(cache.count == 2)
        #expect(cache.metadata(for: URL(string: "https://example.com/a")!) == nil)
    }

    @Test("Disk: survives a restart, in a private directory, one file per URL")
    func diskSurvivesRestart() throws {
        try withScratchDirectory { directory in
            let url = URL(string: "https://example.com/a")!
            var stored = sample("Persisted")
            stored.setMedia(Data([9, 9]), contentType: .png, for: .icon)
            try DiskLinkMetadataCache(directory: directory).store(stored, for: url)
            let reopened = try DiskLinkMetadataCache(directory: directory)
            #expect(reopened.metadata(for: url) == stored)
            #expect(reopened.metadata(for: URL(string: "https://example.com/other")!) == nil)
            let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            #expect(files.count == 1 && files[0].hasSuffix(".json"))
        }
    }

    /// Ways an entry's file can be spoiled on disk.
    enum Spoiling: CaseIterable {
        case truncated, otherSchemaVersion
    }

    @Test(
        "Disk: an entry truncated, or written with another schema version, is ignored and removed",
        arguments: Spoiling.allCases)
    func diskUnreadableEntry(_ spoiling: Spoiling) throws {
        try withScratchDirectory { directory in
            let url = URL(string: "https://example.com/a")!
            let cache = try DiskLinkMetadataCache(directory: directory)
            cache.store(sample("x"), for: url)
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
            let file = directory.appendingPathComponent(name)
            let data = try Data(contentsOf: file)
            switch spoiling {
            case .truncated:
                try data.prefix(data.count / 2).write(to: file)
            case .otherSchemaVersion:
                var entry = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
                #expect(entry["schemaVersion"] as? Int == DiskLinkMetadataCache.schemaVersion)
                entry["schemaVersion"] = DiskLinkMetadataCache.schemaVersion + 1
                try JSONSerialization.data(withJSONObject: entry).write(to: file)
            }
            #expect(cache.metadata(for: url) == nil)
            #expect(!FileManager.default.fileExists(atPath: file.path))
            // The cache still works afterwards.
            cache.store(sample("y"), for: url)
            #expect(cache.metadata(for: url)?.title == "y")
        }
    }

    @Test("Disk: an entry past its time to live is ignored and removed")
    func diskTimeToLive() throws {
        try withScratchDirectory { directory in
            let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
            let cache = try DiskLinkMetadataCache(directory: directory, timeToLive: .seconds(60)) {
                clock.withLock { $0 }
            }
            let url = URL(string: "https://example.com/a")!
            cache.store(sample("fresh"), for: url)
            clock.withLock { $0 += 59 }
            #expect(cache.metadata(for: url)?.title == "fresh")
            clock.withLock { $0 += 2 }
            #expect(cache.metadata(for: url) == nil)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("Disk: a store whose rename fails (a directory where the entry goes) leaves no temporary file")
    func diskFailedRenameLeavesNothing() throws {
        try withScratchDirectory { directory in
            let url = URL(string: "https://example.com/a")!
            let cache = try DiskLinkMetadataCache(directory: directory)
            cache.store(sample("first"), for: url)
            let name = try #require(try FileManager.default.contentsOfDirectory(atPath: directory.path).first)
            // The entry's file becomes a directory holding a file: renaming onto it fails.
            let entry = directory.appendingPathComponent(name)
            try FileManager.default.removeItem(at: entry)
            try FileManager.default.createDirectory(
                at: entry.appendingPathComponent("inside"), withIntermediateDirectories: true)
            cache.store(sample("second"), for: url)
            // The failure is silent (a cache), but leaves the cache as it was: no entry, no temporary file.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [name])
            #expect(try FileManager.default.contentsOfDirectory(atPath: entry.path) == ["inside"])
            #expect(cache.metadata(for: url) == nil)
            // Another URL's entry is still stored.
            let other = URL(string: "https://example.com/other")!
            cache.store(sample("other"), for: other)
            #expect(cache.metadata(for: other)?.title == "other")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 2)
        }
    }

    @Test("Disk: leftover temporary files are removed when the cache opens")
    func diskLeftovers() throws {
        try withScratchDirectory { directory in
            _ = try DiskLinkMetadataCache(directory: directory)
            let leftovers = [".tmp-crashed", ".8a3f0c.json.1a2b3c4d.partial"].map(directory.appendingPathComponent)
            for leftover in leftovers { try Data("half".utf8).write(to: leftover) }
            _ = try DiskLinkMetadataCache(directory: directory)
            for leftover in leftovers { #expect(!FileManager.default.fileExists(atPath: leftover.path)) }
        }
    }
}

@Suite("The share-sheet flow")
struct LinkPreviewFlowTests {
    @Test("A placeholder has the host as its title and no image")
    func placeholder() {
        let placeholder = LinkMetadata.placeholder(for: URL(string: "https://www.example.com/post/1")!)
        #expect(placeholder.title == "example.com")
        #expect(placeholder.images.isEmpty && placeholder.icons.isEmpty)
    }

    @Test("Placeholder, then cached, then fetched — and the fetched one is cached")
    func sequence() async throws {
        let server = try LoopbackHTTPServer { _ in .html("<title>Fresh</title>") }
        defer { server.stop() }
        let url = server.url("/post")
        let cache = MemoryLinkMetadataCache()
        cache.store(sample("Stale", url: url.absoluteString), for: url)
        var fetcher = LinkFetcher()
        fetcher.allowsPrivateAddresses = true
        var titles: [String?] = []
        for try await preview in LinkMetadata.previews(
            for: url, cache: cache, fetcher: fetcher, timeout: .seconds(3_600))
        {
            titles.append(preview.title)
        }
        #expect(titles == ["127.0.0.1", "Stale", "Fresh"])
        #expect(cache.metadata(for: url)?.title == "Fresh")
    }

    @Test("A failed fetch ends the sequence with its error, after the placeholder")
    func failure() async throws {
        var titles: [String?] = []
        do {
            // Refused by the default policy: loopback. (A deadline of an hour: under ThreadSanitizer the
            // check may wait minutes for a thread, and it is the refusal that is tested, not the time.)
            for try await preview in LinkMetadata.previews(
                for: URL(string: "http://127.0.0.1:9/")!, timeout: .seconds(3_600))
            {
                titles.append(preview.title)
            }
            Issue.record("expected an error")
        } catch let error as LinkPreviewError {
            #expect(error.code == .blockedAddress)
        }
        #expect(titles == ["127.0.0.1"])
    }

    @Test("An item provider carries link metadata beside its representations, not as one")
    func itemProvider() {
        let provider = ItemProvider("https://example.com/a")
        let types = provider.registeredContentTypes
        #expect(provider.linkMetadata == nil)
        provider.linkMetadata = sample("Shared")
        #expect(provider.linkMetadata?.title == "Shared")
        #expect(provider.registeredContentTypes == types)
        provider.linkMetadata = nil
        #expect(provider.linkMetadata == nil)
    }
}
