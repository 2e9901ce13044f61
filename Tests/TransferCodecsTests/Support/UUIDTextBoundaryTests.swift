import Foundation
import Testing
import TransferCodecs

/// UUIDs of the right length (36 characters, dashes in place) with one digit that is not
/// hexadecimal, in each position — a byte's high nibble and its low one — read by the CSV and JSON
/// decoders: each is an error, as `UUID(uuidString:)` says; the first and last digit of each range
/// (`0`, `9`, `A`, `F`, `a`, `f`) are read. The bad bytes sit just outside the ranges the reader
/// checks: `/` and `:` around `0`–`9`, `@` and `G` around `A`–`F`, `` ` `` and `g` around `a`–`f`.
@Suite("UUIDs one digit from valid, in CSV and JSON")
struct UUIDTextBoundaryTests {
    struct Row: Codable, Equatable {
        var id: UUID
        var owner: UUID?
    }

    static let valid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let outside: [Character] = ["/", ":", "@", "G", "`", "g"]

    /// `valid` with the hexadecimal digit at `position` (0 to 31, dashes not counted) replaced.
    static func replacing(digit position: Int, with character: Character) -> String {
        var characters = Array(valid)
        characters[position + [8, 12, 16, 20].filter { position >= $0 }.count] = character
        return String(characters)
    }

    /// Every position with every byte just outside the ranges: 32 × 6 spellings.
    static var bad: [String] {
        (0..<32).flatMap { position in outside.map { replacing(digit: position, with: $0) } }
    }

    @Test("a non-hexadecimal digit in any position, high nibble or low, is refused by CSVDecoder")
    func csvRefusesABadDigitInEveryPosition() throws {
        let decoder = CSVDecoder()
        for text in Self.bad {
            #expect(text.utf8.count == 36 && UUID(uuidString: text) == nil, "\(text)")
            #expect(throws: DecodingError.self, "\(text)") {
                try decoder.decode([Row].self, from: Data("id,owner\r\n\(text),\r\n".utf8))
            }
            #expect(throws: DecodingError.self, "\(text) as the optional") {
                try decoder.decode([Row].self, from: Data("id,owner\r\n\(Self.valid),\(text)\r\n".utf8))
            }
        }
    }

    @Test("a non-hexadecimal digit in any position, high nibble or low, is refused by JSONTextDecoder")
    func jsonRefusesABadDigitInEveryPosition() throws {
        let decoder = JSONTextDecoder()
        for text in Self.bad {
            #expect(throws: DecodingError.self, "\(text)") {
                try decoder.decode(Row.self, from: Data(#"{"id":"\#(text)"}"#.utf8))
            }
            #expect(throws: DecodingError.self, "\(text) as the optional") {
                try decoder.decode(Row.self, from: Data(#"{"id":"\#(Self.valid)","owner":"\#(text)"}"#.utf8))
            }
            #expect(throws: DecodingError.self, "\(text) in an array") {
                try decoder.decode([UUID].self, from: Data(#"["\#(text)"]"#.utf8))
            }
            // Written with an escape, the string is read through the other path.
            let escaped = text.unicodeScalars.map { $0.value < 0x80 ? String(format: "\\u%04X", $0.value) : "" }
                .joined()
            #expect(throws: DecodingError.self, "\(text), escaped") {
                try decoder.decode([UUID].self, from: Data(#"["\#(escaped)"]"#.utf8))
            }
        }
    }

    @Test("each range's first and last digit, in every position, is read as UUID(uuidString:) reads it")
    func boundaryDigitsAreRead() throws {
        let csv = CSVDecoder()
        let json = JSONTextDecoder()
        for position in 0..<32 {
            for character in ["0", "9", "A", "F", "a", "f"] as [Character] {
                let text = Self.replacing(digit: position, with: character)
                let expected = try #require(UUID(uuidString: text), "\(text)")
                #expect(
                    try csv.decode([Row].self, from: Data("id,owner\r\n\(text),\(text)\r\n".utf8))
                        == [Row(id: expected, owner: expected)], "\(text)")
                #expect(
                    try json.decode(Row.self, from: Data(#"{"id":"\#(text)","owner":"\#(text)"}"#.utf8))
                        == Row(id: expected, owner: expected), "\(text)")
            }
        }
    }

    @Test("the right length with a dash out of place, or a digit where a dash goes, is refused")
    func dashesOutOfPlace() {
        for text in [
            "E621E1F8C-36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C0495A-93FC-0C247A3E6E5F",
            "E621E1F8-C36C-495A-93FC00C247A3E6E5F", "-E621E1F8C36C-495A-93FC-0C247A3E6E5F",
        ] {
            #expect(text.utf8.count == 36)
            #expect(throws: DecodingError.self, "\(text)") {
                try CSVDecoder().decode([Row].self, from: Data("id,owner\r\n\(text),\r\n".utf8))
            }
            #expect(throws: DecodingError.self, "\(text)") {
                try JSONTextDecoder().decode([UUID].self, from: Data(#"["\#(text)"]"#.utf8))
            }
        }
    }
}
