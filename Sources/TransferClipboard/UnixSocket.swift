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
        #if os(Linux)
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
            let descriptor = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else {
            throw ClipboardError(
                .connectionFailed, "cannot make a socket for \(description): \(SystemCalls.reason(errno))")
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
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let number = errno
            close(descriptor)
            throw ClipboardError(
                .connectionFailed, "cannot connect to \(description) at \(path): \(SystemCalls.reason(number))")
        }
        return descriptor
    }

}
