import CTransferKitSystem
package import TransferSupport

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

/// Bytes copied once, in the kernel, into sealed memory of their own, and served from there: what
/// `transfer copy` offers of a file or of standard input. A copy of the input as it was when
/// copied — sealed against writing, so no one can change it — made without reading it through the
/// process (`sendfile` from a file, `splice` from a pipe, into a `memfd`), which takes less time
/// than reading it into memory; a Wayland reader gets it spliced into its pipe without a copy
/// (``WaylandSelectionOwner``), and X11 reads it from a read-only mapping.
///
/// Linux only: elsewhere ``init(copying:maximumSizeAllowed:)`` throws `ENOSYS`.
///
/// `Sendable`: it does not change once made.
package final class ClipboardSnapshot: Sendable {
    /// The sealed memory file.
    package let descriptor: FileDescriptor
    /// The bytes, mapped read-only (empty when there are none).
    package let bytes: Data

    /// Why a snapshot could not be made.
    package enum Failure: Error, Equatable {
        /// The source holds more than the bytes allowed.
        case tooLarge
        /// The copy, the seal or the mapping failed.
        case system(Errno)
    }

    /// Copies `source` from where it is to its end.
    ///
    /// - Parameters:
    ///   - source: An open descriptor: a regular file, a pipe, anything that reads.
    ///   - maximumSizeAllowed: The most bytes accepted; past it, ``Failure/tooLarge``.
    package init(copying source: FileDescriptor, maximumSizeAllowed: Int) throws(Failure) {
        var size: Int64 = 0
        // Not made again from here on EINTR: the helper retries each of its reads itself, and a
        // second call would start over on a source already partly read.
        let made: FileDescriptor
        switch SystemCalls.valueOrErrno(
            retryOnInterrupt: false,
            {
                transferkit_snapshot(source.rawValue, Int64(maximumSizeAllowed), &size)
            })
        {
        case .success(let number): made = FileDescriptor(rawValue: number)
        case .failure(let error): throw error.rawValue == EFBIG ? .tooLarge : .system(error)
        }
        let count = Int(size)
        guard count > 0 else {
            (descriptor, bytes) = (made, Data())
            return
        }
        let mapped = mmap(nil, count, PROT_READ, MAP_SHARED, made.rawValue, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else {
            let error = Errno.current
            made.close()
            throw .system(error)
        }
        descriptor = made
        bytes = Data(bytesNoCopy: mapped, count: count, deallocator: .custom { _, _ in munmap(mapped, count) })
    }

    deinit { descriptor.close() }
}
