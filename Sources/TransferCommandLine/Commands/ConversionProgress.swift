import Foundation
import Synchronization
import TransferKit
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A conversion's progress, shown on standard error when it is a terminal: a bar for a file of
/// 8 MiB or more, a count of megabytes and records for standard input (whose size is unknown);
/// silent otherwise.
///
/// The counts are the conversion's own (``TransferKit/TransferConversionProgress``: the bytes its
/// reader has read, the records its writer has written), read ten times a second. A whole
/// conversion (`--whole`) counts nothing while it imports and exports: its bar stays empty until
/// it is done.
package final class ConversionProgress: Sendable {
    /// Where a conversion is.
    enum Phase: Sendable {
        case starting, converting, finished
    }

    /// The counts the conversion keeps.
    let counts = TransferConversionProgress()
    private let state = Mutex(Phase.starting)
    private let watcher = Mutex<Task<Void, Never>?>(nil)
    private let shows: Bool
    private let console: Console
    /// The input's size, when it is a file.
    private let size: Int?

    /// A progress bar for converting `input`, whose size (a file's, less what standard input has
    /// already passed) is what the file said when it was opened.
    init(input: ReadableFile, console: Console) {
        self.console = console
        if case .regularFile(let bytes) = input.kind {
            let offset =
                input.isOpenedByPath ? 0 : Int((try? input.fileDescriptor.seek(offset: 0, from: .current)) ?? 0)
            size = bytes - offset
        } else {
            size = nil
        }
        shows = FileDescriptor.standardError.isTerminal && (size.map { $0 >= 8 << 20 } ?? true)
    }

    /// The current phase.
    var phase: Phase { state.withLock { $0 } }

    /// Moves to `phase`, redraws, and while the conversion runs, redraws ten times a second.
    func enter(_ phase: Phase) {
        state.withLock { $0 = phase }
        draw()
        guard shows, phase == .converting else { return }
        let task = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                guard self.phase == .converting else { return }
                self.draw()
            }
        }
        watcher.withLock {
            $0?.cancel()
            $0 = task
        }
    }

    /// Ends the line, once: full and "done" after a success, where it stopped and "failed" after a
    /// failure.
    func finish(succeeded: Bool) {
        watcher.withLock { $0?.cancel() }
        let last = state.withLock { current in
            defer { current = .finished }
            return current
        }
        guard shows, last != .starting, last != .finished else { return }
        // A success read the whole input: the count says so before "done", whenever the last
        // tick fell.
        if succeeded, last == .converting { draw(read: size, finishing: true) }
        let label = succeeded ? "done" : "failed"
        let filled = succeeded ? 1 : Double(counts.bytesRead) / Double(max(size ?? 0, 1))
        console.error("\r\(size == nil ? "" : bar(filled: filled) + " ")\(label)\u{1B}[K\n")
    }

    /// Draws the counts: `[####      ] converting 3/9 MB, 12,345 records`, or without a size,
    /// `converting 3 MB, 12,345 records`.
    private func draw(read: Int? = nil, finishing: Bool = false) {
        guard shows, finishing || phase == .converting else { return }
        let read = read ?? counts.bytesRead
        let records = counts.recordsWritten.formatted(.number.grouping(.automatic))
        guard let size else {
            console.error("\rconverting \(read / 1_000_000) MB, \(records) records\u{1B}[K")
            return
        }
        let fraction = min(1, Double(read) / Double(max(size, 1)))
        console.error(
            "\r\(bar(filled: fraction)) converting \(read / 1_000_000)/\(size / 1_000_000) MB, \(records) records\u{1B}[K"
        )
    }

    private func bar(filled fraction: Double) -> String {
        let width = 30
        let filled = Int(Double(width) * fraction)
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
    }
}
