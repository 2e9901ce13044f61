import Foundation
import Testing
import TransferCodecs

/// Documents written from RFC 8259's grammar (§2–§8): what it allows is read as Foundation reads it;
/// what it forbids is a `dataCorrupted` error that names the line and column.
@Suite("JSON conformance (RFC 8259)")
struct JSONConformanceTests {
    /// Allowed: every value type at the top level, whitespace everywhere the grammar puts it,
    /// every escape, numbers in every form the grammar has, deep but legal nesting.
    static let accepted: [String] = [
        "0", "-0", "1", "-1", "123", "1.5", "-1.5e10", "1E5", "1e+5", "1e-5", "0.0", "0e0", "0E-0", "2.5E+300",
        "\"\"", "\"a\"", #""\"\\\/\b\f\n\r\t""#, #""\u0000\u001F\u0020\uFFFF""#, #""\uD834\uDD1E""#, #""\u00e9\u00E9""#,
        "\"\u{7F}\"",
        "\"日本語🙂\"", "\"\u{2028}\u{2029}\"", "true", "false", "null",
        "[]", "{}", "[ ]", "{ }", " \t\n\r[\t1\n,\r2 ] \n", "[1,[2,[3,[4]]]]", #"{"a":{"b":{"c":[]}}}"#, #"{"":0}"#,
        #"{"a" : 1 , "b":2}"#,
        #"[null,true,false,"",0,{},[]]"#, "\u{FEFF}[1]",
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ]

    /// Forbidden, each with a word the error must contain.
    static let rejected: [(String, String)] = [
        ("", "end of input"), (" ", "end of input"), ("[1,]", "trailing comma"), (#"{"a":1,}"#, "trailing comma"),
        ("[,1]", "a value"),
        ("[1 2]", "','"), (#"{"a" 1}"#, "':'"), (#"{a:1}"#, "string key"), ("{'a':1}", "string key"),
        ("['a']", "a value"),
        ("01", "leading zero"), ("-01", "leading zero"), ("00", "leading zero"), ("+1", "a value"), (".5", "a value"),
        ("1.", "digit"),
        ("1.e5", "digit"), ("1e", "digit"), ("1e+", "digit"), ("-", "digit"), ("- 1", "digit"),
        ("0x10", "after the value"),
        ("NaN", "a value"), ("Infinity", "a value"), ("-Infinity", "digit"), ("tru", "a value"), ("nul", "a value"),
        ("True", "a value"),
        ("truex", "after the value"), ("\"abc", "never closed"), ("\"a\u{0}b\"", "control character"),
        ("\"a\nb\"", "control character"),
        ("\"a\tb\"", "control character"), (#""\x""#, "unknown escape"), (#""\u12""#, "four hexadecimal"),
        (#""\u12G4""#, "four hexadecimal"),
        (#""\uD800""#, "lone high surrogate"), (#""\uD800\u0041""#, "lone high surrogate"),
        (#""\uDC00""#, "lone low surrogate"),
        (#""\'""#, "unknown escape"), ("[1] [2]", "end of the document"), ("1 2", "end of the document"),
        ("{} x", "end of the document"),
        ("[", "end of input"), ("[1", "end of input"), (#"{"a":"#, "end of input"), ("]", "a value"), ("}", "a value"),
        ("/* c */ 1", "a value"), ("1 // c", "end of the document"), ("\u{C}1", "a value"), ("\u{A0}1", "a value"),
        (String(repeating: "[", count: 513) + String(repeating: "]", count: 513), "levels of nesting"),
        (String(repeating: "[", count: 100_000), "levels of nesting"),
    ]

    @Test("what RFC 8259 allows: read, with Foundation's values", arguments: accepted)
    func accepts(json: String) throws {
        let data = Data(json.utf8)
        let ours = try JSONTextDecoder().decode(JSONTree.self, from: data)
        #expect(ours.normalized == (try JSONDecoder().decode(JSONTree.self, from: data)).normalized)
    }

    @Test("what RFC 8259 forbids: a data-corrupted error naming what and where", arguments: rejected)
    func rejects(json: String, expected: String) throws {
        do {
            _ = try JSONTextDecoder().decode(JSONTree.self, from: Data(json.utf8))
            Issue.record("accepted \(json.debugDescription)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription.contains(expected), "\(context.debugDescription)")
            #expect(context.debugDescription.contains("line "), "\(context.debugDescription)")
            #expect(context.codingPath.isEmpty)
        }
    }

    @Test("bytes that are not UTF-8: refused, the encoding named")
    func encodings() throws {
        let cases: [([UInt8], String)] = [
            ([0x22, 0xFF, 0x22], "invalid UTF-8"), ([0x22, 0xC3, 0x22], "invalid UTF-8"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "invalid UTF-8"),
            ([0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8"), ([0xFE, 0xFF, 0x00, 0x5B, 0x00, 0x5D], "UTF-16BE"),
            ([0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00], "UTF-16LE"), ([0x5B, 0x00, 0x5D, 0x00], "UTF-16LE"),
            ([0x00, 0x5B, 0x00, 0x5D], "UTF-16BE"),
            ([0x00, 0x00, 0x00, 0x5B], "UTF-32BE"), ([0x5B, 0x00, 0x00, 0x00], "UTF-32LE"),
        ]
        for (bytes, expected) in cases {
            do {
                _ = try JSONTextDecoder().decode(JSONTree.self, from: Data(bytes))
                Issue.record("accepted \(bytes)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription.contains(expected), "\(context.debugDescription)")
            }
        }
    }

    @Test("positions: line and column of the first thing wrong")
    func positions() throws {
        let cases: [(String, String)] = [
            ("[1,\n 2,\n tru]", "line 3, column 2"), ("{\n  \"a\": 01\n}", "line 2, column 8"),
            ("[\"日本\", x]", "line 1, column 8"),
            ("\n\n\n   }", "line 4, column 4"),
        ]
        for (json, position) in cases {
            do {
                _ = try JSONTextDecoder().decode(JSONTree.self, from: Data(json.utf8))
                Issue.record("accepted")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription.contains(position), "\(context.debugDescription)")
            }
        }
    }

    @Test("zero with an unsigned exponent: allowed by the grammar, refused by Foundation")
    func zeroWithAnExponent() throws {
        for text in ["0e4", "0E4", "-0e4", "[0e1]"] {
            let value = try JSONTextDecoder().decode(JSONTree.self, from: Data(text.utf8))
            #expect(value == .int(0) || value == .array([.int(0)]))
        }
        // Found by the fuzz target: Foundation refuses it as a Double, and reads 0e+4.
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Double.self, from: Data("0e4".utf8)) }
        #expect(try JSONDecoder().decode(Double.self, from: Data("0e+4".utf8)) == 0)
    }
}
