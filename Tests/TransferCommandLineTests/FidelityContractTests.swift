import Foundation
import ProfileModels
import Testing
import TransferKit

/// Docs/Fidelity.md, line by line: what `transfer convert` keeps, normalizes, drops and refuses.
@Suite("The fidelity contract (Docs/Fidelity.md)")
struct FidelityContractTests {
    static let id = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// A directory of its own, removed after `body`.
    func inDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fidelity-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    /// Converts `input` (written to a file named `name`) to `target`, streamed and whole, which
    /// must agree; returns the result.
    func convert(_ input: Data, named name: String, to target: String, in directory: URL) async throws
        -> CommandResult
    {
        let file = directory.appendingPathComponent(name)
        try input.write(to: file)
        let streamed = await transfer("convert", file.path, "--to", target)
        let whole = await transfer("convert", file.path, "--to", target, "--whole")
        #expect(streamed.status == whole.status && streamed.error == whole.error, "\(name) → \(target)")
        if streamed.status == 0 { #expect(streamed.output == whole.output, "\(name) → \(target)") }
        return streamed
    }

    @Test("text is kept scalar for scalar through every format: NFC and NFD, NUL, controls, line breaks, a BOM inside")
    func textIsKept() async throws {
        let texts = [
            "caf\u{E9} / cafe\u{301}", "a\u{0}b", "bell\u{7} esc\u{1B}[0m", "cr\r lf\n crlf\r\n", "\u{FEFF}bom inside",
            "  spaces  ", "\"quotes\", commas; semicolons\ttabs", "🍵 山 Любит مرحبا", "\\u0041 is not A", "",
        ]
        let profiles = texts.enumerated().map { index, text in
            Profile(
                id: UUID(), name: text, bio: String(text.reversed()), funFacts: [text, "", text + text], video: nil,
                portrait: nil)
        }
        try await inDirectory { directory in
            var data = try await ProfilesArchive(profiles: profiles).exported(as: .json)
            // JSON → CSV → JSON Lines → JSON, each step streamed and whole.
            for (name, target) in [("a.json", "csv"), ("b.csv", "jsonl"), ("c.jsonl", "json")] {
                let result = try await convert(data, named: name, to: target, in: directory)
                #expect(result.status == 0, "\(result.error)")
                data = Data(result.output.utf8)
            }
            let back = try JSONDecoder().decode([Profile].self, from: data)
            #expect(back.map(\.name) == texts)
            #expect(back.map(\.bio) == texts.map { String($0.reversed()) })
            #expect(back.map(\.funFacts) == profiles.map(\.funFacts))
            // Scalar for scalar: NFD stays NFD.
            #expect(back[0].name.unicodeScalars.elementsEqual(texts[0].unicodeScalars))
        }
    }

    @Test("UUIDs come back upper case; URLs as Foundation's URL writes them, RFC 3986 ones byte for byte")
    func normalizations() async throws {
        let urls: [(String, String)] = [
            ("https://example.com/a%20b/c.jpg?w=1&h=2#face", "https://example.com/a%20b/c.jpg?w=1&h=2#face"),
            ("file:///Users/ana/Movies/Surf,%202024.mov", "file:///Users/ana/Movies/Surf,%202024.mov"),
            ("https://example.com/a b", "https://example.com/a%20b"),
            ("https://bücher.de/x", "https://xn--bcher-kva.de/x"),
            ("https://example.com/100%", "https://example.com/100%25"),
            ("https://example.com/x#a#b", "https://example.com/x#a%23b"),
            ("https://example.com/a\\b", "https://example.com/a%5Cb"),
        ]
        let lower = Self.id.lowercased()
        let objects = urls.map { input, _ in
            #"{"id":"\#(lower)","name":"n","bio":"b","funFacts":[],"video":"\#(input.replacing("\\", with: "\\\\"))"}"#
        }
        try await inDirectory { directory in
            let input = Data(("[" + objects.joined(separator: ",") + "]").utf8)
            let csv = try await convert(input, named: "in.json", to: "csv", in: directory)
            #expect(csv.status == 0, "\(csv.error)")
            let rows = csv.output.split(separator: "\r\n").dropFirst()
            for (row, (_, expected)) in zip(rows, urls) {
                #expect(row.hasPrefix(Self.id + ","), "upper case: \(row)")
                #expect(row.hasSuffix(",\(expected),") || row.hasSuffix(",\"\(expected)\","), "\(row)")
            }
        }
    }

    @Test(
        "a value the model would truncate or reinterpret is refused, naming the record, line and column",
        arguments: [
            (#""\#(id)\u0000garbage""#, "expected a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F, found"),
            (#""{\#(id)}""#, "expected a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F, found"),
            (
                #""\#(id.replacing("-", with: ""))""#,
                "expected a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F, found"
            ),
            (#"" \#(id)""#, "expected a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F, found"),
        ])
    func refusals(id: String, words: String) async throws {
        let good = #"{"id":"\#(Self.id)","name":"n","bio":"b","funFacts":[]}"#
        let bad = #"{"id":\#(id),"name":"n","bio":"b","funFacts":[]}"#
        try await inDirectory { directory in
            for (name, text) in [("in.json", "[\(good),\(good),\(bad)]"), ("in.jsonl", "\(good)\n\(good)\n\(bad)\n")] {
                let result = try await convert(Data(text.utf8), named: name, to: "csv", in: directory)
                #expect(result.status == 65, "\(name) \(id)")
                #expect(result.error.contains(words) && result.error.contains("[2].id"), "\(result.error)")
                #expect(
                    result.error.contains(name == "in.json" ? "line 1, column" : "line 3, column"), "\(result.error)")
            }
        }
    }

    @Test(
        "booleans in CSV read in their spreadsheet spellings and are written true/false; columns the model lacks are dropped"
    )
    func booleansAndDroppedColumns() async throws {
        struct Flag: Codable, Equatable { var on: Bool }
        let spellings = ["true", "TRUE", "True", "1", "false", "FALSE", "False", "0"]
        let csv = "on\r\n" + spellings.joined(separator: "\r\n") + "\r\n"
        let flags = try CSVDecoder().decode([Flag].self, from: Data(csv.utf8))
        #expect(flags.map(\.on) == [true, true, true, true, false, false, false, false])
        #expect(String(decoding: try CSVEncoder().encode(flags), as: UTF8.self).hasPrefix("on\r\ntrue\r\ntrue\r\n"))
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Flag].self, from: Data("on\r\nyes\r\n".utf8)) }
        try await inDirectory { directory in
            let extra = "id,name,extra,bio,funFacts\r\n\(Self.id),Ana,dropped,b,[]\r\n"
            let result = try await convert(Data(extra.utf8), named: "extra.csv", to: "json", in: directory)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == #"[{"bio":"b","funFacts":[],"id":"\#(Self.id)","name":"Ana"}]"#)
        }
    }

    @Test("CSV numbers: decimal as JSON writes them, in the type's range — never inf, nan, hex or a silent zero")
    func csvNumbers() throws {
        struct Reading: Codable { var value: Double; var small: Float; var byte: Int8 }
        func decode(_ value: String, _ small: String = "1", _ byte: String = "1") -> Result<Reading, any Error> {
            Result {
                try CSVDecoder().decode(
                    [Reading].self, from: Data("value,small,byte\r\n\(value),\(small),\(byte)\r\n".utf8))[0]
            }
        }
        for good in ["0", "-0", "12", "-0.5", "1e-7", "1E+20", "1.7976931348623157e308", "5e-324"] {
            #expect((try? decode(good).get()) != nil, "\(good)")
        }
        for bad in ["inf", "-inf", "nan", "NaN", "0x1p3", "+1", ".5", "1.", "1e400", "-1e400", "1e-400", " 1", "1_000"]
        {
            guard case .failure(let error) = decode(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            guard case .dataCorrupted(let context) = error as? DecodingError,
                let position = context.underlyingError as? CSVError
            else {
                Issue.record("\(bad): \(error)")
                continue
            }
            #expect(position.line == 2 && position.column == 1)
            #expect(position.reason.hasPrefix("expected a decimal number Double can hold"))
        }
        #expect(throws: DecodingError.self) { try decode("1", "3.5e38").get() }
        #expect(throws: DecodingError.self) { try decode("1", "1e-50").get() }
        #expect(throws: DecodingError.self) { try decode("1", "1", "300").get() }
    }

    @Test("what the writer writes, the reader reads: a field over maximumFieldLength is refused by both")
    func symmetricLimits() throws {
        struct Note: Codable, Equatable { var text: String }
        let format = CSVFormat(maximumFieldLength: 10)
        let encoder = CSVEncoder(format: format)
        let decoder = CSVDecoder(format: format)
        for fits in ["0123456789", "\"\"\"\"\"", "a,b,c,d,ef"] {
            let csv = try encoder.encode([Note(text: fits)])
            #expect(try decoder.decode([Note].self, from: csv) == [Note(text: fits)], "\(fits)")
        }
        // 11 bytes; and 6 quotes, which are 12 bytes written.
        for overlong in ["0123456789x", "\"\"\"\"\"\""] {
            let error = #expect(throws: EncodingError.self) { try encoder.encode([Note(text: overlong)]) }
            guard case .invalidValue(_, let context) = error else { continue }
            #expect(context.codingPath.map(\.stringValue).last == "text")
            #expect(context.debugDescription.contains("at most 10 bytes"))
        }
    }

    @Test("the tool never writes CSV it cannot read back: 16 MiB + 1 byte is refused, 16 MiB round-trips")
    func toolLimit() async throws {
        try await inDirectory { directory in
            for (size, fits) in [(16 << 20, true), ((16 << 20) + 1, false)] {
                let bio = String(repeating: "a", count: size)
                let json = #"[{"id":"\#(Self.id)","name":"n","bio":"\#(bio)","funFacts":[]}]"#
                let result = try await convert(Data(json.utf8), named: "big.json", to: "csv", in: directory)
                if fits {
                    #expect(result.status == 0)
                    let back = try await convert(Data(result.output.utf8), named: "big.csv", to: "json", in: directory)
                    #expect(back.status == 0)
                    #expect(back.output.utf8.count == json.utf8.count)
                } else {
                    #expect(result.status == 65)
                    #expect(
                        result.error.contains("expected a field of at most 16777216 bytes"),
                        "\(result.error.prefix(300))")
                    #expect(result.output.isEmpty)
                }
            }
        }
    }

    @Test("standard output on error: the records before the first bad one, streamed; nothing, whole")
    func standardOutputOnError() async throws {
        let profiles = ProfileGenerator().profiles(count: 3_000)
        try await inDirectory { directory in
            for (target, name) in [("json", "in.csv"), ("csv", "in.json"), ("jsonl", "in.csv")] {
                let bad = 2_345
                var text = String(
                    decoding: try await ProfilesArchive(profiles: profiles).exported(
                        as: name == "in.csv" ? .commaSeparatedText : .json), as: UTF8.self)
                text = text.replacing(profiles[bad].id.uuidString, with: "not-a-uuid")
                let file = directory.appendingPathComponent(name)
                try Data(text.utf8).write(to: file)
                let streamed = try await transferExecutable(["convert", file.path, "--to", target])
                let whole = try await transferExecutable(["convert", file.path, "--to", target, "--whole"])
                #expect(streamed.status == 65 && whole.status == 65)
                #expect(whole.output.isEmpty)
                let before = try await ProfilesArchive(profiles: Array(profiles[..<bad])).exported(
                    as: target == "json" ? .json : target == "csv" ? .commaSeparatedText : .jsonLines)
                let expected = target == "json" ? Data(before.dropLast()) : before
                #expect(Data(streamed.output.utf8) == expected, "\(name) → \(target)")
            }
        }
    }

    @Test(
        "a semicolon-separated file: the header names the likelier delimiter, whatever the rows hold; --delimiter reads it"
    )
    func delimiter() async throws {
        try await inDirectory { directory in
            let file = directory.appendingPathComponent("semicolons.csv")
            try Data("id;name;bio;funFacts;video;portrait\r\n\(Self.id);Ana;b;[];;\r\n".utf8).write(to: file)
            // Rows with a quoted field (the tool's own --delimiter ';' output, a spreadsheet's
            // export with a byte-order mark) trip over the quote with ',' before any column is
            // missed: the header says it first.
            let quoted = directory.appendingPathComponent("quoted.csv")
            try Data(
                "\u{FEFF}id;name;bio;funFacts;video;portrait\r\n\(Self.id);Ana;\"Writes, reads\";[];;\r\n".utf8
            ).write(to: quoted)
            for (input, mode) in [(file, "--stream"), (file, "--whole"), (quoted, "--stream"), (quoted, "--whole")] {
                let plain = await transfer("convert", input.path, "--to", "json", mode)
                #expect(plain.status == 65)
                #expect(
                    plain.error.contains(
                        "line 1, column 1: expected a header naming id, name, bio, funFacts (and optionally video, portrait), "
                            + #"found "id;name;bio;funFacts;video;portrait"; the header is one column holding ';'"#),
                    "\(input.lastPathComponent) \(mode): \(plain.error)")
                #expect(plain.error.contains("transfer convert --delimiter ';'"), "\(plain.error)")
                #expect(plain.output.isEmpty)
            }
            for mode in ["--stream", "--whole"] {
                let read = await transfer("convert", file.path, "--to", "json", "--delimiter", ";", mode)
                #expect(read.status == 0, "\(read.error)")
                #expect(read.output == #"[{"bio":"b","funFacts":[],"id":"\#(Self.id)","name":"Ana"}]"#)
                let written = await transfer("convert", file.path, "--to", "csv", "--delimiter", ";", mode)
                #expect(written.output == "id;name;bio;funFacts;video;portrait\r\n\(Self.id);Ana;b;[];;\r\n")
                // One dialect in, another out, in one conversion: as csvkit's -d and -D.
                let commas = await transfer("convert", file.path, "--to", "csv", "--from-delimiter", ";", mode)
                #expect(commas.status == 0, "\(commas.error)")
                #expect(commas.output == "id,name,bio,funFacts,video,portrait\r\n\(Self.id),Ana,b,[],,\r\n")
                let tabs = await transfer(
                    "convert", file.path, "--to", "csv", "--delimiter", ";", "--to-delimiter", "tab", mode)
                #expect(tabs.output == "id\tname\tbio\tfunFacts\tvideo\tportrait\r\n\(Self.id)\tAna\tb\t[]\t\t\r\n")
            }
            let badFrom = await transfer("convert", file.path, "--to", "csv", "--from-delimiter", "\r")
            #expect(badFrom.status == 64)
            #expect(badFrom.error.contains("--from-delimiter"), "\(badFrom.error)")
            let tab = await transfer("convert", file.path, "--to", "csv", "--delimiter", ";", "--delimiter", "tab")
            #expect(tab.status == 64 || tab.status == 0)
            let bad = await transfer("convert", file.path, "--to", "json", "--delimiter", "\"")
            #expect(bad.status == 64)
            #expect(bad.error.contains("expected one ASCII character other than a quote, CR or LF"))
        }
    }

    @Test("transfer convert --list shows each model's record fields, their types and which are required")
    func listShowsFields() async {
        let list = await transfer("convert", "--list")
        #expect(list.status == 0)
        #expect(
            list.output.contains(
                "  records: Profile, as CSV rows (public.comma-separated-values-text), JSON array elements (public.json), JSON Lines (public.ndjson)\n"
            ))
        for line in [
            "    id        UUID      required\n", "    funFacts  [String]  required\n",
            "    video     URL       optional: an empty CSV field, a null or absent JSON key\n",
        ] {
            #expect(list.output.contains(line), "\(line)")
        }
    }
}
