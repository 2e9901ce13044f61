import Foundation
import Testing
import TransferKit

// A `MemberwiseCodable` record converts between CSV and JSON by a plan of its coding, without
// making values; every other record, and every record the plan cannot take as it is, through
// `Codable`. These tests compare the two, through the public API: a conversion that streams (by
// the plan when there is one) against the same conversion run whole (import through `Codable`,
// then export through `Codable`), byte for byte and error for error.

/// A record whose coding compiles to a plan: every supported kind, optional or not, and keys that
/// need escaping or sort unexpectedly.
private struct Entry: Codable, MemberwiseCodable, Hashable, Sendable {
    var id: UUID
    var title: String
    var note: String?
    var tags: [String]
    var link: URL?
    var aliases: [String]?
    var owner: UUID?
    var home: URL

    enum CodingKeys: String, CodingKey {
        case id, title, note = "a/note", tags = "Tags", link = "ключ", aliases, owner = "_owner", home
    }
}

/// An archive of entries, as CSV rows, a JSON array and JSON Lines.
private struct Entries<Record: Codable & Sendable>: Transferable, Sendable {
    var records: [Record]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.records) {
            Entries(records: $0)
        }
        RecordsRepresentation(contentType: .json, format: .jsonArray(encoder: sorted), records: \.records) {
            Entries(records: $0)
        }
        RecordsRepresentation(contentType: .ndjsonLines, format: .jsonLines(), records: \.records) {
            Entries(records: $0)
        }
    }

    static var sorted: JSONTextEncoder {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension UTType {
    fileprivate static let ndjsonLines = UTType(exportedAs: "org.transferkit.test.ndjson", conformingTo: .text)
}

/// Declares itself memberwise, but trims its title: its plan is refused.
private struct Trimmed: Codable, MemberwiseCodable, Sendable {
    var title: String
    var tags: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title).trimmingCharacters(in: .whitespaces)
        tags = try container.decode([String].self, forKey: .tags)
    }
}

/// Declares itself memberwise, but keeps a property it does not code: its plan is refused.
private struct Cached: Codable, MemberwiseCodable, Sendable {
    var title: String
    var length = 0

    enum CodingKeys: String, CodingKey { case title }

    init(from decoder: any Decoder) throws {
        title = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .title)
        length = title.count
    }
}

/// A number: a kind plans do not convert.
private struct Counted: Codable, MemberwiseCodable, Sendable {
    var title: String
    var count: Int
}

/// Deterministic entries whose strings hold everything CSV and JSON escape.
private func entries(_ count: Int, seed: UInt64 = 1) -> [Entry] {
    var state = seed
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }
    let pieces = [
        "plain", "", " spaced ", "comma, here", "\"quoted\"", "line\nbreak", "cr\r\nlf", "back\\slash", "a/b",
        "東京", "Привет", "🐙🎸", "tab\there", "\u{1}control", "é\u{301}", "{\"json\":[1]}", "[\"x\"]", "null",
    ]
    let hosts = ["https://example.com/a%20b?q=1#f", "file:///tmp/x%20y.txt", "https://例え.jp/ビデオ", "mailto:a@b.c"]
    return (0..<count).map { index in
        func text() -> String { (0..<(next() % 3 + 1)).map { _ in pieces[next() % pieces.count] }.joined() }
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: next()) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let id = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return Entry(
            id: id, title: text(), note: next() % 3 == 0 ? nil : text(),
            tags: (0..<(next() % 4)).map { _ in text() }, link: next() % 2 == 0 ? nil : URL(string: hosts[next() % 4]),
            aliases: next() % 2 == 0 ? nil : (0..<(next() % 3)).map { _ in text() },
            owner: next() % 2 == 0 ? nil : id, home: URL(string: hosts[index % hosts.count])!)
    }
}

/// What a conversion gives: its output, or its error's code and the codec's words.
private func outcome<T: Transferable>(
    _ type: T.Type, _ input: URL, from: UTType, to: UTType, mode: TransferConversionMode
) async -> String {
    do {
        var output = Data()
        try await TransferConversion(type, from: from, to: to, mode: mode).convert(contentsOf: input) {
            output.append($0)
        }
        return "output " + String(decoding: output, as: UTF8.self)
    } catch let error as TransferConversionError {
        let record = error.recordIndex.map { "record \($0)" } ?? "no record"
        var place = "no position"
        if let line = error.line, let column = error.column { place = "line \(line), column \(column)" }
        return "error \(error.stage), \(record), \(place): \(error)"
    } catch let error as TransferError {
        return "error \(error.code): \(error.reason)"
    } catch {
        return "error \(error)"
    }
}

/// Expects the streamed conversion (by a plan or not) and the whole one to give the same outcome.
private func expectAlike<T: Transferable>(
    _ type: T.Type, _ input: URL, from: UTType, to: UTType, sourceLocation: SourceLocation = #_sourceLocation
) async {
    let streamed = await outcome(type, input, from: from, to: to, mode: .streaming)
    let whole = await outcome(type, input, from: from, to: to, mode: .whole)
    #expect(streamed == whole, sourceLocation: sourceLocation)
}

/// Entry's columns, in its coding order: the CSV header every conversion to CSV writes.
private let entryHeader = "id,title,a/note,Tags,ключ,aliases,_owner,home\r\n"

/// What the JSON object of `entry` must hold, written here from its values, not by the package: the
/// UUIDs' and URLs' own strings, absent optionals left out — and an empty note too, as every
/// conversion here passes through CSV, where an empty field is `nil`.
private func expectedObject(_ entry: Entry) -> [String: Any] {
    var object: [String: Any] = [
        "id": entry.id.uuidString, "title": entry.title, "Tags": entry.tags, "home": entry.home.absoluteString,
    ]
    if let note = entry.note, !note.isEmpty { object["a/note"] = note }
    if let link = entry.link { object["ключ"] = link.absoluteString }
    if let aliases = entry.aliases { object["aliases"] = aliases }
    if let owner = entry.owner { object["_owner"] = owner.uuidString }
    return object
}

/// The records of a CSV table of entries, read by the test's own RFC 4180 reader and Foundation's
/// JSON reader for the array fields: an empty optional field is an absent key.
private func entryObjects(fromCSV text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [Any] {
    let rows = rfc4180Rows(text)
    guard let header = rows.first else { return [] }
    #expect(header.joined(separator: ",") + "\r\n" == entryHeader, sourceLocation: sourceLocation)
    #expect(text.hasPrefix(entryHeader), "CRLF after the header", sourceLocation: sourceLocation)
    return try rows.dropFirst().map { row in
        #expect(row.count == header.count, "a ragged row: \(row)", sourceLocation: sourceLocation)
        var object: [String: Any] = [:]
        for (column, field) in zip(header, row) {
            if ["a/note", "ключ", "aliases", "_owner"].contains(column), field.isEmpty { continue }
            object[column] = ["Tags", "aliases"].contains(column) ? try foundationJSON(field) : field
        }
        return object
    }
}

/// Expects a conversion's output to hold `records`, read back by readers that are not the package's.
private func expectHolds(
    _ output: String, _ records: [Entry], as type: UTType, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let read: [Any]
    switch type {
    case .commaSeparatedText: read = try entryObjects(fromCSV: output, sourceLocation: sourceLocation)
    case .json: read = try #require(try foundationJSON(output) as? [Any], sourceLocation: sourceLocation)
    default: read = try foundationJSONLines(output)
    }
    try #require(read.count == records.count, "\(type): \(read.count) records", sourceLocation: sourceLocation)
    let wrong = zip(read, records).enumerated().filter { !sameJSON($0.element.0, expectedObject($0.element.1)) }
    #expect(
        wrong.isEmpty, "\(type): record \(wrong.first?.offset ?? 0) is \(wrong.first.map { "\($0.element.0)" } ?? "")",
        sourceLocation: sourceLocation)
}

/// What a conversion of one of the unusual inputs must give, written by hand.
enum Expected: Sendable, CustomTestStringConvertible {
    /// This output, byte for byte (CSV), or this JSON read by Foundation (JSON and JSON Lines).
    case output(String)
    /// A typed error.
    case refused
    /// An outcome no document states (an empty file): only the two paths compared.
    case unstated

    var testDescription: String {
        switch self {
        case .output(let text): "gives \(text.debugDescription)"
        case .refused: "is refused"
        case .unstated: "unstated"
        }
    }
}

/// Expects a conversion, streamed and whole, to give what `expected` says.
private func expectGives<T: Transferable>(
    _ expected: Expected, _ type: T.Type, _ input: URL, from: UTType, to: UTType,
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    for mode in [TransferConversionMode.streaming, .whole] {
        let result = await outcome(type, input, from: from, to: to, mode: mode)
        switch expected {
        case .output(let text) where to == .commaSeparatedText:
            #expect(result == "output " + text, "\(mode)", sourceLocation: sourceLocation)
        case .output(let text):
            try #require(result.hasPrefix("output "), "\(mode): \(result)", sourceLocation: sourceLocation)
            let written = String(result.dropFirst(7))
            let read: Any = to == .json ? try foundationJSON(written) : try foundationJSONLines(written)
            #expect(sameJSON(read, try foundationJSON(text)), "\(mode): \(written)", sourceLocation: sourceLocation)
            if to == .json {
                // The representation's encoder sorts keys (by code point) and leaves slashes.
                #expect(written == text, "\(mode)", sourceLocation: sourceLocation)
            }
        case .refused:
            #expect(result.hasPrefix("error "), "\(mode): \(result)", sourceLocation: sourceLocation)
        case .unstated:
            break
        }
    }
}

@Suite("Plans of MemberwiseCodable records: the bytes and errors of Codable, without the values")
struct RecordPlanTests {
    @Test func theExplanationSaysWhetherAPlanMovesTheRecords() throws {
        let planned = try TransferConversion(Entries<Entry>.self, from: .commaSeparatedText, to: .json)
        #expect(planned.explanation.contains("without making its value (Entry is MemberwiseCodable"))
        #expect(
            try TransferConversion(Entries<Entry>.self, from: .json, to: .commaSeparatedText).explanation
                .contains("without making its value"))
        #expect(
            try TransferConversion(Entries<Entry>.self, from: .ndjsonLines, to: .commaSeparatedText).explanation
                .contains("without making its value"))
        // JSON to JSON has no plan; nor have types whose coding is not a field-for-field copy.
        #expect(
            try TransferConversion(Entries<Entry>.self, from: .json, to: .ndjsonLines).explanation
                .contains("through Codable"))
        for explanation in [
            try TransferConversion(Entries<Trimmed>.self, from: .commaSeparatedText, to: .json).explanation,
            try TransferConversion(Entries<Cached>.self, from: .commaSeparatedText, to: .json).explanation,
            try TransferConversion(Entries<Counted>.self, from: .commaSeparatedText, to: .json).explanation,
        ] {
            #expect(explanation.contains("decoding and encoding each record through Codable"), "\(explanation)")
        }
    }

    @Test("CSV, JSON and JSON Lines: the plan writes Codable's bytes", arguments: [0, 1, 7, 1500, 5000])
    func planWritesCodablesBytes(count: Int) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let archive = Entries(records: entries(count, seed: UInt64(count) + 3))
        let csv = try scratch.file(
            "in.csv", String(decoding: try await archive.exported(as: .commaSeparatedText), as: UTF8.self))
        let json = try scratch.file("in.json", String(decoding: try await archive.exported(as: .json), as: UTF8.self))
        let lines = try scratch.file(
            "in.jsonl", String(decoding: try await archive.exported(as: .ndjsonLines), as: UTF8.self))
        for (input, from, to) in [
            (csv, UTType.commaSeparatedText, UTType.json), (csv, .commaSeparatedText, .ndjsonLines),
            (json, .json, .commaSeparatedText), (lines, .ndjsonLines, .commaSeparatedText),
        ] {
            let streamed = await outcome(Entries<Entry>.self, input, from: from, to: to, mode: .streaming)
            let whole = await outcome(Entries<Entry>.self, input, from: from, to: to, mode: .whole)
            #expect(streamed.hasPrefix("output "))
            #expect(streamed == whole)
            // And what both say is the archive's records, read by readers that are not the package's.
            try expectHolds(String(streamed.dropFirst(7)), archive.records, as: to)
        }
    }

    @Test(
        "JSON the plan does not take as it is converts through Codable: the same bytes or the same error, as written by hand",
        arguments: [
            // Keys in another order, unknown keys, spaces and line breaks between tokens.
            (
                #"[{"home":"https://e.com","title":"t","Tags":[],"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","x":{"y":[1,{}]}}]"#,
                Expected.output(entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,,[],,,,https://e.com\r\n")
            ),
            (
                " [ {\n \"id\" : \"e621e1f8-c36c-495a-93fc-0c247a3e6e5f\" , \"title\" : \"\" , \"Tags\" : [ \"a\" , \"\" ] , \"home\" : \"https://e.com\" } ] ",
                .output(
                    entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,,,\"[\"\"a\"\",\"\"\"\"]\",,,,https://e.com\r\n"
                )
            ),
            // A key with escapes, a repeated key (the first wins), null optionals.
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","ti\u0074le":"t","Tags":[],"home":"https://e.com"}]"#,
                .output(entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,,[],,,,https://e.com\r\n")
            ),
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"a","title":"b","Tags":[],"home":"https://e.com"}]"#,
                .output(entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,a,,[],,,,https://e.com\r\n")
            ),
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t","Tags":[],"home":"https://e.com","a/note":null,"ключ":null,"aliases":null,"_owner":null}]"#,
                .output(entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,,[],,,,https://e.com\r\n")
            ),
            // Escapes in values: a UUID, a URL, strings.
            (
                #"[{"id":"\u0045621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"\u00e9\n\"\/","Tags":["\ud83d\udc19"],"home":"https:\/\/e.com\/x"}]"#,
                .output(
                    entryHeader
                        + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,\"é\n\"\"/\",,\"[\"\"🐙\"\"]\",,,,https://e.com/x\r\n")
            ),
            // Errors: a null, a wrong kind, an invalid UUID or URL, a missing key, not an object.
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":null,"Tags":[],"home":"https://e.com"}]"#,
                .refused
            ),
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t","Tags":["a",1],"home":"https://e.com"}]"#,
                .refused
            ),
            (#"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5","title":"t","Tags":[],"home":"https://e.com"}]"#, .refused),
            (#"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t","Tags":[],"home":"http://[::1"}]"#, .refused),
            (#"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","Tags":[],"home":"https://e.com"}]"#, .refused),
            (
                #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t","Tags":"a","home":"https://e.com"}]"#,
                .refused
            ),
            (#"[["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]]"#, .refused),
            (#"[]"#, .unstated),
        ])
    func unusualJSON(json: String, expected: Expected) async throws {
        try await expectJSONToCSV(json, gives: expected)
    }

    /// Strings with escapes, resolved straight into the CSV field: quoted only when the value holds
    /// the delimiter, a quote, CR or LF, whether an escape made it or a run between escapes holds it.
    static let escapedStrings: [(json: String, expected: Expected)] = [
        (
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t\/x\u00e9\tb\ud83d\udc19","a/note":"a\u002Cb","#
                + #""Tags":[],"home":"https://e.com/a,b"}]"#,
            .output(
                entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,t/xé\tb🐙,\"a,b\",[],,,,"
                    + "\"https://e.com/a,b\"\r\n")
        ),
        (
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"\u0022x\rq","a/note":"a,b\/","Tags":["\u002C"],"#
                + #""home":"https://e.com"}]"#,
            .output(
                entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,\"\"\"x\rq\",\"a,b/\","
                    + "\"[\"\",\"\"]\",,,,https://e.com\r\n")
        ),
        (
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"a,b","a/note":"\u000A","Tags":[],"#
                + #""home":"https://e.com"}]"#,
            .output(entryHeader + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,\"a,b\",\"\n\",[],,,,https://e.com\r\n")
        ),
    ]

    @Test("JSON strings with escapes become CSV fields as Codable writes them", arguments: escapedStrings)
    func escapedStringsBecomeFields(json: String, expected: Expected) async throws {
        try await expectJSONToCSV(json, gives: expected)
    }

    /// Converts `json` to CSV streamed and whole, as an array and as JSON Lines: alike, and `expected`.
    private func expectJSONToCSV(_ json: String, gives expected: Expected) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let input = try scratch.file("in.json", json)
        await expectAlike(Entries<Entry>.self, input, from: .json, to: .commaSeparatedText)
        try await expectGives(expected, Entries<Entry>.self, input, from: .json, to: .commaSeparatedText)
        let lines = try scratch.file(
            "in.jsonl", String(json.dropFirst().dropLast().replacingOccurrences(of: "},{", with: "}\n{")))
        await expectAlike(Entries<Entry>.self, lines, from: .ndjsonLines, to: .commaSeparatedText)
        // A value broken over lines is not JSON Lines (one value a line).
        try await expectGives(
            json.contains("\n") ? .refused : expected, Entries<Entry>.self, lines, from: .ndjsonLines,
            to: .commaSeparatedText)
    }

    @Test(
        "CSV the plan does not take as it is converts through Codable: the same bytes or the same error, as written by hand",
        arguments: [
            // Columns in another order, an extra column, a missing optional column.
            (
                "home,Tags,title,id,extra\r\nhttps://e.com,[],t,E621E1F8-C36C-495A-93FC-0C247A3E6E5F,x\r\n",
                Expected.output(
                    #"[{"Tags":[],"home":"https://e.com","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t"}]"#)
            ),
            // Empty optionals, quoted fields, doubled quotes.
            (
                "id,title,a/note,Tags,ключ,aliases,_owner,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,\"a \"\"b\"\", c\",,\"[\"\"x\"\",\"\"\\u00e9\"\"]\",,,,https://e.com\r\n",
                .output(
                    #"[{"Tags":["x","é"],"home":"https://e.com","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"a \"b\", c"}]"#
                )
            ),
            // Errors: a bad UUID, a bad URL, tags that are not a JSON array of strings, a missing column, a ragged row.
            ("id,title,Tags,home\r\nnot-a-uuid,t,[],https://e.com\r\n", .refused),
            ("id,title,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,[],http://[::1\r\n", .refused),
            ("id,title,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,\"[1]\",https://e.com\r\n", .refused),
            ("id,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,[],https://e.com\r\n", .refused),
            ("id,title,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,[]\r\n", .refused),
            // A header naming every column the type needs, and no record: an empty archive (Docs/CSV.md);
            // a header that does not: invalidHeader.
            ("id,title,Tags,home\r\n", .output("[]")), ("a,b\r\n", .refused), ("", .unstated),
            // Not UTF-8.
            ("id,title,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,\u{FFFD},[],https://e.com\r\n", .refused),
            // A byte-order mark before the header: not part of its first column.
            (
                "\u{FEFF}id,title,Tags,home\r\nE621E1F8-C36C-495A-93FC-0C247A3E6E5F,t,[],https://e.com\r\n",
                .output(
                    #"[{"Tags":[],"home":"https://e.com","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"t"}]"#)
            ),
        ])
    func unusualCSV(csv: String, expected: Expected) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        var data = Data(csv.utf8)
        if let range = data.firstRange(of: Data("\u{FFFD}".utf8)) { data.replaceSubrange(range, with: [0xC3, 0x28]) }
        let input = scratch.url.appendingPathComponent("in.csv")
        try data.write(to: input)
        await expectAlike(Entries<Entry>.self, input, from: .commaSeparatedText, to: .json)
        await expectAlike(Entries<Entry>.self, input, from: .commaSeparatedText, to: .ndjsonLines)
        try await expectGives(expected, Entries<Entry>.self, input, from: .commaSeparatedText, to: .json)
        try await expectGives(expected, Entries<Entry>.self, input, from: .commaSeparatedText, to: .ndjsonLines)
    }

    @Test(
        "tags whose strings have an unknown escape or a lone surrogate are refused, as Codable refuses them; a pair is one character",
        arguments: [
            (#"a\x"#, Expected.refused), (#"\ud800"#, .refused), (#"\ud800\u0041"#, .refused),
            (#"\ud83d\ude00"", ""b"#, .output(#"["😀","b"]"#)),
        ])
    func escapesInTags(tags: String, expected: Expected) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        let input = try scratch.file(
            "in.csv", "id,title,Tags,home\r\n" + id + #",t,"[""\#(tags)""]",https://e.com"# + "\r\n")
        var whole = expected
        if case .output(let array) = expected {
            whole = .output(#"[{"Tags":\#(array),"home":"https://e.com","id":"\#(id)","title":"t"}]"#)
        }
        await expectAlike(Entries<Entry>.self, input, from: .commaSeparatedText, to: .json)
        try await expectGives(whole, Entries<Entry>.self, input, from: .commaSeparatedText, to: .json)
    }

    @Test func aBadRecordInALaterBatchFailsAlike() async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let records = entries(4000, seed: 11)
        let archive = Entries(records: records)
        for (type, name) in [(UTType.commaSeparatedText, "in.csv"), (.json, "in.json"), (.ndjsonLines, "in.jsonl")] {
            var text = String(decoding: try await archive.exported(as: type), as: UTF8.self)
            text = text.replacingOccurrences(of: records[3210].id.uuidString, with: "bad")
            let input = try scratch.file(name, text)
            let target: UTType = type == .commaSeparatedText ? .json : .commaSeparatedText
            let streamed = await outcome(Entries<Entry>.self, input, from: type, to: target, mode: .streaming)
            #expect(streamed.hasPrefix("error decoding, record 3210, line "), "\(streamed.prefix(300))")
            #expect(streamed.contains("[3210]"), "\(streamed.prefix(300))")
            await expectAlike(Entries<Entry>.self, input, from: type, to: target)
        }
    }

    @Test func typesWithoutAPlanStillStreamAlike() async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let csv = try scratch.file("in.csv", "title,tags\r\n  padded  ,[]\r\nx,\"[\"\"a\"\"]\"\r\n")
        await expectAlike(Entries<Trimmed>.self, csv, from: .commaSeparatedText, to: .json)
        // Trimmed by its own init(from:), as written by hand.
        try await expectGives(
            .output(#"[{"tags":[],"title":"padded"},{"tags":["a"],"title":"x"}]"#), Entries<Trimmed>.self, csv,
            from: .commaSeparatedText, to: .json)
        let json = try scratch.file("in.json", #"[{"title":"  padded  ","count":3}]"#)
        await expectAlike(Entries<Counted>.self, json, from: .json, to: .commaSeparatedText)
        // Spaces are part of a field (RFC 4180): read back by the test's own reader, kept.
        for mode in [TransferConversionMode.streaming, .whole] {
            let counted = await outcome(Entries<Counted>.self, json, from: .json, to: .commaSeparatedText, mode: mode)
            #expect(counted.hasPrefix("output "), "\(counted)")
            #expect(rfc4180Rows(String(counted.dropFirst(7))) == [["title", "count"], ["  padded  ", "3"]])
        }
        let cached = try scratch.file("cached.csv", "title\r\nabc\r\n")
        await expectAlike(Entries<Cached>.self, cached, from: .commaSeparatedText, to: .json)
        try await expectGives(
            .output(#"[{"title":"abc"}]"#), Entries<Cached>.self, cached, from: .commaSeparatedText, to: .json)
    }

    @Test func jsonLinesTakeOneValueALine() async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        // Blank lines, a carriage return before the line feed, spaces around a value, no final line feed.
        let good = try scratch.file(
            "good.jsonl",
            "\n{\"title\":\"a\",\"tags\":[]}\r\n\n  {\"title\":\"b\",\"tags\":[\"x\"]}  \n{\"title\":\"c\",\"tags\":[]}"
        )
        #expect(
            await outcome(Entries<Trimmed>.self, good, from: .ndjsonLines, to: .commaSeparatedText, mode: .streaming)
                == "output title,tags\r\na,[]\r\nb,\"[\"\"x\"\"]\"\r\nc,[]\r\n")
        for (text, words) in [
            ("{\"title\":\"a\",\n\"tags\":[]}\n", "unexpected end of the line (one value a line)"),
            ("{\"title\":\"a\",\"tags\":[]} {\"title\":\"b\",\"tags\":[]}\n", "expected a line break after the value"),
            ("{\"title\":\"a\",\"tags\":[]}\n[1,\n", "line 2"),
        ] {
            let bad = try scratch.file("bad.jsonl", text)
            let result = await outcome(
                Entries<Trimmed>.self, bad, from: .ndjsonLines, to: .commaSeparatedText, mode: .streaming)
            #expect(result.hasPrefix("error"), "\(result)")
            #expect(result.contains(words), "\(result)")
        }
    }
}

/// Conversions checked against outputs written here by hand, not only against each other: a bug
/// both paths shared (a plan and `Codable` alike) would pass a comparison of the two, not these.
@Suite("Conversions against expected outputs written independently")
struct IndependentConversionTests {
    /// The CSV input: quoting, doubled quotes, a line break inside a field, a JSON array in a field,
    /// empty optionals, non-ASCII column names and values.
    static let csv =
        "id,title,a/note,Tags,ключ,aliases,_owner,home\r\n"
        + "E621E1F8-C36C-495A-93FC-0C247A3E6E5F,\"Comma, \"\"quoted\"\"\",,[],,,,https://example.com/a\r\n"
        + "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9,東京,\"line\nbreak\",\"[\"\"x\"\",\"\"y\"\"]\",https://example.com/k,[],"
        + "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9,https://example.com/b\r\n"

    /// The records it holds, written out by hand: what each JSON object must say.
    static var records: [[String: Any]] {
        [
            [
                "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "title": "Comma, \"quoted\"", "Tags": [String](),
                "home": "https://example.com/a",
            ],
            [
                "id": "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9", "title": "東京", "a/note": "line\nbreak",
                "Tags": ["x", "y"], "ключ": "https://example.com/k", "aliases": [String](),
                "_owner": "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9", "home": "https://example.com/b",
            ],
        ]
    }

    @Test(
        "CSV → JSON, streamed and whole: each record as written by hand, absent optionals left out",
        arguments: [TransferConversionMode.streaming, .whole])
    func csvToJSON(mode: TransferConversionMode) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let input = try scratch.file("in.csv", Self.csv)
        var output = Data()
        try await TransferConversion(Entries<Entry>.self, from: .commaSeparatedText, to: .json, mode: mode)
            .convert(contentsOf: input) { output.append($0) }
        // Foundation's reader, not ours, reads what we wrote.
        let objects = try #require(try JSONSerialization.jsonObject(with: output) as? [[String: Any]])
        #expect(objects.count == Self.records.count)
        for (object, expected) in zip(objects, Self.records) {
            #expect(NSDictionary(dictionary: object).isEqual(to: expected), "\(object)")
        }
        // Keys sorted, as the representation's encoder asks, and slashes as they are.
        let text = String(decoding: output, as: UTF8.self)
        #expect(text.contains(#""Tags":[],"home":"https://example.com/a","id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#))
    }

    @Test(
        "JSON → CSV, streamed and whole: the header in coding order, fields quoted as RFC 4180 says",
        arguments: [TransferConversionMode.streaming, .whole])
    func jsonToCSV(mode: TransferConversionMode) async throws {
        let scratch = try ConversionFolder()
        defer { scratch.remove() }
        let json =
            #"[{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","title":"Comma, \"quoted\"","Tags":[],"#
            + #""home":"https://example.com/a"},{"id":"0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9","title":"東京","#
            + #""a/note":"line\nbreak","Tags":["x","y"],"ключ":"https://example.com/k","aliases":[],"#
            + #""_owner":"0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F9","home":"https://example.com/b"}]"#
        let input = try scratch.file("in.json", json)
        var output = Data()
        try await TransferConversion(Entries<Entry>.self, from: .json, to: .commaSeparatedText, mode: mode)
            .convert(contentsOf: input) { output.append($0) }
        #expect(String(decoding: output, as: UTF8.self) == Self.csv)
    }
}
