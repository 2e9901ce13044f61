import Foundation
import Testing
import TransferKit

// The edges of what a record plan moves as bytes (issue #47, point 4): a URL is copied as it is only
// when Foundation would write it back unchanged, so an invalid percent-escape (`%gg`) must come out
// as `URL(string:)` rewrites it (`%25gg`); and a UUID of the right length with one digit that is
// not hexadecimal, in a high or a low nibble, is refused. Each conversion runs streamed (by the
// plan) and whole (through `Codable`), against outputs written here by hand.

/// A record whose coding compiles to a plan: a UUID and a URL.
private struct Link: Codable, MemberwiseCodable, Hashable, Sendable {
    var id: UUID
    var url: URL
}

private struct Links: Transferable, Sendable {
    var records: [Link]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.records) {
            Links(records: $0)
        }
        RecordsRepresentation(contentType: .json, format: .jsonArray(encoder: sorted), records: \.records) {
            Links(records: $0)
        }
    }

    static var sorted: JSONTextEncoder {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

private let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

/// The output of converting `text` from `from` to `to` in `mode`, or `nil` for an error.
private func converted(
    _ text: String, from: UTType, to: UTType, mode: TransferConversionMode
) async throws -> String? {
    let scratch = try ConversionFolder()
    defer { scratch.remove() }
    let input = try scratch.file(from == .json ? "in.json" : "in.csv", text)
    var output = Data()
    do {
        try await TransferConversion(Links.self, from: from, to: to, mode: mode).convert(contentsOf: input) {
            output.append($0)
        }
    } catch {
        return nil
    }
    return String(decoding: output, as: UTF8.self)
}

@Suite("Record plans at their edges: URLs and UUIDs the fast path must not copy as they are")
struct RecordPlanBoundaryTests {
    @Test(
        "a URL with an invalid percent-escape is written as Foundation's URL writes it, both ways",
        arguments: [
            // A letter just past f, as the high and the low digit, in either case.
            ("https://e.com/%gg", "https://e.com/%25gg"),
            ("https://e.com/%g0", "https://e.com/%25g0"),
            ("https://e.com/%G0", "https://e.com/%25G0"),
            ("https://e.com/a%2g", "https://e.com/a%252g"),
            ("https://e.com/%0G", "https://e.com/%250G"),
            // The bytes just outside the digits and the letters: / and : around 0-9, @ before A, ` before a.
            ("https://e.com/%/0", "https://e.com/%25/0"),
            ("https://e.com/%0/", "https://e.com/%250/"),
            ("https://e.com/%:0", "https://e.com/%25:0"),
            ("https://e.com/%0:", "https://e.com/%250:"),
            ("https://e.com/%@0", "https://e.com/%25@0"),
            ("https://e.com/%0@", "https://e.com/%250@"),
            ("https://e.com/%`0", "https://e.com/%25%600"),
            ("https://e.com/%0`", "https://e.com/%250%60"),
            // In the query and the fragment too.
            ("https://e.com/?q=%gx#%ag", "https://e.com/?q=%25gx#%25ag"),
            // The last valid digits of each range are kept as they are.
            ("https://e.com/%ff%FF%af%09%90%Af%aF", "https://e.com/%ff%FF%af%09%90%Af%aF"),
        ])
    func urlWithInvalidPercentEscapeIsRewrittenAsFoundationDoes(url: String, expected: String) async throws {
        // The expectation written by hand is Foundation's own round trip.
        #expect(URL(string: url)?.absoluteString == expected)
        for mode in [TransferConversionMode.streaming, .whole] {
            let json = try await converted(
                "id,url\r\n\(id),\(url)\r\n", from: .commaSeparatedText, to: .json, mode: mode)
            #expect(json == #"[{"id":"\#(id)","url":"\#(expected)"}]"#, "\(mode)")
            let csv = try await converted(
                #"[{"id":"\#(id)","url":"\#(url)"}]"#, from: .json, to: .commaSeparatedText, mode: mode)
            #expect(csv == "id,url\r\n\(id),\(expected)\r\n", "\(mode)")
        }
    }

    /// `id` with the hexadecimal digit at `position` (0 to 31, dashes not counted) replaced.
    static func uuid(replacingDigit position: Int, with character: Character) -> String {
        var characters = Array(id)
        let index = position + [8, 12, 16, 20].filter { position >= $0 }.count
        characters[index] = character
        return String(characters)
    }

    /// Every digit position, each with one of the bytes just outside the hexadecimal ranges, each
    /// byte in both a high nibble (an even position) and a low one (the odd position after it).
    static let badDigits: [(position: Int, character: Character)] = (0..<32).map { position in
        let characters: [Character] = ["G", "g", ":", "/", "@", "`"]
        return (position, characters[(position / 2) % characters.count])
    }

    @Test("a UUID of the right length with one digit that is not hexadecimal is refused, both ways")
    func uuidWithABadDigitIsRefused() async throws {
        var kinds: Set<String> = []
        for (position, character) in Self.badDigits {
            kinds.insert("\(character) \(position % 2 == 0 ? "high" : "low")")
            let bad = Self.uuid(replacingDigit: position, with: character)
            #expect(bad.utf8.count == 36)
            #expect(UUID(uuidString: bad) == nil, "\(bad)")
            for mode in [TransferConversionMode.streaming, .whole] {
                let json = try await converted(
                    "id,url\r\n\(bad),https://e.com/\r\n", from: .commaSeparatedText, to: .json, mode: mode)
                #expect(json == nil, "\(bad), \(mode): \(json ?? "")")
                let csv = try await converted(
                    #"[{"id":"\#(bad)","url":"https://e.com/"}]"#, from: .json, to: .commaSeparatedText, mode: mode)
                #expect(csv == nil, "\(bad), \(mode): \(csv ?? "")")
            }
        }
        // Each bad byte in both a high and a low nibble.
        #expect(kinds.count == 12, "\(kinds.sorted())")
    }

    @Test("a UUID whose digits are each range's first and last (0 9 A F a f) is read, and written upper-case")
    func uuidWithBoundaryDigitsIsRead() async throws {
        let edges = "09AFaf09-AF09-9af0-Fa09-09afAF09afAF"
        let upper = "09AFAF09-AF09-9AF0-FA09-09AFAF09AFAF"
        #expect(UUID(uuidString: edges)?.uuidString == upper)
        for mode in [TransferConversionMode.streaming, .whole] {
            let json = try await converted(
                "id,url\r\n\(edges),https://e.com/\r\n", from: .commaSeparatedText, to: .json, mode: mode)
            #expect(json == #"[{"id":"\#(upper)","url":"https://e.com/"}]"#, "\(mode)")
            let csv = try await converted(
                #"[{"id":"\#(edges)","url":"https://e.com/"}]"#, from: .json, to: .commaSeparatedText, mode: mode)
            #expect(csv == "id,url\r\n\(upper),https://e.com/\r\n", "\(mode)")
        }
    }
}
