import CTransferKitSystem
import Synchronization
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A detached `transfer copy`: the process forks before it does anything else, as `xclip` and
/// `wl-copy` do, and the child runs the command and keeps serving the selection after the parent
/// returns — in a session of its own, no terminal, once it serves. The parent waits until the child says it
/// serves (``ready``), and exits 0; or until the child ends without saying so, and exits with the
/// child's status (the child has said why on the standard error they share).
///
/// Forking, not starting the program again: a second start of the tool costs what the first did
/// (about 25 ms of loading Foundation and its libraries here), and the child reads standard input
/// itself, where a new program had it copied through a pipe. The fork comes first in `main`,
/// before any thread starts (``SignalCleanup``, Dispatch, Swift's executors), so that the child is
/// a whole process: a fork of a process with threads leaves locks held by threads that do not
/// exist in the child.
package enum Detached {
    /// What the child writes to the parent once it serves.
    static let ready = "ready\n"

    /// The descriptor the child reports on: set in the child of a detached copy, `nil` elsewhere.
    private static let report = Mutex<FileDescriptor?>(nil)

    /// Whether this process is the child of a detached copy, which serves and reports.
    static var isServingChild: Bool { report.withLock { $0 != nil } }

    /// Forks when `arguments` (the program's, its name first) are a detached `transfer copy` —
    /// `copy` without `--foreground` — and returns the parent's exit status once the child serves
    /// or has ended; returns `nil` in the child, and for any other command, which then runs as
    /// usual. Call it first, before any thread starts.
    package static func forkIfCopying(_ arguments: [String]) -> Int32? {
        let options = arguments.dropFirst(2).prefix { $0 != "--" }
        guard arguments.count >= 2, arguments[1] == "copy", !options.contains("--foreground"),
            !options.contains("--help"), !options.contains("-h")
        else { return nil }
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do {
            ends = try FileDescriptor.pipe()
        } catch {
            return failure(.ioError, "cannot make a pipe for the serving process: \(error)")
        }
        let child: pid_t
        switch SystemCalls.valueOrErrno(retryOnInterrupt: false, { fork() }) {
        case .success(let pid):
            child = pid
        case .failure(let error):
            ends.readEnd.close()
            ends.writeEnd.close()
            return failure(.ioError, "cannot start the serving process: \(error)")
        }
        if child == 0 {
            // The report's end on 3, and nothing else of the caller's: a descriptor it left open
            // (a pipe on 4) would otherwise be held as long as the copy is served.
            let reportEnd = FileDescriptor(rawValue: 3)
            if ends.writeEnd != reportEnd {
                do {
                    try ends.writeEnd.duplicate(as: reportEnd)
                } catch {
                    _exit(failure(.ioError, "cannot hand the serving process its report pipe: \(error)"))
                }
            }
            transferkit_close_from(4)
            report.withLock { $0 = reportEnd }
            return nil
        }
        ends.writeEnd.close()
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while answer.count < ready.utf8.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                (try? ends.readEnd.read(into: bytes.baseAddress!, count: bytes.count)) ?? 0
            }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        ends.readEnd.close()
        if answer == Array(ready.utf8) { return 0 }
        // The child ended before serving, and said why: its status is the command's.
        var status: Int32 = 0
        if case .failure(let error) = SystemCalls.valueOrErrno({ waitpid(child, &status, 0) }) {
            return failure(.ioError, "cannot learn how the serving process ended: \(error)")
        }
        let signal = status & 0x7F
        if signal == 0 { return (status >> 8) & 0xFF }
        return failure(.unavailable, "the serving process stopped before serving the clipboard (signal \(signal))")
    }

    /// Leaves the caller's session (no terminal: a hang-up of the caller's does not reach it),
    /// tells the parent that the child serves, then lets go of the caller's standard input, output
    /// and error (held on `/dev/null`), so that a caller reading them to their end is not kept
    /// waiting while the selection is served. Until then the child is in the caller's process
    /// group: a Ctrl-C while it reads standard input from a terminal stops it with its parent.
    static func reportReady() {
        guard let descriptor = report.withLock({ $0.take() }) else { return }
        setsid()  // Fails only for a process group's leader, which a forked child is not.
        FileDescriptorOutput.write(ready, to: descriptor)
        descriptor.close()
        // A wish: where /dev/null cannot be had, the caller's streams stay open, which only keeps
        // a caller reading them to their end waiting.
        if let null = try? FileDescriptor.open("/dev/null", O_RDWR) {
            for standard in [FileDescriptor.standardInput, .standardOutput, .standardError] {
                try? null.duplicate(as: standard)
            }
            null.close()
        }
    }

    /// Says `message` on standard error, as the tool says a failure, and returns `status`.
    private static func failure(_ status: TransferTool.ExitStatus, _ message: String) -> Int32 {
        FileDescriptorOutput.write("\(message)\n", to: .standardError)
        return status.rawValue
    }
}
