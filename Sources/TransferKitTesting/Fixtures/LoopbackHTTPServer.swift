public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A real HTTP/1.1 server on the loopback interface (127.0.0.1, an ephemeral port), for tests of code
/// that fetches — link previews among them — without the network: one response per connection
/// (`Connection: close`), chosen by the request's path; responses may be delayed, and a body may be
/// endless (written until the client closes the connection, at most about 256 MB).
///
/// ```swift
/// let server = try LoopbackHTTPServer { path in
///     path == "/old" ? .redirect("/new") : .html("<title>New</title>")
/// }
/// defer { server.stop() }
/// var fetcher = LinkFetcher()
/// fetcher.allowsPrivateAddresses = true          // loopback is refused by default
/// let metadata = try await fetcher.metadata(for: server.url("/old"))
/// ```
///
/// `Sendable`: the requests received are behind a `Mutex`; each connection is served on a thread of its
/// own.
public final class LoopbackHTTPServer: Sendable {
    /// What the server answers to one path.
    public struct Response: Sendable {
        /// The HTTP status code.
        public var status: Int
        /// The header fields, in order; `Content-Length` and `Connection` are added.
        public var headers: [(String, String)]
        /// The body.
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration
        /// Whether to write the body again and again until the client goes away (no Content-Length).
        public var isEndless: Bool

        /// A response.
        public init(
            status: Int = 200,
            headers: [(String, String)] = [("Content-Type", "text/html; charset=utf-8")],
            body: Data = Data(),
            delay: Duration = .zero,
            isEndless: Bool = false
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.isEndless = isEndless
        }

        /// A page of HTML.
        public static func html(_ text: String, contentType: String = "text/html; charset=utf-8") -> Response {
            Response(headers: [("Content-Type", contentType)], body: Data(text.utf8))
        }

        /// A redirect to `location`.
        public static func redirect(_ location: String, status: Int = 302) -> Response {
            Response(status: status, headers: [("Location", location)])
        }
    }

    /// One request the server received: its path and its header fields.
    public struct Request: Sendable {
        /// The path, with its query.
        public let path: String
        /// The header fields, in the order they came.
        public let headerFields: [(name: String, value: String)]

        /// The value of the first header field of that name, compared without case.
        public func value(forHTTPHeaderField name: String) -> String? {
            headerFields.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    /// The port the server listens on.
    public let port: UInt16
    private let listener: Int32
    private let routes: @Sendable (String) -> Response
    private let received = Mutex<[Request]>([])
    private let stopped = Mutex(false)

    /// The paths requested so far, in order.
    public var requestedPaths: [String] { requests.map(\.path) }

    /// The requests received so far, in order.
    public var requests: [Request] { received.withLock { $0 } }

    /// Starts a server on 127.0.0.1 and an ephemeral port.
    ///
    /// - Parameter routes: The response to each request's path (with its query).
    /// - Throws: `POSIXError` when no socket can be opened or bound.
    public init(routes: @escaping @Sendable (String) -> Response) throws {
        self.routes = routes
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
        var reuse: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            close(descriptor)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = descriptor
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// The URL of `path` on this server; `host` may be a name that resolves to 127.0.0.1.
    public func url(_ path: String, host: String = "127.0.0.1") -> URL {
        URL(string: "http://\(host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops accepting connections. Called again, or on deinitialization, it does nothing more.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }; return !stopped
            })
        else { return }
        // Only shut down: the accept loop closes the descriptor when accept fails, so that its number
        // cannot be reused by another server while this loop still accepts on it.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    deinit { stop() }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                close(listener)
                return
            }
            Thread { [self] in serve(connection) }.start()  // A delayed response blocks only its thread.
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 65_536 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request += buffer[0..<count]
            if request.count >= 4, request.suffix(4) == [13, 10, 13, 10] { break }
            if String(decoding: request, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let lines = String(decoding: request, as: UTF8.self).split(separator: "\r\n")
        let parts = (lines.first ?? "").split(separator: " ")
        let path = parts.count > 1 ? String(parts[1]) : "/"
        let fields = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        received.withLock { $0.append(Request(path: path, headerFields: fields)) }
        let response = routes(path)
        if response.delay > .zero {
            let (seconds, attoseconds) = response.delay.components
            usleep(useconds_t(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
        }
        var head = "HTTP/1.1 \(response.status) Status\r\nConnection: close\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        if !response.isEndless { head += "Content-Length: \(response.body.count)\r\n" }
        head += "\r\n"
        guard write(connection, Array(head.utf8)) else { return }
        if response.isEndless {
            var chunk = response.body.isEmpty ? Data(repeating: 0x20, count: 65_536) : response.body
            while chunk.count < 65_536 { chunk += response.body }
            for _ in 0..<4_000 { guard write(connection, Array(chunk)) else { return } }  // At most ~256 MB.
        } else {
            _ = write(connection, Array(response.body))
        }
    }

    private func write(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}
