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
    let descriptor: Int32
    /// Why the write failed.
    let errno: Errno

    /// Whether the reader of the output went away: a pipe with nobody reading it.
    var isBrokenPipe: Bool { errno == Errno(rawValue: EPIPE) }

    var description: String {
        "\(descriptor == 1 ? "standard output" : "file descriptor \(descriptor)"): cannot be written (\(errno))"
    }
}

/// Unbuffered writes to a file descriptor, retried until everything is written. Data (a command's
/// output) is sent by ``send(_:to:)``, which throws, so that a reader that goes away stops the work;
/// text (messages, help) by ``write(_:to:)-(String,_)``, which keeps the first failure of each
/// descriptor, so that a command whose output was lost does not exit 0.
enum FileDescriptorOutput {
    private static let failures = Mutex<[Int32: Errno]>([:])

    /// Why writing to `descriptor` failed, if it did.
    static func failure(of descriptor: Int32) -> Errno? {
        failures.withLock { $0[descriptor] }
    }

    static func write(_ string: String, to descriptor: Int32) {
        var string = string
        string.withUTF8 { write($0, to: descriptor) }
    }

    /// Writes all of `bytes` to `descriptor`.
    ///
    /// - Throws: ``OutputWriteError`` when the write fails (`EPIPE` when nobody reads the pipe).
    static func send(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(OutputWriteError) {
        do throws(Errno) {
            if StandardStreams.wasClosed(descriptor) { throw .badFileDescriptor }
            try SystemCalls.write(descriptor, bytes)
        } catch {
            throw OutputWriteError(descriptor: descriptor, errno: error)
        }
    }

    /// Writes all of `data` to `descriptor` (see ``send(_:to:)``).
    static func send(_ data: Data, to descriptor: Int32) throws(OutputWriteError) {
        try data.withUnsafeBytes { bytes in Result { () throws(OutputWriteError) in try send(bytes, to: descriptor) } }
            .get()
    }

    static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        let failed: Errno
        do throws(Errno) {
            if StandardStreams.wasClosed(descriptor) { throw .badFileDescriptor }
            try SystemCalls.write(descriptor, UnsafeRawBufferPointer(buffer))
            return
        } catch {
            failed = error
        }
        failures.withLock { failures in
            if failures[descriptor] == nil { failures[descriptor] = failed }
        }
    }
}
