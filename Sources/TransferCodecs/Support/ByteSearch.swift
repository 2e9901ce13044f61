#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a byte with the C library's `memchr`, which is vectorised: the CSV reader's and writer's
/// searches for one byte (a quote, a line feed) go through it. The JSON scans, which look for
/// several bytes at once, are `JSONStringScan`'s sixteen-byte blocks instead; `CSVTable` and
/// `CSVWriter` still call `memchr` directly in places, and step byte by byte over short runs.
///
/// Every search is a call to `memchr`, even a short one. Searching short ranges here instead, a
/// word at a time, measured no faster on a million profiles, twice (the first 32 bytes of every
/// search: 1.66 s against 1.51 s, medians of five; ranges of up to 16 bytes: 1.71 s against 1.66 s,
/// medians of seven), though `memchr` then took half as many samples.
enum ByteSearch {
    /// The offset of the first `byte` in `base[start..<end]`, or `nil`.
    @inline(__always)
    static func first(_ byte: UInt8, in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
    }
}
