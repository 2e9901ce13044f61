#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// An open descriptor, typed, and the system calls the package makes on one, as swift-system's
/// `FileDescriptor` has them: each call retried when a signal interrupts it (`EINTR`, through
/// ``SystemCalls/valueOrErrno(retryOnInterrupt:_:)``, the one place that retries), each failure
/// an ``Errno`` thrown rather than -1 left beside `errno`.
///
/// A descriptor is a number: copying the value does not duplicate the descriptor, and nothing
/// closes it but ``close()`` (or ``closeAfter(_:)``). The file errors Foundation users expect
/// (`CocoaError`) are made from these ``Errno``s only where a file API meets Foundation
/// (``ReadableFile``, ``AtomicFile``).
package struct FileDescriptor: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The descriptor's number.
    package let rawValue: Int32

    /// The descriptor numbered `rawValue`, open or not.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// Standard input, descriptor 0.
    package static var standardInput: FileDescriptor { FileDescriptor(rawValue: 0) }
    /// Standard output, descriptor 1.
    package static var standardOutput: FileDescriptor { FileDescriptor(rawValue: 1) }
    /// Standard error, descriptor 2.
    package static var standardError: FileDescriptor { FileDescriptor(rawValue: 2) }

    /// `file descriptor 5`.
    package var description: String { "file descriptor \(rawValue)" }

    /// Opens the file at `path` (`open(path, flags, permissions)`).
    ///
    /// - Parameters:
    ///   - flags: `O_RDONLY | O_CLOEXEC` and the like.
    ///   - permissions: The mode of a file `O_CREAT` makes; ignored otherwise.
    /// - Throws: ``Errno``: `ENOENT`, `EACCES`, `EEXIST` and the like.
    package static func open(_ path: String, _ flags: Int32, permissions: mode_t = 0o644) throws(Errno)
        -> FileDescriptor
    {
        try FileDescriptor(rawValue: SystemCalls.valueOrErrno { systemOpen(path, flags, permissions) }.get())
    }

    /// Reads up to `count` bytes into `buffer`.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    /// - Throws: ``Errno`` when the read fails (``Errno/wouldBlock`` on a non-blocking descriptor
    ///   with nothing to read).
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        try SystemCalls.valueOrErrno { LibC.read(rawValue, buffer, count) }.get()
    }

    /// Reads up to `count` bytes at `offset` without moving the reading position (`pread`).
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) throws(Errno) -> Int {
        try SystemCalls.valueOrErrno { pread(rawValue, buffer, count, off_t(offset)) }.get()
    }

    /// Reads up to `count` bytes onto the end of `buffer`.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the file.
    /// - Throws: ``Errno`` when the read fails; `buffer` is then unchanged.
    package func append(upTo count: Int, to buffer: inout [UInt8]) throws(Errno) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        let read = buffer.withUnsafeMutableBytes { bytes in
            SystemCalls.valueOrErrno { LibC.read(rawValue, bytes.baseAddress! + start, count) }
        }
        buffer.removeLast(count - ((try? read.get()) ?? 0))
        return try read.get()
    }

    /// A new buffer of `prefix` followed by up to `count` bytes read, written into place without
    /// first filling it with zeros (which ``append(upTo:to:)`` does): what one `read` gives, or,
    /// `filling`, as many reads as it takes to have `count` bytes or reach the end (a pipe, which
    /// gives what it holds at a time).
    ///
    /// - Returns: The buffer and the number of bytes read (0 at the end of the file).
    /// - Throws: ``Errno`` when a read fails.
    package func reading(upTo count: Int, after prefix: ArraySlice<UInt8>, filling: Bool = false) throws(Errno)
        -> ([UInt8], Int)
    {
        var result: Result<Int, Errno> = .success(0)
        let buffer = [UInt8](unsafeUninitializedCapacity: prefix.count + count) { storage, initialized in
            let start = prefix.withUnsafeBufferPointer { prefix in
                guard let base = prefix.baseAddress, let target = storage.baseAddress else { return 0 }
                target.initialize(from: base, count: prefix.count)
                return prefix.count
            }
            var total = 0
            repeat {
                result = SystemCalls.valueOrErrno {
                    LibC.read(rawValue, storage.baseAddress! + start + total, count - total)
                }
                guard case .success(let read) = result, read > 0 else { break }
                total += read
            } while filling && total < count
            if case .success = result { result = .success(total) }
            initialized = start + total
        }
        return (buffer, try result.get())
    }

    /// Writes what one `write` takes of `bytes`: all of them to a blocking file, as much as fits
    /// to a non-blocking socket or pipe.
    ///
    /// - Returns: The number of bytes written.
    /// - Throws: ``Errno`` when the write fails (``Errno/wouldBlock`` when nothing fits).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return try SystemCalls.valueOrErrno { LibC.write(rawValue, base, bytes.count) }.get()
    }

    /// Writes all of `bytes`, going on after partial writes.
    ///
    /// - Throws: ``Errno`` of the write that failed.
    package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        try Self.completely(bytes) { bytes throws(Errno) in try write(bytes) }
    }

    /// Calls `once` — a write or a send of what the descriptor takes — with what is left of
    /// `bytes`, until all of them have gone: the loop of ``writeAll(_:)`` and `sendAll(_:)`.
    static func completely(
        _ bytes: UnsafeRawBufferPointer, _ once: (UnsafeRawBufferPointer) throws(Errno) -> Int
    ) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            offset += try once(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        }
    }

    /// Where to count a ``seek(offset:from:)``'s offset from.
    package enum SeekOrigin: Sendable {
        /// The start of the file (`SEEK_SET`).
        case start
        /// The reading position (`SEEK_CUR`).
        case current
        /// The end of the file (`SEEK_END`).
        case end
    }

    /// Moves the reading and writing position (`lseek`).
    ///
    /// - Returns: The new position, from the start of the file.
    /// - Throws: ``Errno``: `ESPIPE` for a pipe, a socket or a terminal, which have no position.
    @discardableResult
    package func seek(offset: Int64, from origin: SeekOrigin) throws(Errno) -> Int64 {
        let whence =
            switch origin {
            case .start: SEEK_SET
            case .current: SEEK_CUR
            case .end: SEEK_END
            }
        return try Int64(SystemCalls.valueOrErrno { lseek(rawValue, off_t(offset), whence) }.get())
    }

    /// What `fstat` says of the file: its size, its type.
    package func status() throws(Errno) -> stat {
        var status = stat()
        _ = try SystemCalls.valueOrErrno { fstat(rawValue, &status) }.get()
        return status
    }

    /// Waits until what was written is on the device (`fsync`).
    ///
    /// - Throws: ``Errno``: `EIO`, `ENOSPC` for space the device found it lacked.
    package func synchronize() throws(Errno) {
        _ = try SystemCalls.valueOrErrno { fsync(rawValue) }.get()
    }

    /// Sets the file's permission bits (`fchmod`), whatever the umask.
    ///
    /// - Throws: ``Errno``: `EPERM` for a file of another user's.
    package func setPermissions(_ permissions: mode_t) throws(Errno) {
        _ = try SystemCalls.valueOrErrno { fchmod(rawValue, permissions) }.get()
    }

    /// Whether the descriptor is a terminal (`isatty`).
    package var isTerminal: Bool { isatty(rawValue) == 1 }

    /// Closes the descriptor. Not retried on `EINTR` and not thrown: on Linux the descriptor is
    /// closed whatever `close` returns, and its number may already be another's.
    package func close() {
        _ = LibC.close(rawValue)
    }

    /// Runs `body`, then closes the descriptor, whether `body` returned or threw.
    package func closeAfter<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        defer { close() }
        return try body()
    }

    /// A new descriptor of what this one opens, sharing its position, closed on `exec`
    /// (`fcntl(F_DUPFD_CLOEXEC)`).
    ///
    /// - Throws: ``Errno``: `EMFILE` when the process has no descriptor left.
    package func duplicate() throws(Errno) -> FileDescriptor {
        try FileDescriptor(rawValue: SystemCalls.valueOrErrno { fcntl(rawValue, F_DUPFD_CLOEXEC, 0) }.get())
    }

    /// Makes `target` another descriptor of what this one opens (`dup2`), closing what `target`
    /// was, as a child does before `exec` with its standard streams.
    package func duplicate(as target: FileDescriptor) throws(Errno) {
        _ = try SystemCalls.valueOrErrno { dup2(rawValue, target.rawValue) }.get()
    }

    /// Makes reads and writes that would wait fail with ``Errno/wouldBlock`` instead
    /// (`O_NONBLOCK`), for a descriptor served by readiness (`poll`).
    package func setNonBlocking() throws(Errno) {
        let flags = try SystemCalls.valueOrErrno { fcntl(rawValue, F_GETFL) }.get()
        _ = try SystemCalls.valueOrErrno { fcntl(rawValue, F_SETFL, flags | O_NONBLOCK) }.get()
    }

    /// Whether the number is an open descriptor of this process (`fcntl(F_GETFD)` does not fail
    /// with `EBADF`).
    package var isOpen: Bool {
        SystemCalls.valueOrErrno { fcntl(rawValue, F_GETFD) } != .failure(.badFileDescriptor)
    }

    /// Closes the descriptor in a program this process runs (`FD_CLOEXEC`).
    package func setCloseOnExec() throws(Errno) {
        _ = try SystemCalls.valueOrErrno { fcntl(rawValue, F_SETFD, FD_CLOEXEC) }.get()
    }

    /// Gives a pipe 1 MiB of buffer where the system allows it (`F_SETPIPE_SZ`; 1 MiB is Linux's
    /// default most for an unprivileged process), instead of 64 KiB: sixteen times fewer wake-ups
    /// for the reader and the writer on a large transfer. A wish: left as it is where refused,
    /// and on systems without the call.
    package func widenPipe() {
        #if os(Linux)
            let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Glibc's module does not export
            _ = fcntl(rawValue, setPipeSize, Int32(1 << 20))
        #endif
    }

    /// Waits until the descriptor has one of `events` (`POLLIN`, `POLLOUT`), or `deadline` passes
    /// (`nil`: without end).
    ///
    /// - Returns: Whether it has (an error or a hang-up counts: the call that follows says what
    ///   happened); `false` when the deadline passed.
    /// - Throws: ``Errno`` when the wait fails.
    package func poll(for events: Int16, until deadline: ContinuousClock.Instant?) throws(Errno) -> Bool {
        var entries = [pollfd(fd: rawValue, events: events, revents: 0)]
        return try SystemCalls.poll(&entries, until: deadline) > 0
    }
}

/// `open(2)`, outside ``FileDescriptor``, whose own `open` would hide it.
private func systemOpen(_ path: String, _ flags: Int32, _ permissions: mode_t) -> Int32 {
    open(path, flags, permissions)
}
