import Foundation
import Synchronization
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A write to standard output (or another descriptor the tool writes to) that failed: the reader
/// went away (`EPIPE`), the device is full. ``ToolError/init(_:)`` makes `EPIPE` the exit status of
/// a process that SIGPIPE stopped (141), anything else 74.
struct OutputWriteError: Error, CustomStringConvertible {
    /// The descriptor written to.
    let descriptor: FileDescriptor
    /// Why the write failed.
    let errno: Errno

    /// Whether the reader of the output went away: a pipe with nobody reading it.
    var isBrokenPipe: Bool { errno == Errno(rawValue: EPIPE) }

    var description: String {
        "\(descriptor == .standardOutput ? "standard output" : "\(descriptor)"): cannot be written (\(errno))"
    }
}

/// Unbuffered writes to a file descriptor, retried until everything is written. Data (a command's
/// output) is sent by ``send(_:to:)``, which throws, so that a reader that goes away stops the work;
/// text (messages, help) by ``write(_:to:)-(String,_)``, which keeps the first failure of each
/// descriptor, so that a command whose output was lost does not exit 0.
enum FileDescriptorOutput {
    private static let failures = Mutex<[FileDescriptor: Errno]>([:])

    /// Why writing to `descriptor` failed, if it did.
    static func failure(of descriptor: FileDescriptor) -> Errno? {
        failures.withLock { $0[descriptor] }
    }

    static func write(_ string: String, to descriptor: FileDescriptor) {
        var string = string
        string.withUTF8 { write($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`.
    ///
    /// - Throws: ``OutputWriteError`` when the write fails (`EPIPE` when nobody reads the pipe).
    static func send(_ bytes: UnsafeRawBufferPointer, to descriptor: FileDescriptor) throws(OutputWriteError) {
        do throws(Errno) {
            if StandardStreams.wasClosed(descriptor) { throw .badFileDescriptor }
            try descriptor.writeAll(bytes)
        } catch {
            throw OutputWriteError(descriptor: descriptor, errno: error)
        }
    }

    /// Writes all of `data` to `descriptor` (see ``send(_:to:)``).
    static func send(_ data: Data, to descriptor: FileDescriptor) throws(OutputWriteError) {
        try data.withUnsafeBytes { bytes in Result { () throws(OutputWriteError) in try send(bytes, to: descriptor) } }
            .get()
    }

    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: FileDescriptor) {
        let failed: Errno
        do throws(Errno) {
            if StandardStreams.wasClosed(descriptor) { throw .badFileDescriptor }
            try descriptor.writeAll(UnsafeRawBufferPointer(buffer))
            return
        } catch {
            failed = error
        }
        failures.withLock { failures in
            if failures[descriptor] == nil { failures[descriptor] = failed }
        }
    }
}
