import Foundation
import Testing
import TransferKit

// `Catalog` is declared in TwelveRepresentations.swift beside this file, a link to
// Benchmarks/Fixtures/TwelveRepresentations.swift: the declaration `Benchmarks/Scripts/type-check-budget.sh`
// times is compiled in every build of the tests, and checked here for what it flattens to. How fast
// it type-checks is a benchmark's question.

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
