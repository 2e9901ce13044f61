import Foundation
import Testing
import TransferKit

struct Temperature: Transferable, Equatable {
    var celsius: Double

    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(
            exporting: { "\($0.celsius)" },
            importing: { (text: String) in
                guard let value = Double(text) else { throw ParseError() }
                return Temperature(celsius: value)
            })
    }

    struct ParseError: Error {}
}

/// One type per proxy initializer, so each is compiled and exercised.
struct ProxyImportOnly: Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(importing: { (text: String) in ProxyImportOnly(text: text) })
    }
}

struct ProxyAsyncImport: Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(importing: { (text: String) async throws in
            await Task.yield()
            return ProxyAsyncImport(text: text)
        })
    }
}

struct ProxySyncExportAsyncImport: Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(
            exporting: \.text,
            importing: { (text: String) async throws in
                ProxySyncExportAsyncImport(text: text.uppercased())
            })
    }
}

@available(*, deprecated, message: "exercises the deprecated asynchronous exporters")
struct ProxyAsyncExport: Transferable {
    var text: String
    static var transferRepresentation: some TransferRepresentation {
        ProxyRepresentation(exporting: { (item: ProxyAsyncExport) async throws -> String in item.text })
        ProxyRepresentation(
            exporting: { (item: ProxyAsyncExport) async throws -> Data in Data(item.text.utf8) },
            importing: { (data: Data) async throws in ProxyAsyncExport(text: String(decoding: data, as: UTF8.self)) })
    }
}

struct PropertyListed: Codable, Transferable, Equatable {
    var values: [Int]
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .xmlPropertyList, encoder: xmlEncoder, decoder: PropertyListDecoder())
    }

    static var xmlEncoder: PropertyListEncoder {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return encoder
    }
}

@Suite("Representations")
struct RepresentationTests {
    @Test func dataRepresentationExportsAndImports() async throws {
        let celsius = try await Temperature(celsius: 21.5).exported(as: .plainText)
        #expect(String(decoding: celsius, as: UTF8.self) == "21.5")
        #expect(
            try await Temperature(importing: Data("19".utf8), contentType: .utf8PlainText) == Temperature(celsius: 19))
    }

    @Test func codableRepresentationUsesJSONByDefault() async throws {
        let note = Note(title: "T", body: "B")
        let json = try await note.exported(as: .testNote)
        let object = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(object?["title"] as? String == "T")
        #expect(try await Note(importing: json, contentType: .testNote) == note)
    }

    @Test func codableRepresentationTakesOtherCoders() async throws {
        let value = PropertyListed(values: [1, 2, 3])
        let plist = try await value.exported(as: .xmlPropertyList)
        #expect(String(decoding: plist, as: UTF8.self).contains("<plist"))
        #expect(try await PropertyListed(importing: plist, contentType: .propertyList) == value)
    }

    @Test func decodingFailureSaysWhereAndWhat() async throws {
        await #expect {
            try await Note(importing: Data(#"{"title": 3}"#.utf8), contentType: .testNote)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .decodingFailed && error.description.contains("title")
                && error.underlyingError is DecodingError
        }
    }

    @Test func everyProxyInitializerWorks() async throws {
        #expect(try await ProxyImportOnly(importing: Data("a".utf8), contentType: .plainText).text == "a")
        #expect(ProxyImportOnly.exportedContentTypes() == [])
        #expect(try await ProxyAsyncImport(importing: Data("b".utf8), contentType: nil).text == "b")
        let roundTrip = try await ProxySyncExportAsyncImport(
            importing: ProxySyncExportAsyncImport(text: "c").exported(as: .plainText), contentType: .plainText)
        #expect(roundTrip.text == "C")
        #expect(Temperature.importedContentTypes() == [.utf8PlainText])
    }

    @available(*, deprecated, message: "exercises the deprecated asynchronous exporters")
    @Test func asynchronousProxyExportersWork() async throws {
        let item = ProxyAsyncExport(text: "d")
        #expect(try await item.exported(as: .plainText) == Data("d".utf8))
        #expect(try await item.exported(as: .data) == Data("d".utf8))
        #expect(try await ProxyAsyncExport(importing: Data("e".utf8), contentType: .data).text == "e")
    }

    @Test func importerErrorsAreWrapped() async throws {
        await #expect {
            try await Temperature(importing: Data("warm".utf8), contentType: .plainText)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .importFailed && error.underlyingError is Temperature.ParseError
        }
    }
}
