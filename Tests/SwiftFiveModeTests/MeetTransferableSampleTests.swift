// Apple's "Meet Transferable" sample code as written for Apple's platforms, compiled in the Swift 5
// language mode: only the import lines differ (`TransferKit` instead of `CoreTransferable` and
// `UniformTypeIdentifiers`). It keeps `static var` for the custom type, which Swift 5 allows.
import Foundation
import Testing
import TransferKit

struct SampleProfile: Codable {
    var id: UUID
    var name: String
    var bio: String
    var funFacts: [String]
    var video: URL?
    var portrait: URL?
}

extension SampleProfile: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .sampleProfile)
        ProxyRepresentation(exporting: \.name)
    }
}

extension UTType {
    static var sampleProfile = UTType(exportedAs: "com.example.sample-profile")
}

struct SampleVideo: Transferable {
    let file: URL
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .mpeg4Movie) {
            SentTransferredFile($0.file)
        } importing: { received in
            let copy: URL = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID()).mp4")
            try FileManager.default.copyItem(at: received.file, to: copy)
            return Self.init(file: copy)
        }
        ProxyRepresentation(exporting: \.file)
    }
}

@Suite("Apple's sample code in the Swift 5 language mode")
struct MeetTransferableSampleTests {
    @Test func compilesAndBehavesAsInSwiftSix() async throws {
        let profile = SampleProfile(id: UUID(), name: "Ana", bio: "", funFacts: [], video: nil, portrait: nil)
        #expect(profile.exportedContentTypes() == [.sampleProfile, .utf8PlainText])
        #expect(try await profile.exported(as: .plainText) == Data("Ana".utf8))
        #expect(try SampleVideo.flattenedRepresentations().map(\.contentType) == [.mpeg4Movie, .url, .fileURL])
    }
}
