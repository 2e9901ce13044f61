import Synchronization
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, output and error as the tool found them at its start.
///
/// A closed one (`transfer convert - <&-`) is held open on `/dev/null` before anything else runs, as
/// git does: otherwise the first file, socket or event descriptor the process opens — the runtime's
/// own, at start-up — would take its number, and reading "standard input" would read that. The tool
/// still knows it was closed: reading it is refused as closed (66), and writing to it is a lost
/// output (74), as before.
package enum StandardStreams {
    private static let closedAtStart = Mutex<Set<FileDescriptor>>([])

    /// Holds each closed standard descriptor open on `/dev/null`. Call first thing in `main`.
    package static func reserveClosed() {
        for descriptor in [FileDescriptor.standardInput, .standardOutput, .standardError] where !descriptor.isOpen {
            // `open` takes the lowest free number: this one, since the ones below are open.
            let opened = try? FileDescriptor.open("/dev/null", descriptor == .standardInput ? O_RDONLY : O_WRONLY)
            if let opened, opened != descriptor { opened.close() }
            _ = closedAtStart.withLock { $0.insert(descriptor) }
        }
    }

    /// Whether `descriptor` (0, 1 or 2) was closed when the tool started.
    static func wasClosed(_ descriptor: FileDescriptor) -> Bool {
        closedAtStart.withLock { $0.contains(descriptor) }
    }
}
