internal import CTransferKitSystem

/// The calls on descriptors that go through the package's C shim (`CTransferKitSystem`), for
/// what Glibc's module does not export: `pipe2` and `sync_file_range`. Kept apart so that the
/// shim's module stays an internal import: its headers' C types are the C library's own, and a
/// package signature naming one must see them through the C library's module.
extension FileDescriptor {
    /// A pipe whose ends are closed on `exec` (`pipe2(O_CLOEXEC)`: no other thread's `exec` can
    /// inherit them between two calls).
    ///
    /// - Returns: The end to read and the end to write.
    /// - Throws: ``Errno``: `EMFILE` when the process has no descriptor left.
    package static func pipe() throws(Errno) -> (readEnd: FileDescriptor, writeEnd: FileDescriptor) {
        var ends: [Int32] = [-1, -1]
        _ = try SystemCalls.valueOrErrno { transferkit_pipe_cloexec(&ends) }.get()
        return (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
    }

    /// Starts writing `count` bytes from `offset` back to the device and returns without waiting
    /// (`sync_file_range(…, SYNC_FILE_RANGE_WRITE)` on Linux; nothing elsewhere). A hint, so its
    /// failure is not thrown: a later `fsync` still writes and waits for whatever this did not.
    package func startWriteback(offset: Int64, count: Int64) {
        _ = transferkit_start_writeback(rawValue, offset, count)
    }
}
