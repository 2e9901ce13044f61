internal import Foundation
internal import TransferSupport

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A listening TCP socket and its accept loop: the one listener of the package's test servers.
///
/// `Sendable`: its descriptor is only shut down from other threads; the accept loop alone closes it.
final class HTTPListener: Sendable {
    /// The listening descriptor.
    let descriptor: FileDescriptor
    /// The port it listens on (the one the system chose, for port 0).
    let port: UInt16

    /// Listens on `host` (an IP address; `localhost` is `127.0.0.1`) and `port` (0: one the system
    /// chooses), with `SO_REUSEADDR` and a close-on-exec descriptor.
    ///
    /// - Throws: `POSIXError`: `EADDRNOTAVAIL` for a host that is not an IP address, `EADDRINUSE`
    ///   for a port in use, `EACCES` for a privileged port, and the like.
    init(host: String, port: UInt16, backlog: Int32 = 128) throws {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV | AI_PASSIVE
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let name = host == "localhost" ? "127.0.0.1" : host
        guard getaddrinfo(name, String(port), &hints, &found) == 0, let address = found else {
            throw POSIXError(.EADDRNOTAVAIL)
        }
        defer { freeaddrinfo(found) }
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.streamSocket(family: address.pointee.ai_family)
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.rawValue) ?? .EMFILE)
        }
        do throws(Errno) {
            try descriptor.setOption(level: SOL_SOCKET, SO_REUSEADDR, to: 1)
            try descriptor.bind(to: address.pointee.ai_addr, length: address.pointee.ai_addrlen)
            try descriptor.listen(backlog: backlog)
        } catch {
            descriptor.close()
            throw POSIXError(POSIXErrorCode(rawValue: error.rawValue) ?? .EADDRINUSE)
        }
        self.descriptor = descriptor
        self.port = descriptor.localPort ?? port
    }

    /// Accepts connections on a thread of its own, handing each (close-on-exec, `TCP_NODELAY`) to
    /// `admit`, until ``shutDown()``; then closes the listening descriptor. (A thread per
    /// connection, for ``LoopbackHTTPServer``, whose scripted responses pause; `HTTPServerLoop`
    /// serves the placeholder server's connections from one thread instead.)
    ///
    /// An aborted connection is skipped; running out of descriptors waits 10 ms for connections to
    /// close.
    func run(name: String, admit: @escaping @Sendable (HTTPConnection) -> Void) {
        let thread = Thread { [self] in
            while true {
                switch Result(catching: { () throws(Errno) in try descriptor.accept() }) {
                case .success(let connection):
                    // Small writes go at once (a hint: where refused, they are only grouped).
                    try? connection.setOption(level: Int32(IPPROTO_TCP), TCP_NODELAY, to: 1)
                    admit(HTTPConnection(descriptor: connection))
                    continue
                case .failure(let error):
                    switch error.rawValue {
                    case ECONNABORTED, EPROTO: continue
                    case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                        usleep(10_000)  // Out of descriptors for now: let connections close.
                        continue
                    default: break
                    }
                }
                // Closed here only, so that its number cannot be reused by another listener while
                // this loop still accepts on it.
                descriptor.close()
                return
            }
        }
        thread.name = name
        thread.start()
    }

    /// Stops the accept loop: accepting fails, and the loop closes the descriptor.
    func shutDown() {
        descriptor.shutDown(.readingAndWriting)
    }
}
