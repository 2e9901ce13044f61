// The orders example of Docs/CSV.md ("Your own records: dates in CSV, out as JSON Lines"), as it is
// written there, between the markers; the tests below run it.
// BEGIN Docs/CSV.md
import Foundation
import Testing
import TransferKit

struct Order: Codable, Sendable {
    var id: Int
    var customer: String
    var placed: Date
    var total: Double
    var note: String?
}

struct OrderBook: Transferable {
    var orders: [Order]

    /// CSV rows with ISO 8601 dates (2026-11-20T09:15:00Z), as people and spreadsheets write them.
    static let csv: RecordFormat = {
        var encoder = CSVEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var decoder = CSVDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return .csv(encoder: encoder, decoder: decoder)
    }()

    /// JSON Lines, an order a line, with the same dates.
    static let jsonLines: RecordFormat = {
        var encoder = JSONTextEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        var decoder = JSONTextDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return .jsonLines(encoder: encoder, decoder: decoder)
    }()

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: csv, records: \.orders) {
            OrderBook(orders: $0)
        }
        RecordsRepresentation(contentType: .jsonLines, format: jsonLines, records: \.orders) {
            OrderBook(orders: $0)
        }
    }
}

/// Converts a CSV file of orders into a JSON Lines file, record by record on every core; the
/// output file is complete or not there.
func convertOrders(from csv: URL, to jsonl: URL) async throws {
    let conversion = try TransferConversion(OrderBook.self, from: .commaSeparatedText, to: .jsonLines)
    try await conversion.convert(contentsOf: csv, to: jsonl)
}
// END Docs/CSV.md

@Suite("Docs/CSV.md: your own records, dates in CSV, out as JSON Lines")
struct OrderExampleTests {
    func inDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("orders-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    @Test("the example converts orders with ISO 8601 dates from CSV to JSON Lines, and back")
    func theExampleRuns() async throws {
        try await inDirectory { directory in
            let csv = directory.appendingPathComponent("orders.csv")
            try Data(
                """
                id,customer,placed,total,note\r
                1,Ana,2026-11-20T09:15:00Z,12.5,\r
                2,"García, Jr.",2026-11-20T10:15:00+01:00,7,"gift, wrapped"\r

                """.utf8
            ).write(to: csv)
            let jsonl = directory.appendingPathComponent("orders.jsonl")
            try await convertOrders(from: csv, to: jsonl)
            #expect(
                try String(contentsOf: jsonl, encoding: .utf8) == """
                    {"customer":"Ana","id":1,"placed":"2026-11-20T09:15:00Z","total":12.5}
                    {"customer":"García, Jr.","id":2,"note":"gift, wrapped","placed":"2026-11-20T09:15:00Z","total":7}

                    """)
            // And back: the same rows, the second date in UTC.
            let back = try TransferConversion(OrderBook.self, from: .jsonLines, to: .commaSeparatedText)
            var output = Data()
            try await back.convert(contentsOf: jsonl) { output.append($0) }
            #expect(
                String(decoding: output, as: UTF8.self)
                    == "id,customer,placed,total,note\r\n1,Ana,2026-11-20T09:15:00Z,12.5,\r\n"
                    + "2,\"García, Jr.\",2026-11-20T09:15:00Z,7,\"gift, wrapped\"\r\n")
        }
    }

    @Test("a date that is not ISO 8601 is named by its line, column and record; no file is left")
    func aBadDateIsPositioned() async throws {
        try await inDirectory { directory in
            let csv = directory.appendingPathComponent("orders.csv")
            try Data("id,customer,placed,total,note\r\n1,Ana,2026-11-20T09:15:00Z,1,\r\n2,Bo,20/11/2026,2,\r\n".utf8)
                .write(to: csv)
            let jsonl = directory.appendingPathComponent("orders.jsonl")
            let error = await #expect(throws: TransferConversionError.self) {
                try await convertOrders(from: csv, to: jsonl)
            }
            #expect(error?.stage == .decoding)
            #expect(error?.recordIndex == 1)
            #expect(error?.line == 3 && error?.column == 6)
            guard case .dataCorrupted(let context) = error?.underlyingError as? DecodingError else {
                Issue.record("\(String(describing: error))")
                return
            }
            let position = try #require(context.underlyingError as? CSVError)
            #expect((position.line, position.column) == (3, 6))
            #expect(position.reason == #"expected an ISO 8601 date such as 2026-11-20T09:15:00Z, found "20/11/2026""#)
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "placed"])
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["orders.csv"])
        }
    }

    @Test("the test holds the example exactly as the document writes it")
    func theExampleIsTheDocumentsOwn() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("Docs/CSV.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let inTest = try #require(source.firstRange(of: "// BEGIN Docs/CSV.md\n").map { source[$0.upperBound...] })
            .components(separatedBy: "// END Docs/CSV.md")[0]
        func code(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
                !$0.hasPrefix("import ")
            }
        }
        let block = try #require(
            document.components(separatedBy: "### Your own records: dates in CSV, out as JSON Lines").last?
                .components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(code(String(block)) == code(String(inTest)))
    }
}
