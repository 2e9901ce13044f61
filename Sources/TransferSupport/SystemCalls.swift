#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// The system calls that are not made on one descriptor (``FileDescriptor`` has those), and the
/// one place a call is retried when a signal interrupts it (`EINTR`): its failure an ``Errno``
/// thrown, not -1 left beside `errno`.
package enum SystemCalls {
    /// Runs `call` — a system call that returns -1 and sets `errno` on failure — again while a
    /// signal interrupts it, as swift-system's `valueOrErrno(retryOnInterrupt:)` does.
    ///
    /// - Parameters:
    ///   - retryOnInterrupt: Whether `EINTR` runs the call again (the default) or is returned.
    ///   - call: The system call.
    /// - Returns: What the call returned, or the ``Errno`` of its failure.
    package static func valueOrErrno<Value: FixedWidthInteger>(
        retryOnInterrupt: Bool = true, _ call: () -> Value
    ) -> Result<Value, Errno> {
        while true {
            let value = call()
            if value != -1 { return .success(value) }
            let error = Errno.current
            if retryOnInterrupt, error == .interrupted { continue }
            return .failure(error)
        }
    }

    /// Waits until one of `descriptors` has an event it asks for (`poll`), or `deadline` passes
    /// (`nil`: without end); a signal's interruption waits again for what is left of the time.
    ///
    /// - Returns: How many descriptors have events (their `revents`); 0 when the deadline passed.
    /// - Throws: ``Errno`` when the wait fails.
    package static func poll(_ descriptors: inout [pollfd], until deadline: ContinuousClock.Instant?) throws(Errno)
        -> Int
    {
        let count = nfds_t(descriptors.count)
        return try descriptors.withUnsafeMutableBufferPointer { entries in
            valueOrErrno { LibC.poll(entries.baseAddress, count, milliseconds(until: deadline)) }
        }.map(Int.init).get()
    }

    /// The milliseconds from now to `deadline`, rounded up, for `poll`: 0 once it has passed, -1
    /// for none.
    private static func milliseconds(until deadline: ContinuousClock.Instant?) -> Int32 {
        guard let deadline else { return -1 }
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else { return 0 }
        let (seconds, attoseconds) = remaining.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    /// Raises this process's soft limit of open descriptors (`RLIMIT_NOFILE`, `ulimit -n`) to
    /// `wanted`, no further than its hard limit, as Go's runtime and nginx's `worker_rlimit_nofile`
    /// do; never lowers it.
    ///
    /// - Returns: The soft limit now (`Int.max` where it cannot be read).
    @discardableResult
    package static func allowDescriptors(_ wanted: Int) -> Int {
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return Int.max }
        if limit.rlim_cur < rlim_t(clamping: wanted) {
            var raised = limit
            raised.rlim_cur = min(rlim_t(clamping: wanted), limit.rlim_max)
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Makes a new directory, readable by its owner only, named `template` with its trailing
    /// `XXXXXX` replaced by characters that make the name new (`mkdtemp`).
    ///
    /// - Returns: The directory's path.
    /// - Throws: ``Errno``: `EACCES`, `ENOENT` for a parent that does not exist, `EINVAL` for a
    ///   template without the trailing `XXXXXX`.
    package static func makeUniqueDirectory(_ template: String) throws(Errno) -> String {
        var bytes = Array(template.utf8CString)
        guard bytes.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { throw .current }
        return bytes.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// The system's words for an `errno` value: `No such file or directory`.
    package static func reason(_ number: Int32) -> String {
        Errno(rawValue: number).description
    }
}
