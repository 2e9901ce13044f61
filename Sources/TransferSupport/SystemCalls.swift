import CTransferKitSystem

#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// A layer over the system calls the package makes on descriptors: each call retried when a signal
/// interrupts it (`EINTR`), its failure an ``Errno`` thrown, not -1 left beside `errno`. Most calls
/// go through it; not yet all (`TemporaryDirectory` and a few unchecked `lseek`,
/// `fcntl`, `waitpid` and `dup2` calls — issue #50), and each file still imports the C library
/// for its platform itself.
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

    /// Opens an existing file at `path` (`open(path, flags)`: not `O_CREAT`), retried when a signal
    /// interrupts it.
    ///
    /// - Returns: The descriptor.
    /// - Throws: ``Errno``: `ENOENT`, `EACCES` and the like.
    package static func open(_ path: String, _ flags: Int32) throws(Errno) -> Int32 {
        try valueOrErrno { systemOpen(path, flags) }.get()
    }

    /// Reads up to `count` bytes into `buffer`, retrying when a signal interrupts the read.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    /// - Throws: ``Errno`` when the read fails.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int
    {
        try valueOrErrno { systemRead(descriptor, buffer, count) }.get()
    }

    /// Reads up to `count` bytes from `descriptor` onto the end of `buffer`.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the file.
    /// - Throws: ``Errno`` when the read fails; `buffer` is then unchanged.
    package static func append(upTo count: Int, from descriptor: Int32, to buffer: inout [UInt8]) throws(Errno) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        let read = buffer.withUnsafeMutableBytes { bytes in
            valueOrErrno { systemRead(descriptor, bytes.baseAddress! + start, count) }
        }
        buffer.removeLast(count - ((try? read.get()) ?? 0))
        return try read.get()
    }

    /// A new buffer of `prefix` followed by up to `count` bytes read, written into place without
    /// first filling it with zeros (which ``append(upTo:from:to:)`` does): what one `read` gives,
    /// or, `filling`, as many reads as it takes to have `count` bytes or reach the end (a pipe,
    /// which gives what it holds at a time).
    ///
    /// - Returns: The buffer and the number of bytes read (0 at the end of the file).
    /// - Throws: ``Errno`` when a read fails.
    package static func reading(
        upTo count: Int, from descriptor: Int32, after prefix: ArraySlice<UInt8>, filling: Bool = false
    ) throws(Errno) -> ([UInt8], Int) {
        var result: Result<Int, Errno> = .success(0)
        let buffer = [UInt8](unsafeUninitializedCapacity: prefix.count + count) { storage, initialized in
            let start = prefix.withUnsafeBufferPointer { prefix in
                guard let base = prefix.baseAddress, let target = storage.baseAddress else { return 0 }
                target.initialize(from: base, count: prefix.count)
                return prefix.count
            }
            var total = 0
            repeat {
                result = valueOrErrno { systemRead(descriptor, storage.baseAddress! + start + total, count - total) }
                guard case .success(let read) = result, read > 0 else { break }
                total += read
            } while filling && total < count
            if case .success = result { result = .success(total) }
            initialized = start + total
        }
        return (buffer, try result.get())
    }

    /// Writes all of `bytes`, retrying interrupted and partial writes.
    ///
    /// - Throws: ``Errno`` of the write that failed.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try valueOrErrno { systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset) }
                .get()
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
            valueOrErrno { systemPoll(entries.baseAddress, count, milliseconds(until: deadline)) }
        }.map(Int.init).get()
    }

    /// Waits until `descriptor` has one of `events` (`POLLIN`, `POLLOUT`), or `deadline` passes
    /// (`nil`: without end).
    ///
    /// - Returns: Whether it has (an error or a hang-up counts: the call that follows says what
    ///   happened); `false` when the deadline passed.
    /// - Throws: ``Errno`` when the wait fails.
    package static func poll(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant?)
        throws(Errno) -> Bool
    {
        var entries = [pollfd(fd: descriptor, events: events, revents: 0)]
        return try poll(&entries, until: deadline) > 0
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

    /// Starts writing `count` bytes from `offset` of `descriptor` back to its device and returns
    /// without waiting (`sync_file_range(…, SYNC_FILE_RANGE_WRITE)` on Linux; nothing elsewhere).
    /// A hint: a later `fsync` still writes and waits for whatever this did not.
    package static func startWriteback(_ descriptor: Int32, offset: Int64, count: Int64) {
        _ = transferkit_start_writeback(descriptor, offset, count)
    }

    /// Gives a pipe 1 MiB of buffer where the system allows it (`F_SETPIPE_SZ`; 1 MiB is Linux's
    /// default most for an unprivileged process), instead of 64 KiB: sixteen times fewer wake-ups
    /// for the reader and the writer on a large transfer. Left as it is where refused, and on
    /// systems without the call.
    package static func widenPipe(_ descriptor: Int32) {
        #if os(Linux)
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
            _ = fcntl(descriptor, setPipeSize, Int32(1 << 20))
        #endif
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

    /// Closes a descriptor (not retried on `EINTR`: on Linux the descriptor is closed whatever
    /// `close` returns, and its number may already be another's).
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The system's words for an `errno` value: `No such file or directory`.
    package static func reason(_ number: Int32) -> String {
        Errno(rawValue: number).description
    }
}

/// `open(2)`, outside ``SystemCalls``, whose own `open` would hide it.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
    private let systemClose = Glibc.close
    private let systemPoll = Glibc.poll
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
    private let systemClose = Musl.close
    private let systemPoll = Musl.poll
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
    private let systemClose = Darwin.close
    private let systemPoll = Darwin.poll
#endif
