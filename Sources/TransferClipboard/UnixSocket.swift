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
    static func connected(to path: String, description: String) throws(ClipboardError) -> FileDescriptor {
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.streamSocket(family: AF_UNIX)
        } catch {
            throw ClipboardError(.connectionFailed, "cannot make a socket for \(description): \(error)")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            descriptor.close()
            throw ClipboardError(.connectionFailed, "\(path): too long a socket path for \(description)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: bytes)
            buffer[bytes.count] = 0
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                Result { () throws(Errno) in
                    try descriptor.connect(to: address, length: socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        if case .failure(let error) = connected {
            descriptor.close()
            throw ClipboardError(.connectionFailed, "cannot connect to \(description) at \(path): \(error)")
        }
        return descriptor
    }

}
