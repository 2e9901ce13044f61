import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The phases of a conversion, shown on standard error as a bar when it is a terminal and the
/// input is large (8 MiB or more); silent otherwise.
///
/// The import and the export run inside the model's representations, which report no byte
/// counts, so the bar advances by phase: half when the input is imported, whole when the output is
/// written.
final class ConversionProgress: Sendable {
    /// Where a conversion is.
    enum Phase: Sendable {
        case starting, importing, exporting, finished
    }

    private let state = Mutex(Phase.starting)
    private let shows: Bool
    private let console: Console
    private let size: Int

    init(input: String, console: Console) {
        self.console = console
        let size = input == "-" ? 0 : ((try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0)
        self.size = size
        self.shows = isatty(2) == 1 && size >= 8 << 20
    }

    /// The current phase.
    var phase: Phase { state.withLock { $0 } }

    /// Moves to `phase`, and redraws the bar.
    func enter(_ phase: Phase) {
        state.withLock { $0 = phase }
        draw(phase)
    }

    /// Ends the bar's line, once: full and "done" after a success, where it stopped and "failed"
    /// after a failure.
    func finish(succeeded: Bool) {
        let last = state.withLock { current in
            defer { current = .finished }
            return current
        }
        guard shows, last != .starting, last != .finished else { return }
        let label = succeeded ? "done" : "failed"
        console.error("\r\(bar(filled: succeeded ? 1 : last == .exporting ? 0.5 : 0)) \(label)\u{1B}[K\n")
    }

    private func draw(_ phase: Phase) {
        guard shows else { return }
        switch phase {
        case .importing: console.error("\r\(bar(filled: 0)) importing \(size / 1_000_000) MB\u{1B}[K")
        case .exporting: console.error("\r\(bar(filled: 0.5)) exporting\u{1B}[K")
        case .starting, .finished: break
        }
    }

    private func bar(filled fraction: Double) -> String {
        let width = 30
        let filled = Int(Double(width) * fraction)
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
    }
}
