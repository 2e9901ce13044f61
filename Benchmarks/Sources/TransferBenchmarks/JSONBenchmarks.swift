import Foundation
import ProfileModels
import TransferKit

/// The JSON codec, `JSONTextEncoder` / `JSONTextDecoder`, against Foundation's `JSONEncoder` /
/// `JSONDecoder` with the same options on three data sets, and Python's `orjson` on the same bytes.
enum JSONBenchmarks {
    /// Numbers-heavy records.
    struct Reading: Codable {
        var id: Int
        var sensor: String
        var value: Double
        var ok: Bool
        var samples: [Int]
        var calibration: Double?
    }

    /// Nested objects with keys that need no conversion, as a catalog or a config.
    struct Catalog: Codable {
        var sections: [String: [Item]]
        struct Item: Codable {
            var title: String
            var price: Decimal
            var tags: [String]
            var attributes: [String: String]
        }
    }

    static func readings(count: Int) -> [Reading] {
        return (0..<count).map { index in
            var state = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
            func next() -> UInt64 {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                return state >> 11
            }
            return Reading(
                id: index, sensor: "sensor-\(index % 97)", value: Double(next() % 1_000_000) / 1000,
                ok: next() % 2 == 0,
                samples: (0..<8).map { _ in Int(next() % 100_000) - 50_000 },
                calibration: next() % 3 == 0 ? nil : Double(next() % 1000) / 7)
        }
    }

    static func catalog(sections: Int) -> Catalog {
        var result: [String: [Catalog.Item]] = [:]
        for section in 0..<sections {
            result["section \(section) — “\(section % 7)”"] = (0..<40).map { item in
                Catalog.Item(
                    title: "Item \(item) of \(section): a \"quoted\" word, a / slash, a tab\tand é",
                    price: Decimal(item * 100 + section) / 100,
                    tags: ["tag\(item % 5)", "日本", "🙂"],
                    attributes: ["colour": "blue", "size": "\(item % 4)", "path": "/a/b/\(item)"])
            }
        }
        return Catalog(sections: result)
    }

    static func run(repeats: Int, scripts: URL) throws -> [String] {
        let stable: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let foundation = JSONEncoder()
        foundation.outputFormatting = stable
        var ours = JSONTextEncoder()
        ours.outputFormatting = stable

        var lines = [
            "Each figure is the median of \(repeats) runs, interleaved, in MB/s of JSON; ratios are ours ÷ Foundation's.",
            "",
            "| data set | size | Foundation decode | ours decode | ratio | Foundation encode | ours encode | ratio | identical bytes | orjson loads / dumps |",
            "|---|---|---|---|---|---|---|---|---|---|",
        ]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "TransferKitJSONBench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        func measure<T: Codable>(_ name: String, _ value: T) throws {
            let data = try foundation.encode(value)
            let url = directory.appendingPathComponent("\(name.prefix(8)).json")
            try data.write(to: url)
            let identical = try ours.encode(value) == data
            var samples: [[Double]] = Array(repeating: [], count: 4)
            for _ in 0..<repeats {
                samples[0].append(
                    try FileTransferBenchmarks.time { blackHole(try JSONDecoder().decode(T.self, from: data)) })
                samples[1].append(
                    try FileTransferBenchmarks.time { blackHole(try JSONTextDecoder().decode(T.self, from: data)) })
                samples[2].append(try FileTransferBenchmarks.time { blackHole(try foundation.encode(value)) })
                samples[3].append(try FileTransferBenchmarks.time { blackHole(try ours.encode(value)) })
            }
            let rates = samples.map { Double(data.count) / Measurement.median($0) / 1e6 }
            var orjson = "—"
            if let python = FileTransferBenchmarks.peersPython(scripts: scripts),
                let output = try? FileTransferBenchmarks.runProcess(
                    python, [scripts.appendingPathComponent("orjson_bench.py").path, url.path, String(repeats)])
            {
                let figures = output.split(separator: " ").compactMap {
                    Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
                }
                if figures.count == 2 {
                    orjson =
                        "\(Int(Double(data.count) / figures[0] / 1e6)) / \(Int(Double(data.count) / figures[1] / 1e6))"
                }
            }
            lines.append(
                "| \(name) | \(String(format: "%.1f", Double(data.count) / 1e6)) MB | \(Int(rates[0])) | \(Int(rates[1])) | \(format2(rates[1] / rates[0]))× "
                    + "| \(Int(rates[2])) | \(Int(rates[3])) | \(format2(rates[3] / rates[2]))× | \(identical ? "yes" : "**no**") | \(orjson) |"
            )
        }
        try measure("profiles (100,000, with media)", ProfileGenerator().profiles(count: 100_000))
        try measure("readings (200,000, numbers)", readings(count: 200_000))
        try measure("catalog (nested objects, escapes)", catalog(sections: 1_500))
        lines.append("")
        lines.append(
            "orjson parses into Python objects and writes them back (`orjson.loads` / `orjson.dumps`), not typed models: a floor for "
                + "what a byte-level JSON library does, not a like-for-like peer. No Swift JSON library besides Foundation is available on "
                + "this machine's package mirror (IkigaJSON, ZippyJSON and swift-extras-json are not in it).")
        return lines
    }
}
