import Foundation
import Testing
import TransferKit

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
        try JSONArrayDecoder({ JSONDecoder() }, chunkSize: chunkSize).decodeElements(T.self, contentsOf: url) { elements.append($0) }
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
        ("{}", "line 1, column 1: expected '[' opening an array, found '{'"),
        ("", "line 1, column 1: expected '[' opening an array, found the end of the input"),
        ("[1,]", "line 1, column 4: expected a value, found ']'"),
        ("[,1]", "line 1, column 2: expected a value, found ','"),
        ("[1,\n  \"ab", "line 2, column 6: expected the end of a string, found the end of the input"),
        ("[1, [2, 3]", "line 1, column 11: expected ',' or ']', found the end of the input"),
        ("[{\"a\": [1}", "line 1, column 11: expected the end of an object or array, found the end of the input"),
        ("[1] x", "line 1, column 5: expected nothing after the array, found 'x'"),
        ("[1}", "line 1, column 3: expected a value, found '}'"),
    ])
    func malformedArraysSayWhereAndWhat(input: String, message: String) throws {
        do {
            _ = try decode(Int.self, Data(input.utf8), chunkSize: 2)
            Issue.record("expected an error for \(input)")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == message)
        }
    }

    @Test func elementErrorsNameTheirIndex() throws {
        do {
            _ = try decode(Note.self, try JSONEncoder().encode(notes) .dropLast() + Data(",{\"text\": 5, \"tags\": []}]".utf8))
            Issue.record("expected a type mismatch")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.first?.intValue == 3)
            #expect(context.codingPath.last?.stringValue == "text")
        }
    }

    @Test func missingFilesAndBodyErrorsPassThrough() throws {
        #expect(throws: CocoaError.self) {
            try JSONArrayDecoder().decodeElements(Int.self, contentsOf: URL(fileURLWithPath: "/nonexistent/array.json")) { _ in }
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
