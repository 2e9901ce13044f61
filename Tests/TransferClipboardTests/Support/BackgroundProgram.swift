import Foundation
import Synchronization
import TransferSupport

@testable import TransferClipboard

/// A program a test runs beside its own steps, whose standard error it reads line by line as the
/// lines come — to wait for the one that says the program is ready for the next step — and whose
/// output and status it takes at the end. Killed (with its process group, when it has one of its
/// own) if it is still running when the test lets it go.
final class BackgroundProgram: @unchecked Sendable {
    /// The lines of standard error so far, standard output, and a signal at each line and at the
    /// end.
    private final class Inbox: Sendable {
        let lines = Mutex<[String]>([])
        let output = Mutex(Data())
        let signal = DispatchSemaphore(value: 0)
        /// The status, once the program is reaped.
        let status = Mutex<Int32?>(nil)
    }

    private let inbox = Inbox()
    private let pid: pid_t
    private let ownGroup: Bool
    private let readers = DispatchGroup()

    /// Starts `executable` (a path, or a name found on `PATH`) with `arguments`, the test
    /// process's environment with `environment` over it; in a process group of its own when
    /// `ownGroup` (a program that starts helpers, as Chromium does, so that they stop with it).
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:], ownGroup: Bool = false)
        throws
    {
        _ = DesktopTools.ignoresBrokenPipes
        let path = DesktopTools.path(executable) ?? executable
        // Closed on exec: only this program gets them (as 1 and 2), not one another test starts.
        let (output, error) = (try FileDescriptor.pipe(), try FileDescriptor.pipe())
        let (outputPipe, errorPipe) = (
            [output.readEnd.rawValue, output.writeEnd.rawValue], [error.readEnd.rawValue, error.writeEnd.rawValue]
        )
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        inheritsNoOtherDescriptors(&actions)  // after the dup2s: it closes from 3 up
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = withCleanSpawnAttributes { attributes in
            if ownGroup {
                var flags: Int16 = 0
                posix_spawnattr_getflags(&attributes, &flags)
                posix_spawnattr_setflags(&attributes, flags | Int16(POSIX_SPAWN_SETPGROUP))
                posix_spawnattr_setpgroup(&attributes, 0)
            }
            return posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        }
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            close(outputPipe[0])
            close(errorPipe[0])
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        self.pid = pid
        self.ownGroup = ownGroup
        let inbox = inbox
        Self.read(errorPipe[0], in: readers) { chunk, pending in
            pending.append(chunk)
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                inbox.lines.withLock { $0.append(line) }
                inbox.signal.signal()
            }
        }
        Self.read(outputPipe[0], in: readers) { chunk, _ in inbox.output.withLock { $0.append(chunk) } }
    }

    /// Reads `descriptor` to its end on a thread of its own, handing each chunk to `body`.
    private static func read(
        _ descriptor: Int32, in group: DispatchGroup, _ body: @escaping @Sendable (Data, inout Data) -> Void
    ) {
        group.enter()
        Thread {
            defer {
                close(descriptor)
                group.leave()
            }
            var pending = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = Foundation.read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                body(Data(buffer[0..<count]), &pending)
            }
        }.start()
    }

    /// The first line of standard error from the `from`th on that `matches`, and its index; waits
    /// for it, woken by each line, until `timeout` has passed or standard error has ended.
    func line(from: Int = 0, timeout: Duration = .seconds(60), where matches: (String) -> Bool) throws -> (
        index: Int, line: String
    ) {
        let deadline = ContinuousClock.now + timeout
        while true {
            let found = inbox.lines.withLock { lines in
                lines.indices.dropFirst(from).first { matches(lines[$0]) }.map { ($0, lines[$0]) }
            }
            if let found { return found }
            let left = ContinuousClock.now.duration(to: deadline)
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            guard seconds > 0, inbox.signal.wait(timeout: .now() + seconds) == .success else {
                throw NoSuchLine(
                    description: "no such line on standard error in \(timeout); it said:\n"
                        + inbox.lines.withLock { $0.joined(separator: "\n") })
            }
        }
    }

    /// How many lines of standard error so far match: a count now, without waiting.
    func count(where matches: (String) -> Bool) -> Int {
        inbox.lines.withLock { $0.count(where: matches) }
    }

    struct NoSuchLine: Error, CustomStringConvertible {
        let description: String
    }

    /// Waits for the program's end (killed at `timeout`): its standard output, error and status.
    func finish(timeout: Duration = .seconds(120)) -> (output: Data, error: String, status: Int32) {
        let seconds = Double(timeout.components.seconds)
        let reaped = DispatchSemaphore(value: 0)
        let pid = pid
        let inbox = inbox
        Thread {
            var code: Int32 = 0
            while waitpid(pid, &code, 0) < 0, errno == EINTR {}
            // Exited: its status; killed by a signal: 128 and the signal, as a shell says.
            inbox.status.withLock { $0 = code & 0x7F == 0 ? (code >> 8) & 0xFF : 128 + (code & 0x7F) }
            reaped.signal()
        }.start()
        if reaped.wait(timeout: .now() + seconds) == .timedOut {
            kill(ownGroup ? -pid : pid, SIGKILL)
            reaped.wait()
        }
        readers.wait()
        return (
            inbox.output.withLock { $0 }, inbox.lines.withLock { $0.joined(separator: "\n") },
            inbox.status.withLock { $0 } ?? -1
        )
    }

    /// Kills the program (and its group, when it has one of its own) if it is still running.
    func stop() {
        inbox.status.withLock { status in
            guard status == nil else { return }
            kill(ownGroup ? -pid : pid, SIGKILL)
            var code: Int32 = 0
            while waitpid(pid, &code, 0) < 0, errno == EINTR {}
            status = 128 + SIGKILL
        }
    }

    deinit { stop() }
}
