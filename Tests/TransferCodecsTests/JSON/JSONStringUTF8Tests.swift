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

    /// The scan reads sixteen bytes at a time: each byte it must stop at — a quote, a backslash, a
    /// control character, each length of UTF-8, a malformed byte — is put at every offset of the
    /// first two blocks, long strings before and after it, through both readers.
    @Test("every byte the scan stops at, at every offset of a block, in long strings")
    func stopsAtEveryOffset() throws {
        let padding = Array(repeating: UInt8(ascii: "x"), count: 40)
        let readable: [(bytes: [UInt8], text: String)] = [
            (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"),
            (Array(#"\u00e9"#.utf8), "é"), (Array("é".utf8), "é"), (Array("日".utf8), "日"),
            (Array("🐙".utf8), "🐙"), (Array("юю日🐙".utf8), "юю日🐙"), ([], ""),
        ]
        for offset in 0..<34 {
            let before = Array(repeating: UInt8(ascii: "a"), count: offset)
            // One array a offset: each string with its stop at `offset`.
            let strings = readable.map { before + $0.bytes + padding }
            let input =
                Array("[".utf8)
                + strings.map { Array("\"".utf8) + $0 + Array("\"".utf8) }.joined(separator: Array(",".utf8))
                + Array("]".utf8)
            let expected = readable.map {
                String(decoding: before, as: UTF8.self) + $0.text + String(decoding: padding, as: UTF8.self)
            }
            #expect(try JSONTextDecoder().decode([String].self, from: Data(input)) == expected, "\(offset)")
            #expect(try decode(input, chunkSize: 64) == expected, "\(offset), in pieces")
            // Refused, and named where they are: the column counts the characters before.
            for (bytes, message) in [
                ([UInt8(0x01)], "a control character (U+0001)"), ([0xFF], "invalid UTF-8 (byte 0xFF)"),
            ] {
                let input = Array("[\"".utf8) + before + bytes + padding + Array("\"]".utf8)
                for read in [
                    { try JSONTextDecoder().decode([String].self, from: Data(input)) },
                    { try decode(input, chunkSize: 1 << 20) },
                ] {
                    do {
                        _ = try read()
                        Issue.record("accepted \(bytes) after \(offset) bytes")
                    } catch DecodingError.dataCorrupted(let context) {
                        #expect(
                            context.debugDescription.contains("\(message)")
                                && context.debugDescription.contains("column \(offset + 3)"),
                            "\(offset): \(context.debugDescription)")
                    }
                }
            }
        }
    }
}
