import Foundation
import Testing
import TransferKit

/// The README's first example, as it is written there: it compiles, and does what it says.
@Suite("README example")
struct ReadmeExampleTests {
    struct Note: Codable, Transferable {
        var title: String
        var body: String

        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .json)  // the richest form first
            ProxyRepresentation(exporting: \.title)  // then plain text, for anyone
        }
    }

    @Test func theTenLineModelExportsJSONAndText() async throws {
        let json = try await Note(title: "Hi", body: "…").exported(as: .json)
        #expect(String(decoding: json, as: UTF8.self) == #"{"title":"Hi","body":"…"}"#)
        #expect(try await Note(title: "Hi", body: "…").exported(as: .plainText) == Data("Hi".utf8))
        #expect(Note(title: "", body: "").exportedContentTypes() == [.json, .utf8PlainText])
    }
}
