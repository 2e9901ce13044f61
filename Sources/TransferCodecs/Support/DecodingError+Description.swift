#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

package extension DecodingError {
    /// One line for a person: what was expected, what was found, and where — the coding path, and
    /// the line and column when the decoder gave them — with no Swift type names and no error dump.
    /// The one description of a `DecodingError` that every module and the tool use.
    ///
    /// `expected a number at funFacts[2], found a string (line 3, column 14)`
    var readableDescription: String {
        switch self {
        case .keyNotFound(let key, let context):
            if let underlying = context.underlyingError as? CSVError {
                // The CSV decoder's words: the columns it found, and a likelier delimiter.
                return "missing \"\(key.stringValue)\" in \(Self.place(context.codingPath)): " + underlying.description
            }
            return "missing \"\(key.stringValue)\" in \(Self.place(context.codingPath))" + Self.position(context)
        case .typeMismatch(let type, let context):
            return
                "expected \(Self.kind(type)) at \(Self.place(context.codingPath)), found \(Self.found(context) ?? "something else")"
                + Self.position(context)
        case .valueNotFound(let type, let context):
            let found = context.debugDescription.contains("at end") ? "the end of the array" : "null"
            return "expected \(Self.kind(type)) at \(Self.place(context.codingPath)), found \(found)"
                + Self.position(context)
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? CSVError {
                return underlying.description
                    + (context.codingPath.isEmpty ? "" : " (at \(Self.place(context.codingPath)))")
            }
            var text = context.debugDescription
            for prefix in ["The given data was not valid JSON: ", "The given data was not valid JSON."]
            where text.hasPrefix(prefix) {
                text = "not valid JSON: " + text.dropFirst(prefix.count)
            }
            if text.hasSuffix(".") { text.removeLast() }
            // The standard library's message for a `RawRepresentable` enum names the Swift type.
            if text.hasPrefix("Cannot initialize "), let range = text.firstRange(of: " from invalid ") {
                let rest = text[range.upperBound...]
                let value = rest.split(separator: " value ", maxSplits: 1).last.map(String.init) ?? String(rest)
                text = "expected one of the known values, found \"\(value)\""
            }
            if text == "The given data was not a valid property list" {
                text = "not a valid property list (expected XML or binary property list syntax)"
                // Foundation says where in its error's debug description.
                if let detail = (context.underlyingError as? CocoaError)?.userInfo["NSDebugDescription"] as? String {
                    let trimmed = detail.drop(while: \.isWhitespace).reversed().drop { $0.isWhitespace || $0 == "." }
                        .reversed()
                    if !trimmed.isEmpty { text += ": " + String(trimmed) }
                }
            }
            // The position goes last, in one form.
            let position = Self.position(context)
            let bare = position.dropFirst(2).dropLast()
            for form in [" (at \(bare))", " at \(bare)", " (\(bare))"] where !bare.isEmpty {
                if let range = text.firstRange(of: form) { text.removeSubrange(range) }
            }
            return text + (context.codingPath.isEmpty ? "" : " at \(Self.place(context.codingPath))") + position
        @unknown default:
            return "\(self)"
        }
    }

    /// `a.b[2].c`, or "the top level".
    static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    /// What a type is, in words a user of JSON or CSV knows.
    private static func kind(_ type: Any.Type) -> String {
        let name = "\(type)"
        switch type {
        case is String.Type, is Substring.Type, is Character.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is any BinaryInteger.Type: return "an integer"
        case is any BinaryFloatingPoint.Type, is Decimal.Type: return "a number"
        case is URL.Type: return "a URL"
        case is UUID.Type: return "a UUID"
        case is Date.Type: return "a date"
        case is Data.Type: return "data"
        default:
            if name.hasPrefix("Dictionary<") || name.hasPrefix("KeyedDecodingContainer<") { return "an object" }
            if name.hasPrefix("Array<") || name.contains("UnkeyedDecodingContainer") { return "an array" }
            if name.hasPrefix("Optional<") { return "a value or null" }
            return "a value"
        }
    }

    /// What the decoder found, when its description says ("… but found a string instead").
    private static func found(_ context: Context) -> String? {
        let text = context.debugDescription
        guard let start = text.firstRange(of: "but found ")?.upperBound ?? text.firstRange(of: "found ")?.upperBound
        else { return nil }
        let rest = text[start...]
        let end = rest.firstRange(of: " instead")?.lowerBound ?? rest.firstRange(of: " (")?.lowerBound ?? rest.endIndex
        var found = Substring(rest[..<end])
        while let last = found.last, last == "." || last == " " { found.removeLast() }
        switch found {
        case "number": return "a number"
        case "bool": return "true or false"
        case "null", "null value": return "null"
        case "a dictionary": return "an object"
        default: return found.isEmpty ? nil : String(found)
        }
    }

    /// ` (line L, column C)` when the decoder's description gives them.
    private static func position(_ context: Context) -> String {
        textPosition(context).map { " (line \($0.line), column \($0.column))" } ?? ""
    }

    /// The line and column of the input where the error was found, both from 1: the
    /// ``CSVError``'s beneath it, or those the JSON decoder's description gives; `nil` when the
    /// decoder did not say.
    var position: (line: Int, column: Int)? {
        let context: Context
        switch self {
        case .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found),
            .dataCorrupted(let found):
            context = found
        @unknown default:
            return nil
        }
        if let csv = context.underlyingError as? CSVError {
            return csv.line > 0 ? (csv.line, csv.column) : nil
        }
        return Self.textPosition(context)
    }

    /// The line and column the decoder's description gives (`line L, column C`).
    private static func textPosition(_ context: Context) -> (line: Int, column: Int)? {
        let text = context.debugDescription
        var search = text.startIndex
        while let line = text[search...].firstRange(of: "line ") {
            let digits = text[line.upperBound...].prefix { $0.isASCII && $0.isNumber }
            let after = text[digits.endIndex...]
            if !digits.isEmpty, after.hasPrefix(", column ") {
                let columns = after.dropFirst(", column ".count).prefix { $0.isASCII && $0.isNumber }
                if let line = Int(digits), let column = Int(columns) { return (line, column) }
            }
            search = line.upperBound
        }
        return nil
    }
}
