import CSV
import Foundation
import ProfileModels
import SwiftCSV
import TransferKit

#if canImport(Glibc)
    import Glibc
#endif

/// The profile conversion: TransferKit's CSV codec and JSON representations against CSV.swift,
/// SwiftCSV, Foundation's JSON coders used directly, Python's csv and json modules, and memchr.
enum CSVBenchmarks {
    struct Row {
        let name: String
        let seconds: Double
        let records: Int
        let bytes: Int
        var note = ""
    }

    static func run(count: Int, repeats: Int, scripts: URL, executable: String) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "TransferKitCSVBench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let profiles = ProfileGenerator().profiles(count: count)
        let csvData = try CSVEncoder().encode(profiles)
        let jsonData = try Profile.jsonEncoder.encode(profiles)
        let csvURL = directory.appendingPathComponent("profiles.csv")
        let jsonURL = directory.appendingPathComponent("profiles.json")
        try csvData.write(to: csvURL)
        try jsonData.write(to: jsonURL)
        let csvString = String(decoding: csvData, as: UTF8.self)
        let archive = ProfilesArchive(profiles: profiles)

        // Correctness first: CSV → JSON → CSV of the whole set is byte-identical.
        let viaJSON = try CSVEncoder().encode(JSONTextDecoder().decode([Profile].self, from: jsonData))
        let roundTripIdentical = viaJSON == csvData

        func time(_ body: () throws -> Void) rethrows -> Double { try FileTransferBenchmarks.time(body) }
        func time(_ body: () throws -> Int) rethrows -> (Double, Int) {
            var samples: [Double] = []
            var result = 0
            for _ in 0..<repeats {
                samples.append(try time { result = try body() })
            }
            return (Measurement.median(samples), result)
        }

        // Peak memory of the tool converting the whole file, measured by GNU time for each child
        // alone (RUSAGE_CHILDREN would also count the pages a child shares with this large process
        // before it execs).
        func peakOfChild(_ arguments: [String]) -> (seconds: Double, peak: Double) {
            var output = ""
            let seconds = FileTransferBenchmarks.time {
                output =
                    (try? FileTransferBenchmarks.runProcessCapturingError(
                        "/usr/bin/time", ["-v", executable] + arguments)) ?? ""
            }
            let line = output.split(separator: "\n").first { $0.contains("Maximum resident set size") }
            let kilobytes =
                line.flatMap { Double($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) } ?? 0
            return (seconds, kilobytes * 1024)
        }
        let streamed = directory.appendingPathComponent("streamed.json")
        let (streamTime, streamPeak) = peakOfChild([
            "convert", csvURL.path, "--to", "json", "--stream", "-o", streamed.path,
        ])
        let conversion = directory.appendingPathComponent("out.json")
        let (before, childPeak) = peakOfChild(["convert", csvURL.path, "--to", "json", "-o", conversion.path])
        let sameOutput = (try? Data(contentsOf: streamed)) == (try? Data(contentsOf: conversion))

        var rows: [Row] = []
        func add(_ name: String, bytes: Int, note: String = "", _ body: () throws -> Int) rethrows {
            let (seconds, records) = try time(body)
            rows.append(Row(name: name, seconds: seconds, records: records, bytes: bytes, note: note))
        }

        try add("TransferKit CSVDecoder → [Profile]", bytes: csvData.count) {
            try CSVDecoder().decode([Profile].self, from: csvData).count
        }
        try add("TransferKit CSVEncoder ← [Profile]", bytes: csvData.count) {
            try CSVEncoder().encode(profiles).count > 0 ? profiles.count : 0
        }
        try add("TransferKit CSVRowReader, raw rows", bytes: csvData.count) {
            let reader = try CSVRowReader(data: csvData)
            var rows = 0
            while try reader.next() != nil { rows += 1 }
            return rows
        }
        try add("TransferKit CSVRowReader, raw rows, streaming from the file", bytes: csvData.count) {
            let reader = try CSVRowReader(contentsOf: csvURL)
            var rows = 0
            while try reader.next() != nil { rows += 1 }
            return rows
        }
        let semaphoreResult = { (body: @Sendable @escaping () async throws -> Int) -> Int in
            let box = ResultBox()
            let semaphore = DispatchSemaphore(value: 0)
            Task {
                box.set(try? await body())
                semaphore.signal()
            }
            semaphore.wait()
            return box.value ?? -1
        }
        let list = ProfileList(profiles: profiles)
        // Each pair alternates its two sides run by run, so that the machine's drift hits both alike.
        func addPair(_ first: String, _ second: String, bytes: Int, _ a: () throws -> Int, _ b: () throws -> Int)
            rethrows
        {
            var firstSamples: [Double] = []
            var secondSamples: [Double] = []
            var records = 0
            for _ in 0..<repeats {
                firstSamples.append(try time { records = try a() })
                secondSamples.append(try time { records = try b() })
            }
            rows.append(Row(name: first, seconds: Measurement.median(firstSamples), records: records, bytes: bytes))
            rows.append(Row(name: second, seconds: Measurement.median(secondSamples), records: records, bytes: bytes))
        }
        addPair(
            "ProfileList(importing: json) via CodableRepresentation (JSONTextDecoder)",
            "JSONTextDecoder → ProfileList, directly (in a task)",
            bytes: jsonData.count,
            { semaphoreResult { try await ProfileList(importing: jsonData, contentType: .json).profiles.count } },
            // In a task too: the representation runs in one, and a task's thread allocates from its own
            // malloc arena, which alone changes the figure.
            { semaphoreResult { try JSONTextDecoder().decode(ProfileList.self, from: jsonData).profiles.count } })
        addPair(
            "list.exported(as: .json) via CodableRepresentation (JSONTextEncoder)",
            "JSONTextEncoder ← ProfileList, directly (in a task)",
            bytes: jsonData.count,
            { semaphoreResult { try await list.exported(as: .json).count > 0 ? count : 0 } },
            { semaphoreResult { try Profile.jsonEncoder.encode(list).count > 0 ? count : 0 } })
        add(
            "archive.exported(as: .json) via its FileRepresentation (a temporary file, read back)",
            bytes: jsonData.count
        ) {
            semaphoreResult { try await archive.exported(as: .json).count > 0 ? count : 0 }
        }
        try add("CSV.swift 2.5.2 CSVReader, raw rows", bytes: csvData.count) {
            let reader = try CSVReader(string: csvString, hasHeaderRow: true)
            var rows = 0
            while reader.next() != nil { rows += 1 }
            return rows
        }
        // CSV.swift's own Decodable support cannot read an array from a field, so this row decodes
        // the fun facts as their JSON text: less work than TransferKit's decode to [Profile], which
        // this comparison therefore favours CSV.swift in.
        try add("CSV.swift 2.5.2 CSVRowDecoder → records (fun facts left as JSON text)", bytes: csvData.count) {
            let reader = try CSVReader(string: csvString, hasHeaderRow: true)
            let decoder = CSVRowDecoder()
            var records: [ProfileTextRow] = []
            while reader.next() != nil { records.append(try decoder.decode(ProfileTextRow.self, from: reader)) }
            return records.count
        }
        try add("CSV.swift 2.5.2 CSVWriter", bytes: csvData.count) {
            let writer = try CSVWriter(stream: .toMemory())
            try writer.write(row: ["id", "name", "bio", "funFacts", "video", "portrait"])
            for profile in profiles {
                try writer.write(row: [
                    profile.id.uuidString, profile.name, profile.bio, CSVNestedJSON.encode(profile.funFacts), "", "",
                ])
            }
            writer.stream.close()
            return profiles.count
        }
        try add("SwiftCSV 0.10.0 EnumeratedCSV, raw rows", bytes: csvData.count) {
            try SwiftCSV.EnumeratedCSV(string: csvString, loadColumns: false).rows.count
        }
        // The floor: finding every line feed with memchr.
        add("memchr over the same bytes", bytes: csvData.count) {
            csvData.withUnsafeBytes { raw in
                var lines = 0
                var pointer = raw.baseAddress!
                let end = raw.baseAddress! + raw.count
                while let found = memchr(pointer, 0x0A, end - pointer) {
                    lines += 1
                    pointer = UnsafeRawPointer(found) + 1
                }
                return lines
            }
        }

        // Python, in a subprocess, timing inside Python.
        let python = try FileTransferBenchmarks.runProcess(
            "/usr/bin/env",
            [
                "python3", scripts.appendingPathComponent("python_csv_json.py").path, csvURL.path, jsonURL.path,
                String(repeats),
            ])
        for line in python.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 3, let seconds = Double(parts[1]), let result = Int(parts[2]) else { continue }
            let isJSON = parts[0].hasPrefix("json")
            let name = parts[0].replacingOccurrences(
                of: "→profile-records(uuid.UUID,json.loads)",
                with: " → profile records (uuid.UUID, json.loads), the work of CSVDecoder → [Profile]")
            rows.append(
                Row(
                    name: "Python \(pythonVersion()) \(name)", seconds: seconds,
                    records: isJSON ? count : min(result, count + 1), bytes: isJSON ? jsonData.count : csvData.count))
        }

        func speed(_ row: Row) -> String { format2(Double(row.bytes) / row.seconds / 1e6) + " MB/s" }
        let decoder = rows.first { $0.name.hasPrefix("TransferKit CSVDecoder") }!
        var lines = [
            "Input: \(count) profiles; CSV \(format2(Double(csvData.count) / 1e6)) MB, JSON \(format2(Double(jsonData.count) / 1e6)) MB; median of \(repeats) runs.",
            "",
            "| operation | median | throughput | records/s | ratio to TransferKit CSV decode |",
            "|---|---|---|---|---|",
        ]
        for row in rows {
            lines.append(
                "| \(row.name) | \(format2(row.seconds * 1000)) ms | \(speed(row)) | \(Int(Double(row.records) / row.seconds)) | \(format2(row.seconds / decoder.seconds))× |"
            )
        }
        lines += [
            "",
            "- CSV → JSON → CSV of all \(count) profiles byte-identical: **\(roundTripIdentical ? "yes" : "NO")**.",
            "- `transfer convert` of the \(format2(Double(csvData.count) / 1e6)) MB CSV to JSON (release build), whole archive through its representations: \(format2(before)) s, peak RSS \(format2(childPeak / 1_048_576)) MiB = \(format2(childPeak / Double(csvData.count)))× the input.",
            "- `transfer convert --stream`, record by record: \(format2(streamTime)) s, peak RSS \(format2(streamPeak / 1_048_576)) MiB = \(format2(streamPeak / Double(csvData.count)))× the input; output identical to the whole-archive conversion: \(sameOutput ? "yes" : "NO").",
        ]
        return lines
    }

    static func pythonVersion() -> String {
        (try? FileTransferBenchmarks.runProcess(
            "/usr/bin/env", ["python3", "-c", "import platform; print(platform.python_version())"]))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "3"
    }
}

/// A profile as CSV.swift's row decoder can read it: the fun facts as their JSON text.
struct ProfileTextRow: Decodable {
    var id: UUID
    var name: String
    var bio: String
    var funFacts: String
    var video: URL?
    var portrait: URL?
}

/// Profiles in a plain Codable wrapper with Foundation's JSON coders in its representation: the
/// overhead of CodableRepresentation itself, against the same coders used directly.
struct ProfileList: Codable, Transferable {
    var profiles: [Profile]

    func encode(to encoder: any Encoder) throws { try profiles.encode(to: encoder) }
    init(from decoder: any Decoder) throws { profiles = try [Profile](from: decoder) }
    init(profiles: [Profile]) { self.profiles = profiles }

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json, encoder: Profile.jsonEncoder, decoder: JSONTextDecoder())
    }
}

/// A result passed from a task to a waiting thread.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int?
    func set(_ value: Int?) { lock.lock(); stored = value; lock.unlock() }
    var value: Int? { lock.lock(); defer { lock.unlock() }; return stored }
}

/// The fun facts as the CSV codec writes them (a JSON array), for the peers' writers.
enum CSVNestedJSON {
    static func encode(_ strings: [String]) -> String {
        // Encoding an array of strings cannot fail.
        (try? JSONEncoder().encode(strings)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
    }
}
