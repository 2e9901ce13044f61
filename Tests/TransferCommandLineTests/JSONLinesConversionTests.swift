import Foundation
import ProfileModels
import Testing
import TransferKit

@Suite("transfer convert: JSON Lines")
struct JSONLinesConversionTests {
    /// A directory of its own, removed after `body`.
    func inDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("jsonl-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    @Test("CSV → JSON Lines → CSV and JSON, by every name of the type, streamed and whole")
    func roundTripsThroughJSONLines() async throws {
        try await inDirectory { directory in
            let csv = samples.appendingPathComponent("profiles.csv")
            let json = try Data(contentsOf: samples.appendingPathComponent("profiles.json"))
            var outputs: [String] = []
            for name in ["jsonl", "ndjson", ".jsonl", "application/x-ndjson", "application/jsonl", "public.ndjson"] {
                for mode in ["--stream", "--whole"] {
                    let result = await transfer("convert", csv.path, "--to", name, mode)
                    #expect(result.status == 0, "\(name) \(mode): \(result.error)")
                    outputs.append(result.output)
                }
            }
            #expect(Set(outputs).count == 1)
            let lines = outputs[0].split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 13 && lines.last == "", "twelve profiles, each line ended by a line feed")
            // Each line is one profile, as the JSON array holds it (keys sorted, slashes unescaped).
            let array = try #require(try JSONSerialization.jsonObject(with: json) as? [[String: Any]])
            for (line, element) in zip(lines, array) {
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(NSDictionary(dictionary: object).isEqual(to: element))
                #expect(!line.contains("\\/"))
            }
            // A `.jsonl` file is read by its extension, back to the same CSV and JSON bytes.
            let jsonl = directory.appendingPathComponent("profiles.jsonl")
            try Data(outputs[0].utf8).write(to: jsonl)
            for mode in ["--stream", "--whole"] {
                let back = await transfer("convert", jsonl.path, "--to", "csv", mode)
                #expect(back.status == 0, "\(back.error)")
                #expect(Data(back.output.utf8) == (try Data(contentsOf: csv)))
                let asJSON = await transfer("convert", jsonl.path, "--to", "json", mode)
                #expect(Data(asJSON.output.utf8) == json)
            }
        }
    }

    @Test("JSON Lines from standard input, through the executable")
    func standardInput() async throws {
        let csv = try Data(contentsOf: samples.appendingPathComponent("profiles.csv"))
        let lines = try await transferExecutable(["convert", "-", "--from", "csv", "--to", "jsonl"], input: csv)
        #expect(lines.status == 0, "\(lines.error)")
        let back = try await transferExecutable(
            ["convert", "-", "--from", "jsonl", "--to", "csv"], input: Data(lines.output.utf8))
        #expect(back.status == 0, "\(back.error)")
        #expect(Data(back.output.utf8) == csv)
    }

    @Test("a bad line is named by its line, column and record, streamed and whole alike")
    func badLineIsPositioned() async throws {
        try await inDirectory { directory in
            let generated = ProfileGenerator().profiles(count: 3_000)
            let exported = try await ProfilesArchive(profiles: generated).exported(as: .jsonLines)
            var text = String(decoding: exported, as: UTF8.self)
            var lines = text.split(separator: "\n").map(String.init)
            lines[2_500] = lines[2_500].replacingOccurrences(of: #""name":"#, with: #""name":7,"x":"#)
            text = lines.joined(separator: "\n") + "\n"
            let input = directory.appendingPathComponent("bad.jsonl")
            try Data(text.utf8).write(to: input)
            var errors: Set<String> = []
            for mode in ["--stream", "--whole"] {
                let result = await transfer("convert", input.path, "--to", "csv", mode)
                #expect(result.status == 65)
                #expect(result.output.isEmpty || mode == "--stream")
                errors.insert(result.error)
            }
            #expect(errors.count == 1, "\(errors)")
            let error = try #require(errors.first)
            #expect(error.contains("line 2501"), "\(error)")
            #expect(error.contains("[2500]"), "\(error)")
        }
    }

    @Test("a type the model cannot write: said once, with the types it can")
    func unsupportedTargetListsAlternatives() async {
        let result = await transfer("convert", samples.appendingPathComponent("profiles.csv").path, "--to", "yaml")
        #expect(result.status == 64)
        let first = result.error.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first
                == "ProfilesArchive cannot be written as public.yaml: its representations write only "
                + "public.comma-separated-values-text, public.json, public.ndjson")
        let source = await transfer("convert", "-", "--from", "md", "--to", "json")
        #expect(source.status == 64)
        #expect(
            source.error.contains(
                "ProfilesArchive cannot be read from net.daringfireball.markdown: its representations read only "
                    + "public.comma-separated-values-text, public.json, public.ndjson"), "\(source.error)")
    }
}
