import Foundation
import Testing

@testable import TransferCodecs

/// The one description of a `DecodingError` that the modules and the tool show: what was
/// expected, what was found, where; no Swift type names.
@Suite("DecodingError descriptions")
struct DecodingErrorDescriptionTests {
    struct Profile: Decodable {
        var name: String
        var facts: [Int]
        var links: [String: URL]?
    }

    private func describe(_ json: String) -> String {
        do {
            _ = try JSONTextDecoder().decode(Profile.self, from: Data(json.utf8))
            return "decoded"
        } catch let error as DecodingError {
            return error.readableDescription
        } catch {
            return "\(error)"
        }
    }

    struct Order: Codable {
        var id: UUID
        var placedAt: Date
        var receipt: Data
    }

    /// A value a strategy cannot read: the same words in CSV, JSON and JSON Lines — what was
    /// expected and the value found — each with its own position.
    @Test("a strategy's failure reads the same in CSV, JSON and JSON Lines, with the value found")
    func strategyFailuresReadTheSameInEveryFormat() throws {
        var json = JSONTextDecoder()
        json.dateDecodingStrategy = .iso8601
        var csv = CSVDecoder()
        csv.dateDecodingStrategy = .iso8601
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let cases: [(field: String, json: String, csv: String, words: String)] = [
            (
                "placedAt", #"{"id":"\#(id)","placedAt":"01/03/2026","receipt":""}"#, "\(id),01/03/2026,",
                #"expected an ISO 8601 date such as 2026-11-20T09:15:00Z, found "01/03/2026""#
            ),
            (
                "receipt", #"{"id":"\#(id)","placedAt":"2026-03-01T00:00:00Z","receipt":"@@"}"#,
                "\(id),2026-03-01T00:00:00Z,@@", #"expected Base64, found "@@""#
            ),
            (
                "id", #"{"id":"E621E1F8","placedAt":"2026-03-01T00:00:00Z","receipt":""}"#,
                "E621E1F8,2026-03-01T00:00:00Z,",
                #"expected a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F, found "E621E1F8""#
            ),
        ]
        for item in cases {
            func words(_ body: () throws -> Void) -> String {
                do {
                    try body()
                    return "decoded"
                } catch let error as DecodingError {
                    return error.readableDescription
                } catch {
                    return "\(error)"
                }
            }
            let fromJSON = words { _ = try json.decode([Order].self, from: Data("[\(item.json)]".utf8)) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID()).jsonl")
            try Data("\(item.json)\n".utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let fromLines = words {
                _ = try RecordFormat.jsonLines(decoder: json).decodeAll(Order.self, contentsOf: file)
            }
            let fromCSV = words {
                _ = try csv.decode([Order].self, from: Data("id,placedAt,receipt\r\n\(item.csv)\r\n".utf8))
            }
            for text in [fromJSON, fromLines, fromCSV] {
                #expect(text.contains(item.words), "\(item.field): \(text)")
                #expect(text.contains(item.field), "\(item.field): \(text)")
            }
        }
    }

    @Test func eachKindSaysWhatWhereAndFound() {
        #expect(
            describe(#"{"name": "a", "facts": [1, "x"]}"#)
                == "expected an integer at facts[1], found a string (line 1, column 28)")
        #expect(describe(#"{"facts": []}"#) == #"missing "name" in the top level (line 1, column 1)"#)
        #expect(
            describe(#"{"name": null, "facts": []}"#) == "expected a string at name, found null (line 1, column 10)")
        #expect(
            describe(#"{"name": "a", "facts": {}}"#)
                == "expected an array at facts, found an object (line 1, column 24)")
        #expect(
            describe(#"{"name": "a", "facts": [], "links": {"x": ""}}"#)
                == #"expected a URL, found "" at links.x (line 1, column 43)"#)
        #expect(
            describe(#"{"name": "a", "facts": [1,]}"#)
                == "not valid JSON: a trailing comma: expected a value after ',' (line 1, column 27)")
        #expect(
            describe(#"{"name": "a", "facts": [300000000000000000000]}"#).hasPrefix(
                "Parsed JSON number <300000000000000000000> does not fit"))
        for text in [describe(#"{"name": 1, "facts": []}"#), describe(#"[]"#)] {
            #expect(!text.contains("Swift."))
            #expect(!text.contains("Dictionary<"))
            #expect(!text.contains("CodingKeys"))
        }
    }
}
