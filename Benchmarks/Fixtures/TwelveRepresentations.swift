// A declaration with twelve representations, modifiers, a proxy and conditions: timed by
// Benchmarks/Scripts/type-check-budget.sh (within 100 ms an expression), and compiled into the tests
// through a link (Tests/TransferKitTests/Builder/TwelveRepresentations.swift).
import Foundation
import TransferKit

struct Catalog: Codable, Transferable {
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
