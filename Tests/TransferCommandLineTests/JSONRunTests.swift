import Foundation
import ProfileModels
import Testing
import TransferKit

/// JSON → CSV hands the array to the cores in runs, cut where the reader guesses the next object
/// starts (`},{`), without scanning every byte first; a guess inside a string, and a problem after
/// a run, make the exact reader read on from the run's start — from the file, or, for standard
/// input from a pipe, from the bytes the reader kept. Whatever the guesses, the output and the
/// errors are those of the whole document decoded at once (`--whole`, another path), and the rows
/// hold the values written.
@Suite("JSON → CSV in runs: the output and errors of the whole document's decoding")
struct JSONRunTests {
    /// One profile, written by hand as a JSON object and as the CSV row the conversion must give.
    struct Record {
        let id: UUID
        let name: String
        let bio: String

        /// Its JSON object: `bio` last, so that a `},{` in it comes just before the next object.
        var json: String {
            #"{"id":"\#(id.uuidString)","name":"\#(name)","funFacts":["one","two"],"#
                + #""portrait":"https://example.com/p/\#(name).jpg","bio":"\#(bio)"}"#
        }

        /// The fields `rfc4180Rows` should read back: id, name, bio, funFacts, video, portrait.
        var fields: [String] {
            [id.uuidString, name, bio, #"["one","two"]"#, "", "https://example.com/p/\(name).jpg"]
        }
    }

    /// `count` records; with traps, their bios hold `},{` between their words, as an object
    /// boundary reads: each a `{` the reader may take for the start of the next object.
    static func records(_ count: Int, traps: Bool) -> [Record] {
        records(count, trapped: traps ? 0..<count : 0..<0)
    }

    /// `count` records, traps in the bios of those in `trapped`.
    static func records(_ count: Int, trapped: Range<Int>) -> [Record] {
        (0..<count).map { index in
            let traps = trapped.contains(index)
            let words = (0..<12).map { "w\(index)x\($0)" }.joined(separator: traps ? " },{ " : " ")
            return Record(
                id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", index))!,
                name: "n\(index)", bio: traps ? "\(words) },{" : words)
        }
    }

    /// A JSON array of `records`, with `separator` between the objects.
    static func array(_ records: [Record], separator: String = ",") -> Data {
        Data(("[" + records.map(\.json).joined(separator: separator) + "]").utf8)
    }

    /// Runs `body` with a new directory, removed afterwards.
    func inTemporaryDirectory(_ body: (URL) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("json-runs-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try await body(directory)
    }

    /// One conversion's exit status, output file (`nil` when none was left) and standard error.
    typealias Outcome = (status: Int32, output: Data?, error: String)

    /// Converts `json` to CSV from a file and from standard input (a pipe), in runs, and from the
    /// file decoded whole (`--whole`): the outcome of each, in that order.
    func convertThreeWays(_ json: Data, in directory: URL) async throws -> [Outcome] {
        let input = directory.appendingPathComponent("in.json")
        try json.write(to: input)
        var outcomes: [Outcome] = []
        for (name, source, mode) in [
            ("file", input.path, "--stream"), ("pipe", "-", "--stream"), ("whole", input.path, "--whole"),
        ] {
            let output = directory.appendingPathComponent("out-\(name).csv")
            let result = try await transferExecutable(
                ["convert", source, "--from", "json", "--to", "csv", "-o", output.path, mode],
                input: source == "-" ? json : nil)
            outcomes.append((result.status, try? Data(contentsOf: output), result.error))
        }
        return outcomes
    }

    @Test(
        "runs: the rows hold every value, from a file and a pipe, as decoded whole",
        arguments: [",", ",\n  "])
    func runs(separator: String) async throws {
        try await convertsEveryRecord(separator: separator, traps: false)
    }

    @Test(
        "guesses inside strings: the rows hold every value, from a file and a pipe, as decoded whole",
        arguments: [",", ",\n  ", " , "])
    func guessesInsideStrings(separator: String) async throws {
        try await convertsEveryRecord(separator: separator, traps: true)
    }

    @Test("a run read again: each byte is counted once in the progress, each record once")
    func progressAfterReadingAgain() async throws {
        let json = Self.array(Self.records(12_000, traps: true))
        try await inTemporaryDirectory { directory in
            let input = directory.appendingPathComponent("in.json")
            try json.write(to: input)
            let conversion = try TransferConversion(ProfilesArchive.self, from: .json, to: .commaSeparatedText)
            let progress = TransferConversionProgress()
            var output = Data()
            try await conversion.convert(contentsOf: input, into: { output.append($0) }, progress: progress)
            #expect(progress.bytesRead == json.count)
            #expect(progress.recordsWritten == 12_000)
            #expect(rfc4180Rows(String(decoding: output, as: UTF8.self)).count == 12_001)
        }
    }

    @Test("traps late in the input: the exact reader reads on from far in, from a file and a pipe")
    func lateTraps() async throws {
        try await convertsEveryRecord(records: Self.records(12_000, trapped: 9_000..<9_200), separator: ",")
    }

    /// Converts 12,000 records three ways: every row as written, and the same bytes each way.
    func convertsEveryRecord(separator: String, traps: Bool) async throws {
        try await convertsEveryRecord(records: Self.records(12_000, traps: traps), separator: separator)
    }

    /// Converts `records` three ways: every row as written, and the same bytes each way.
    func convertsEveryRecord(records: [Record], separator: String) async throws {
        // 12,000 records are about 2.6 MB: several runs of the reader's 256 KiB batches.
        try await inTemporaryDirectory { directory in
            let outcomes = try await convertThreeWays(Self.array(records, separator: separator), in: directory)
            for outcome in outcomes { #expect(outcome.status == 0, "\(outcome.error)") }
            let rows = rfc4180Rows(String(decoding: try #require(outcomes[0].output), as: UTF8.self))
            #expect(rows.first == ["id", "name", "bio", "funFacts", "video", "portrait"])
            #expect(rows.count == records.count + 1)
            for (row, record) in zip(rows.dropFirst(), records) where row != record.fields {
                Issue.record("row \(row) differs from \(record.fields)")
                break
            }
            #expect(outcomes[0].output == outcomes[2].output, "the file's output differs from the whole decoding's")
            #expect(outcomes[1].output == outcomes[2].output, "the pipe's output differs from the whole decoding's")
        }
    }

    /// A problem put into record `at` of the archive.
    enum Problem: String, CaseIterable, CustomStringConvertible {
        case badUUID, missingComma, badLiteral, cutShort

        var description: String { rawValue }

        func spoil(_ records: [Record], at index: Int) -> Data {
            var objects = records.map(\.json)
            switch self {
            case .badUUID:
                objects[index] = objects[index].replacingOccurrences(
                    of: records[index].id.uuidString, with: "not-a-uuid")
            case .missingComma:
                objects[index] = objects[index].replacingOccurrences(of: #","name""#, with: #" "name""#)
            case .badLiteral:
                objects[index] = objects[index].replacingOccurrences(of: #""funFacts":["#, with: #""funFacts":nul,["#)
            case .cutShort:
                return Data(("[" + objects[...index].joined(separator: ",")).utf8.dropLast(40))
            }
            return Data(("[" + objects.joined(separator: ",") + "]").utf8)
        }
    }

    @Test(
        "a problem after runs: the whole decoding's error, with its index, line and column; no output",
        arguments: Problem.allCases)
    func problemAfterRuns(problem: Problem) async throws {
        // Without traps, runs split exactly up to the problem's.
        let records = Self.records(9_000, traps: false)
        let index = 8_123
        try await inTemporaryDirectory { directory in
            let outcomes = try await convertThreeWays(problem.spoil(records, at: index), in: directory)
            // The same words after the input's name (the file's path, or `-`).
            let words = outcomes.map { String($0.error.drop { $0 != ":" }) }
            for (name, outcome) in zip(["file", "pipe", "whole"], outcomes) {
                #expect(outcome.status == 65, "\(name): \(outcome.error)")
                #expect(outcome.output == nil, "\(name): an output file was left")
            }
            #expect(words[0] == words[2], "the file's error differs from the whole decoding's: \(outcomes)")
            #expect(words[1] == words[2], "the pipe's error differs from the whole decoding's: \(outcomes)")
            let file = outcomes[0]
            if problem == .badUUID {
                #expect(file.error.contains("at [\(index)].id"), "\(file.error)")
            }
            // One line, and the column of the problem in the line.
            #expect(file.error.contains("line 1, column"), "\(file.error)")
        }
    }
}
