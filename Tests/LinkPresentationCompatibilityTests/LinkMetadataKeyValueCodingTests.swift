// Code in the shapes apps write with key-value coding on LPLinkMetadata, written here (not copied):
// a cache that stores the properties by name and restores them, with its import line changed.
import LinkPreviews  // Apple: import LinkPresentation
import Testing

enum MetadataCache {
    static let keys = ["originalURL", "URL", "title"]

    static func snapshot(_ metadata: LPLinkMetadata) -> [String: Any] {
        var values: [String: Any] = [:]
        for key in keys {
            if let value = metadata.value(forKey: key) { values[key] = value }
        }
        return values
    }

    static func restore(_ values: [String: Any]) -> LPLinkMetadata {
        let metadata = LPLinkMetadata()
        for (key, value) in values { metadata.setValue(value, forKey: key) }
        return metadata
    }
}

@Suite("Key-value coding on LPLinkMetadata by Apple's property names")
struct LinkMetadataKeyValueCodingTests {
    @Test("values read and written by name; other keys and wrong types change nothing")
    func keyValueCoding() {
        let metadata = LPLinkMetadata()
        metadata.originalURL = URL(string: "https://example.com/a")
        metadata.url = URL(string: "https://example.com/b")
        metadata.title = "A page"
        let restored = MetadataCache.restore(MetadataCache.snapshot(metadata))
        #expect(restored.originalURL == metadata.originalURL)
        #expect(restored.url == metadata.url)
        #expect(restored.title == "A page")
        #expect(metadata.value(forKey: "_imageURL") == nil)
        metadata.setValue(42, forKey: "title")
        #expect(metadata.title == "A page")
        metadata.setValue(nil, forKey: "title")
        #expect(metadata.title == nil)
        let provider = NSItemProvider()
        metadata.setValue(provider, forKey: "imageProvider")
        #expect(metadata.value(forKey: "imageProvider") as? NSItemProvider === provider)
    }
}
