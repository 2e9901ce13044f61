public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A small HTTP/1.1 server of placeholder media, for clients that are not Swift processes: an
/// Android emulator, a web front end, a React Native app, a test written in another language.
/// `transfer placeholder serve` runs one.
///
/// It answers what ``PlaceholderURLProtocol`` answers, read by the same ``PlaceholderRequest``:
/// `/image.png?width=300&height=200&text=商品`, `/300x200.png`, `/ddd/202f55/300x200.png`,
/// `/audio.wav?duration=1`; `GET`, `HEAD` and `OPTIONS`. Every image carries a strong `ETag` and
/// `Cache-Control: public, max-age=86400`, and an `If-None-Match` that names it is answered
/// `304 Not Modified` without drawing; `Access-Control-Allow-Origin: *` lets a page's scripts read
/// it. Connections are kept alive (HTTP/1.1, or HTTP/1.0 with `Connection: keep-alive`).
///
/// What it refuses, with a status and a plain-text body that says what was expected and what was
/// found — and then, where HTTP's framing is in doubt, closes the connection:
///
/// | request | status |
/// |---|---|
/// | a bad parameter (`width=2147483648`), a bad percent-encoding | `400` |
/// | a path that names no placeholder | `404` |
/// | a method other than `GET`, `HEAD`, `OPTIONS` | `405` |
/// | a head that has not arrived within ``Configuration/requestTimeout`` (a slowloris) | `408` |
/// | a request with a body | `413` |
/// | a request line longer than ``Configuration/maximumRequestLineLength`` | `414` |
/// | more than ``Configuration/maximumHeaderFields`` fields, or ``Configuration/maximumHeaderBytes`` | `431` |
/// | a connection beyond ``Configuration/maximumConnections`` | `503` |
/// | a version other than HTTP/1.x | `505` |
///
/// Each connection is served on a thread of its own, so a slow client holds up only itself; every
/// read and write has a deadline, so a connection cannot be held open without sending or reading.
/// Large images (over a million pixels) are drawn two at a time.
///
/// ```swift
/// let server = try PlaceholderServer()             // 127.0.0.1, an ephemeral port
/// print(server.url)                                // http://127.0.0.1:39211/
/// // … point the client at server.url.appending(path: "image.png") …
/// server.stop()
/// ```
///
/// `PlaceholderServer` is `Sendable`: its state is behind `Mutex`es.
public final class PlaceholderServer: Sendable {
    /// Where the server listens, and its limits.
    ///
    /// `Configuration` is `Sendable`.
    public struct Configuration: Sendable, Hashable {
        /// The address to listen on: `127.0.0.1` (the default), `::1`, or another IP address
        /// (`0.0.0.0` serves every interface: other machines can then reach it).
        public var host: String = "127.0.0.1"
        /// The port, or 0 (the default) for one the system chooses.
        public var port: UInt16 = 0
        /// The most connections served at once; one more is answered `503` and closed. The default is 64.
        public var maximumConnections = 64
        /// The longest request line, in bytes; a longer one is answered `414`. The default is 8,192.
        public var maximumRequestLineLength = 8192
        /// The most bytes of header fields; more are answered `431`. The default is 16,384.
        public var maximumHeaderBytes = 16_384
        /// The most header fields; more are answered `431`. The default is 100.
        public var maximumHeaderFields = 100
        /// How long a request head may take to arrive, from its first byte (from the connection, for
        /// the first request); then `408`. The default is 10 seconds.
        public var requestTimeout: Duration = .seconds(10)
        /// How long a kept-alive connection may wait for its next request; then it is closed. The
        /// default is 5 seconds.
        public var idleTimeout: Duration = .seconds(5)
        /// How long writing one response may take; then the connection is closed. The default is 30
        /// seconds.
        public var writeTimeout: Duration = .seconds(30)
        /// The most requests on one connection; the last is answered with `Connection: close`. The
        /// default is 1,000.
        public var maximumRequestsPerConnection = 1000

        /// The defaults: loopback, an ephemeral port.
        public init() {}
    }

    /// What the server has done so far.
    ///
    /// `Statistics` is `Sendable`.
    public struct Statistics: Sendable, Hashable {
        /// The connections accepted, refused ones included.
        public var connectionsAccepted = 0
        /// The connections answered `503` because ``Configuration/maximumConnections`` were open.
        public var connectionsRefused = 0
        /// The connections open now.
        public var openConnections = 0
        /// The responses written, errors included.
        public var responses = 0
    }

    /// The configuration it was started with.
    public let configuration: Configuration
    /// The port it listens on (the one the system chose, for port 0).
    public let port: UInt16
    /// Its base URL: `http://127.0.0.1:39211/`.
    public let url: URL

    private let listener: Int32
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    private let largeImages = DispatchSemaphore(value: 2)
    private let cache = Mutex(ResponseCache())

    private struct State {
        var statistics = Statistics()
        /// Each open connection, and whether it is writing a response (then ``stop()`` lets it finish).
        var connections: [Int32: Bool] = [:]
        var isStopping = false
        var isListening = true
    }

    /// The cache policy of placeholder media: the same URL always draws the same bytes.
    package static let cacheControl = "public, max-age=86400"

    /// Starts a server: it listens at once, and serves on threads of its own until ``stop()``.
    ///
    /// - Parameter configuration: The address, port and limits.
    /// - Throws: `POSIXError`: `EADDRNOTAVAIL` for a host that is not an IP address, `EADDRINUSE`
    ///   for a port in use, `EACCES` for a privileged port, and the like.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        let (descriptor, port) = try Self.makeListener(host: configuration.host, port: configuration.port)
        listener = descriptor
        self.port = port
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        url = URL(string: "http://\(host):\(port)/")!
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "placeholder.accept"
        thread.start()
    }

    /// What the server has done so far.
    public var statistics: Statistics { state.withLock { $0.statistics } }

    /// Stops the server: no more connections are accepted, idle ones are closed, and responses being
    /// written are finished (for at most ``Configuration/writeTimeout``). Returns when every
    /// connection is closed; called again, or from several threads, each call returns once the first
    /// has finished.
    ///
    /// A server runs until it is stopped: its threads keep it alive, so letting go of the last
    /// reference does not stop it.
    public func stop() {
        let first = state.withLock { state in
            defer { state.isStopping = true }
            guard !state.isStopping else { return false }
            for (connection, isResponding) in state.connections where !isResponding {
                shutdown(connection, Int32(SHUT_RDWR))
            }
            return true
        }
        guard first else { return waitUntilStopped() }
        shutdown(listener, Int32(SHUT_RDWR))
        let deadline = ContinuousClock.now + configuration.writeTimeout
        while state.withLock({ !$0.connections.isEmpty || $0.isListening }) {
            if ContinuousClock.now > deadline {
                state.withLock { state in
                    for connection in state.connections.keys { shutdown(connection, Int32(SHUT_RDWR)) }
                }
            }
            usleep(2_000)
        }
        finished.signal()
    }

    /// Blocks until ``stop()`` has finished (from another thread, or a signal's handler).
    public func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }

    // MARK: - Listening

    private static func makeListener(host: String, port: UInt16) throws -> (Int32, UInt16) {
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
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0,
            listen(descriptor, 128) == 0
        else {
            let error = errno
            close(descriptor)
            throw POSIXError(POSIXErrorCode(rawValue: error) ?? .EADDRINUSE)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        let family = storage.ss_family
        let bound = withUnsafePointer(to: &storage) { pointer -> UInt16 in
            if family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    UInt16(bigEndian: $0.pointee.sin6_port)
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt16(bigEndian: $0.pointee.sin_port)
            }
        }
        return (descriptor, bound)
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                switch errno {
                case EINTR, ECONNABORTED, EPROTO: continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    usleep(10_000)  // Out of descriptors for now: let connections close.
                    if state.withLock({ !$0.isStopping }) { continue }
                default: break
                }
                close(listener)
                state.withLock { $0.isListening = false }
                return
            }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            let admitted = state.withLock { state in
                state.statistics.connectionsAccepted += 1
                guard !state.isStopping, state.connections.count < configuration.maximumConnections else {
                    state.statistics.connectionsRefused += 1
                    return false
                }
                state.connections[connection] = false
                state.statistics.openConnections = state.connections.count
                return true
            }
            guard admitted else {
                refuse(connection)
                continue
            }
            let thread = Thread { [self] in serve(connection) }
            thread.name = "placeholder.connection"
            thread.start()
        }
    }

    /// Answers a connection over the limit `503`, without waiting on it, and closes it.
    private func refuse(_ connection: Int32) {
        let body = "connections: expected at most \(configuration.maximumConnections) at once, found more; retry\n"
        let head = responseHead(
            status: 503, fields: [("Content-Type", "text/plain; charset=utf-8"), ("Retry-After", "1")],
            contentLength: body.utf8.count, keepAlive: false)
        let bytes = Array(head.utf8) + Array(body.utf8)
        _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
        shutdown(connection, Int32(SHUT_WR))
        close(connection)
        state.withLock { $0.statistics.responses += 1 }
    }

    // MARK: - One connection

    private func serve(_ connection: Int32) {
        defer {
            state.withLock { state in
                state.connections[connection] = nil
                state.statistics.openConnections = state.connections.count
                close(connection)
            }
        }
        var buffer: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: 16_384)
        var served = 0
        while served < configuration.maximumRequestsPerConnection {
            // The head: at most requestTimeout from the first byte; an idle kept-alive connection
            // waits at most idleTimeout for that byte.
            var scanner = HeadScanner(limits: configuration)
            var deadline: ContinuousClock.Instant? =
                served == 0 ? ContinuousClock.now + configuration.requestTimeout : nil
            var end: Int?
            var refusal: HeadError?
            while end == nil, refusal == nil {
                switch scanner.scan(buffer) {
                case .success(let index): end = index
                case .failure(let error): refusal = error
                case nil:
                    if deadline == nil, !buffer.isEmpty {
                        deadline = ContinuousClock.now + configuration.requestTimeout
                    }
                    let limit = deadline ?? (ContinuousClock.now + configuration.idleTimeout)
                    switch read(connection, into: &buffer, scratch: &scratch, until: limit) {
                    case .read: continue
                    case .closed: return
                    case .timedOut:
                        // Nothing of a request yet: an idle connection, closed without a word.
                        guard !buffer.isEmpty else { return }
                        refusal = HeadError(
                            status: 408,
                            reason:
                                "request: expected a complete head within \(Self.words(configuration.requestTimeout)), found "
                                + "\(buffer.count) bytes without its end")
                    }
                }
            }
            if let refusal {
                respond(on: connection, status: refusal.status, text: refusal.reason, keepAlive: false, isHead: false)
                drain(connection)
                return
            }
            guard let end else { return }
            let parsed = Self.parseHead(buffer[..<end])
            buffer.removeFirst(end)
            served += 1
            switch parsed {
            case .failure(let error):
                respond(on: connection, status: error.status, text: error.reason, keepAlive: false, isHead: false)
                drain(connection)
                return
            case .success(let head):
                let keepAlive = head.keepsAlive && served < configuration.maximumRequestsPerConnection
                guard beginResponse(on: connection) else { return }
                let written = answer(head, on: connection, keepAlive: keepAlive)
                guard endResponse(on: connection), written else { return }
                guard keepAlive else {
                    drain(connection)  // The client sees the end at once, and may have sent more.
                    return
                }
            }
        }
    }

    /// Closes the sending side and reads what the client is still sending (the rest of a megabyte
    /// URL, a body) for at most a second and 4 MB, before the connection is closed: closing a socket
    /// with unread bytes resets it, and a reset can destroy the refusal before the client reads it.
    private func drain(_ connection: Int32) {
        shutdown(connection, Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .seconds(1)
        var discarded = 0
        var scratch = [UInt8](repeating: 0, count: 65_536)
        while discarded < 4 << 20, wait(for: Int16(POLLIN), on: connection, until: deadline) {
            let count = scratch.withUnsafeMutableBytes {
                recv(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count < 0, errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK { continue }
            guard count > 0 else { return }
            discarded += count
        }
    }

    /// Marks the connection as writing; `false` when the server is stopping.
    private func beginResponse(on connection: Int32) -> Bool {
        state.withLock { state in
            guard !state.isStopping else { return false }
            state.connections[connection] = true
            return true
        }
    }

    /// Marks the connection idle again; `false` when the server is stopping (then it closes).
    private func endResponse(on connection: Int32) -> Bool {
        state.withLock { state in
            state.connections[connection] = false
            return !state.isStopping
        }
    }

    /// Answers one request; `false` when the response could not be written.
    private func answer(_ head: RequestHead, on connection: Int32, keepAlive: Bool) -> Bool {
        let isHead = head.method == "HEAD"
        let allowed = "GET, HEAD, OPTIONS"
        switch head.method {
        case "GET", "HEAD": break
        case "OPTIONS":
            return respond(
                on: connection, status: 204, fields: [("Allow", allowed)] + Self.crossOriginFields, body: [],
                keepAlive: keepAlive, isHead: true)
        default:
            return respond(
                on: connection, status: 405,
                text: "method: expected GET, HEAD or OPTIONS, found '\(head.method.prefix(40))'",
                fields: [("Allow", allowed)], keepAlive: keepAlive, isHead: false)
        }
        if head.target == "/" || head.target.hasPrefix("/?") {
            return respond(on: connection, status: 200, text: Self.index, keepAlive: keepAlive, isHead: isHead)
        }
        let request: PlaceholderRequest
        do {
            request = try PlaceholderRequest(target: head.target)
        } catch {
            return respond(
                on: connection, status: error.code == .notFound ? 404 : 400, text: error.reason, keepAlive: keepAlive,
                isHead: isHead)
        }
        let key = request.canonicalKey  // Once: it names the entity tag and the cached body.
        let entityTag = PlaceholderRequest.entityTag(forKey: key)
        let cacheFields = [("ETag", entityTag), ("Cache-Control", Self.cacheControl)] + Self.crossOriginFields
        if Self.matches(ifNoneMatch: head.values("if-none-match"), entityTag) {
            return respond(
                on: connection, status: 304, fields: cacheFields, body: nil, keepAlive: keepAlive, isHead: true)
        }
        let isLarge: Bool
        if case .image(let image) = request.media, image.width * image.height > 1_000_000 {
            isLarge = true
            largeImages.wait()
        } else {
            isLarge = false
        }
        defer { if isLarge { largeImages.signal() } }
        let body = rendered(request, key: key)
        return respond(
            on: connection, status: 200, fields: [("Content-Type", request.contentType)] + cacheFields, body: body,
            keepAlive: keepAlive, isHead: isHead)
    }

    /// The request's bytes, from the cache when they were drawn lately.
    private func rendered(_ request: PlaceholderRequest, key: String) -> [UInt8] {
        if let hit = cache.withLock({ $0.value(for: key) }) { return hit }
        let bytes = [UInt8](request.data())
        cache.withLock { $0.insert(bytes, for: key) }
        return bytes
    }

    /// A duration in words: `10 seconds`, `800 milliseconds`.
    static func words(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) second\(milliseconds == 1000 ? "" : "s")" }
        return "\(milliseconds) milliseconds"
    }

    static let crossOriginFields = [("Access-Control-Allow-Origin", "*"), ("X-Content-Type-Options", "nosniff")]

    static let index = """
        Placeholder media, drawn on request (TransferKit's PlaceholderServer):
          /image.png?width=300&height=200&text=商品&fgcolor=202f55&bgcolor=ddd
          /300x200.png?text=…   /300.png   /ddd/202f55/300x200.png
          /audio.wav?duration=1&frequency=440
        """

    // MARK: - Writing

    @discardableResult
    private func respond(
        on connection: Int32, status: Int, text: String, fields: [(String, String)] = [], keepAlive: Bool,
        isHead: Bool
    ) -> Bool {
        respond(
            on: connection, status: status, fields: [("Content-Type", "text/plain; charset=utf-8")] + fields,
            body: Array((text + "\n").utf8), keepAlive: keepAlive, isHead: isHead)
    }

    /// Writes a response; the body is left out for `HEAD` (its length is still given), and a `nil`
    /// body has no length at all (`304`).
    private func respond(
        on connection: Int32, status: Int, fields: [(String, String)], body: [UInt8]?, keepAlive: Bool, isHead: Bool
    ) -> Bool {
        let head = responseHead(
            status: status, fields: fields, contentLength: status == 204 ? nil : body?.count, keepAlive: keepAlive)
        state.withLock { $0.statistics.responses += 1 }
        let deadline = ContinuousClock.now + configuration.writeTimeout
        guard write(Array(head.utf8), to: connection, until: deadline) else { return false }
        guard !isHead, let body, !body.isEmpty else { return true }
        return write(body, to: connection, until: deadline)
    }

    private func responseHead(status: Int, fields: [(String, String)], contentLength: Int?, keepAlive: Bool) -> String {
        var head = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\nDate: \(HTTPDate.now())\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        if let contentLength { head += "Content-Length: \(contentLength)\r\n" }
        head +=
            keepAlive
            ? "Keep-Alive: timeout=\(configuration.idleTimeout.components.seconds)\r\n" : "Connection: close\r\n"
        return head + "\r\n"
    }

    private enum ReadResult { case read, closed, timedOut }

    /// Reads what has arrived, waiting until `deadline` for something; `scratch` is the connection's
    /// own receiving buffer, allocated once.
    private func read(
        _ connection: Int32, into buffer: inout [UInt8], scratch: inout [UInt8], until deadline: ContinuousClock.Instant
    ) -> ReadResult {
        guard wait(for: Int16(POLLIN), on: connection, until: deadline) else { return .timedOut }
        while true {
            let (count, number) = scratch.withUnsafeMutableBytes {
                (recv(connection, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)), errno)
            }
            if count > 0 {
                buffer += scratch[..<count]
                return .read
            }
            if count < 0, number == EINTR { continue }
            if count < 0, number == EAGAIN || number == EWOULDBLOCK { return .read }
            return .closed
        }
    }

    /// Writes every byte before `deadline`; `false` when the peer is gone or too slow.
    private func write(_ bytes: [UInt8], to connection: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                send(
                    connection, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                guard wait(for: Int16(POLLOUT), on: connection, until: deadline) else { return false }
            } else {
                return false
            }
        }
        return true
    }

    /// Waits for `events` on the connection until `deadline`; `false` when the deadline passed.
    private func wait(for events: Int16, on connection: Int32, until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return false }
            let (seconds, attoseconds) = remaining.components
            let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: connection, events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return true }
            if ready < 0, errno != EINTR { return true }  // The read or write that follows says what failed.
        }
    }
}

extension PlaceholderServer {
    /// The bodies drawn lately, by their request's parameters: at most 64 of them and 16 MB in all,
    /// none over 4 MB; the least recently used goes first.
    struct ResponseCache {
        private var entries: [String: [UInt8]] = [:]
        private var order: [String] = []
        private var bytes = 0

        mutating func value(for key: String) -> [UInt8]? {
            guard let value = entries[key] else { return nil }
            if let index = order.firstIndex(of: key) {
                order.remove(at: index)
                order.append(key)
            }
            return value
        }

        mutating func insert(_ value: [UInt8], for key: String) {
            guard value.count <= 4 << 20, entries[key] == nil else { return }
            entries[key] = value
            order.append(key)
            bytes += value.count
            while order.count > 64 || bytes > 16 << 20 {
                let oldest = order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    /// The `Date` field's IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), made once a second.
    enum HTTPDate {
        private static let last = Mutex<(second: Int, text: String)>((-1, ""))

        static func now() -> String {
            let second = time(nil)
            if let text = last.withLock({ $0.second == second ? $0.text : nil }) { return text }
            var seconds = second
            var parts = tm()
            gmtime_r(&seconds, &parts)
            let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
            let text =
                "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
                + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
            last.withLock { $0 = (second, text) }
            return text
        }
    }
}
