#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptor {
    /// Why ``readToEnd(sizeHint:maximumSizeAllowed:readCount:)`` stopped.
    package enum WholeReadFailure: Error, Equatable {
        /// The read failed.
        case system(Errno)
        /// The input holds more than the bytes allowed.
        case tooLarge
        /// No memory could be mapped for it.
        case noMemory
    }

    /// Reads the descriptor from where it is to its end, into memory of its own: one mapping of
    /// `sizeHint` bytes (a regular file's size), or one that doubles from 1 MiB, handed to the
    /// `Data` without a copy. Every whole read of the package goes through it (`ReadableFile`'s
    /// `readToEnd`, the tool's inputs and standard input).
    ///
    /// The memory is mapped, not zero-filled by the allocator, and not asked to be made of huge
    /// pages: where the system compacts memory for them on demand (`defrag` `madvise`), a read of
    /// 100 MB took 30 ms or 300 ms by the state of memory.
    ///
    /// - Parameters:
    ///   - sizeHint: How many bytes are expected (a regular file's size): read into one mapping of
    ///     that size and a byte, to see the end. `nil` for an input of unknown size.
    ///   - maximumSizeAllowed: The most bytes accepted; one more is ``WholeReadFailure/tooLarge``.
    /// - Returns: The bytes; `readCount(_:)` is told each read's count as it happens.
    package func readToEnd(
        sizeHint: Int?, maximumSizeAllowed: Int = .max, readCount: (Int) -> Void = { _ in }
    ) throws(WholeReadFailure) -> Data {
        let limit = max(0, maximumSizeAllowed)
        // Room for one byte past the limit, to see that there is one.
        let ceiling = limit < .max ? limit + 1 : .max
        let first = sizeHint.map { $0 < .max ? $0 + 1 : $0 } ?? (1 << 20)
        var region = try MappedRegion(capacity: min(first, ceiling))
        var filled = 0
        while true {
            if filled == region.capacity {
                guard region.capacity <= limit else { throw .tooLarge }
                let (doubled, overflow) = region.capacity.multipliedReportingOverflow(by: 2)
                try region.grow(to: overflow ? ceiling : min(doubled, ceiling), keeping: filled)
            }
            let count: Int
            do throws(Errno) {
                count = try read(into: region.base + filled, count: region.capacity - filled)
            } catch {
                throw .system(error)
            }
            if count == 0 { break }
            filled += count
            readCount(count)
            if filled > limit { throw .tooLarge }
        }
        return region.data(count: filled)
    }
}

/// Anonymous memory mapped for a whole read, unmapped by the `Data` it becomes (or when thrown
/// away).
private struct MappedRegion: ~Copyable {
    private(set) var base: UnsafeMutableRawPointer
    private(set) var capacity: Int

    init(capacity: Int) throws(FileDescriptor.WholeReadFailure) {
        self.capacity = max(capacity, 1)
        base = try Self.map(self.capacity)
    }

    deinit { munmap(base, capacity) }

    private static func map(_ capacity: Int) throws(FileDescriptor.WholeReadFailure) -> UnsafeMutableRawPointer {
        let address = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { throw .noMemory }
        return address
    }

    /// Moves the first `count` bytes into a mapping of `capacity` bytes.
    mutating func grow(to newCapacity: Int, keeping count: Int) throws(FileDescriptor.WholeReadFailure) {
        let grown = try Self.map(newCapacity)
        grown.copyMemory(from: base, byteCount: count)
        munmap(base, capacity)
        (base, capacity) = (grown, newCapacity)
    }

    /// The first `count` bytes as `Data` that unmaps the memory when it goes.
    consuming func data(count: Int) -> Data {
        let (base, capacity) = (self.base, self.capacity)
        discard self
        return Data(bytesNoCopy: base, count: count, deallocator: .custom { _, _ in munmap(base, capacity) })
    }
}
