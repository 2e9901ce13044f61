import Foundation
import Testing

/// JSON → CSV from a file hands the array to the cores in runs, cut where the reader guesses the
/// next object starts (`},{`), without scanning every byte first; a guess inside a string, and a
/// problem after a run, make the exact reader read on from the run's start. Whatever the guesses,
/// the output and the errors are those of the exact reader — which reads all of standard input,
/// since a pipe cannot be read again — and the rows hold the values written.
@Suite("JSON → CSV in runs: the output and errors of the exact reader")
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

    /// `count` records; with `traps`, their bios hold `},{` between their words, as an object
    /// boundary reads: each a `{` the reader may take for the start of the next object.
    static func records(_ count: Int, traps: Bool) -> [Record] {
        (0..<count).map { index in
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

    /// Converts `json` to CSV from a file (runs) and from standard input (the exact reader): the
    /// status, the output file's bytes (or `nil` when none was left) and standard error, for each.
    func convertBothWays(_ json: Data, in directory: URL) async throws -> [(Int32, Data?, String)] {
        let input = directory.appendingPathComponent("in.json")
        try json.write(to: input)
        var results: [(Int32, Data?, String)] = []
        for fromFile in [true, false] {
            let output = directory.appendingPathComponent("out-\(fromFile).csv")
            let result = try await transferExecutable(
                ["convert", fromFile ? input.path : "-", "--from", "json", "--to", "csv", "-o", output.path],
                input: fromFile ? nil : json)
            results.append((result.status, try? Data(contentsOf: output), result.error))
        }
        return results
    }

    @Test(
        "runs: the rows hold every value, as from standard input",
        arguments: [",", ",\n  "])
    func runs(separator: String) async throws {
        try await convertsEveryRecord(separator: separator, traps: false)
    }

    @Test(
        "guesses inside strings: the rows hold every value, as from standard input",
        arguments: [",", ",\n  ", " , "])
    func guessesInsideStrings(separator: String) async throws {
        try await convertsEveryRecord(separator: separator, traps: true)
    }

    /// Converts 12,000 records, from a file and from standard input: every row as written, and the
    /// same bytes both ways.
    func convertsEveryRecord(separator: String, traps: Bool) async throws {
        // About 2.6 MB: several runs of the reader's 256 KiB batches, and guesses in every bio.
        let records = Self.records(12_000, traps: traps)
        try await inTemporaryDirectory { directory in
            let results = try await convertBothWays(Self.array(records, separator: separator), in: directory)
            let (file, pipe) = (results[0], results[1])
            #expect(file.0 == 0, "\(file.2)")
            #expect(pipe.0 == 0, "\(pipe.2)")
            let rows = rfc4180Rows(String(decoding: try #require(file.1), as: UTF8.self))
            #expect(rows.first == ["id", "name", "bio", "funFacts", "video", "portrait"])
            #expect(rows.count == records.count + 1)
            for (row, record) in zip(rows.dropFirst(), records) where row != record.fields {
                Issue.record("row \(row) differs from \(record.fields)")
                break
            }
            #expect(file.1 == pipe.1, "the file's output differs from standard input's")
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
        "a problem after runs: the error of standard input, with its index, line and column; no output",
        arguments: Problem.allCases)
    func problemAfterRuns(problem: Problem) async throws {
        // Without traps, runs split exactly up to the problem's.
        let records = Self.records(9_000, traps: false)
        let index = 8_123
        try await inTemporaryDirectory { directory in
            let results = try await convertBothWays(problem.spoil(records, at: index), in: directory)
            let (file, pipe) = (results[0], results[1])
            #expect(file.0 == 65, "\(file.2)")
            #expect(file.1 == nil, "an output file was left")
            // The same words after the input's name (the file's path, or standard input).
            let inputName = try #require(file.2.firstRange(of: "in.json: "))
            #expect(
                file.2[inputName.upperBound...] == pipe.2.drop { $0 != ":" }.dropFirst(2),
                "the file's error differs from standard input's: \(file.2)\n\(pipe.2)")
            if problem == .badUUID {
                #expect(file.2.contains("at [\(index)].id"), "\(file.2)")
            }
            // One line, and the column of the problem in the line.
            #expect(file.2.contains("line 1, column"), "\(file.2)")
        }
    }
}
