import Foundation
import Testing
import TransferKit
import TransferKitTesting

struct Report: Transferable {
    var title: String
    var canRender = true

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .pdf) { Data("%PDF \($0.title)".utf8) }
            .exportingCondition { $0.canRender }
            .suggestedFileName("first.pdf")
            .suggestedFileName { "\($0.title).pdf" }
        DataRepresentation(exportedContentType: .html) { Data("<p>\($0.title)</p>".utf8) }
            .visibility(.team)
        DataRepresentation(exportedContentType: .json) { Data("\"\($0.title)\"".utf8) }
            .visibility(.ownProcess)
            .visibility(.all)
        ProxyRepresentation(exporting: \.title)
            .suggestedFileName("title")
    }
}

@Suite("Modifiers")
struct ModifierTests {
    @Test func exportingConditionHidesTheRepresentationForThatItem() async throws {
        let blocked = Report(title: "Q3", canRender: false)
        #expect(!blocked.exportedContentTypes(.ownProcess).contains(.pdf))
        #expect(Report(title: "Q3").exportedContentTypes(.ownProcess).contains(.pdf))
        // The type still offers it.
        #expect(Report.exportedContentTypes(visibility: .ownProcess).contains(.pdf))
        await #expect {
            try await blocked.exported(as: .pdf)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .conditionNotMet
                && error.description.contains("com.adobe.pdf (data): its exporting condition is false for this item")
        }
        // Without a content type, the next representation is used.
        #expect(try await blocked.exported(as: nil) == Data("<p>Q3</p>".utf8))
    }

    @Test func visibilityLevelsNestAndNarrow() {
        let item = Report(title: "x")
        #expect(item.exportedContentTypes(.all) == [.pdf, .utf8PlainText])
        #expect(item.exportedContentTypes(.team) == [.pdf, .html, .utf8PlainText])
        #expect(item.exportedContentTypes(.ownProcess) == [.pdf, .html, .json, .utf8PlainText])
        let entries = try? Report.flattenedRepresentations()
        // `.visibility(.ownProcess).visibility(.all)` stays own-process: visibilities only narrow.
        #expect(entries?.first { $0.contentType == .json }?.visibility == .ownProcess)
        #expect(TransferRepresentationVisibility.all < .team)
        #expect(TransferRepresentationVisibility.group < .ownProcess)
    }

    @Test func theLastSuggestedFileNameWins() throws {
        let entries = try Report.flattenedRepresentations()
        #expect(entries[0].suggestedFileName(for: Report(title: "Q3")) == "Q3.pdf")
        #expect(Report(title: "Q3").suggestedFilename == "Q3.pdf")
        #expect(Report(title: "Q3", canRender: false).suggestedFilename == "title")
    }

    @Test func suggestedFileNameNamesExportedFiles() async throws {
        try await withTemporaryDirectory { directory in
            let pdf = try await Report(title: "Annual").export(to: directory, contentType: .pdf)
            #expect(pdf.lastPathComponent == "Annual.pdf")
            // A name without an extension gets the content type's preferred one.
            let text = try await Report(title: "Annual").export(to: directory, contentType: .plainText)
            #expect(text.lastPathComponent == "title.txt")
        }
    }
}
