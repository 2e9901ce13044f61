import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A Unix stream socket listening at `path`, for the tests' fake servers (an X server, a Wayland
/// compositor): its descriptor, or `nil` when the path cannot be bound (taken, too long).
func listeningUnixSocket(at path: String, backlog: Int32 = 1) -> Int32? {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        close(descriptor)
        return nil
    }
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        buffer.copyBytes(from: bytes)
        buffer[bytes.count] = 0
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard bound == 0, listen(descriptor, backlog) == 0 else {
        close(descriptor)
        return nil
    }
    return descriptor
}
