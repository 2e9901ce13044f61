import Foundation
import LinkPreviews
import Testing

/// Attachment and icon kinds take known names only, in code and from saved metadata.
@Suite("Link metadata: attachment and icon names")
struct AttachmentNameTests {
    @Test("known names only; saved metadata naming an unknown attachment is refused, saying which")
    func knownNamesOnly() throws {
        #expect(LinkMetadata.Attachment("image") == .image)
        #expect(LinkMetadata.Attachment(rawValue: "poster") == nil)
        #expect(LinkMetadata.Icon.Kind("apple-touch-icon") == .touchIcon)
        #expect(LinkMetadata.Icon.Kind("mask-icon") == nil)
        let saved = try JSONEncoder().encode(LinkMetadata(url: URL(string: "https://example.com/")!))
        var object = try #require(JSONSerialization.jsonObject(with: saved) as? [String: Any])
        object["attachments"] = ["poster": ["data": "AA==", "contentType": "public.png"]]
        let tampered = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try JSONDecoder().decode(LinkMetadata.self, from: tampered)
        } throws: { error in
            "\(error)".contains("expected an attachment named icon, image, video, found 'poster'")
        }
        object["attachments"] = ["image": ["data": "AA==", "contentType": "public.png"]]
        let decoded = try JSONDecoder().decode(
            LinkMetadata.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(try JSONDecoder().decode(LinkMetadata.self, from: JSONEncoder().encode(decoded)) == decoded)
    }
}
