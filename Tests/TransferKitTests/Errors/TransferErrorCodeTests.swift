import Foundation
import Testing
import TransferKit

private struct ExportOnly: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .plainText) { _ in Data("x".utf8) }
    }
}

private struct Unencodable: Codable, Transferable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(self, .init(codingPath: [], debugDescription: "never encodable"))
    }
    init() {}
    init(from decoder: any Decoder) throws {}
    static var transferRepresentation: some TransferRepresentation { CodableRepresentation(contentType: .json) }
}

private struct Refused: Error {}

private struct FailingExporter: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(exportedContentType: .plainText) { _ in throw Refused() }
    }
}

/// A representation whose body transfers another type than it says: the builder cannot write one,
/// a hand-written representation type can.
private struct Mislabelled: TransferRepresentation {
    typealias Item = Odd
    let body = DataRepresentation<ExportOnly>(exportedContentType: .plainText) { _ in Data() }
}

private struct Odd: Transferable {
    static var transferRepresentation: some TransferRepresentation<Odd> { Mislabelled() }
}

@Suite("TransferError: each code, from the failure it names")
struct TransferErrorCodeTests {
    @Test("importNotSupported: a type that only exports")
    func importNotSupported() async throws {
        let error = await #expect(throws: TransferError.self) {
            _ = try await ExportOnly(importing: Data("x".utf8), contentType: .plainText)
        }
        #expect(error?.code == .importNotSupported)
        #expect(error?.reason.contains("it has no importing representation") == true)
        #expect(error?.attempts.map(\.reason) == ["exports only"])
    }

    @Test("encodingFailed: the encoder's error, beneath")
    func encodingFailed() async throws {
        let error = await #expect(throws: TransferError.self) { _ = try await Unencodable().exported(as: .json) }
        #expect(error?.code == .encodingFailed)
        #expect(error?.underlyingError is EncodingError)
    }

    @Test("exportFailed: the exporting closure's error, beneath, unchanged")
    func exportFailed() async throws {
        let error = await #expect(throws: TransferError.self) {
            _ = try await FailingExporter().exported(as: .plainText)
        }
        #expect(error?.code == .exportFailed)
        #expect(error?.underlyingError is Refused)
        #expect(error?.reason.contains("exporting closure") == true)
    }

    @Test("invalidRepresentation: a representation whose body transfers another type")
    func invalidRepresentation() async throws {
        let error = #expect(throws: TransferError.self) { _ = try Odd.flattenedRepresentations() }
        #expect(error?.code == .invalidRepresentation)
        #expect(error?.reason.contains("transfers ExportOnly, not Odd") == true, "\(String(describing: error?.reason))")
    }
}
