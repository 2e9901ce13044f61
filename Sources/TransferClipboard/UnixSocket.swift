internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A connection to a display server's Unix socket: X11's and Wayland's alike.
enum UnixSocket {
    /// A connected stream socket (close-on-exec), or why not: `description` names the server in the
    /// error.
    static func connected(to path: String, description: String) throws(ClipboardError) -> Int32 {
        let made = SystemCalls.valueOrErrno {
            #if os(Linux)
                socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            #else
                socket(AF_UNIX, SOCK_STREAM, 0)
            #endif
        }
        let descriptor: Int32
        switch made {
        case .success(let value): descriptor = value
        case .failure(let error):
            throw ClipboardError(.connectionFailed, "cannot make a socket for \(description): \(error)")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            close(descriptor)
            throw ClipboardError(.connectionFailed, "\(path): too long a socket path for \(description)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        // Not run again on EINTR: a connect a signal interrupted goes on in the background, and a
        // second call would fail with EALREADY. A local socket connects at once.
        let connected = SystemCalls.valueOrErrno(retryOnInterrupt: false) {
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        if case .failure(let error) = connected {
            close(descriptor)
            throw ClipboardError(.connectionFailed, "cannot connect to \(description) at \(path): \(error)")
        }
        return descriptor
    }

}
