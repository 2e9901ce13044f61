import Foundation
import Synchronization
import TransferKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the tool removes when SIGINT, SIGTERM, SIGHUP, SIGQUIT or SIGPIPE stops it: the partial
/// output file it is writing, and every private temporary directory TransferKit has open; then it
/// exits with 128 + the signal's number (130, 143, 129, 131, 141), as a shell reports a process the
/// signal killed. (The signals git cleans up after, for the same reason; SIGQUIT's core dump is
/// given up for it.)
///
/// The signals are blocked in every thread and taken by one thread of their own with `sigwait`,
/// so the cleanup runs as ordinary code, not in a signal handler.
///
/// SIGXFSZ, which the kernel sends to a process that writes past its file-size limit
/// (`ulimit -f`), is ignored instead: the write then fails with `EFBIG`, and the tool reports it as
/// any other output error (74, "File too large") after removing what it made, rather than being
/// killed with its partial output left behind.
package enum SignalCleanup {
    /// Files to remove when a signal stops the tool.
    private static let files = Mutex<Set<String>>([])
    private static let installed = Mutex(false)
    static let signals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE]

    /// Blocks the signals and starts the thread that waits for them. Call first thing, before
    /// other threads start (they inherit the blocked set).
    package static func install() {
        guard
            installed.withLock({ installed in
                defer { installed = true }
                return !installed
            })
        else { return }
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGXFSZ, SIG_IGN)
        let blocked = set
        let thread = Thread {
            var number: Int32 = 0
            var waited = blocked
            while sigwait(&waited, &number) != 0 {}
            cleanUp()
            _exit(128 + number)
        }
        thread.name = "transfer.signals"
        thread.start()
    }

    /// Removes `path` if a signal stops the tool before ``unregister(_:)``.
    static func register(_ path: String) {
        _ = files.withLock { $0.insert(path) }
    }

    static func unregister(_ path: String) {
        _ = files.withLock { $0.remove(path) }
    }

    /// Removes the registered files and TransferKit's open temporary directories.
    static func cleanUp() {
        for path in files.withLock({ $0 }) { unlink(path) }
        TemporaryDirectory.removeAllOpen()
    }
}
