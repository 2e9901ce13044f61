import Foundation
import Testing

/// RFC 4180 read the plain way, field by field, for an oracle that shares no code with the package:
/// quoted fields with doubled quotes, CRLF or LF row ends, a comma between fields.
private func rfc4180Rows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var characters = Array(text.unicodeScalars)[...]
    while let scalar = characters.popFirst() {
        if quoted {
            if scalar == "\"" {
                if characters.first == "\"" {
                    field.unicodeScalars.append(characters.removeFirst())
                } else {
                    quoted = false
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
            continue
        }
        switch scalar {
        case "\"": quoted = true
        case ",":
            row.append(field)
            field = ""
        case "\r": continue
        case "\n":
            row.append(field)
            rows.append(row)
            row = []
            field = ""
        default: field.unicodeScalars.append(scalar)
        }
    }
    if !field.isEmpty || !row.isEmpty {
        row.append(field)
        rows.append(row)
    }
    return rows
}

/// The profiles the CLI tests compare against (`Examples/Profiles/profiles.csv` and `.json`) were
/// written by the tool itself; compared with each other only, a bug that wrote both wrongly would
/// pass. Here each is read by a reader that is not the package's — Foundation's `JSONSerialization`,
/// and the RFC 4180 reader above — and the two must hold the same profiles, field for field.
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

    @Test("the oracle reads what RFC 4180 says: quotes, doubled quotes, commas and line breaks inside")
    func theOracleReadsRFC4180() {
        #expect(
            rfc4180Rows("a,b\r\n\"x, \"\"y\"\"\",\"two\nlines\"\r\n") == [["a", "b"], ["x, \"y\"", "two\nlines"]])
        #expect(rfc4180Rows("a,,c\n") == [["a", "", "c"]])
    }
}
