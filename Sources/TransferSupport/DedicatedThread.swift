import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work that blocks for long — a drag followed to its end, a drop waited for — run on a thread of
/// its own (a detached POSIX thread), not on one of Dispatch's shared workers: held for the whole
/// wait, many such workers starve the rest of the process. Foundation's `Thread` does the same, but
/// the modules that need this link only FoundationEssentials.
package enum DedicatedThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new thread; on a Dispatch worker when no thread can be made.
    package static func run(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        #if canImport(Darwin)
            var thread: pthread_t?
        #else
            var thread = pthread_t()
        #endif
        let started = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, work)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            DispatchQueue.global().async(execute: body)
            return
        }
        #if canImport(Darwin)
            if let thread { pthread_detach(thread) }
        #else
            pthread_detach(thread)
        #endif
    }
}
