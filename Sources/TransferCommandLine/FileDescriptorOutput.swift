import Foundation
import Synchronization

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
        var offset = 0
        while offset < buffer.count {
            let written = unistd_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                let number = errno
                if number == EINTR { continue }
                failures.withLock { failures in
                    if failures[descriptor] == nil { failures[descriptor] = String(cString: strerror(number)) }
                }
                return
            }
            offset += written
        }
    }

    @inline(__always)
    private static func unistd_write(_ descriptor: Int32, _ pointer: UnsafePointer<UInt8>, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, pointer, count)
        #elseif canImport(Musl)
            Musl.write(descriptor, pointer, count)
        #else
            Glibc.write(descriptor, pointer, count)
        #endif
    }
}
