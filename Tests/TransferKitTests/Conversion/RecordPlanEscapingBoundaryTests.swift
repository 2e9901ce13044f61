import Foundation
import Testing
import TransferKit

// What a record plan writes for strings, at the edges of the sixteen-byte blocks it scans them in:
// every byte a JSON string must escape (each control character, the quote, the backslash, and the
// slash, escaped or not), at every offset of a string's first blocks, after plain text and after
// text past ASCII, in a string field and inside a CSV field that holds a JSON array of strings.
// The expected output is Foundation's `JSONEncoder`'s, not the package's.

/// A record whose coding compiles to a plan: a string, and an array of strings that CSV holds as
/// JSON text in one field.
private struct EscapedNote: Codable, MemberwiseCodable, Hashable, Sendable {
    var tags: [String]
    var text: String
}

/// EscapedNotes read from CSV and written as JSON with sorted keys, slashes escaped or not.
private protocol NoteArchive: Transferable {
    static var escapesSlashes: Bool { get }
}

private func encoder(escapingSlashes: Bool) -> JSONTextEncoder {
    var encoder = JSONTextEncoder()
    encoder.outputFormatting = escapingSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
}

private struct EscapedNotes: NoteArchive {
    var records: [EscapedNote]
    static let escapesSlashes = false

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.records) {
            EscapedNotes(records: $0)
        }
        RecordsRepresentation(
            contentType: .json, format: .jsonArray(encoder: encoder(escapingSlashes: false)), records: \.records
        ) { EscapedNotes(records: $0) }
    }
}

private struct SlashedEscapedNotes: NoteArchive {
    var records: [EscapedNote]
    static let escapesSlashes = true

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.records) {
            SlashedEscapedNotes(records: $0)
        }
        RecordsRepresentation(
            contentType: .json, format: .jsonArray(encoder: encoder(escapingSlashes: true)), records: \.records
        ) { SlashedEscapedNotes(records: $0) }
    }
}

@Suite("Record plans write escaped strings as Foundation does, at every offset of the scan's blocks")
struct RecordPlanEscapingBoundaryTests {
    /// Each byte a JSON string escapes, at offsets 0 to 39 (the first two blocks and then some),
    /// after ASCII or after text with a two-byte character every fifth byte.
    fileprivate static let notes: [EscapedNote] = {
        let specials = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) } + ["\"", "\\", "/"]
        var notes: [EscapedNote] = []
        for special in specials {
            for offset in 0..<40 {
                for pastASCII in [false, true] {
                    let filler = String((0..<offset).map { pastASCII && $0 % 5 == 4 ? "é" : "x" })
                    let text = filler + String(special) + "z"
                    notes.append(EscapedNote(tags: [text, "plain", filler + "//" + String(special)], text: text))
                }
            }
        }
        return notes
    }()

    /// The notes as CSV: the text quoted with its quotes doubled; the tags as a JSON array in one
    /// field (written by Foundation).
    fileprivate static func csv(_ notes: [EscapedNote]) throws -> String {
        func quoted(_ field: String) -> String { "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var text = "tags,text\r\n"
        for note in notes {
            let tags = String(decoding: try JSONEncoder().encode(note.tags), as: UTF8.self)
            text += quoted(tags) + "," + quoted(note.text) + "\r\n"
        }
        return text
    }

    @Test("CSV → JSON: strings and string arrays as JSONEncoder writes them, slashes escaped or not")
    func csvToJSON() async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let input = try scratch.file("in.csv", try Self.csv(Self.notes))
        try await check(EscapedNotes.self, input: input)
        try await check(SlashedEscapedNotes.self, input: input)
    }

    private func check<Archive: NoteArchive>(_ type: Archive.Type, input: URL) async throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting =
            Archive.escapesSlashes ? [.sortedKeys] : [.sortedKeys, .withoutEscapingSlashes]
        let expected = try foundation.encode(Self.notes)
        for mode in [TransferConversionMode.streaming, .whole] {
            var output = Data()
            try await TransferConversion(Archive.self, from: .commaSeparatedText, to: .json, mode: mode)
                .convert(contentsOf: input) { output.append($0) }
            // The first record that differs, so that a failure names its byte and offset.
            let written = try JSONDecoder().decode([EscapedNote].self, from: output)
            #expect(written == Self.notes, "\(Archive.self), \(mode)")
            if output != expected {
                let text = String(decoding: output, as: UTF8.self)
                let first = Self.notes.firstIndex { note in
                    guard let one = try? foundation.encode([note]) else { return true }
                    return !text.contains(String(decoding: one.dropFirst().dropLast(), as: UTF8.self))
                }
                Issue.record("\(Archive.self), \(mode): differs from JSONEncoder first at note \(first ?? -1)")
            }
        }
    }
}
