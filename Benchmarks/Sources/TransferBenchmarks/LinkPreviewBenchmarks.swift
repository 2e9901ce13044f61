import Foundation
import LinkPreviews

/// `LinkMetadata(html:url:contentType:)` on pages written by `Scripts/make_pages.py`, against Python
/// extractors built on html5lib, lxml and BeautifulSoup (`Scripts/link_preview_peers.py`) in the same
/// run; then the pathological pages, once each.
enum LinkPreviewBenchmarks {
    static let pageURL = URL(string: "https://news.example.com/science/2026/11/water-exoplanet")!

    static func run(scripts: URL) throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("link-preview-pages-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        guard let python = FileTransferBenchmarks.peersPython(scripts: scripts) else {
            throw BenchmarkError("no Python for the peers: run Benchmarks/Scripts/setup-peers.sh")
        }
        _ = try FileTransferBenchmarks.runProcess(
            python, [scripts.appendingPathComponent("make_pages.py").path, directory.path])
        let pages = ["article.html", "large-head.html", "large-tail.html"]

        var lines = [
            "| page | size | extractor | median per page | throughput | ratio to TransferKit | title, first image agree |",
            "|---|---|---|---|---|---|---|",
        ]
        let peerOutput = try FileTransferBenchmarks.runProcess(
            python, [scripts.appendingPathComponent("link_preview_peers.py").path, directory.path] + pages)
        let peerLines = peerOutput.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false)
        }
        for page in pages {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(page)))
            let megabytes = Double(bytes.count) / 1e6
            let iterations = max(3, Int(40_000_000 / bytes.count))
            let ours = measure("LinkMetadata(html:) \(page)", iterations: iterations, repeats: 11) {
                blackHole(try? LinkMetadata(html: bytes, url: pageURL))
            }
            let metadata = try LinkMetadata(html: bytes, url: pageURL)
            let ourTitle = metadata.title ?? "nil"
            let ourImage = metadata.imageURL?.absoluteString ?? "nil"
            let size = bytes.count >= 1_000_000 ? "\(format2(megabytes)) MB" : "\(bytes.count / 1000) KB"
            lines.append(
                "| \(page) | \(size) | TransferKit `LinkMetadata(html:url:)` | \(formatNanoseconds(ours.median)) | "
                    + "\(Int(megabytes / (ours.median / 1e9))) MB/s | 1.00× | \(ourTitle == "nil" ? "no title" : "—") |"
            )
            for peer in peerLines where peer.count == 5 && peer[1] == page {
                guard let seconds = Double(peer[2]) else { continue }
                let agrees = peer[3] == ourTitle && peer[4] == ourImage ? "yes" : "no: \(peer[3]), \(peer[4])"
                lines.append(
                    "| \(page) | \(size) | \(peer[0]) | \(formatNanoseconds(seconds * 1e9)) | \(Int(megabytes / seconds)) MB/s | "
                        + "\(format2(seconds * 1e9 / ours.median))× | \(agrees) |")
            }
        }
        lines.append("")
        lines.append("| pathological page | size | TransferKit, one extraction | throughput | what it found |")
        lines.append("|---|---|---|---|---|")
        for page in ["comment.html", "attributes.html"] {
            let bytes = try [UInt8](Data(contentsOf: directory.appendingPathComponent(page)))
            var metadata: LinkMetadata?
            let seconds = FileTransferBenchmarks.time { metadata = try? LinkMetadata(html: bytes, url: pageURL) }
            lines.append(
                "| \(page) | \(format2(Double(bytes.count) / 1e6)) MB | \(formatNanoseconds(seconds * 1e9)) | "
                    + "\(Int(Double(bytes.count) / 1e6 / seconds)) MB/s | \(metadata?.title ?? "no title") |")
        }
        let versions =
            (try? String(
                contentsOfFile: python.replacingOccurrences(of: "/bin/python", with: "/versions.txt"), encoding: .utf8))
            ?? ""
        let peers = versions.split(separator: "\n").filter {
            ["python", "html5lib", "lxml", "beautifulsoup4"].contains($0.split(separator: "=").first ?? "")
        }
        lines.append("")
        lines.append("Peers: " + peers.joined(separator: ", ") + ".")
        return lines
    }
}
