import Foundation
import Testing
import TransferKit

/// One entry of a ledger: a record that refuses to be written when its note says so.
private struct Entry: Codable, Sendable, Hashable {
    var id: Int
    var note: String

    private enum CodingKeys: String, CodingKey {
        case id, note
    }

    init(id: Int, note: String) {
        self.id = id
        self.note = note
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        note = try container.decode(String.self, forKey: .note)
    }

    func encode(to encoder: any Encoder) throws {
        guard note != "unwritable" else {
            throw EncodingError.invalidValue(
                note,
                .init(
                    codingPath: encoder.codingPath + [CodingKeys.note],
                    debugDescription: "a note that cannot be written"))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(note, forKey: .note)
    }
}

/// The importing closure's refusal.
private struct NegativeEntry: Error, Equatable {
    let id: Int
}

/// A ledger of entries, as CSV rows and JSON array elements: both stream. Importing refuses a
/// negative id, which only a whole conversion, which makes the ledger, can find.
private struct Ledger: Transferable, Sendable {
    var entries: [Entry]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.entries) {
            try Ledger(checking: $0)
        }
        RecordsRepresentation(contentType: .json, format: .jsonArray(), records: \.entries) {
            try Ledger(checking: $0)
        }
    }

    init(checking entries: [Entry]) throws {
        if let negative = entries.first(where: { $0.id < 0 }) { throw NegativeEntry(id: negative.id) }
        self.entries = entries
    }
}

/// The error a conversion of `input` throws in each mode.
private func failures(
    _ input: URL, from: UTType, to: UTType, modes: [TransferConversionMode] = [.automatic, .whole],
    sourceLocation: SourceLocation = #_sourceLocation
) async throws -> [TransferConversionError] {
    var errors: [TransferConversionError] = []
    for mode in modes {
        let conversion = try TransferConversion(Ledger.self, from: from, to: to, mode: mode)
        #expect(conversion.streamsRecords == (mode == .automatic), sourceLocation: sourceLocation)
        let error = await #expect(throws: TransferConversionError.self, sourceLocation: sourceLocation) {
            try await conversion.convert(contentsOf: input) { _ in }
        }
        errors += error.map { [$0] } ?? []
    }
    try #require(errors.count == modes.count, sourceLocation: sourceLocation)
    return errors
}

/// A CSV table of `count` entries (long notes, so that a large count spans several reading windows),
/// the row of the entry at `bad` replaced by `row`.
private func table(_ count: Int, replacing bad: Int, with row: String) -> String {
    let note = String(repeating: "n", count: 400)
    return "id,note\r\n"
        + (0..<count).map { $0 == bad ? row + "\r\n" : "\($0),\(note)\r\n" }.joined()
}

@Suite("TransferConversionError: the stage, record, line and column of a record that failed")
struct TransferConversionErrorTests {
    @Test(
        "a malformed CSV row: decoding, its record index, line and column, and the CSVError, streamed and whole",
        arguments: [3, 4500])
    func aMalformedRowIsPlaced(bad: Int) async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let input = try folder.file("ledger.csv", table(5000, replacing: bad, with: "\(bad),two,three"))
        for error in try await failures(input, from: .commaSeparatedText, to: .json) {
            #expect(error.stage == .decoding)
            #expect(error.contentType == .commaSeparatedText)
            #expect(error.itemType == "Ledger")
            #expect(error.recordIndex == bad)
            // The header is line 1, and no field spans lines.
            #expect(error.line == bad + 2)
            #expect(error.column == 1)
            let csv = try #require(error.underlyingError as? CSVError)
            #expect(csv.code == .raggedRow)
            #expect(csv.recordIndex == bad)
            #expect(error.description == "line \(bad + 2), column 1: expected 2 fields (as in the header), found 3")
            #expect(
                String(reflecting: error).hasPrefix(
                    "TransferConversionError(decoding, record \(bad), line \(bad + 2), column 1): "),
                "\(String(reflecting: error))")
        }
    }

    @Test("a field of the wrong type: decoding, with the DecodingError underneath, from CSV and from JSON")
    func aTypeMismatchIsPlaced() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let csv = try folder.file("ledger.csv", "id,note\r\n0,a\r\n1,b\r\nthree,c\r\n")
        for error in try await failures(csv, from: .commaSeparatedText, to: .json) {
            #expect(error.stage == .decoding)
            #expect(error.recordIndex == 2)
            #expect(error.line == 4 && error.column == 1)
            let decoding = try #require(error.underlyingError as? DecodingError)
            switch decoding {
            case .typeMismatch(_, let context), .dataCorrupted(let context):
                #expect(context.codingPath.map(\.stringValue).last == "id")
            default:
                Issue.record("expected a type mismatch, found \(decoding)")
            }
            #expect(error.description.contains("found \"three\""), "\(error)")
        }
        let json = try folder.file("ledger.json", #"[{"id":0,"note":"a"},{"id":"one","note":"b"}]"#)
        for error in try await failures(json, from: .json, to: .commaSeparatedText) {
            #expect(error.stage == .decoding)
            #expect(error.contentType == .json)
            #expect(error.recordIndex == 1)
            #expect(error.line == 1)
            #expect(error.column != nil)
            #expect(error.underlyingError is DecodingError)
            #expect(error.description.contains("[1].id"), "\(error)")
        }
    }

    @Test("a record the target cannot hold: encoding, its index, the EncodingError, no line")
    func anUnwritableRecordIsEncoding() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let input = try folder.file("ledger.csv", "id,note\r\n0,a\r\n1,unwritable\r\n")
        for error in try await failures(input, from: .commaSeparatedText, to: .json) {
            #expect(error.stage == .encoding)
            #expect(error.contentType == .json)
            #expect(error.recordIndex == 1)
            #expect(error.line == nil && error.column == nil)
            #expect(error.underlyingError is EncodingError)
        }
    }

    @Test("the importing closure's refusal: importing, the closure's own error (only whole conversions import)")
    func theImportersRefusalIsImporting() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let input = try folder.file("ledger.csv", "id,note\r\n0,a\r\n-1,b\r\n")
        let errors = try await failures(input, from: .commaSeparatedText, to: .json, modes: [.whole])
        #expect(errors[0].stage == .importing)
        #expect(errors[0].underlyingError as? NegativeEntry == NegativeEntry(id: -1))
        #expect(errors[0].recordIndex == nil)
        #expect(errors[0].description.contains("importing closure"), "\(errors[0])")
        // Streamed, the ledger is never made, and the records convert.
        var output = Data()
        try await TransferConversion(Ledger.self, from: .commaSeparatedText, to: .json).convert(contentsOf: input) {
            output.append($0)
        }
        #expect(String(decoding: output, as: UTF8.self) == #"[{"id":0,"note":"a"},{"id":-1,"note":"b"}]"#)
    }

    @Test("failures that are not the data's are the input's, the output's or a cancellation, typed the same way")
    func otherFailuresHaveTheirOwnStages() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID()).csv")
        let directory = FileManager.default.temporaryDirectory
        for mode in [TransferConversionMode.automatic, .whole] {
            let conversion = try TransferConversion(Ledger.self, from: .commaSeparatedText, to: .json, mode: mode)
            let error = await #expect(throws: TransferConversionError.self) {
                try await conversion.convert(contentsOf: missing) { _ in }
            }
            #expect(error?.stage == .reading, "\(mode)")
            #expect(error?.recordIndex == nil)
            #expect(error?.contentType == .commaSeparatedText)
            // A directory opens, but is not an input.
            let notAFile = await #expect(throws: TransferConversionError.self) {
                try await conversion.convert(contentsOf: directory) { _ in }
            }
            #expect(notAFile?.stage == .reading, "\(mode)")
            #expect(notAFile?.description.contains("Is a directory") == true, "\(String(describing: notAFile))")
            // A cancelled task reads nothing and says so.
            let input = Data("id,note\r\n1,a\r\n".utf8)
            let cancelled = await Task { () async -> TransferConversionError? in
                withUnsafeCurrentTask { $0?.cancel() }
                do {
                    try await conversion.convert(input) { _ in }
                    return nil
                } catch {
                    return error as? TransferConversionError
                }
            }.value
            #expect(cancelled?.stage == .cancelled, "\(mode)")
        }
    }
}
