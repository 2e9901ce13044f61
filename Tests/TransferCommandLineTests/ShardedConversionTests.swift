import Foundation
import ProfileModels
import Testing
import TransferKit

/// The recipe of `Docs/Sharding.md`, run as written (`Scripts/convert-in-shards.sh`): a JSON Lines
/// archive split at line boundaries, each shard converted by a `transfer` process of its own, in
/// parallel, and the outputs joined, gives exactly what one process gives — for every output format.
@Suite("Sharded conversion: split, convert in parallel, join", .serialized)
struct ShardedConversionTests {
    static let script = samples.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scripts/convert-in-shards.sh")

    /// Runs the recipe; its exit status and standard error.
    private func shards(_ input: URL, _ format: String, _ output: URL, jobs: Int) async throws -> CommandResult {
        try await runProgram(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["bash", Self.script.path, input.path, format, output.path, "\(jobs)", executableURL.path])
    }

    @Test(
        "the joined shards are the single process's output, byte for byte",
        arguments: [(0, 3), (1, 4), (2_500, 1), (2_500, 3), (2_500, 8)])
    func shardsJoinToTheWhole(records: Int, jobs: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Profiles with line breaks, quotes, commas and non-ASCII text in their fields.
        let archive = ProfilesArchive(profiles: ProfileGenerator(seed: 11).profiles(count: records))
        let input = directory.appendingPathComponent("in.jsonl")
        try await archive.exported(as: .jsonLines).write(to: input)
        for format in ["csv", "json", "jsonl"] {
            let whole = directory.appendingPathComponent("whole.\(format)")
            let single = await transfer("convert", input.path, "--to", format, "-o", whole.path)
            #expect(single.status == 0, "\(single.error)")
            let joined = directory.appendingPathComponent("joined.\(format)")
            let result = try await shards(input, format, joined, jobs: jobs)
            #expect(result.status == 0, "\(format): \(result.error)")
            #expect(
                try Data(contentsOf: joined) == Data(contentsOf: whole), "\(format), \(records) records, \(jobs) jobs")
            // And it is the archive: read back through the model, the same profiles.
            let type: UTType = format == "csv" ? .commaSeparatedText : format == "json" ? .json : .jsonLines
            let back = try await ProfilesArchive(importing: Data(contentsOf: joined), contentType: type)
            #expect(try await back.exported(as: .jsonLines) == Data(contentsOf: input), "\(format)")
        }
    }

    @Test("a bad record in any shard fails the run, and no output is left")
    func aBadShardFailsTheWhole() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shards-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = ProfilesArchive(profiles: ProfileGenerator(seed: 3).profiles(count: 1_000))
        var lines = String(decoding: try await archive.exported(as: .jsonLines), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        lines[700] = #"{"id": "not a UUID"}"#
        let input = directory.appendingPathComponent("in.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let output = directory.appendingPathComponent("out.csv")
        let result = try await shards(input, "csv", output, jobs: 4)
        #expect(result.status != 0)
        #expect(result.error.contains("line "), "\(result.error)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
