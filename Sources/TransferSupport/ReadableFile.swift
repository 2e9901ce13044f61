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

/// A file open for reading (`O_RDONLY | O_CLOEXEC`), read through ``SystemCalls`` and closed when
/// the reader lets go of it: the reading side of ``AtomicFile``.
///
/// Every failure is the `CocoaError` that `Data(contentsOf:)` throws
/// (``Foundation/CocoaError/reading(_:errno:)``): the path, the `POSIXError` beneath, the system's
/// words. Not `Sendable`: one reader, one thread.
package final class ReadableFile {
    /// The file.
    package let url: URL
    /// The open descriptor, for calls this type does not make; -1 once ``close()`` has run.
    package private(set) var fileDescriptor: Int32

    /// Opens `url` for reading.
    ///
    /// - Throws: `CocoaError` (``Foundation/CocoaError/reading(_:errno:)``): `.fileReadNoSuchFile`,
    ///   `.fileReadNoPermission`, `.fileReadUnknown`.
    package init(_ url: URL) throws(CocoaError) {
        self.url = url
        do {
            fileDescriptor = try SystemCalls.open(url.path, O_RDONLY | O_CLOEXEC)
        } catch {
            throw .reading(url, errno: error.rawValue)
        }
    }

    /// Opens the file at `path` for reading (see ``init(_:)``).
    package convenience init(path: String) throws(CocoaError) {
        try self.init(URL(fileURLWithPath: path))
    }

    deinit { close() }

    /// Closes the file now rather than when the reader lets go of it; then every read fails with
    /// `EBADF`. Called again, it does nothing.
    package func close() {
        guard fileDescriptor >= 0 else { return }
        SystemCalls.close(fileDescriptor)
        fileDescriptor = -1
    }

    /// What `fstat` says of the file: its size, its type.
    package func status() throws(CocoaError) -> stat {
        var status = stat()
        do {
            _ = try SystemCalls.valueOrErrno { fstat(fileDescriptor, &status) }.get()
        } catch {
            throw failure(error)
        }
        return status
    }

    /// Whether the file is a directory (which opens, but fails to read with `EISDIR`).
    package var isDirectory: Bool {
        ((try? status()).map { $0.st_mode & S_IFMT == S_IFDIR }) ?? false
    }

    /// Reads up to `count` bytes into `buffer`.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(CocoaError) -> Int {
        do {
            return try SystemCalls.read(fileDescriptor, into: buffer, count: count)
        } catch {
            throw failure(error)
        }
    }

    /// Reads up to `count` bytes onto the end of `buffer`.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the file.
    package func append(upTo count: Int, to buffer: inout [UInt8]) throws(CocoaError) -> Int {
        do {
            return try SystemCalls.append(upTo: count, from: fileDescriptor, to: &buffer)
        } catch {
            throw failure(error)
        }
    }

    /// A new buffer of `prefix` followed by up to `count` bytes read, without zero-filling them
    /// first (``SystemCalls/reading(upTo:from:after:)``).
    ///
    /// - Returns: The buffer and the number of bytes read (0 at the end of the file).
    package func reading(upTo count: Int, after prefix: [UInt8]) throws(CocoaError) -> ([UInt8], Int) {
        do {
            return try SystemCalls.reading(upTo: count, from: fileDescriptor, after: prefix)
        } catch {
            throw failure(error)
        }
    }

    /// Moves to byte `offset` from the start (`lseek`).
    package func seek(to offset: Int) throws(CocoaError) {
        do {
            _ = try SystemCalls.valueOrErrno { lseek(fileDescriptor, off_t(offset), SEEK_SET) }.get()
        } catch {
            throw failure(error)
        }
    }

    private func failure(_ error: Errno) -> CocoaError {
        .reading(url, errno: error.rawValue)
    }
}

extension CocoaError {
    /// The `errno` beneath a file error made by ``reading(_:errno:)`` or ``writing(_:errno:)``;
    /// `nil` for another error.
    package var errno: Errno? {
        (userInfo["NSUnderlyingError"] as? POSIXError).map { Errno(rawValue: $0.code.rawValue) }
    }
}
