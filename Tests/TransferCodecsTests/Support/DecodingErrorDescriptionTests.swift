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
                == "Invalid URL string at links.x (line 1, column 43)")
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
