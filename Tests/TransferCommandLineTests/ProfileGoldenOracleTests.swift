import Foundation
import Testing

/// The profiles the CLI tests compare against (`Examples/Profiles/profiles.csv` and `.json`) were
/// written by the tool itself; compared with each other only, a bug that wrote both wrongly would
/// pass. Here each is read by a reader that is not the package's — Foundation's `JSONSerialization`,
/// and the RFC 4180 reader of `IndependentReaders.swift` (shared with TransferKitTests) — and the two must hold the same profiles, field for field.
@Suite("The profile goldens, read by independent oracles")
struct ProfileGoldenOracleTests {
    @Test("profiles.csv and profiles.json hold the same profiles, field for field")
    func goldensAgree() throws {
        let csvText = try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)
        let jsonData = try Data(contentsOf: samples.appendingPathComponent("profiles.json"))
        let rows = rfc4180Rows(csvText)
        let objects = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [[String: Any]])
        let header = try #require(rows.first)
        #expect(header == ["id", "name", "bio", "funFacts", "video", "portrait"])
        try #require(rows.count - 1 == objects.count)
        #expect(objects.count == 12)
        for (row, object) in zip(rows.dropFirst(), objects) {
            try #require(row.count == header.count, "a ragged row: \(row)")
            for (column, field) in zip(header, row) {
                let value = object[column]
                if field.isEmpty {
                    #expect(
                        value == nil || value is NSNull, "\(column): empty in CSV, \(String(describing: value)) in JSON"
                    )
                } else if let text = value as? String {
                    #expect(text == field, "\(column)")
                } else if let array = value as? [String] {
                    // Nested values are JSON inside the field.
                    let inField = try JSONSerialization.jsonObject(with: Data(field.utf8)) as? [String]
                    #expect(inField == array, "\(column)")
                } else {
                    Issue.record("\(column): \(field.debugDescription) in CSV, \(String(describing: value)) in JSON")
                }
            }
            // Every key of the JSON object is a column: nothing is lost the other way.
            #expect(Set(object.keys).isSubset(of: Set(header)))
        }
    }

    @Test("each golden is in the form Docs/Fidelity.md documents, checked by the test's own writers")
    func goldensAreInTheDocumentedForm() throws {
        let csvText = try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)
        let jsonData = try Data(contentsOf: samples.appendingPathComponent("profiles.json"))
        let rows = rfc4180Rows(csvText)
        let objects = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [[String: Any]])
        try #require(rows.count == 13 && objects.count == 12)
        // CSV: the rows written again by RFC 4180's rules, here — quotes only around a field with a
        // comma, a quote or a line break, quotes doubled, CRLF after every record — are the file.
        func field(_ text: String) -> String {
            guard text.unicodeScalars.contains(where: { ",\"\r\n".unicodeScalars.contains($0) }) else { return text }
            return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        let written = rows.map { $0.map(field).joined(separator: ",") + "\r\n" }.joined()
        #expect(Array(written.unicodeScalars) == Array(csvText.unicodeScalars))
        // JSON: Foundation's writer, keys sorted and slashes as they are (what Profile.jsonEncoder
        // asks for), gives the file's bytes: no whitespace, the same escapes.
        let rewritten = try JSONSerialization.data(
            withJSONObject: objects, options: [.sortedKeys, .withoutEscapingSlashes])
        #expect(String(decoding: rewritten, as: UTF8.self) == String(decoding: jsonData, as: UTF8.self))
        for (row, object) in zip(rows.dropFirst(), objects) {
            // A UUID in upper case, 8-4-4-4-12: what Foundation's own uuidString writes.
            let id = try #require(object["id"] as? String)
            #expect(UUID(uuidString: id)?.uuidString == id, "\(id)")
            #expect(id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12] && id == id.uppercased(), "\(id)")
            #expect(row[0] == id)
            // A URL as Foundation reads it and writes it again (absoluteString), http or https; none
            // is `null` — nil is an absent key and an empty CSV field.
            for (column, index) in [("video", 4), ("portrait", 5)] {
                if let url = object[column] as? String {
                    #expect(URL(string: url)?.absoluteString == url, "\(column): \(url)")
                    #expect(url.hasPrefix("https://") || url.hasPrefix("http://"), "\(column): \(url)")
                    #expect(row[index] == url)
                } else {
                    #expect(!object.keys.contains(column), "\(column) is present but not a string")
                    #expect(row[index].isEmpty)
                }
            }
            // Arrays of strings: JSON inside the CSV field, in the form Foundation writes them.
            let facts = try #require(object["funFacts"] as? [String])
            let factsText = try JSONSerialization.data(withJSONObject: facts, options: [.withoutEscapingSlashes])
            #expect(row[3] == String(decoding: factsText, as: UTF8.self))
            #expect(row[1] == object["name"] as? String && row[2] == object["bio"] as? String)
            #expect(Set(object.keys).isSubset(of: ["id", "name", "bio", "funFacts", "video", "portrait"]))
        }
        // The goldens exercise what they are there for: quotes, commas, line breaks, non-ASCII text,
        // absent and present URLs, empty and non-empty arrays.
        let all = rows.dropFirst().flatMap { $0 }.joined()
        for needed in ["\"", ",", "\n", "山", "🍵"] { #expect(all.contains(needed), "no \(needed.debugDescription)") }
        #expect(objects.contains { $0["video"] == nil } && objects.contains { $0["video"] != nil })
    }

    @Test("the oracle reads what RFC 4180 says: quotes, doubled quotes, commas and line breaks inside")
    func theOracleReadsRFC4180() {
        #expect(
            rfc4180Rows("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n") == [["a", "b"], ["x, \"y\"", "two\nlines"]])
        #expect(rfc4180Rows("a,,c\n") == [["a", "", "c"]])
    }
}
