#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes a writer builds, growing as it writes: what the codecs' writers append a field or a
/// byte at a time to on their hot paths.
///
/// It is not copyable, so an append checks only the capacity: no reference count to test for
/// uniqueness, as an `Array` tests on every append (measured on a million profiles converted to
/// CSV: `Array.append(contentsOf:)` and its uniqueness checks were 9% of the instructions). Its
/// memory is handed to `Data` without a copy (``data()``).
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = Self.allocate(self.capacity)
    }

    deinit { free(base) }

    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<UInt8> {
        guard let memory = malloc(capacity) else { fatalError("out of memory: \(capacity) bytes") }
        return memory.assumingMemoryBound(to: UInt8.self)
    }

    /// Makes room for `additional` more bytes.
    @inline(__always)
    mutating func reserve(_ additional: Int) {
        if count &+ additional > capacity { grow(to: count + additional) }
    }

    private mutating func grow(to needed: Int) {
        capacity = max(needed, capacity * 2)
        guard let memory = realloc(base, capacity) else { fatalError("out of memory: \(capacity) bytes") }
        base = memory.assumingMemoryBound(to: UInt8.self)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count &+= bytes.count
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }

    /// Removes the byte at `offset`, moving the bytes after it down.
    mutating func remove(at offset: Int) {
        precondition(offset >= 0 && offset < count, "offset \(offset) outside the \(count) bytes written")
        (base + offset).update(from: base + offset + 1, count: count - offset - 1)
        count -= 1
    }

    /// Forgets what is written, keeping the memory.
    mutating func removeAll() {
        count = 0
    }

    /// The bytes written, for reading.
    func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The bytes written, as `Data` that takes over the memory (no copy), leaving this buffer
    /// empty.
    mutating func takeData() -> Data {
        var taken = ByteBuffer(capacity: 16)
        swap(&self, &taken)
        return taken.data()
    }

    /// The bytes written, as `Data` that takes over the memory: no copy.
    consuming func data() -> Data {
        let base = self.base
        let count = self.count
        discard self
        guard count > 0 else {
            free(base)
            return Data()
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}

/// Where the codecs' writers append bytes: an array, or a ``ByteBuffer`` on the hot paths. The
/// writers are generic over it, and specialised for each.
protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>)
}

extension ByteBuffer: ByteSink {}

extension Array: ByteSink where Element == UInt8 {}
