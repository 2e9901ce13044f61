import Foundation
import Testing
import TransferKit

/// Static switches that the builder's conditionals read.
enum Flags {
    static let includeHTML = true
    static let includeRTF = false
    static let formats: [UTType] = [.png, .jpeg, .tiff]
}

struct Branching: Transferable {
    var text: String

    static var transferRepresentation: some TransferRepresentation {
        if Flags.includeHTML {
            DataRepresentation(exportedContentType: .html) { Data($0.text.utf8) }
        }
        if Flags.includeRTF {
            DataRepresentation(exportedContentType: .rtf) { Data($0.text.utf8) }
        } else {
            DataRepresentation(exportedContentType: .xml) { Data($0.text.utf8) }
        }
        for format in Flags.formats {
            DataRepresentation(exportedContentType: format) { Data($0.text.utf8) }
        }
        if #available(macOS 99, iOS 99, *) {
            DataRepresentation(exportedContentType: .pdf) { Data($0.text.utf8) }
        } else {
            DataRepresentation(exportedContentType: .json) { Data($0.text.utf8) }
        }
        ProxyRepresentation(exporting: \.text)
    }
}

/// Twelve representations in one block: more than Apple's builder takes.
struct Twelve: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .png) { _ in Data([1]) }
        DataRepresentation(exportedContentType: .jpeg) { _ in Data([2]) }
        DataRepresentation(exportedContentType: .tiff) { _ in Data([3]) }
        DataRepresentation(exportedContentType: .gif) { _ in Data([4]) }
        DataRepresentation(exportedContentType: .bmp) { _ in Data([5]) }
        DataRepresentation(exportedContentType: .ico) { _ in Data([6]) }
        DataRepresentation(exportedContentType: .heic) { _ in Data([7]) }
        DataRepresentation(exportedContentType: .webP) { _ in Data([8]) }
        DataRepresentation(exportedContentType: .svg) { _ in Data([9]) }
        DataRepresentation(exportedContentType: .pdf) { _ in Data([10]) }
        DataRepresentation(exportedContentType: .html) { _ in Data([11]) }
        DataRepresentation(exportedContentType: .plainText) { _ in Data([12]) }
    }
}

/// A reusable composite representation, built through `body`.
struct PlainAndHTML<Item: Transferable>: TransferRepresentation {
    let text: @Sendable (Item) -> String

    var body: some TransferRepresentation<Item> {
        DataRepresentation(exportedContentType: .html) { Data("<p>\(text($0))</p>".utf8) }
        DataRepresentation(exportedContentType: .utf8PlainText) { Data(text($0).utf8) }
    }
}

struct Composite: Transferable {
    var text: String

    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .json) { Data("\"\($0.text)\"".utf8) }
        PlainAndHTML { $0.text }
    }
}

/// Written with the primary associated type, which Apple's protocol cannot compile.
struct WithPrimaryAssociatedType: Transferable {
    static var transferRepresentation: some TransferRepresentation<WithPrimaryAssociatedType> {
        DataRepresentation(exportedContentType: .data) { _ in Data([42]) }
    }
}

struct Empty: Transferable {
    static var transferRepresentation: some TransferRepresentation {}
}

@Suite("The representation builder")
struct TransferRepresentationBuilderTests {
    @Test func conditionalsLoopsAndAvailabilityKeepTheirOrder() throws {
        // `if #available(macOS 99, iOS 99, *)` holds on platforms the list does not name.
        #if os(macOS) || os(iOS)
            let available = UTType.json
        #else
            let available = UTType.pdf
        #endif
        #expect(
            Branching.exportedContentTypes() == [.html, .xml, .png, .jpeg, .tiff, available, .utf8PlainText]
        )
    }

    @Test func takesMoreThanTenStatements() async throws {
        let types = Twelve.exportedContentTypes()
        #expect(types.count == 12)
        #expect(types.first == .png)
        #expect(types.last == .plainText)
        #expect(try await Twelve().exported(as: .plainText) == Data([12]))
        #expect(try await Twelve().exported(as: .html) == Data([11]))
    }

    @Test func compositesFlattenThroughTheirBody() async throws {
        #expect(Composite.exportedContentTypes() == [.json, .html, .utf8PlainText])
        let html = try await Composite(text: "hi").exported(as: .html)
        #expect(String(decoding: html, as: UTF8.self) == "<p>hi</p>")
    }

    @Test func bothOpaqueSpellingsCompileAndWork() async throws {
        #expect(try await WithPrimaryAssociatedType().exported(as: nil) == Data([42]))
    }

    @Test func emptyBodyHasNoRepresentations() async throws {
        #expect(Empty.exportedContentTypes() == [])
        await #expect {
            try await Empty().exported(as: nil)
        } throws: { error in
            (error as? TransferError)?.code == .exportNotSupported
        }
    }

    @Test func erasedRepresentationsWork() async throws {
        let erased = AnyTransferRepresentation<Note>(DataRepresentation(exportedContentType: .png) { _ in Data() })
        _ = erased
        struct Erased: Transferable {
            static var transferRepresentation: some TransferRepresentation {
                AnyTransferRepresentation(DataRepresentation(exportedContentType: .png) { (_: Erased) in Data([7]) })
            }
        }
        #expect(try await Erased().exported(as: .png) == Data([7]))
    }
}
