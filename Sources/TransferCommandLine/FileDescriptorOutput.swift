import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes to a file descriptor, retried until everything is written.
enum FileDescriptorOutput {
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
                if errno == EINTR { continue }
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
