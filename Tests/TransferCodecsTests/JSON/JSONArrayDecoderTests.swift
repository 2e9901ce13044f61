import Foundation
import Testing
import TransferCodecs

@Suite("JSONArrayDecoder")
struct JSONArrayDecoderTests {
    struct Note: Codable, Equatable {
        var text: String
        var tags: [String]
        var nested: [String: [Int]]?
    }

    let notes = [
        Note(text: "a, b] c", tags: ["[", "]", "{", "}"], nested: ["x": [1, 2]]),
        Note(text: "quote \" and backslash \\ and \\\" both", tags: [], nested: nil),
        Note(text: "日本語, кириллица, 🙂\r\nnew line", tags: ["\u{7}"], nested: [:]),
    ]

    private func file(_ contents: Data) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID()).json")
        try contents.write(to: url)
        return url
    }

    private func decode<T: Decodable>(_ type: T.Type, _ contents: Data, chunkSize: Int = 1 << 20) throws -> [T] {
        let url = try file(contents)
        defer { try? FileManager.default.removeItem(at: url) }
        var elements: [T] = []
        try JSONArrayDecoder(JSONTextDecoder(), chunkSize: chunkSize).decodeElements(T.self, contentsOf: url) {
            elements.append($0)
        }
        return elements
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func matchesJSONDecoderAtEveryChunkSize(chunkSize: Int) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .prettyPrinted
        for data in [try JSONEncoder().encode(notes), try encoder.encode(notes)] {
            #expect(try decode(Note.self, data, chunkSize: chunkSize) == notes)
        }
        #expect(try decode(Int.self, Data(" \n[ 1 ,2,\t-3.0e0 ]\n".utf8), chunkSize: chunkSize) == [1, 2, -3])
        #expect(try decode(String?.self, Data("[null,\"]\",null]".utf8), chunkSize: chunkSize) == [nil, "]", nil])
    }

    @Test func emptyArraysAndByteOrderMarks() throws {
        #expect(try decode(Int.self, Data("[]".utf8)).isEmpty)
        #expect(try decode(Int.self, Data(" [ \n ] ".utf8), chunkSize: 1).isEmpty)
        #expect(try decode(Int.self, Data([0xEF, 0xBB, 0xBF]) + Data("[4]".utf8), chunkSize: 1) == [4])
    }

    @Test(arguments: [
        ("{}", "expected '[' opening an array, found '{' at line 1, column 1"),
        ("", "unexpected end of input: expected '[' opening an array at line 1, column 1"),
        ("[1,]", "expected a value after ',' (a trailing comma), found ']' at line 1, column 4"),
        ("[,1]", "expected a value, found ',' at line 1, column 2"),
        ("[1,\n  \"ab", "a string that is never closed at line 2, column 3"),
        ("[1, 2", "unexpected end of input: expected ',' or ']' at line 1, column 6"),
        ("[{\"a\": [1}", "expected ',' or ']', found '}' at line 1, column 10"),
        ("[1] x", "expected nothing after the array, found 'x' at line 1, column 5"),
        ("[1}", "expected ',' or ']', found '}' at line 1, column 3"),
        ("[1,\n 01]", "a number with a leading zero at line 2, column 2"),
    ])
    func malformedArraysSayWhereAndWhat(input: String, message: String) throws {
        for chunkSize in [1, 2, 1 << 20] {
            do {
                _ = try decode(Int.self, Data(input.utf8), chunkSize: chunkSize)
                Issue.record("expected an error for \(input)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription == "The given data was not valid JSON: \(message).")
            }
        }
    }

    @Test(
        "bytes that are not UTF-8 are named as bytes, where the reader meets them",
        arguments: [
            (
                [0x80, 0x5B, 0x31, 0x5D],
                "expected '[' opening an array, found byte 0x80, which is not UTF-8 at line 1, column 1"
            ),
            (
                [0x5B, 0x31, 0x2C, 0xC3, 0x28, 0x5D],
                "expected a value, found byte 0xC3, which is not UTF-8 at line 1, column 4"
            ),
        ])
    func bytesThatAreNotUTF8(input: [UInt8], message: String) throws {
        for chunkSize in [1, 1 << 20] {
            do {
                _ = try decode(Int.self, Data(input), chunkSize: chunkSize)
                Issue.record("expected an error for \(input)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription == "The given data was not valid JSON: \(message).")
            }
        }
    }

    @Test func elementErrorsNameTheirIndex() throws {
        do {
            _ = try decode(
                Note.self, try JSONEncoder().encode(notes).dropLast() + Data(",{\"text\": 5, \"tags\": []}]".utf8))
            Issue.record("expected a type mismatch")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.first?.intValue == 3)
            #expect(context.codingPath.last?.stringValue == "text")
        }
    }

    @Test func missingFilesAndBodyErrorsPassThrough() throws {
        #expect(throws: CocoaError.self) {
            try JSONArrayDecoder().decodeElements(Int.self, contentsOf: URL(fileURLWithPath: "/nonexistent/array.json"))
            { _ in }
        }
        struct Stop: Error {}
        let url = try file(Data("[1,2,3]".utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        var seen: [Int] = []
        #expect(throws: Stop.self) {
            try JSONArrayDecoder().decodeElements(Int.self, contentsOf: url) { value in
                seen.append(value)
                if value == 2 { throw Stop() }
            }
        }
        #expect(seen == [1, 2])
    }
}
