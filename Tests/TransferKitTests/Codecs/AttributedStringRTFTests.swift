import Foundation
import Testing
import TransferKit

@Suite("AttributedString as RTF")
struct AttributedStringRTFTests {
    /// Text and link runs, for comparing attributed strings by what RTF carries.
    func runs(_ string: AttributedString) -> [String] {
        string.runs.map { run in
            let text = String(string[run.range].characters)
            return run.link.map { "\(text) → \($0.absoluteString)" } ?? text
        }
    }

    func rtf(_ string: AttributedString) async throws -> String {
        String(decoding: try await string.exported(as: .rtf), as: UTF8.self)
    }

    func importRTF(_ text: String) async throws -> AttributedString {
        try await AttributedString(importing: Data(text.utf8), contentType: .rtf)
    }

    @Test func rtfComesBeforePlainTextAsWithApple() async throws {
        let text = AttributedString("Hello")
        // public.rtf conforms to public.text but not to public.plain-text.
        #expect(try await text.exported(as: .text).starts(with: Data(#"{\rtf1"#.utf8)))
        #expect(try await text.exported(as: .plainText) == Data("Hello".utf8))
    }

    @Test func writesSevenBitRTFWithEscapesBreaksAndLinks() async throws {
        var text = AttributedString("a{b}\\c\té\n山😀\u{2028}")
        var link = AttributedString("site")
        link.link = URL(string: "https://example.com/a?b=c")
        text += link
        let output = try await rtf(text)
        #expect(output.utf8.allSatisfy { $0 < 0x80 })
        #expect(output.hasPrefix(#"{\rtf1\ansi\ansicpg1252\uc1"#))
        #expect(output.contains(#"a\{b\}\\c\tab \u233?\par"#))
        // 山 is U+5C71; 😀 is U+1F600, written as its UTF-16 surrogates, signed.
        #expect(output.contains(#"\u23665?\u-10179?\u-8704?\line "#))
        #expect(output.contains(#"{\field{\*\fldinst{HYPERLINK "https://example.com/a?b=c"}}{\fldrslt site}}"#))
        #expect(output.hasSuffix("}\n"))
    }

    @Test func roundTripsCharactersAndLinks() async throws {
        var text = AttributedString("Plain {braces} \\ back\tslash, é ü 山 Ж 😀 🇯🇵\nsecond\u{2028}line, ")
        var link = AttributedString("a link")
        link.link = URL(string: "https://example.com/path?q=1#frag")
        text += link
        text += AttributedString(" and after.")
        let back = try await importRTF(try await rtf(text))
        #expect(runs(back) == runs(text))
        #expect(back == text)
    }

    @Test func lineEndsBecomeLineFeeds() async throws {
        let back = try await importRTF(try await rtf(AttributedString("a\r\nb\rc\u{2029}d\ne")))
        #expect(String(back.characters) == "a\nb\nc\nd\ne")
    }

    @Test func readsRTFAsCocoaWritesIt() async throws {
        let cocoa = #"""
            {\rtf1\ansi\ansicpg1252\cocoartf2761
            \cocoatextscaling0\cocoaplatform0{\fonttbl\f0\fswiss\fcharset0 Helvetica;\f1\fmodern\fcharset0 Courier;}
            {\colortbl;\red255\green255\blue255;\red0\green0\blue233;}
            {\*\expandedcolortbl;;\cssrgb\c0\c0\c93333;}
            \paperw11900\paperh16840\margl1440\margr1440\vieww11520\viewh8400\viewkind0
            \pard\tx566\tx1133\pardirnatural\partightenfactor0

            \f0\fs24 \cf0 Caf\'e9 costs 5 \uc0\u8364 \
            See {\field{\*\fldinst{HYPERLINK "https://example.com/"}}{\fldrslt \cf2 \ul \ulc2 example}}.\
            \'93quoted\'94 \b bold\b0  and \i italic\i0 \
            \f1 code\tab done}
            """#
        let text = try await importRTF(cocoa)
        #expect(String(text.characters) == "Café costs 5 €\nSee example.\n“quoted” bold and italic\ncode\tdone")
        #expect(
            runs(text) == [
                "Café costs 5 €\nSee ", "example → https://example.com/", ".\n“quoted” bold and italic\ncode\tdone",
            ])
    }

    @Test func skipsDestinationsBinaryDataAndFallbacks() async throws {
        // An unknown ignorable destination, a picture with binary data holding braces, a `\uc2`
        // fallback of two characters, a surrogate pair, and text after the document.
        let text = try await importRTF(
            #"{\rtf1 a{\*\unknown hidden {nested}}b{\pict\bin4 {}}x}c\uc2\u233 XYz \u-10179?\u-8704?}trailing"#)
        #expect(String(text.characters) == "abcéz 😀")
        let lone = try await importRTF(#"{\rtf1 \u-10179?x}"#)
        #expect(String(lone.characters) == "\u{FFFD}x")
        let special = try await importRTF(#"{\rtf1 \emdash\endash\bullet\lquote\rquote\ldblquote\rdblquote\~\_\-.}"#)
        #expect(String(special.characters) == "—–•‘’“”\u{00A0}\u{2011}.")
    }

    @Test func malformedRTFSaysWhatAndWhere() async {
        func failure(_ text: String) async -> String? {
            do {
                _ = try await AttributedString(importing: Data(text.utf8), contentType: .rtf)
                return nil
            } catch {
                #expect(error.code == .decodingFailed)
                return error.description
            }
        }
        let notRTF = await failure("Hello")
        #expect(notRTF?.contains("expected RTF, which starts with '{\\rtf', found \"Hello\"") == true)
        #expect(notRTF?.contains("at byte 0") == true)
        let unclosed = await failure(#"{\rtf1 a{b"#)
        #expect(
            unclosed?.contains("expected '}' to close the group opened at byte 8, found the end of the input") == true)
        let badHex = await failure(#"{\rtf1 ab\'zz}"#)
        #expect(badHex?.contains(#"expected two hexadecimal digits after \', found "zz""#) == true)
        #expect(badHex?.contains("at byte 9") == true)
        let cut = await failure(#"{\rtf1 ab\"#)
        #expect(cut?.contains("after '\\', found the end of the input") == true)
    }

    @Test("groups nest up to 512 levels, the document's own included; deeper is refused in words")
    func deepNestingIsBounded() async throws {
        func nested(_ depth: Int) -> String {
            #"{\rtf1 "# + String(repeating: "{x", count: depth) + String(repeating: "}", count: depth) + "}"
        }
        let text = try await importRTF(nested(511))
        #expect(text.characters.count == 511)
        for depth in [512, 200_000] {
            var refused: String?
            do {
                _ = try await AttributedString(importing: Data(nested(depth).utf8), contentType: .rtf)
            } catch {
                #expect(error.code == .decodingFailed)
                refused = error.description
            }
            #expect(
                refused?.contains("nests groups more than 512 levels deep") == true, "\(String(describing: refused))")
            // At the `{` that opens the 513th level: the header's 7 bytes, then 511 `{x`.
            #expect(refused?.contains("at byte \(7 + 2 * 511)") == true, "\(String(describing: refused))")
        }
    }

    /// Random damage to a real document: every result is a string or a decoding failure.
    @Test func damagedRTFNeverCrashes() async {
        var seed: UInt64 = 7
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var source = Array(
            #"{\rtf1\ansi{\fonttbl\f0 Helvetica;}\f0 Caf\'e9 \u8364? {\field{\*\fldinst{HYPERLINK "https://e.com"}}{\fldrslt e}}\par\bin3 abc\uc2\u-10179??\u-8704??}"#
                .utf8)
        source += Array("{\\*\\x y}\\tab }".utf8)
        for _ in 0..<3000 {
            var bytes = source
            for _ in 0..<(1 + next() % 6) {
                let position = next() % bytes.count
                switch next() % 4 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: next())
                case 1: bytes.remove(at: position)
                case 2:
                    bytes.insert(
                        [UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\\"), 0x80, 0xFF][next() % 5], at: position
                    )
                default: bytes.removeLast(next() % max(1, bytes.count / 2))
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            do {
                _ = try await AttributedString(importing: Data(bytes), contentType: .rtf)
            } catch {
                #expect(error.code == .decodingFailed)
            }
        }
    }
}
