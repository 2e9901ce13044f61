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

/// Unbuffered writes to a file descriptor, retried until everything is written; the first failure
/// of each descriptor is kept, so that a command whose output was lost does not exit 0.
enum FileDescriptorOutput {
    private static let failures = Mutex<[Int32: String]>([:])

    /// Why writing to `descriptor` failed, if it did.
    static func failure(of descriptor: Int32) -> String? {
        failures.withLock { $0[descriptor] }
    }

    static func write(_ string: String, to descriptor: Int32) {
        var string = string
        string.withUTF8 { write($0, to: descriptor) }
    }

    static func write(_ data: Data, to descriptor: Int32) {
        data.withUnsafeBytes { write($0.bindMemory(to: UInt8.self), to: descriptor) }
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
            if failures[descriptor] == nil { failures[descriptor] = failed.description }
        }
    }
}
