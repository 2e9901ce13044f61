import CTransferKitSystem
import Foundation
import TransferCodecs
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts this program again as a process of its own session — no terminal, not the caller's
/// child for long — and waits until it reports that it serves (``Report``) on its standard output,
/// as `xclip` and `wl-copy` fork to keep serving the clipboard after the command returns.
enum Detached {
    /// What the serving process tells the process that started it: one line on its standard
    /// output, written and read here alone.
    enum Report: Equatable {
        /// It serves: the starting process may return.
        case ready
        /// It failed before serving, with this status and message.
        case failed(TransferTool.ExitStatus, String)

        /// The report of `error`, mapped by ``ToolError`` (a usage error is 64).
        init(failure error: any Error) {
            if let usage = UsageError.within(error) {
                self = .failed(.usage, usage.message)
            } else {
                let failure = ToolError(error)
                self = .failed(failure.status, failure.message)
            }
        }

        /// The line: `ready`, or the status's number and the message as a JSON string (so that a
        /// message of several lines stays one).
        var line: String {
            switch self {
            case .ready:
                return "ready\n"
            case .failed(let status, let message):
                let quoted = (try? JSONOutput.line(message)) ?? "\"\""
                return "\(status.rawValue) \(quoted)\n"
            }
        }

        /// The report a line says; `nil` for anything else (a process that stopped without one).
        init?(line: String) {
            if line == "ready" {
                self = .ready
                return
            }
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let code = Int32(parts[0]), let status = TransferTool.ExitStatus(rawValue: code),
                let message = try? JSONTextDecoder().decode(String.self, from: Data(parts[1].utf8))
            else { return nil }
            self = .failed(status, message)
        }
    }

    /// Starts `transfer arguments…`, hands it `input` on its standard input, and returns once it
    /// reports that it serves; throws what it reports otherwise.
    static func start(arguments: [String], input: Data?) throws {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
            throw ToolError(.ioError, "cannot make a pipe for the serving process: \(Errno.current)")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else of the caller's: a descriptor without FD_CLOEXEC (a caller's pipe on fd 3)
        // would otherwise be held open as long as the copy is served.
        if transferkit_spawn_close_from(&actions, 3) != 0 {
            for descriptor in toChild + fromChild { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A signal mask of its own (the spawning thread's blocks signals it never handles) and a
        // session of its own (POSIX_SPAWN_SETSID, 0x80 in glibc, not imported without _GNU_SOURCE).
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF)
        #if os(Linux)
            flags |= 0x80
        #endif
        posix_spawnattr_setflags(&attributes, Int16(flags))
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            throw ToolError(.ioError, "cannot start the serving process: \(Errno(rawValue: spawned))")
        }
        if let input {
            // A child that stopped reading says why on its own pipe: the write's failure adds nothing.
            _ = input.withUnsafeBytes { bytes in Result { () throws(Errno) in try SystemCalls.write(toChild[1], bytes) }
            }
        }
        close(toChild[1])
        var answer = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !answer.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { bytes in
                (try? SystemCalls.read(fromChild[0], into: bytes.baseAddress!, count: bytes.count)) ?? 0
            }
            guard count > 0 else { break }
            answer.append(contentsOf: buffer[0..<count])
        }
        close(fromChild[0])
        let line = String(decoding: answer.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        let report = Report(line: line)
        if report == .ready { return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        guard case .failed(let exit, let message) = report else {
            throw ToolError(.unavailable, "the serving process stopped before serving the clipboard")
        }
        throw ToolError(exit, message)
    }
}
