import Foundation
import ProfileModels
import TransferKit

/// At what size a file of records is better read element by element (`decodeElements(_:contentsOf:_:)`)
/// than whole (`decode([T].self, from: Data(contentsOf:))`): both ways timed on the same files of
/// profiles, CSV and JSON, at sizes from a thousand to a million records.
enum StreamingThreshold {
    static func run() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("threshold-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        print("| records | format | whole (ms) | streamed (ms) | streamed / whole |")
        print("|---|---|---|---|---|")
        for count in [1_000, 10_000, 100_000, 1_000_000] {
            let profiles = ProfileGenerator().profiles(count: count)
            let csv = directory.appendingPathComponent("p.csv")
            let json = directory.appendingPathComponent("p.json")
            try CSVEncoder().encode(profiles).write(to: csv)
            try JSONTextEncoder().encode(profiles).write(to: json)
            let runs = count >= 1_000_000 ? 3 : 5
            let csvWhole = try median(runs) {
                blackHole(try CSVDecoder().decode([Profile].self, from: Data(contentsOf: csv)).count)
            }
            let csvStreamed = try median(runs) {
                var seen = 0
                try CSVDecoder().decodeElements(Profile.self, contentsOf: csv) { _ in seen += 1 }
                blackHole(seen)
            }
            let jsonWhole = try median(runs) {
                blackHole(try JSONTextDecoder().decode([Profile].self, from: Data(contentsOf: json)).count)
            }
            let jsonStreamed = try median(runs) {
                var seen = 0
                try JSONArrayDecoder().decodeElements(Profile.self, contentsOf: json) { _ in seen += 1 }
                blackHole(seen)
            }
            for (format, whole, streamed) in [("CSV", csvWhole, csvStreamed), ("JSON", jsonWhole, jsonStreamed)] {
                print(
                    "| \(count) | \(format) | \(String(format: "%.1f", whole)) | \(String(format: "%.1f", streamed)) | "
                        + "\(String(format: "%.2f", streamed / whole)) |")
            }
        }
    }

    /// The median time of `body` over `runs` runs, in milliseconds.
    private static func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) * 1e-15)
        }
        return times.sorted()[times.count / 2]
    }
}
