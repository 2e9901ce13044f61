import Foundation
import ProfileModels
import TransferKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// USAGE: swift run -c release --package-path Benchmarks TransferBenchmarks [content-types] [files] [negotiation] [link-previews] [previews-concurrent] [csv [--profiles N]]
//
// Runs the named suites (all by default) and prints each one's table, ready for Docs/Performance.md.

let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "--file-export":
    try await FileTransferBenchmarks.childExport(arguments[1], arguments[2])
    exit(0)
case "--file-import":
    try await FileTransferBenchmarks.childImport(arguments[1])
    exit(0)
case "--preview-server":
    try ConcurrentPreviewBenchmarks.serve(delay: .milliseconds(50))
case "generate-profiles":
    // generate-profiles COUNT csv|json: the deterministic profile set, on standard output, made
    // and written 10,000 profiles at a time (10 million would not fit in memory as values): the
    // bytes of encoding the whole array at once.
    let count = Int(arguments[1]) ?? 100_000
    let json = arguments.count > 2 && arguments[2] == "json"
    let generator = ProfileGenerator()
    var rows = CSVFormat()
    rows.hasHeader = false
    let output = FileHandle.standardOutput
    if json { output.write(Data("[".utf8)) }
    for start in stride(from: 0, to: count, by: 10_000) {
        let profiles = (start..<min(start + 10_000, count)).map(generator.profile)
        if json {
            if start > 0 { output.write(Data(",".utf8)) }
            output.write(try JSONArrayEncoder(Profile.jsonEncoder).encodeElements(profiles, firstIndex: start))
        } else {
            output.write(try CSVEncoder(format: start == 0 ? CSVFormat() : rows).encode(profiles))
        }
    }
    if json { output.write(Data("]".utf8)) }
    exit(0)
case "memory-phases":
    // memory-phases FILE: peak RSS after each phase of a CSV → JSON conversion.
    print("start", peakResidentBytes() >> 20, "MiB")
    var data: Data? = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
    print("read", peakResidentBytes() >> 20, "MiB")
    let archive = try await ProfilesArchive(importing: data!, contentType: .commaSeparatedText)
    print("imported", peakResidentBytes() >> 20, "MiB")
    data = nil
    let json = try await archive.exported(as: .json)
    print("exported JSON", peakResidentBytes() >> 20, "MiB", json.count)
    exit(0)
case "profile-json":
    // profile-json decode|encode [ITERATIONS] [profiles|readings|catalog]: one operation in a loop,
    // for a profiler.
    func loop<T: Codable>(_ value: T) throws {
        let json = try Profile.jsonEncoder.encode(value)
        let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
        for _ in 0..<iterations {
            if arguments[1] == "decode" {
                blackHole(try JSONTextDecoder().decode(T.self, from: json))
            } else {
                blackHole(try Profile.jsonEncoder.encode(value))
            }
        }
    }
    switch arguments.count > 3 ? arguments[3] : "profiles" {
    case "readings": try loop(JSONBenchmarks.readings(count: 200_000))
    case "catalog": try loop(JSONBenchmarks.catalog(sections: 1_500))
    default: try loop(ProfileGenerator().profiles(count: 100_000))
    }
    exit(0)
case "profile-csv":
    // profile-csv decode|rows|encode [ITERATIONS]: one operation in a loop, for a profiler.
    let profiles = ProfileGenerator().profiles(count: 100_000)
    let csv = try CSVEncoder().encode(profiles)
    let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 5 : 5
    for _ in 0..<iterations {
        switch arguments[1] {
        case "decode": blackHole(try CSVDecoder().decode([Profile].self, from: csv))
        case "rows":
            let reader = try CSVRowReader(data: csv)
            while let row = try reader.next() { blackHole(row) }
        default: blackHole(try CSVEncoder().encode(profiles))
        }
    }
    exit(0)
case "streaming-threshold":
    // streaming-threshold: at what size reading a file of records element by element pays, for CSV
    // and JSON: the median of five runs of each way, per size.
    try StreamingThreshold.run()
    exit(0)
case "--idle":
    FileTransferBenchmarks.report(.zero)
    exit(0)
default:
    break
}

if arguments.first == "--first-use" {
    // Child process: one first-use sample.
    print(ContentTypeBenchmarks.firstUse())
    exit(0)
}

let suites = arguments.filter { !$0.hasPrefix("-") }
func wants(_ suite: String) -> Bool { suites.isEmpty || suites.contains(suite) }

if wants("previews-concurrent") {
    print("## Concurrent link previews (1,000 slow pages through one fetcher)\n")
    for line in try await ConcurrentPreviewBenchmarks.run() { print(line) }
    print("")
}

if wants("content-types") {
    print("## Content types\n")
    for line in ContentTypeBenchmarks.run() { print(line) }
    // Building the indexes on first use, measured in 21 fresh processes.
    var samples: [Double] = []
    for _ in 0..<21 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--first-use"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if let value = Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) {
            samples.append(value)
        }
    }
    print(
        "| first lookup in a fresh process (builds the indexes) | \(formatNanoseconds(Measurement.median(samples))) | \(formatNanoseconds(samples.min() ?? 0)) | \(formatNanoseconds(samples.max() ?? 0)) | — |"
    )
    print("")
}

if wants("link-previews") {
    print("## Link previews\n")
    for line in try LinkPreviewBenchmarks.run(
        scripts: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "Scripts"))
    {
        print(line)
    }
    print("")
}

if wants("files") {
    print("## File transfer\n")
    for line in try FileTransferBenchmarks.run(executable: CommandLine.arguments[0]) { print(line) }
    print("")
}

if wants("negotiation") {
    print("## Negotiation\n")
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")
    for line in try NegotiationBenchmarks.run(scriptDirectory: scripts) { print(line) }
    print("")
}

if wants("json") {
    print("## JSON codec\n")
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")
    for line in try JSONBenchmarks.run(repeats: 5, scripts: scripts) { print(line) }
    print("")
}

if wants("csv") {
    print("## Profiles: CSV and JSON\n")
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts")
    let transfer = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".build/release/transfer").path
    let count = arguments.firstIndex(of: "--profiles").map { Int(arguments[$0 + 1]) ?? 100_000 } ?? 100_000
    for line in try CSVBenchmarks.run(count: count, repeats: 5, scripts: scripts, executable: transfer) { print(line) }
    print("")
}
