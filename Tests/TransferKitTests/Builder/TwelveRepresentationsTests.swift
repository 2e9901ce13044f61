import Foundation
import Testing
import TransferKit

// The declaration `Benchmarks/Scripts/type-check-budget.sh` times (Benchmarks/Fixtures/TwelveRepresentations.swift),
// compiled in every build of the tests: twelve representations with modifiers, a proxy and conditions
// type-check, and flatten in the order written. How fast they type-check is a benchmark's question.
private struct Catalog: Codable, Transferable {
    var title: String
    var isPublic: Bool

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
        DataRepresentation(exportedContentType: .html) { Data("<h1>\($0.title)</h1>".utf8) }
            .exportingCondition { $0.isPublic }
        DataRepresentation(exportedContentType: .xml) { Data("<t>\($0.title)</t>".utf8) }
        DataRepresentation(exportedContentType: .rtf) { Data($0.title.utf8) }
            .suggestedFileName("catalog.rtf")
        DataRepresentation(exportedContentType: .pdf) { Data($0.title.utf8) }
            .visibility(.ownProcess)
        DataRepresentation(exportedContentType: .png) { Data($0.title.utf8) }
        DataRepresentation(exportedContentType: .jpeg) { Data($0.title.utf8) }
        DataRepresentation(exportedContentType: .tiff) { Data($0.title.utf8) }
        DataRepresentation(exportedContentType: .gif) { Data($0.title.utf8) }
        FileRepresentation(exportedContentType: .zip) { _ in SentTransferredFile(URL(fileURLWithPath: "/dev/null")) }
        DataRepresentation(contentType: .commaSeparatedText) {
            Data($0.title.utf8)
        } importing: {
            Catalog(title: String(decoding: $0, as: UTF8.self), isPublic: true)
        }
        ProxyRepresentation(exporting: \.title)
    }
}

@Suite("A declaration of twelve representations")
struct TwelveRepresentationsTests {
    @Test("compiles, and flattens in the order written, with its modifiers")
    func flattensInOrder() throws {
        let entries = try Catalog.flattenedRepresentations()
        #expect(
            entries.map(\.contentType) == [
                .json, .html, .xml, .rtf, .pdf, .png, .jpeg, .tiff, .gif, .zip, .commaSeparatedText, .utf8PlainText,
            ])
        #expect(entries[4].visibility == .ownProcess)
        #expect(entries[3].suggestedFileName(for: Catalog(title: "t", isPublic: true)) == "catalog.rtf")
        #expect(entries[1].canExport(Catalog(title: "t", isPublic: false)) == false)
        #expect(entries[1].canExport(Catalog(title: "t", isPublic: true)))
        #expect(entries.filter(\.canImport).map(\.contentType) == [.json, .commaSeparatedText])
    }
}
