#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A system call's error number, typed: what `errno` held when the call failed, with the system's
/// words for it as its description (`No such file or directory`).
///
/// Modelled on swift-system's `Errno`; only the values the package tests for are named.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    /// The C value: `ENOENT`, `EINTR`, ….
    package var rawValue: Int32

    /// The error of that C value.
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// The error of the call that failed last on this thread (`errno`).
    package static var current: Errno { Errno(rawValue: errno) }

    /// The system's words: `No such file or directory`.
    package var description: String { String(cString: strerror(rawValue)) }

    /// `EINTR`: a signal interrupted the call.
    package static var interrupted: Errno { Errno(rawValue: EINTR) }
    /// `EAGAIN`: the call would block (`EWOULDBLOCK` is the same value on the package's platforms).
    package static var wouldBlock: Errno { Errno(rawValue: EAGAIN) }
    /// `ENOENT`: no such file or directory.
    package static var noSuchFileOrDirectory: Errno { Errno(rawValue: ENOENT) }
    /// `EBADF`: not an open descriptor.
    package static var badFileDescriptor: Errno { Errno(rawValue: EBADF) }
}
