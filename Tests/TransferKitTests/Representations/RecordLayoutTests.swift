import Foundation
import Testing
import TransferCodecs
import TransferKit

/// A record of two required fields and an optional one, read by a hand-written `init(from:)`.
private struct Reading: Codable, Sendable {
    var sensor: String
    var value: Double
    var note: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sensor = try container.decode(String.self, forKey: .sensor)
        value = try container.decode(Double.self, forKey: .value)
        note = try container.decodeIfPresent(String.self, forKey: .note)
    }
}

/// Readings as CSV rows and JSON Lines; a PDF that is not a sequence of records.
private struct Log: Transferable {
    var readings: [Reading]
    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.readings) {
            Log(readings: $0)
        }
        DataRepresentation(exportedContentType: .pdf) { _ in Data() }
        RecordsRepresentation(contentType: .jsonLines, format: .jsonLines(), records: \.readings) {
            Log(readings: $0)
        }
    }
}

@Suite("Record layouts: the representations that stream records, with their fields")
struct RecordLayoutTests {
    @Test("each records representation in order, its format, record type and fields as init(from:) reads them")
    func layouts() throws {
        let layouts = Log.recordLayouts()
        #expect(layouts.map(\.contentType) == [.commaSeparatedText, .jsonLines])
        #expect(layouts.map(\.recordType) == ["Reading", "Reading"])
        #expect(layouts.map(\.format) == ["CSV rows", "JSON Lines"])
        let fields = try #require(layouts.first?.fields)
        #expect(fields.map(\.name) == ["sensor", "value", "note"])
        #expect(fields.map(\.type) == ["String", "Double", "String"])
        #expect(fields.map(\.isRequired) == [true, true, false])
    }
}
