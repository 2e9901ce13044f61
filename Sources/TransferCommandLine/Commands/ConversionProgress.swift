import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A conversion's progress, shown on standard error as a bar when it is a terminal and the input
/// is a file of 8 MiB or more; silent otherwise.
///
/// The bar advances by the bytes of the input read so far. The reading happens inside the
/// model's representations and the codecs, which report nothing, so the bar watches the input
/// file's read position from outside: ten times a second it finds the descriptors open on the
/// input and reads their offsets (`/proc/self/fdinfo`, on Linux; elsewhere the bar advances by
/// phase). A streamed conversion reads as it writes, so its bar is its progress; a whole
/// conversion (`--whole`) reads the input, then writes the output, so its bar is full while it
/// writes.
package final class ConversionProgress: Sendable {
    /// Where a conversion is.
    enum Phase: Sendable {
        case starting, converting, finished
    }

    private let state = Mutex(Phase.starting)
    /// The most of the input read so far: the reader's offset goes back to nothing once it closes
    /// the file, the bar does not.
    private let furthest = Mutex(0)
    private let watcher = Mutex<Task<Void, Never>?>(nil)
    private let shows: Bool
    private let console: Console
    private let path: String
    private let size: Int

    init(input: String, console: Console) {
        self.console = console
        let size = input == "-" ? 0 : ((try? FileManager.default.attributesOfItem(atPath: input)[.size] as? Int) ?? 0)
        self.size = size
        self.path = input == "-" ? "" : URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath().path
        self.shows = isatty(2) == 1 && size >= 8 << 20
    }

    /// The current phase.
    var phase: Phase { state.withLock { $0 } }

    /// Moves to `phase`, redraws the bar, and while the input is being read, watches how much.
    func enter(_ phase: Phase) {
        state.withLock { $0 = phase }
        draw(phase, read: Self.bytesRead(of: path))
        guard shows, phase == .converting else { return }
        let task = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                let current = self.phase
                guard current == .converting else { return }
                self.draw(current, read: Self.bytesRead(of: self.path))
            }
        }
        watcher.withLock {
            $0?.cancel(); $0 = task
        }
    }

    /// Ends the bar's line, once: full and "done" after a success, where it stopped and "failed"
    /// after a failure.
    func finish(succeeded: Bool) {
        watcher.withLock { $0?.cancel() }
        let last = state.withLock { current in
            defer { current = .finished }
            return current
        }
        guard shows, last != .starting, last != .finished else { return }
        // A success read the whole input: the count says so before "done", whenever the last tick
        // of the watcher fell.
        if succeeded, last == .converting { draw(.converting, read: size) }
        let label = succeeded ? "done" : "failed"
        let filled = succeeded ? 1 : Double(furthest.withLock { $0 }) / Double(max(size, 1))
        console.error("\r\(bar(filled: filled)) \(label)\u{1B}[K\n")
    }

    private func draw(_ phase: Phase, read: Int?) {
        guard shows, phase == .converting else { return }
        let read = furthest.withLock { furthest in
            furthest = max(furthest, read ?? 0)
            return furthest
        }
        let fraction = min(1, Double(read) / Double(max(size, 1)))
        console.error("\r\(bar(filled: fraction)) converting \(read / 1_000_000)/\(size / 1_000_000) MB\u{1B}[K")
    }

    private func bar(filled fraction: Double) -> String {
        let width = 30
        let filled = Int(Double(width) * fraction)
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
    }

    /// How far this process has read the file at `path`: the largest offset of the descriptors
    /// open on it, from `/proc/self/fdinfo`; `nil` where there is no such directory, or when no
    /// descriptor is open on the file.
    package static func bytesRead(of path: String) -> Int? {
        guard !path.isEmpty, let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        else { return nil }
        var furthest: Int?
        for descriptor in descriptors {
            guard
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)"),
                target == path,
                let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(descriptor)", encoding: .utf8),
                let line = info.split(separator: "\n").first(where: { $0.hasPrefix("pos:") }),
                let position = Int(line.dropFirst(4).trimmingCharacters(in: .whitespaces))
            else { continue }
            furthest = max(furthest ?? 0, position)
        }
        return furthest
    }
}
