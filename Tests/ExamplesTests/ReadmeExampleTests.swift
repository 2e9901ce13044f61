import Foundation
import Testing
import TransferKit
import TransferKitTesting

extension UTType {
    static let note = UTType(exportedAs: "com.example.note")  // the app's own type, a kind of data
}

/// The README's first example, as it is written there: it compiles, and does what it says.
@Suite("README example")
struct ReadmeExampleTests {
    struct Note: Codable, Transferable {
        var title: String
        var body: String

        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .note)  // the richest form first, as JSON
            ProxyRepresentation(exporting: \.title)  // then plain text, for anyone
        }
    }

    /// The trap the README warns of: the same model with `.json` first.
    struct JSONFirstNote: Codable, Transferable {
        var title: String
        var body: String

        static var transferRepresentation: some TransferRepresentation {
            CodableRepresentation(contentType: .json)
            ProxyRepresentation(exporting: \.title)
        }
    }

    @Test func theTenLineModelExportsItsOwnTypeAndText() async throws {
        let saved = try await Note(title: "Hi", body: "…").exported(as: .note)
        #expect(String(decoding: saved, as: UTF8.self) == #"{"title":"Hi","body":"…"}"#)
        #expect(try await Note(title: "Hi", body: "…").exported(as: .plainText) == Data("Hi".utf8))
        #expect(try await Note(title: "Hi", body: "…").exported(as: .text) == Data("Hi".utf8))
        #expect(Note(title: "", body: "").exportedContentTypes() == [.note, .utf8PlainText])
    }

    @Test("the trap: with .json first, a request for text gets the JSON, and X posts it")
    func theJSONFirstTrap() async throws {
        let note = JSONFirstNote(title: "Hi", body: "…")
        #expect(try await note.exported(as: .text) == Data(#"{"title":"Hi","body":"…"}"#.utf8))
        let x = try #require(ReceiverProfile.builtIn.first { $0.name == "X" })
        let posted = try await SimulatedReceiver(x).receive([ShareItem(note)])
        #expect(posted.text?.hasPrefix("{") == true, "\(String(describing: posted.text))")
        let fixed = try await SimulatedReceiver(x).receive([ShareItem(Note(title: "Hi", body: "…"))])
        #expect(fixed.text == "Hi")
    }
}
