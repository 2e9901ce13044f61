import Foundation
import Testing

/// `Scripts/differential-conversion.py`: archives that Python's `csv` and `json` modules write —
/// every kind of escape, line break and dialect, sizes around the batch boundaries, bad records —
/// converted by the built `transfer` to CSV, JSON and JSON Lines, streamed and whole, and read back
/// by Python: the values must be the ones written (Docs/Fidelity.md), the two ways must give the
/// same bytes, and a bad record must be the one reported, with the records before it on standard
/// output.
@Suite("Differential: transfer convert against Python's csv and json")
struct DifferentialConversionTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/differential-conversion.py")

    static let hasPython =
        ["/usr/bin/python3", "/usr/local/bin/python3"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        || ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/python3")
        } == true

    @Test(
        "every case holds (12 archives, 3 formats, streamed and whole)",
        .enabled(if: hasPython, "python3 is not installed: the differential suite needs Python's csv and json"),
        .timeLimit(.minutes(10)))
    func everyCaseHolds() async throws {
        let result = try await onThreadOfItsOwn { () -> (Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", Self.script.path, executableURL.path, "--cases", "12"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
        #expect(result.0 == 0, "\(result.1)")
        #expect(result.1.contains("12 cases"), "\(result.1)")
        #expect(result.1.contains(", 0 failures"), "\(result.1)")
    }
}
