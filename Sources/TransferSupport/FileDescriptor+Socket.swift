internal import CTransferKitSystem

#if canImport(Glibc)
    package import Glibc
#elseif canImport(Musl)
    package import Musl
#elseif canImport(Darwin)
    package import Darwin
#endif

/// The calls the package makes on a socket: the test servers' TCP sockets and the display
/// servers' Unix sockets. As the rest of ``FileDescriptor``, each is retried on `EINTR` through
/// ``SystemCalls/valueOrErrno(retryOnInterrupt:_:)`` and throws an ``Errno``.
extension FileDescriptor {
    /// A new stream socket of `family` (`AF_UNIX`, `AF_INET`, `AF_INET6`), closed on `exec`.
    ///
    /// - Throws: ``Errno``: `EMFILE` when the process has no descriptor left, `EAFNOSUPPORT`.
    package static func streamSocket(family: Int32) throws(Errno) -> FileDescriptor {
        #if os(Linux)
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            return try FileDescriptor(rawValue: SystemCalls.valueOrErrno { socket(family, type, 0) }.get())
        #else
            let made = try FileDescriptor(rawValue: SystemCalls.valueOrErrno { socket(family, SOCK_STREAM, 0) }.get())
            try? made.setCloseOnExec()
            return made
        #endif
    }

    /// Gives the socket its local address (`bind`).
    ///
    /// - Throws: ``Errno``: `EADDRINUSE`, `EACCES` for a privileged port, `EADDRNOTAVAIL`.
    package func bind(to address: UnsafePointer<sockaddr>, length: socklen_t) throws(Errno) {
        _ = try SystemCalls.valueOrErrno { LibC.bind(rawValue, address, length) }.get()
    }

    /// Starts accepting connections, `backlog` of them waiting at most (`listen`).
    package func listen(backlog: Int32) throws(Errno) {
        _ = try SystemCalls.valueOrErrno { LibC.listen(rawValue, backlog) }.get()
    }

    /// Connects the socket to `address` (`connect`). Not made again on `EINTR`: a connect a
    /// signal interrupted goes on in the background, and a second call would fail with `EALREADY`.
    ///
    /// - Throws: ``Errno``: `ENOENT` or `ECONNREFUSED` where nothing listens.
    package func connect(to address: UnsafePointer<sockaddr>, length: socklen_t) throws(Errno) {
        _ = try SystemCalls.valueOrErrno(retryOnInterrupt: false) { LibC.connect(rawValue, address, length) }.get()
    }

    /// The port a bound TCP socket listens on (`getsockname`), IPv4 or IPv6; `nil` when the
    /// system cannot say.
    package var localPort: UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(rawValue, $0, &length) }
        }
        guard named == 0 else { return nil }
        let family = storage.ss_family
        return withUnsafePointer(to: &storage) { pointer -> UInt16? in
            switch Int32(family) {
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
            default:
                nil
            }
        }
    }

    /// Accepts a connection on a listening socket, its descriptor closed on `exec`.
    ///
    /// - Parameter nonBlocking: Whether the connection's reads and writes that would wait fail
    ///   with ``Errno/wouldBlock`` (for a connection served by readiness).
    /// - Throws: ``Errno``: ``Errno/wouldBlock`` when none waits on a non-blocking socket,
    ///   `ECONNABORTED`, `EMFILE` and the like.
    package func accept(nonBlocking: Bool = false) throws(Errno) -> FileDescriptor {
        try FileDescriptor(
            rawValue: SystemCalls.valueOrErrno { transferkit_accept_cloexec(rawValue, nonBlocking ? 1 : 0) }.get())
    }

    /// Receives what has arrived, up to `count` bytes, without waiting (`MSG_DONTWAIT`).
    ///
    /// - Returns: The bytes received; 0 when the peer has closed its end.
    /// - Throws: ``Errno``: ``Errno/wouldBlock`` when nothing has arrived.
    package func receiveNow(into buffer: UnsafeMutableRawPointer, count: Int) throws(Errno) -> Int {
        try SystemCalls.valueOrErrno { recv(rawValue, buffer, count, Int32(MSG_DONTWAIT)) }.get()
    }

    /// Sends what the socket takes of `bytes`, without `SIGPIPE` when the peer is gone (`EPIPE`
    /// instead); without waiting when `waiting` is `false` (`MSG_DONTWAIT`).
    ///
    /// - Returns: The bytes sent.
    /// - Throws: ``Errno``: ``Errno/wouldBlock`` when the socket takes none without waiting,
    ///   `EPIPE`, `ECONNRESET`.
    package func send(_ bytes: UnsafeRawBufferPointer, waiting: Bool = true) throws(Errno) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        #if os(Linux)
            let noSignal = Int32(MSG_NOSIGNAL)
        #else
            let noSignal: Int32 = 0  // Apple's systems say so per socket (`SO_NOSIGPIPE`).
        #endif
        let flags = noSignal | (waiting ? 0 : Int32(MSG_DONTWAIT))
        return try SystemCalls.valueOrErrno { LibC.send(rawValue, base, bytes.count, flags) }.get()
    }

    /// Sends all of `bytes`, waiting for room, without `SIGPIPE` (see ``send(_:waiting:)``).
    ///
    /// - Throws: ``Errno`` of the send that failed.
    package func sendAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        try Self.completely(bytes) { bytes throws(Errno) in try send(bytes) }
    }

    /// Which directions ``shutDown(_:)`` ends.
    package enum ShutdownKind: Sendable {
        /// No more writing: the peer reads the end of the stream.
        case writing
        /// Neither: a thread waiting in `accept` or `recv` on the socket returns.
        case readingAndWriting
    }

    /// Ends one or both directions of a connected or listening socket (`shutdown`), leaving the
    /// descriptor open. A socket that is no longer connected (`ENOTCONN`) has nothing to end:
    /// not an error.
    package func shutDown(_ kind: ShutdownKind) {
        let how = kind == .writing ? Int32(SHUT_WR) : Int32(SHUT_RDWR)
        _ = LibC.shutdown(rawValue, how)
    }

    /// Sets an integer socket option (`setsockopt`): `SO_REUSEADDR`, `TCP_NODELAY`.
    package func setOption(level: Int32, _ option: Int32, to value: Int32) throws(Errno) {
        var value = value
        _ = try SystemCalls.valueOrErrno {
            setsockopt(rawValue, level, option, &value, socklen_t(MemoryLayout<Int32>.size))
        }.get()
    }

    /// Makes the next ``close()`` reset the connection (a TCP RST, `SO_LINGER` of 0) rather than
    /// close it in order.
    package func resetOnClose() throws(Errno) {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = try SystemCalls.valueOrErrno {
            setsockopt(rawValue, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        }.get()
    }
}
