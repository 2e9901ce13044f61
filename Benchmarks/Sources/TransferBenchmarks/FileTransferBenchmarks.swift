import Foundation
import TransferKit

/// A movie-like item backed by a file, transferred through `FileRepresentation`.
struct BenchmarkMovie: Transferable {
    let file: URL

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .mpeg4Movie) { movie in
            SentTransferredFile(movie.file)
        } importing: { received in
            // Reading the size is all the importer does: the figure is the framework's cost.
            _ = try FileManager.default.attributesOfItem(atPath: received.file.path)[.size]
            return BenchmarkMovie(file: received.file)
        }
    }
}

/// 1 GiB exported and imported through `FileRepresentation`, against `cp` of the same file, with
/// each run in a fresh child process so that its peak resident memory is its own.
enum FileTransferBenchmarks {
    static let size = 1 << 30

    static func run(executable: String, repeats: Int = 5) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "TransferKitBench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("source.mp4")
        try makeFile(source)

        var cp: [Double] = []
        var export: [Double] = []
        var exportRSS: [Double] = []
        var importing: [Double] = []
        var importRSS: [Double] = []
        for round in 0..<repeats {
            let destination = directory.appendingPathComponent("cp-\(round).mp4")
            cp.append(try time { try runProcess("/bin/cp", [source.path, destination.path]) })
            try FileManager.default.removeItem(at: destination)

            let exportDirectory = directory.appendingPathComponent("export-\(round)")
            try FileManager.default.createDirectory(at: exportDirectory, withIntermediateDirectories: true)
            let exported = try runChild(executable, ["--file-export", source.path, exportDirectory.path])
            export.append(exported.seconds)
            exportRSS.append(exported.peakBytes)
            try FileManager.default.removeItem(at: exportDirectory)

            let imported = try runChild(executable, ["--file-import", source.path])
            importing.append(imported.seconds)
            importRSS.append(imported.peakBytes)
        }
        let baseline = try runChild(executable, ["--idle"])
        func row(_ name: String, _ seconds: [Double], _ rss: [Double]?) -> String {
            let median = Measurement.median(seconds)
            let ratio = format2(median / Measurement.median(cp)) + "×"
            let throughput = format2(Double(size) / median / 1e6) + " MB/s"
            let memory = rss.map { format2(Measurement.median($0) / 1_048_576) + " MiB" } ?? "—"
            return "| \(name) | \(format2(median * 1000)) ms | \(throughput) | \(ratio) | \(memory) |"
        }
        return [
            "| operation (1 GiB, \(repeats) runs) | median time | throughput | ratio to cp | peak RSS (median) |",
            "|---|---|---|---|---|",
            row("`cp` (GNU coreutils)", cp, nil),
            row("export through FileRepresentation (`export(to:contentType:)`)", export, exportRSS),
            row("import through FileRepresentation (`init(importing: URL, contentType:)`)", importing, importRSS),
            "| idle child process, for reference | — | — | — | \(format2(baseline.peakBytes / 1_048_576)) MiB |",
        ]
    }

    /// Writes `size` bytes of non-repeating data in 8 MiB blocks.
    static func makeFile(_ url: URL) throws {
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var generator = SystemRandomNumberGenerator()
        var block = [UInt8](repeating: 0, count: 8 << 20)
        for _ in 0..<(size / block.count) {
            for index in stride(from: 0, to: block.count, by: 8) {
                withUnsafeBytes(of: generator.next() as UInt64) { block.replaceSubrange(index..<index + 8, with: $0) }
            }
            try handle.write(contentsOf: block)
        }
    }

    /// Child process: exports `source` into `directory`; prints seconds and peak RSS.
    static func childExport(_ source: String, _ directory: String) async throws {
        let movie = BenchmarkMovie(file: URL(fileURLWithPath: source))
        let start = ContinuousClock.now
        _ = try await movie.export(to: URL(fileURLWithPath: directory), contentType: .mpeg4Movie)
        report(ContinuousClock.now - start)
    }

    /// Child process: imports `source`; prints seconds and peak RSS.
    static func childImport(_ source: String) async throws {
        let start = ContinuousClock.now
        _ = try await BenchmarkMovie(importing: URL(fileURLWithPath: source), contentType: .mpeg4Movie)
        report(ContinuousClock.now - start)
    }

    static func report(_ duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        print("\(seconds) \(peakResidentBytes())")
    }

    static func runChild(_ executable: String, _ arguments: [String]) throws -> (seconds: Double, peakBytes: Double) {
        let output = try runProcess(executable, arguments)
        let fields = output.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        guard fields.count == 2 else { throw BenchmarkError("unexpected child output: \(output)") }
        return (fields[0], fields[1])
    }

    /// Runs a process to its end and returns what it wrote to standard output; it must succeed.
    @discardableResult
    static func runProcess(_ executable: String, _ arguments: [String]) throws -> String {
        let (output, status) = try run(executable, arguments, capturingError: false)
        guard status == 0 else { throw BenchmarkError("\(executable) failed") }
        return output
    }

    /// Runs a process and returns what it wrote to standard error, whatever its exit status.
    static func runProcessCapturingError(_ executable: String, _ arguments: [String]) throws -> String {
        try run(executable, arguments, capturingError: true).output
    }

    private static func run(_ executable: String, _ arguments: [String], capturingError: Bool) throws -> (
        output: String, status: Int32
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        if capturingError {
            process.standardError = pipe
            process.standardOutput = FileHandle.nullDevice
        } else {
            process.standardOutput = pipe
        }
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    /// The Python of the peers' virtual environment (`Scripts/setup-peers.sh`), made on first use;
    /// `nil` when it cannot be made.
    static func peersPython(scripts: URL) -> String? {
        let venv =
            ProcessInfo.processInfo.environment["TRANSFERKIT_PEERS_VENV"]
            ?? scripts.deletingLastPathComponent().appendingPathComponent(".venv").path
        let python = venv + "/bin/python"
        if !FileManager.default.isExecutableFile(atPath: python) {
            _ = try? runProcessCapturingError("/bin/bash", [scripts.appendingPathComponent("setup-peers.sh").path])
        }
        return FileManager.default.isExecutableFile(atPath: python) ? python : nil
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
