import Foundation
import Testing

// Readers that share no code with the package, for tests that check a conversion's output against
// what its input says rather than against another path through the same coders.

/// RFC 4180 read the plain way, field by field: quoted fields with doubled quotes, CRLF or LF row
/// ends, a comma between fields. Not the package's `CSVDecoder`.
func rfc4180Rows(_ text: String) -> [[String]] {
    var rows: [[String]] = []
    var row: [String] = []
    var field = ""
    var quoted = false
    var scalars = Array(text.unicodeScalars)[...]
    while let scalar = scalars.popFirst() {
        if quoted {
            if scalar == "\"" {
                if scalars.first == "\"" {
                    field.unicodeScalars.append(scalars.removeFirst())
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

/// A JSON document read by Foundation's `JSONSerialization`, not by the package.
func foundationJSON(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

/// Each line of a JSON Lines text read by Foundation's `JSONSerialization`; blank lines skipped.
func foundationJSONLines(_ text: String) throws -> [Any] {
    try text.split(separator: "\n", omittingEmptySubsequences: true).map { try foundationJSON(String($0)) }
}

/// Whether two values Foundation read are the same JSON, strings compared scalar by scalar (Swift's
/// `==` on strings would call NFC and NFD equal, and a conversion must keep them apart).
func sameJSON(_ left: Any, _ right: Any) -> Bool {
    switch (left, right) {
    case (let left as String, let right as String):
        return Array(left.unicodeScalars) == Array(right.unicodeScalars)
    case (let left as [Any], let right as [Any]):
        return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
    case (let left as [String: Any], let right as [String: Any]):
        return Set(left.keys) == Set(right.keys) && left.allSatisfy { key, value in sameJSON(value, right[key]!) }
    case (is NSNull, is NSNull):
        return true
    case (let left as NSNumber, let right as NSNumber):
        return left == right
    default:
        return false
    }
}
