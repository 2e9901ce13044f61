import Foundation
import Testing
import TransferCodecs

/// UTF-8 is checked inside the string scan of the JSON readers, in the same pass: every malformed
/// sequence is named at its first byte, every well-formed one read whole however the input is cut
/// into chunks, and a sequence cut by the end of the input is a string that is never closed.
@Suite("JSON strings: UTF-8 checked in the scan")
struct JSONStringUTF8Tests {
    private func decode(_ bytes: [UInt8], chunkSize: Int) throws -> [String] {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("utf8-\(UUID()).json")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var strings: [String] = []
        try JSONArrayDecoder(JSONTextDecoder(), chunkSize: chunkSize).decodeElements(String.self, contentsOf: url) {
            strings.append($0)
        }
        return strings
    }

    /// `["a` + `bytes` + `b"]`.
    private func array(_ bytes: [UInt8]) -> [UInt8] {
        Array(#"["a"#.utf8) + bytes + Array(#"b"]"#.utf8)
    }

    @Test(
        "a malformed sequence is named at its first byte, the string's column counted in characters",
        arguments: [
            ([0xC3, 0x28], "0xC3"),  // a lead without its continuation
            ([0x80], "0x80"),  // a continuation alone
            ([0xC0, 0xAF], "0xC0"),  // overlong, two bytes
            ([0xE0, 0x80, 0xAF], "0xE0"),  // overlong, three bytes
            ([0xED, 0xA0, 0x80], "0xED"),  // a surrogate
            ([0xF0, 0x80, 0x80, 0xAF], "0xF0"),  // overlong, four bytes
            ([0xF4, 0x90, 0x80, 0x80], "0xF4"),  // past U+10FFFF
            ([0xF5, 0x80, 0x80, 0x80], "0xF5"),  // no such lead
            ([0xE3, 0x81, 0x41], "0xE3"),  // cut inside
        ] as [([UInt8], String)])
    func malformedSequences(bytes: [UInt8], byte: String) {
        for chunkSize in [1, 2, 3, 1 << 20] {
            do {
                _ = try decode(array(bytes), chunkSize: chunkSize)
                Issue.record("accepted \(bytes)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(
                    context.debugDescription
                        == "The given data was not valid JSON: invalid UTF-8 (byte \(byte)) at line 1, column 4.",
                    "\(bytes), chunks of \(chunkSize)")
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test("every well-formed sequence is read, at every cut of the input into chunks")
    func wellFormedSequences() throws {
        let text = "é — ю 日本 🐙 \u{10FFFF} \u{E000} \u{D7FF} \u{80} \u{7FF} \u{800} \u{FFFF} \u{10000}"
        let input = Array(#"[""#.utf8) + Array(text.utf8) + Array(#"", "x"]"#.utf8)
        for chunkSize in [1, 2, 3, 5, 1 << 20] {
            #expect(try decode(input, chunkSize: chunkSize) == [text, "x"], "chunks of \(chunkSize)")
        }
    }

    @Test("a string cut inside a character by the end of the input is a string never closed, at its quote")
    func cutByTheEnd() {
        for input in [Array(#"["ab"#.utf8), Array(#"["ab"#.utf8) + [0xE3, 0x81], Array(#"["ab"#.utf8) + [0xF0]] {
            for chunkSize in [1, 1 << 20] {
                do {
                    _ = try decode(input, chunkSize: chunkSize)
                    Issue.record("accepted \(input)")
                } catch DecodingError.dataCorrupted(let context) {
                    #expect(
                        context.debugDescription.contains("a string that is never closed at line 1, column 2"),
                        "\(input): \(context.debugDescription)")
                } catch {
                    Issue.record("\(error)")
                }
            }
        }
    }
}
