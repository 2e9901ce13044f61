import Foundation
import ProfileModels
import Testing
import TransferKit

/// The repository's sample files, found from this test file's location.
let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/Profiles")

@Suite("transfer convert")
struct ConvertCommandTests {
    @Test func csvToJSONAndBackIsByteIdentical() async throws {
        let json = await transfer("convert", samples.appendingPathComponent("profiles.csv").path, "--to", "json")
        #expect(json.status == 0, "\(json.error)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]]
        #expect(decoded?.count == 12)
        #expect(
            json.output == (try String(contentsOf: samples.appendingPathComponent("profiles.json"), encoding: .utf8)))
        let csv = await transfer("convert", samples.appendingPathComponent("profiles.json").path, "--to", "csv")
        #expect(csv.output == (try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)))
    }

    @Test func standardInputAndAtomicOutputThroughTheExecutable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json")
        let csv = try Data(contentsOf: samples.appendingPathComponent("profiles.csv"))
        let result = try await transferExecutable(
            ["convert", "-", "--from", "csv", "--to", "json", "-o", output.path], input: csv)
        #expect(result.status == 0, "\(result.error)")
        #expect(try Data(contentsOf: output) == Data(contentsOf: samples.appendingPathComponent("profiles.json")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
        // And back, media URLs and all.
        let json = try Data(contentsOf: samples.appendingPathComponent("profiles.json"))
        let back = try await transferExecutable(["convert", "-", "--from", "json", "--to", "csv"], input: json)
        #expect(back.status == 0, "\(back.error)")
        #expect(Data(back.output.utf8) == (try Data(contentsOf: samples.appendingPathComponent("profiles.csv"))))
    }

    @Test("--sync writes the same file, and needs a file to write")
    func syncWritesTheSameFileAndNeedsOne() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-sync-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = samples.appendingPathComponent("profiles.csv").path
        let output = directory.appendingPathComponent("out.json")
        let synced = await transfer("convert", input, "--to", "json", "-o", output.path, "--sync")
        #expect(synced.status == 0, "\(synced.error)")
        #expect(try Data(contentsOf: output) == Data(contentsOf: samples.appendingPathComponent("profiles.json")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["out.json"])
        for arguments in [
            ["convert", input, "--to", "json", "--sync"], ["convert", input, "--to", "json", "-o", "-", "--sync"],
        ] {
            let refused = await transfer(arguments)
            #expect(refused.status == 64, "\(arguments)")
            #expect(refused.error.contains("--sync needs -o FILE"), "\(refused.error)")
            #expect(refused.output.isEmpty)
        }
    }

    @Test func largeArchivesWithMediaRoundTripWholeAndStreamed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // 5,000 profiles: several windows and batches on each core, most with media.
        let profiles = ProfileGenerator().profiles(count: 5_000)
        let json = directory.appendingPathComponent("in.json")
        try JSONArrayEncoder(Profile.jsonEncoder).encode(profiles).write(to: json)
        var csvs: [Data] = []
        for streaming in [false, true] {
            let csv = directory.appendingPathComponent("out-\(streaming).csv")
            let result = await transfer(
                ["convert", json.path, "--to", "csv", "-o", csv.path] + (streaming ? ["--stream"] : []))
            #expect(result.status == 0, "\(result.error)")
            csvs.append(try Data(contentsOf: csv))
            let again = directory.appendingPathComponent("again-\(streaming).json")
            let back = await transfer(
                ["convert", csv.path, "--to", "json", "-o", again.path] + (streaming ? ["--stream"] : []))
            #expect(back.status == 0, "\(back.error)")
            #expect(try Data(contentsOf: again) == Data(contentsOf: json))
        }
        #expect(csvs[0] == csvs[1])
        #expect(csvs[0] == (try CSVEncoder().encode(profiles)))
    }

    @Test("an input the file system cannot give exits 66 with its words, for CSV as for JSON, whole or streamed")
    func unreadableInputsExitAlike() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var results: [String: (status: Int32, error: String)] = [:]
        for (name, target) in [("in.csv", "json"), ("in.json", "csv")] {
            let folder = directory.appendingPathComponent("folder-" + name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            for mode in ["--stream", "--whole"] {
                let missing = await transfer(
                    "convert", directory.appendingPathComponent(name).path, "--to", target, mode)
                results["missing \(name) \(mode)"] = (missing.status, missing.error)
                let unreadable = await transfer(
                    "convert", folder.path, "--from", String(name.dropFirst(3)), "--to", target, mode)
                results["directory \(name) \(mode)"] = (unreadable.status, unreadable.error)
            }
        }
        for (name, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result.status == 66, "\(name): \(result.error)")
            #expect(
                result.error.contains("is a directory") || result.error.contains("no such file"),
                "\(name): \(result.error)")
        }
    }

    @Test func aFailedConversionLeavesNoPartialOutput() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bad = directory.appendingPathComponent("bad.csv")
        try Data("id,name,bio,funFacts,video,portrait\r\nnot-a-uuid,\"open".utf8).write(to: bad)
        let output = directory.appendingPathComponent("out.json")
        let result = await transfer("convert", bad.path, "--to", "json", "-o", output.path)
        #expect(result.status == 65)
        #expect(result.error.contains("line 2"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["bad.csv"])
        // An existing output is left untouched.
        try Data("previous".utf8).write(to: output)
        _ = await transfer("convert", bad.path, "--to", "json", "-o", output.path)
        #expect(try String(contentsOf: output, encoding: .utf8) == "previous")
    }

    @Test func streamingConversionGivesTheSameBytes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = samples.appendingPathComponent("profiles.csv").path
        let json = await transfer("convert", csv, "--to", "json", "--stream")
        #expect(
            json.output == (try String(contentsOf: samples.appendingPathComponent("profiles.json"), encoding: .utf8)))
        let output = directory.appendingPathComponent("copy.csv")
        #expect(await transfer("convert", csv, "--to", "csv", "--stream", "-o", output.path).status == 0)
        #expect(try Data(contentsOf: output) == Data(contentsOf: samples.appendingPathComponent("profiles.csv")))
        // A failure half way leaves nothing.
        let bad = directory.appendingPathComponent("bad.csv")
        try (String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8) + "x,\"open\r\n")
            .write(to: bad, atomically: true, encoding: .utf8)
        let failed = await transfer(
            "convert", bad.path, "--to", "json", "--stream", "-o", directory.appendingPathComponent("out.json").path)
        #expect(failed.status == 65)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["bad.csv", "copy.csv"])
        #expect(await transfer("convert", csv, "--to", "json", "--stream", "--model", "Profile").status == 64)
    }

    @Test(
        "streamed by default, or --whole: the same output, and for a bad record anywhere the same message and status",
        arguments: [0, 2_500, 4_999])
    func streamedAndWholeConversionsAgree(badRecord: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let profiles = ProfileGenerator(seed: 7).profiles(count: 5_000)
        let archive = ProfilesArchive(profiles: profiles)
        for (type, ext) in [(UTType.commaSeparatedText, "csv"), (.json, "json")] {
            let input = directory.appendingPathComponent("in.\(ext)")
            try await archive.exported(as: type).write(to: input)
            let other = ext == "csv" ? "json" : "csv"
            let streamed = await transfer("convert", input.path, "--to", other)
            let whole = await transfer("convert", input.path, "--to", other, "--whole")
            #expect(streamed.status == 0 && whole.status == 0)
            #expect(streamed.output == whole.output)
            let explained = await transfer("convert", input.path, "--to", other, "--explain")
            #expect(explained.output.hasPrefix("Streams Profile records"))

            // One profile's id is not a UUID: the same words, line and column, and status.
            var text = try String(contentsOf: input, encoding: .utf8)
            text = text.replacingOccurrences(of: profiles[badRecord].id.uuidString, with: "not-a-uuid")
            try Data(text.utf8).write(to: input)
            let output = directory.appendingPathComponent("out.\(other)")
            let failedStreamed = await transfer("convert", input.path, "--to", other, "-o", output.path)
            let failedWhole = await transfer("convert", input.path, "--to", other, "--whole", "-o", output.path)
            #expect(failedStreamed.status == 65)
            #expect(failedStreamed.status == failedWhole.status)
            #expect(failedStreamed.error == failedWhole.error)
            #expect(failedStreamed.error.contains("line "), "\(failedStreamed.error)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["in.csv", "in.json"])
    }

    @Test func streamingFromJSONGivesTheSameBytes() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = samples.appendingPathComponent("profiles.json").path
        let csv = await transfer("convert", json, "--to", "csv", "--stream")
        #expect(csv.status == 0, "\(csv.error)")
        #expect(csv.output == (try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)))
        let copy = await transfer("convert", json, "--to", "json", "--stream")
        #expect(
            copy.output == (try String(contentsOf: samples.appendingPathComponent("profiles.json"), encoding: .utf8)))
        // A JSON file cut short: the error says where, and nothing is written.
        let cut = directory.appendingPathComponent("cut.json")
        try String(
            try String(contentsOf: samples.appendingPathComponent("profiles.json"), encoding: .utf8).dropLast(40)
        ).write(to: cut, atomically: true, encoding: .utf8)
        for streaming in [true, false] {
            let arguments =
                ["convert", cut.path, "--to", "csv", "-o", directory.appendingPathComponent("out.csv").path]
                + (streaming ? ["--stream"] : [])
            let failed = await transfer(arguments)
            #expect(failed.status == 65)
            #expect(failed.error.contains("not valid JSON: a string that is never closed (line 1, column"))
            #expect(!failed.error.contains("DecodingError"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["cut.json"])
        }
    }

    @Test func unreadableInputsAndFailedImportsLeaveNoOutput() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        let folder = directory.appendingPathComponent("folder.csv")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out.json").path
        let unreadable = await transfer("convert", folder.path, "--to", "json", "-o", output)
        #expect(unreadable.status == 66)
        #expect(unreadable.error.contains("is a directory (expected a file)"))
        // Malformed CSV, imported from the file in place: the error says where, and no output appears.
        let bad = directory.appendingPathComponent("bad.csv")
        try Data("id,name\n\"x,1\n".utf8).write(to: bad)
        let failed = await transfer("convert", bad.path, "--to", "json", "-o", output)
        #expect(failed.status == 65)
        #expect(failed.error.contains("line 2, column 1: expected a closing quote"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["bad.csv", "folder.csv"])
    }

    @Test("a reader that goes away ends the conversion as SIGPIPE would: 141, nothing said, nothing left")
    func aReaderThatGoesAwayEndsTheConversion() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Far more output than a pipe holds: the sample's rows, repeated to 9 MiB.
        let big = directory.appendingPathComponent("big.csv")
        try Data(try repeatedSample(atLeast: 9 << 20).text.utf8).write(to: big)
        for arguments in [["convert", big.path, "--to", "json"], ["convert", "-", "--from", "csv", "--to", "jsonl"]] {
            let result = try await onThreadOfItsOwn { () throws -> CommandResult in
                let process = Process()
                process.executableURL = executableURL
                process.arguments = arguments
                let output = Pipe()
                let error = Pipe()
                process.standardOutput = output
                process.standardError = error
                process.standardInput = arguments.contains("-") ? try FileHandle(forReadingFrom: big) : nil
                try process.run()
                // `head -c 100`: read a little, then go away.
                let first = try output.fileHandleForReading.read(upToCount: 100) ?? Data()
                try output.fileHandleForReading.close()
                let said = error.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                return CommandResult(
                    status: process.terminationStatus, output: String(decoding: first, as: UTF8.self),
                    error: String(decoding: said, as: UTF8.self))
            }
            #expect(result.status == 141, "\(arguments): \(result.error)")
            #expect(result.error.isEmpty, "\(arguments)")
            #expect(result.output.hasPrefix(arguments.contains("json") ? "[{" : "{"), "\(arguments)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["big.csv"])
    }

    @Test("the bar is shown from exactly 8 MiB of input, not one byte less")
    func theBarsThreshold() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = try repeatedSample(atLeast: 0)
        // Whole rows under the size, then blank lines (which hold no record) up to it exactly.
        var text = sample.header
        while text.utf8.count + sample.rows.utf8.count < (8 << 20) - 16 { text += sample.rows }
        for size in [(8 << 20) - 1, 8 << 20] {
            var padded = text
            while padded.utf8.count + 2 <= size { padded += "\r\n" }
            if padded.utf8.count < size { padded += "\n" }
            try #require(padded.utf8.count == size)
            let input = directory.appendingPathComponent("in-\(size).csv")
            try Data(padded.utf8).write(to: input)
            let output = directory.appendingPathComponent("out-\(size).json").path
            let (status, shown) = try await transferUnderTerminal(["convert", input.path, "--to", "json", "-o", output])
            #expect(status == 0, "\(shown)")
            #expect(shown.contains("] converting") == (size >= 8 << 20), "\(size) bytes: \(shown)")
        }
    }

    @Test func largeInputsShowAProgressBarOnlyOnATerminal() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convert-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Over 8 MiB: the sample's rows, repeated.
        let big = directory.appendingPathComponent("big.csv")
        let bigCSV = try repeatedSample(atLeast: 9 << 20).text
        try Data(bigCSV.utf8).write(to: big)

        let quiet = try await transferExecutable([
            "convert", big.path, "--to", "json", "-o", directory.appendingPathComponent("quiet.json").path,
        ])
        #expect(quiet.status == 0, "\(quiet.error)")
        #expect(quiet.error.isEmpty)

        // Under a pseudo-terminal, standard error is a terminal.
        let arguments = [
            "convert", big.path, "--to", "json", "-o", directory.appendingPathComponent("shown.json").path,
        ]
        let (status, shown) = try await transferUnderTerminal(arguments)
        #expect(status == 0, "\(shown)")
        #expect(shown.contains("] converting 0/9 MB"))
        #expect(shown.contains("] converting 9/9 MB"))
        #expect(shown.contains(" records"))
        #expect(shown.contains("[##############################] done"))
        #expect(
            try Data(contentsOf: directory.appendingPathComponent("shown.json"))
                == Data(contentsOf: directory.appendingPathComponent("quiet.json")))

        // A failure ends the bar with the failure, not with "done"; nothing is written.
        try Data((bigCSV + "x,\"open\r\n").utf8).write(to: big, options: .atomic)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("shown.json"))
        let (failedStatus, failed) = try await transferUnderTerminal(arguments)
        #expect(failedStatus == 65)
        #expect(failed.contains("] converting 0/9 MB"))
        #expect(failed.contains("] failed"))
        #expect(!failed.contains("done"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["big.csv", "quiet.json"])
    }

    @Test func modelsAndErrors() async {
        let list = await transfer("convert", "--list")
        #expect(list.output.contains("ProfilesArchive"))
        #expect(list.output.contains("imports: public.comma-separated-values-text, public.json"))
        #expect(await transfer("convert", "/nonexistent.csv", "--to", "json").status == 66)
        #expect(await transfer("convert", samples.appendingPathComponent("profiles.csv").path).status == 64)
        #expect(
            await transfer(
                "convert", samples.appendingPathComponent("profiles.csv").path, "--to", "json", "--model", "Nope"
            ).status == 64)
        #expect(await transfer("convert", "-", "--to", "json").status == 64)
        #expect(await transfer("convert", "--help").output.hasPrefix("USAGE: transfer convert"))
        // A single Profile converts too.
        let profile = await transfer(
            "convert", samples.appendingPathComponent("profiles.csv").path, "--to", "json", "--model", "Profile")
        #expect(profile.status == 65)
        #expect(profile.error.contains("expected exactly one record"))
    }
}

/// The sample archive's rows repeated after its header until the text holds at least `size` bytes.
func repeatedSample(atLeast size: Int) throws -> (header: String, rows: String, text: String) {
    let sample = try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)
    let headerEnd = try #require(sample.firstRange(of: "\r\n")).upperBound
    let header = String(sample[..<headerEnd])
    let rows = String(sample[headerEnd...])
    return (header, rows, header + String(repeating: rows, count: size / rows.utf8.count + 1))
}
