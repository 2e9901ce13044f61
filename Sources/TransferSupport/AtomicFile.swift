import Synchronization

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// A file written whole or not at all: bytes go to a temporary file beside the destination
/// (``Foundation/URL/temporarySibling``), which ``commit(synchronizing:replacing:)`` moves into
/// place and ``discard()`` — or the end of the writer's life without a commit — removes.
///
/// The package's one implementation of "write to a temporary file, then rename": readers of the
/// destination see the old file or the whole new one, never a part, and no temporary file outlives
/// the writer. Not `Sendable`: one writer, one thread.
package final class AtomicFile {
    /// Where the file goes.
    package let destination: URL
    /// The temporary file being written.
    package let temporary: URL
    /// The temporary file, open for writing; `nil` once closed.
    private var descriptor: FileDescriptor?
    private var buffer = OutputBuffer()
    private var isFinished = false
    /// Bytes written to the temporary file, and how many of them have been sent to the device.
    private var written: Int64 = 0
    private var writtenBack: Int64 = 0

    /// Whether the file's pages are sent to its device as it grows, every
    /// ``writebackInterval`` bytes, without waiting for them: for a file that will be committed
    /// ``commit(synchronizing:replacing:)`` synchronizing, so that the `fsync` there finds the
    /// disk's work done, not all of it still to do. Linux only; elsewhere it changes nothing.
    package var writesBackEarly = false

    /// How many bytes ``writesBackEarly`` lets accumulate between two writebacks.
    package static let writebackInterval: Int64 = 8 << 20

    /// Creates the temporary file beside `destination`.
    ///
    /// - Parameters:
    ///   - destination: The file to write.
    ///   - mode: The permissions of the new file (narrowed by the umask when `open` creates it).
    ///   - create: How to create the temporary file: `open(path, O_WRONLY|O_CREAT|O_EXCL|O_CLOEXEC,
    ///     mode)` by default (``createExclusively(_:_:)``); tests put a failing one in its place.
    /// - Throws: `CocoaError` (``CocoaError/writing(_:errno:)``) when it cannot be created.
    ///
    /// After ``TemporaryPaths/removeAll()`` — a tool on its way out after a signal — the calling
    /// thread waits for the process to end instead: a file made then would be left behind.
    package init(
        writing destination: URL, mode: mode_t = 0o666,
        create: (_ path: String, _ mode: mode_t) -> Result<FileDescriptor, Errno> = AtomicFile.createExclusively
    ) throws(CocoaError) {
        self.destination = destination
        let temporary = destination.temporarySibling
        self.temporary = temporary
        // Made and registered under the lock that the signal cleanup closes: removed by it, or
        // never made.
        let made = TemporaryPaths.make(.file) { create(temporary.path, mode).map { ($0, temporary.path) } }
        switch made {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let error): throw .writing(destination, errno: error)
        }
    }

    private func finish() {
        isFinished = true
        TemporaryPaths.forget(temporary.path)
    }

    deinit { discard() }

    /// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)`, retried on `EINTR`: the
    /// descriptor, or the ``Errno`` of its failure.
    package static func createExclusively(_ path: String, _ mode: mode_t) -> Result<FileDescriptor, Errno> {
        Result { () throws(Errno) in
            try FileDescriptor.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions: mode)
        }
    }

    /// The descriptor of the temporary file, for `fchmod` and the like; numbered -1 once the file
    /// is committed or discarded, so that every call on it fails with `EBADF`.
    package var fileDescriptor: FileDescriptor { descriptor ?? FileDescriptor(rawValue: -1) }

    /// Writes `bytes` after what came before: small pieces are gathered into writes of 1 MiB, large
    /// ones written as they are.
    ///
    /// - Throws: `CocoaError` when the temporary file cannot be written (a full disk).
    package func write(_ bytes: UnsafeRawBufferPointer) throws(CocoaError) {
        try buffer.write(bytes, send: send)
    }

    /// Writes `data` after what came before (see ``write(_:)-(UnsafeRawBufferPointer)``).
    package func write(_ data: Data) throws(CocoaError) {
        try Self.typed { try data.withUnsafeBytes { try write($0) } }
    }

    /// Writes `bytes` after what came before (see ``write(_:)-(UnsafeRawBufferPointer)``).
    package func write(_ bytes: [UInt8]) throws(CocoaError) {
        try Self.typed { try bytes.withUnsafeBytes { try write($0) } }
    }

    /// Runs `body`, whose only errors are the `CocoaError`s of this type's writes, with that type:
    /// `withUnsafeBytes` rethrows untyped.
    private static func typed(_ body: () throws -> Void) throws(CocoaError) {
        do {
            try body()
        } catch let error as CocoaError {
            throw error
        } catch {
            throw CocoaError(.fileWriteUnknown, userInfo: ["NSDebugDescription": "\(error)"])
        }
    }

    /// Writes what is buffered, optionally waits until the file is on its device (`fsync`), and
    /// moves the file into place: over an existing destination when `replacing`, or only where
    /// there is none (`link`, which fails on an existing name where `rename` would replace it).
    ///
    /// - Throws: `CocoaError` when the file cannot be written or moved; the temporary file is then
    ///   removed and the destination untouched.
    package func commit(synchronizing: Bool = true, replacing: Bool = true) throws(CocoaError) {
        guard !isFinished else { return }
        do throws(CocoaError) {
            try flush()
            if synchronizing {
                do throws(Errno) {
                    try fileDescriptor.synchronize()
                } catch {
                    throw CocoaError.writing(destination, errno: error)
                }
            }
        } catch {
            discard()
            throw error
        }
        descriptor?.close()
        descriptor = nil
        let moved = SystemCalls.valueOrErrno {
            replacing ? rename(temporary.path, destination.path) : link(temporary.path, destination.path)
        }
        if case .failure = moved { unlink(temporary.path) } else if !replacing { unlink(temporary.path) }
        finish()
        if case .failure(let error) = moved { throw .writing(destination, errno: error) }
    }

    /// Stops writing and removes the temporary file; the destination is untouched.
    package func discard() {
        guard !isFinished else { return }
        descriptor?.close()
        descriptor = nil
        unlink(temporary.path)
        finish()
    }

    private func flush() throws(CocoaError) {
        try buffer.flush(send: send)
    }

    private func send(_ bytes: UnsafeRawBufferPointer) throws(CocoaError) {
        do {
            try fileDescriptor.writeAll(bytes)
        } catch {
            throw .writing(destination, errno: error)
        }
        written += Int64(bytes.count)
        if writesBackEarly, written - writtenBack >= Self.writebackInterval {
            // A hint: where the call fails (ENOSYS, a file system without it), `fsync` does it all.
            fileDescriptor.startWriteback(offset: writtenBack, count: written - writtenBack)
            writtenBack = written
        }
    }

    /// Writes `data` to `destination` whole or not at all.
    ///
    /// - Parameters:
    ///   - data: The bytes.
    ///   - destination: The file.
    ///   - mode: The new file's permissions.
    ///   - replacing: Whether an existing file is replaced; when `false`, an existing file is an error.
    ///   - synchronizing: Whether to wait until the file is on its device before moving it.
    package static func write(
        _ data: Data, to destination: URL, mode: mode_t = 0o666, replacing: Bool = true, synchronizing: Bool = false
    ) throws(CocoaError) {
        let file = try AtomicFile(writing: destination, mode: mode)
        file.writesBackEarly = synchronizing
        try typed { try data.withUnsafeBytes { try file.send($0) } }
        try file.commit(synchronizing: synchronizing, replacing: replacing)
    }
}
