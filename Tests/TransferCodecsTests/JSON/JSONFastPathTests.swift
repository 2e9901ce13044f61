import Foundation
import Testing
import TransferCodecs

/// The coders read and write some common types without going through their `Codable`
/// conformances (arrays of strings, optionals): each shortcut must give what the conformance
/// gives — the same values, bytes and errors, with the same coding paths.
@Suite("JSON shortcuts for common types: what their Codable conformances give")
struct JSONFastPathTests {
    struct Tags: Codable, Equatable {
        var tags: [String]
        var nested: [[String]]?
        var link: URL?
        var count: Int?
        var note: String?
    }

    /// What a decoder gives for `json`: the value, or the error's case, path and kind of value.
    static func outcome(_ decode: () throws -> Tags) -> String {
        do {
            return "value \(try decode())"
        } catch let error as DecodingError {
            switch error {
            case .typeMismatch(let type, let context):
                return
                    "typeMismatch \(type) at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })"
            case .valueNotFound(let type, let context):
                return
                    "valueNotFound \(type) at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })"
            case .keyNotFound(let key, _):
                return "keyNotFound \(key.stringValue)"
            case .dataCorrupted(let context):
                return "dataCorrupted at \(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue })"
            @unknown default:
                return "unknown"
            }
        } catch {
            return "other \(error)"
        }
    }

    @Test(
        "arrays of strings decode as [String](from:) does, errors included",
        arguments: [
            #"{"tags":[]}"#, #"{"tags":["a","b\u00e9\n\"q\"","🐙",""]}"#, #"{"tags":["a",1]}"#,
            #"{"tags":["a",null]}"#, #"{"tags":"a"}"#, #"{"tags":null}"#, #"{"tags":{"a":"b"}}"#,
            #"{"tags":[["a"]]}"#, #"{"tags":[],"nested":[["a"],[],["b","c"]]}"#, #"{"tags":[],"nested":[["a"],[2]]}"#,
            #"{"tags":[],"nested":["a"]}"#, #"{"tags":[],"link":"https://example.com/a%20b?x=1"}"#,
            #"{"tags":[],"count":null,"note":null}"#,
        ])
    func arraysOfStrings(json: String) {
        let data = Data(json.utf8)
        let ours = Self.outcome { try JSONTextDecoder().decode(Tags.self, from: data) }
        let foundation = Self.outcome { try JSONDecoder().decode(Tags.self, from: data) }
        #expect(ours == foundation)
    }

    @Test("optionals encode as encodeIfPresent's defaults do: absent when nil")
    func optionals() throws {
        let values = [
            Tags(tags: [], nested: nil, link: nil, count: nil, note: nil),
            Tags(tags: ["a", "/"], nested: [["b"]], link: URL(string: "https://e.com/x"), count: 3, note: "n"),
            Tags(tags: [], nested: [], link: nil, count: 0, note: ""),
        ]
        // Sorted: without it, Foundation writes members in its dictionary's order.
        for formatting: JSONEncoder.OutputFormatting in [[.sortedKeys], [.sortedKeys, .withoutEscapingSlashes]] {
            var ours = JSONTextEncoder()
            ours.outputFormatting = formatting
            let foundation = JSONEncoder()
            foundation.outputFormatting = formatting
            #expect(try ours.encode(values) == foundation.encode(values))
        }
    }
}
