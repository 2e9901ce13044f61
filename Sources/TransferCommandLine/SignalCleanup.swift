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

/// What the tool removes when SIGINT, SIGTERM, SIGHUP, SIGQUIT or SIGPIPE stops it: the temporary
/// file of every `AtomicFile` not yet finished (the output of a conversion, a paste streamed into
/// its file), and every private temporary directory TransferKit has open; then it
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
            while true {
                while sigwait(&waited, &number) != 0 {}
                // A command that stops itself (a server) takes SIGINT and SIGTERM once, and then
                // returns as it would; a second signal, or any other, stops the tool at once.
                if number == SIGINT || number == SIGTERM, let handler = interruption.withLock({ $0.take() }) {
                    handler(number)
                    continue
                }
                cleanUp()
                _exit(128 + number)
            }
        }
        thread.name = "transfer.signals"
        thread.start()
    }

    /// Asks that the next SIGINT or SIGTERM call `handler` (on the signals' thread) instead of
    /// stopping the tool: a command that runs until interrupted, such as a server, stops itself and
    /// exits as it would have. A second signal stops the tool as usual.
    static func onInterruption(_ handler: @escaping @Sendable (Int32) -> Void) {
        interruption.withLock { $0 = handler }
    }

    private static let interruption = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// Removes the temporary file of every `AtomicFile` not yet finished (the output being
    /// written among them) and TransferKit's open temporary directories: one registry holds them
    /// all (`TemporaryPaths`), and after this it lets no more be made.
    static func cleanUp() {
        TemporaryPaths.removeAll()
    }
}
