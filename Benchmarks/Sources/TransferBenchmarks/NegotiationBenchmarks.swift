import Foundation
import TransferKit

/// One item with 10 representations against a 10-rule receiver compiled once, against werkzeug's
/// `MIMEAccept.best_match` on the same lists in the same run.
enum NegotiationBenchmarks {
    static let header =
        "text/html;q=0.2, application/xhtml+xml;q=0.3, application/xml;q=0.1, image/webp;q=0.8, image/png;q=0.7, "
        + "image/*;q=0.5, application/pdf;q=0.6, text/csv;q=0.4, application/json;q=0.9, */*;q=0.05"
    static let offers = [
        "image/heic", "image/tiff", "video/mp4", "audio/mpeg", "application/zip",
        "text/plain", "application/rtf", "image/gif", "image/png", "application/json",
    ]

    static func run(scriptDirectory: URL) throws -> [String] {
        let profile = try ReceiverProfile.parse(acceptHeader: header).profile
        let receiver = CompiledReceiver(profile)
        let typed = offers.enumerated().map { index, mime in Offer(UTType(mimeType: mime)!, representationIndex: index)
        }
        let negotiator = Negotiator(policy: .receiverPreference)
        let ours = measure("Negotiator.negotiate (10 offers × 10 rules, receiver policy)", iterations: 20_000) {
            blackHole(negotiator.negotiate(typed, with: receiver))
        }
        let chosen = negotiator.negotiate(typed, with: receiver).best?.offer.contentType.preferredMIMEType ?? "none"

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", scriptDirectory.appendingPathComponent("werkzeug_best_match.py").path, header] + offers
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n")
        guard process.terminationStatus == 0, lines.count == 2, let seconds = Double(lines[0]) else {
            throw BenchmarkError("the werkzeug script failed: \(output)")
        }
        let werkzeug = seconds * 1e9
        return [
            "| negotiator | median per negotiation | ratio to TransferKit | chosen |",
            "|---|---|---|---|",
            "| TransferKit `Negotiator` (compiled receiver, full ranking and trace) | \(formatNanoseconds(ours.median)) | 1.00× | \(chosen) |",
            "| werkzeug \(werkzeugVersion()) `MIMEAccept.best_match` (parsed once) | \(formatNanoseconds(werkzeug)) | \(format2(werkzeug / ours.median))× | \(lines[1]) |",
        ]
    }

    static func werkzeugVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import importlib.metadata as m; print(m.version('werkzeug'))"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
