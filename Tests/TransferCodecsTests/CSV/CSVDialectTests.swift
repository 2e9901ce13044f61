import Foundation
import Testing
import TransferCodecs

/// A file in another CSV dialect than the decoder's — separated by `;`, as spreadsheets write in
/// much of Europe — is named as such at its header, whatever its rows hold.
@Suite("CSV: a file in another dialect, named at its header")
struct CSVDialectTests {
    struct Person: Codable, Equatable {
        var name: String
        var bio: String
        var age: Int
    }

    /// A `;` file with a byte-order mark, whose row quotes a field holding a comma: read with `,`,
    /// the quote is inside an unquoted field (line 2) before any column is found missing.
    static let semicolons = Data("\u{FEFF}name;bio;age\r\nAda;\"Writes, reads\";36\r\n".utf8)

    func expectDialectError(_ body: () throws -> Void) {
        #expect {
            try body()
        } throws: { error in
            guard let error = error as? CSVError else { return false }
            return error.code == .invalidHeader && error.line == 1 && error.column == 1
                && error.description.contains("the header is one column holding ';'")
                && error.description.contains("transfer convert --delimiter ';'")
        }
    }

    @Test("in memory, from a file, and streamed: the same error at line 1, with the delimiter to read it with")
    func namedAtTheHeader() throws {
        expectDialectError { _ = try CSVDecoder().decode([Person].self, from: Self.semicolons) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("dialect-\(UUID()).csv")
        try Self.semicolons.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        expectDialectError { try CSVDecoder().decodeElements(Person.self, contentsOf: file) { _ in } }
        expectDialectError {
            var people: [Person] = []
            try CSVDecoder().decodeElements(Person.self, contentsOf: file) { (person: Person) in people.append(person) }
        }
    }

    @Test("read with its delimiter, written as a character, the file decodes")
    func readWithItsDelimiter() throws {
        let people = try CSVDecoder(format: CSVFormat(delimiter: ";")).decode([Person].self, from: Self.semicolons)
        #expect(people == [Person(name: "Ada", bio: "Writes, reads", age: 36)])
        var format = CSVFormat()
        format.delimiter = UInt8(ascii: ";")
        #expect(format == CSVFormat(delimiter: ";"))
    }

    @Test("a header of one column the record type reads is not suspected, whatever it holds")
    func oneColumnOfItsOwn() throws {
        struct Note: Codable, Equatable { var text: String }
        let notes = try CSVDecoder().decode([Note].self, from: Data("text\r\n\"a;b\"\r\n".utf8))
        #expect(notes == [Note(text: "a;b")])
    }
}
