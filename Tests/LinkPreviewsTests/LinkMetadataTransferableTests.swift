import Foundation
import LinkPreviews
import Testing
import TransferKit

@Suite("LinkMetadata as a Transferable and Codable value")
struct LinkMetadataTransferableTests {
    private func sample() throws -> LinkMetadata {
        try metadata(
            """
            <meta property="og:title" content="Title"><meta property="og:description" content="Desc">
            <meta property="og:image" content="/i.png"><meta property="og:image:width" content="10">
            <link rel="icon" href="/i.ico">
            """
        )
    }

    @Test("Exports JSON of its own type, then the URL, then the URL as text, in that order")
    func exportedTypes() throws {
        let value = try sample()
        #expect(value.exportedContentTypes() == [.linkMetadata, .url, .utf8PlainText])
        #expect(UTType.linkMetadata.conforms(to: .json))
        #expect(UTType(filenameExtension: "linkmetadata") == .linkMetadata)
    }

    @Test("Round-trips through its own representation with every field")
    func roundTrip() async throws {
        var value = try sample()
        value.setMedia(Data([1, 2, 3]), contentType: .png, for: .image)
        let data = try await value.exported(as: .linkMetadata)
        let back = try await LinkMetadata(importing: data, contentType: .linkMetadata)
        #expect(back == value)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["description"] as? String == "Desc")
        #expect((object?["images"] as? [[String: Any]])?.first?["width"] as? Int == 10)
    }

    @Test("A URL-only receiver gets the link; a text-only one gets its text")
    func proxies() async throws {
        let value = try sample()
        let url = try await value.exported(as: .url)
        #expect(String(decoding: url, as: UTF8.self) == "https://example.com/articles/1")
        let text = try await value.exported(as: .plainText)
        #expect(String(decoding: text, as: UTF8.self) == "https://example.com/articles/1")
    }

    @Test("Media: set as bytes or from a Transferable value, loaded back as a Transferable type")
    func media() async throws {
        var value = try sample()
        #expect(!value.containsMedia(.icon, exportableAs: String.self))
        try await value.setMedia("hello", for: .icon)
        #expect(value.containsMedia(.icon, exportableAs: String.self))
        #expect(try await value.media(.icon, as: String.self) == "hello")
        #expect(try await value.media(.image, as: String.self) == nil)
        value.removeMedia(for: .icon)
        #expect(try await value.media(.icon, as: String.self) == nil)
    }
}
