import CTransferKitSystem

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The package's one way of reading, writing and closing a file descriptor: each call retried
/// when a signal interrupts it (`EINTR`), and the C library named once for every platform.
package enum SystemCalls {
    /// Reads up to `count` bytes into `buffer`, retrying when a signal interrupts the read.
    ///
    /// - Returns: The number of bytes read, 0 at the end of the file, or -1 with `errno` set.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        var result: Int
        repeat { result = systemRead(descriptor, buffer, count) } while result < 0 && errno == EINTR
        return result
    }

    /// Reads up to `count` bytes from `descriptor` onto the end of `buffer`.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the file, or -1 with `errno` set.
    package static func append(upTo count: Int, from descriptor: Int32, to buffer: inout [UInt8]) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        let read = buffer.withUnsafeMutableBytes { bytes in
            Self.read(descriptor, into: bytes.baseAddress! + start, count: count)
        }
        buffer.removeLast(count - max(read, 0))
        return read
    }

    /// A new buffer of `prefix` followed by what one `read` of up to `count` bytes gives, written
    /// into place without first filling it with zeros (which ``append(upTo:from:to:)`` does).
    ///
    /// - Returns: The buffer and what `read` returned (-1 with `errno` set on failure, when the
    ///   buffer is `prefix`).
    package static func reading(upTo count: Int, from descriptor: Int32, after prefix: [UInt8]) -> ([UInt8], Int) {
        var result = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: prefix.count + count) { storage, initialized in
            let start = prefix.withUnsafeBufferPointer { prefix in
                guard let base = prefix.baseAddress, let target = storage.baseAddress else { return 0 }
                target.initialize(from: base, count: prefix.count)
                return prefix.count
            }
            result = Self.read(descriptor, into: storage.baseAddress! + start, count: count)
            initialized = start + max(result, 0)
        }
        return (buffer, result)
    }

    /// Writes all of `bytes`, retrying interrupted and partial writes.
    ///
    /// - Returns: `nil`, or the `errno` of the write that failed.
    package static func write(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Starts writing `count` bytes from `offset` of `descriptor` back to its device and returns
    /// without waiting (`sync_file_range(…, SYNC_FILE_RANGE_WRITE)` on Linux; nothing elsewhere).
    /// A hint: a later `fsync` still writes and waits for whatever this did not.
    package static func startWriteback(_ descriptor: Int32, offset: Int64, count: Int64) {
        _ = transferkit_start_writeback(descriptor, offset, count)
    }

    /// Closes a descriptor.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The system's words for an `errno` value: `No such file or directory`.
    package static func reason(_ number: Int32) -> String {
        String(cString: strerror(number))
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
    private let systemClose = Glibc.close
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
    private let systemClose = Musl.close
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
    private let systemClose = Darwin.close
#endif
