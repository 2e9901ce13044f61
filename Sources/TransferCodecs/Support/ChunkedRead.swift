#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file descriptor a chunk at a time: the streaming readers' one way of reading.
package enum ChunkedRead {
    /// Reads up to `count` bytes from `descriptor` onto the end of `buffer`, retrying when a signal
    /// interrupts the read.
    ///
    /// - Returns: The number of bytes appended, 0 at the end of the file, or -1 with `errno` set.
    package static func append(upTo count: Int, from descriptor: Int32, to buffer: inout [UInt8]) -> Int {
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: count))
        var read: Int
        repeat {
            read = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + start, count) }
        } while read < 0 && errno == EINTR
        buffer.removeLast(count - max(read, 0))
        return read
    }

    /// Closes a descriptor the readers opened.
    package static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemClose = Glibc.close
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemClose = Musl.close
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private let systemClose = Darwin.close
#endif
