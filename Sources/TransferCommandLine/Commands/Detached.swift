import CTransferKitSystem
import Foundation
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts this program again as a process of its own session — no terminal, not the caller's
/// child for long — and waits until it reports `ready` on its standard output, as `xclip` and
/// `wl-copy` fork to keep serving the clipboard after the command returns.
enum Detached {
    /// Starts `transfer arguments…`, hands it `input` on its standard input, and returns once it
    /// says `ready`; throws what it reports otherwise (`STATUS message`).
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
        let line = String(decoding: answer, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line != "ready" else { return }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let parts = line.split(separator: " ", maxSplits: 1)
        if let code = parts.first.flatMap({ Int32($0) }), let exit = TransferTool.ExitStatus(rawValue: code) {
            throw ToolError(exit, parts.count > 1 ? String(parts[1]) : "the serving process failed")
        }
        throw ToolError(.unavailable, "the serving process stopped before serving the clipboard")
    }
}
