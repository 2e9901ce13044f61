import Foundation
import Testing
import TransferKit
import TransferKitTesting

@Suite("Built-in conformances")
struct BuiltInConformanceTests {
    @Test func string() async throws {
        #expect(String.exportedContentTypes() == [.utf8PlainText])
        #expect(String.importedContentTypes() == [.utf8PlainText])
        #expect(try await String(importing: Data("å".utf8), contentType: .utf8PlainText) == "å")
        await #expect {
            try await String(importing: Data([0x61, 0xFF, 0x62]), contentType: .utf8PlainText)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .decodingFailed && error.reason.contains("at byte 1")
        }
    }

    @Test func data() async throws {
        #expect(Data.exportedContentTypes() == [.data])
        #expect(try await Data([9]).exported(as: .data) == Data([9]))
    }

    @Test func url() async throws {
        let web = URL(string: "https://example.com/a?b=c")!
        let file = URL(fileURLWithPath: "/tmp/x.txt")
        #expect(web.exportedContentTypes() == [.url])
        #expect(file.exportedContentTypes() == [.url, .fileURL])
        #expect(URL.importedContentTypes() == [.url, .fileURL])
        #expect(try await web.exported(as: .url) == Data(web.absoluteString.utf8))
        #expect(try await file.exported(as: .fileURL) == Data(file.absoluteString.utf8))
        await #expect {
            try await web.exported(as: .fileURL)
        } throws: { error in
            (error as? TransferError)?.code == .conditionNotMet
        }
        #expect(
            try await URL(importing: Data("https://e.com/x".utf8), contentType: .url) == URL(string: "https://e.com/x"))
        await #expect(throws: TransferError.self) {
            try await URL(importing: Data("https://e.com".utf8), contentType: .fileURL)
        }
        await #expect(throws: TransferError.self) {
            try await URL(importing: Data("no scheme".utf8), contentType: .url)
        }
    }

    @Test func attributedString() async throws {
        let text = AttributedString("Hello, world")
        #expect(AttributedString.exportedContentTypes() == [.rtf, .utf8PlainText])
        #expect(AttributedString.importedContentTypes() == [.rtf, .utf8PlainText])
        #expect(try await text.exported(as: .plainText) == Data("Hello, world".utf8))
        #expect(
            try await AttributedString(importing: Data("Hi".utf8), contentType: .utf8PlainText)
                == AttributedString("Hi"))
    }
}
