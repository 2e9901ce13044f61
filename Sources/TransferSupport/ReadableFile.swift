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

/// A file open for reading (`O_RDONLY | O_CLOEXEC`), read through its ``FileDescriptor`` and closed when
/// the reader lets go of it: the reading side of ``AtomicFile``.
///
/// Every failure is the `CocoaError` that `Data(contentsOf:)` throws
/// (``Foundation/CocoaError/reading(_:errno:)``): the path, the `POSIXError` beneath, the system's
/// words. Not `Sendable`: one reader, one thread.
package final class ReadableFile {
    /// The file.
    package let url: URL
    /// The open descriptor, for calls this type does not make; numbered -1 once ``close()`` has
    /// run, so that every call on it fails with `EBADF`.
    package private(set) var fileDescriptor: FileDescriptor
    /// Whether ``close()`` closes the descriptor: not for one the reader was handed
    /// (``init(reading:name:)``), such as standard input.
    private let ownsDescriptor: Bool
    /// Whether the reader opened ``url`` itself (``init(_:)``), so that the path names this file,
    /// rather than being handed a descriptor whose ``url`` is only a name for errors.
    package var isOpenedByPath: Bool { ownsDescriptor }
    /// Counts the bytes read, for a progress bar; `nil` counts nothing.
    package var counters: StreamCounters?

    /// Opens `url` for reading.
    ///
    /// - Throws: `CocoaError` (``Foundation/CocoaError/reading(_:errno:)``): `.fileReadNoSuchFile`,
    ///   `.fileReadNoPermission`, `.fileReadUnknown`.
    package init(_ url: URL) throws(CocoaError) {
        self.url = url
        ownsDescriptor = true
        do {
            fileDescriptor = try FileDescriptor.open(url.path, O_RDONLY | O_CLOEXEC)
        } catch {
            throw .reading(url, errno: error)
        }
        kind = Kind(fileDescriptor)
    }

    /// Reads from a descriptor that is already open — standard input, a pipe, a socket, a file
    /// opened elsewhere — from where it is; ``close()`` leaves it open for its owner.
    ///
    /// - Parameters:
    ///   - descriptor: An open descriptor, readable.
    ///   - name: What errors call it (`standard input`); its path when it has one.
    package init(reading descriptor: FileDescriptor, name: String) {
        url = URL(fileURLWithPath: name)
        fileDescriptor = descriptor
        ownsDescriptor = false
        kind = Kind(descriptor)
        // A pipe's writer then fills a whole chunk while the reader works.
        if case .pipe = kind { descriptor.widenPipe() }
    }

    /// What the file is, as `fstat` said when it was opened, for the checks of an opened input (a
    /// directory? a file of which size?). ``status()`` asks again, for a size that may have
    /// changed since.
    package enum Kind: Sendable, Equatable {
        /// A regular file of this many bytes.
        case regularFile(size: Int)
        /// A directory, which opens but fails to read with `EISDIR`.
        case directory
        /// A pipe or FIFO.
        case pipe
        /// Anything else: a socket, a terminal, a character device, or one `fstat` refused.
        case other

        init(_ descriptor: FileDescriptor) {
            guard let status = try? descriptor.status() else {
                self = .other
                return
            }
            switch status.st_mode & S_IFMT {
            case S_IFREG: self = .regularFile(size: Int(status.st_size))
            case S_IFDIR: self = .directory
            case S_IFIFO: self = .pipe
            default: self = .other
            }
        }
    }

    /// What the file is, as it was when opened.
    package let kind: Kind

    /// The room a read from a pipe is given when it appends (a value longer than a reader's
    /// window): 64 KiB, a pipe's default capacity on Linux and more than most writers write at
    /// once, so that zeroing the room costs about what the read fills.
    private static let pipeReadSize = 1 << 16

    /// Whether the input can be read again at any offset (a regular file), rather than only once,
    /// in order (a pipe, a socket, a terminal, a character device).
    package var isRegularFile: Bool {
        if case .regularFile = kind { true } else { false }
    }

    /// Whether the file is a directory (which opens, but fails to read with `EISDIR`).
    package var isDirectory: Bool { kind == .directory }

    /// Opens the file at `path` for reading (see ``init(_:)``).
    package convenience init(path: String) throws(CocoaError) {
        try self.init(URL(fileURLWithPath: path))
    }

    deinit { close() }

    /// Closes the file now rather than when the reader lets go of it; then every read fails with
    /// `EBADF`. Called again, it does nothing.
    package func close() {
        guard fileDescriptor != Self.closed else { return }
        if ownsDescriptor { fileDescriptor.close() }
        fileDescriptor = Self.closed
    }

    /// What `fstat` says of the file: its size, its type.
    package func status() throws(CocoaError) -> stat {
        do {
            return try fileDescriptor.status()
        } catch {
            throw failure(error)
        }
    }

    /// Reads up to `count` bytes at `offset` without moving the reading position (`pread`), for a
    /// regular file only.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    package func read(
        into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int
    ) throws(CocoaError) -> Int {
        do {
            return try fileDescriptor.read(into: buffer, count: count, at: offset)
        } catch {
            throw failure(error)
        }
    }

    /// Reads up to `count` bytes into `buffer`.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file.
    package func read(into buffer: UnsafeMutableRawPointer, count: Int) throws(CocoaError) -> Int {
        do {
            return try fileDescriptor.read(into: buffer, count: count)
        } catch {
            throw failure(error)
        }
    }

    /// Reads up to `count` bytes onto the end of `buffer`: from a pipe, as many as arrive until
    /// there are `count` or the input ends, so that a pipe is read in the same chunks as a file.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the input.
    package func append(upTo count: Int, to buffer: inout [UInt8]) throws(CocoaError) -> Int {
        var total = 0
        repeat {
            let read: Int
            do {
                // A pipe gives at most what it holds (64 KiB unless its writer asked for more) a
                // read: room for that much, not for all that is wanted, is zeroed before each.
                let room = isRegularFile ? count - total : min(count - total, Self.pipeReadSize)
                read = try fileDescriptor.append(upTo: room, to: &buffer)
            } catch {
                throw failure(error)
            }
            if read == 0 { break }
            total += read
        } while !isRegularFile && total < count
        counters?.addBytesRead(total)
        return total
    }

    /// A new buffer of `prefix` followed by up to `count` bytes read, without zero-filling them
    /// first (``FileDescriptor/reading(upTo:after:filling:)``); from a pipe, as many as arrive
    /// until there are `count` or the input ends.
    ///
    /// - Returns: The buffer and the number of bytes read (0 at the end of the input).
    package func reading(upTo count: Int, after prefix: ArraySlice<UInt8>) throws(CocoaError) -> ([UInt8], Int) {
        let result: ([UInt8], Int)
        do {
            result = try fileDescriptor.reading(upTo: count, after: prefix, filling: !isRegularFile)
        } catch {
            throw failure(error)
        }
        counters?.addBytesRead(result.1)
        return result
    }

    /// Reads from where the reader is to the end of the input, into one buffer of its own: a
    /// regular file's size at once, anything else in a buffer that doubles
    /// (``FileDescriptor/readToEnd(sizeHint:maximumSizeAllowed:readCount:)``).
    ///
    /// - Throws: `CocoaError`: `.fileReadTooLarge` past `maximumSizeAllowed` (or when no memory can
    ///   be had for it), and the read's failure.
    package func readToEnd(maximumSizeAllowed: Int = .max) throws(CocoaError) -> Data {
        let sizeHint: Int? = if case .regularFile(let size) = kind { size } else { nil }
        do throws(FileDescriptor.WholeReadFailure) {
            return try fileDescriptor.readToEnd(sizeHint: sizeHint, maximumSizeAllowed: maximumSizeAllowed) {
                counters?.addBytesRead($0)
            }
        } catch .system(let error) {
            throw failure(error)
        } catch {
            let reason = error == .tooLarge ? "larger than \(maximumSizeAllowed) bytes" : "no memory for its bytes"
            throw CocoaError(.fileReadTooLarge, userInfo: ["NSFilePath": url.path, "NSDebugDescription": reason])
        }
    }

    /// The whole contents of the file at `url`, through a ``ReadableFile``: how declarations,
    /// cached previews and a data representation's file are read whole. (The tool's inputs named
    /// on its command line and standard input are read by the same
    /// ``FileDescriptor/readToEnd(sizeHint:maximumSizeAllowed:readCount:)``; an item provider's
    /// file is copied, not read whole, by `FileOperations`.)
    ///
    /// - Parameter maximumSizeAllowed: The most bytes accepted; past it, `.fileReadTooLarge`.
    /// - Throws: `CocoaError`: `.fileReadNoSuchFile`, `.fileReadNoPermission`, `.fileReadUnknown`
    ///   (a directory: `EISDIR`), `.fileReadTooLarge`.
    package static func contents(of url: URL, maximumSizeAllowed: Int = .max) throws(CocoaError) -> Data {
        let file = try ReadableFile(url)
        defer { file.close() }
        return try file.readToEnd(maximumSizeAllowed: maximumSizeAllowed)
    }

    /// Moves to byte `offset` from the start (`lseek`).
    package func seek(to offset: Int) throws(CocoaError) {
        do {
            try fileDescriptor.seek(offset: Int64(offset), from: .start)
        } catch {
            throw failure(error)
        }
    }

    /// What ``fileDescriptor`` is once closed.
    private static let closed = FileDescriptor(rawValue: -1)

    private func failure(_ error: Errno) -> CocoaError {
        .reading(url, errno: error)
    }
}

extension CocoaError {
    /// The `errno` beneath a file error made by ``reading(_:errno:)`` or ``writing(_:errno:)``;
    /// `nil` for another error.
    package var errno: Errno? {
        (userInfo["NSUnderlyingError"] as? POSIXError).map { Errno(rawValue: $0.code.rawValue) }
    }
}
