#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a byte with the C library's `memchr`, which is vectorised: the codecs' scans for quotes,
/// backslashes and delimiters go through it rather than a loop of their own.
enum ByteSearch {
    /// The offset of the first `byte` in `base[start..<end]`, or `nil`.
    @inline(__always)
    static func first(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}
