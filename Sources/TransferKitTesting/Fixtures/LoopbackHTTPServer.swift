public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A real HTTP/1.1 server on the loopback interface (127.0.0.1 or another loopback address, an
/// ephemeral port), for tests of code that fetches — link previews among them — without the network:
/// one response per connection (`Connection: close`), chosen by the request's path; responses may be
/// delayed, and a body may be endless (written until the client closes the connection, at most about
/// 256 MB). A `HEAD` request is answered without the body; a request that is not HTTP/1.x is
/// answered `400` (or `505`, `414`, `431`) with what was expected, as ``PlaceholderServer`` refuses
/// it — both servers read requests with one HTTP core.
///
/// It can also misbehave as a hostile server would: a ``Response/raw(_:)-([LoopbackHTTPServer.Step])`` response is a script of
/// ``Step``s — bytes written as they are (truncated or malformed heads, conflicting framing), pauses,
/// bytes trickled one at a time (slowloris), a pattern written many times (endless or bomb bodies)
/// and a reset.
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
    ///
    /// `Response` is `Sendable`.
    public struct Response: Sendable {
        /// The status: `.ok`, `.notFound`, or a code (`404`).
        public var status: HTTPStatus
        /// The header fields, in order; `Content-Length` and `Connection` are added.
        public var headerFields: [HTTPField]
        /// The body.
        public var body: Data
        /// How long to wait before answering.
        public var delay: Duration
        /// Whether to write the body again and again until the client goes away (no Content-Length).
        public var isEndless: Bool
        /// The script of a raw response, which replaces the status, headers and body; `nil` otherwise.
        public var steps: [Step]?

        /// A response.
        public init(
            status: HTTPStatus = .ok,
            headerFields: [HTTPField] = [HTTPField(.contentType, "text/html; charset=utf-8")],
            body: Data = Data(),
            delay: Duration = .zero,
            isEndless: Bool = false
        ) {
            self.status = status
            self.headerFields = headerFields
            self.body = body
            self.delay = delay
            self.isEndless = isEndless
        }

        /// A page of HTML.
        public static func html(_ text: String, contentType: String = "text/html; charset=utf-8") -> Response {
            Response(headerFields: [HTTPField(.contentType, contentType)], body: Data(text.utf8))
        }

        /// A redirect to `location`: `302 Found` unless `status` says otherwise.
        public static func redirect(_ location: String, status: HTTPStatus = .found) -> Response {
            Response(status: status, headerFields: [HTTPField(.location, location)])
        }

        /// A response written exactly as `steps` say, status line and headers included; the
        /// connection is closed after the last step.
        public static func raw(_ steps: [Step]) -> Response {
            var response = Response()
            response.steps = steps
            return response
        }

        /// A response written exactly as `text` is (its UTF-8 bytes), then the connection closed.
        public static func raw(_ text: String) -> Response { raw([.write(Data(text.utf8))]) }
    }

    /// One step of a raw response.
    public enum Step: Sendable {
        /// Writes the bytes as they are.
        case write(Data)
        /// Writes the bytes `count` times (a long body made without holding it).
        case writeRepeatedly(Data, count: Int)
        /// Writes the bytes one at a time, `interval` apart (a slowloris sender).
        case trickle(Data, interval: Duration)
        /// Waits.
        case pause(Duration)
        /// Resets the connection (a TCP RST, not an orderly close) and ends the script.
        case reset
    }

    /// One request the server received: its path and its header fields.
    ///
    /// `Request` is `Sendable`.
    public struct Request: Sendable {
        /// The path, with its query.
        public let path: String
        /// The header fields, in the order they came, names as sent.
        public let headerFields: [HTTPField]

        /// The value of the first header field of that name, compared without case.
        public func value(forHTTPHeaderField name: String) -> String? {
            headerFields[HTTPField.Name(name)]
        }
    }

    /// How the server's answer to a request ended.
    ///
    /// `Outcome` is `Sendable`.
    public enum Outcome: Sendable, Hashable {
        /// The response was written whole (its script run to its end).
        case sent
        /// The client closed the connection first: while the server delayed the response
        /// (``Response/delay``, a ``Step/pause(_:)``, a ``Step/trickle(_:interval:)``'s interval),
        /// or a write found it gone. A delay ends there, rather than at its time.
        case abandoned
    }

    /// The port the server listens on.
    public let port: UInt16
    /// The loopback address the server listens on.
    public let host: String
    private let listener: HTTPListener
    private let routes: @Sendable (String) -> Response
    private let received = Mutex<[Request]>([])
    private let connections = Mutex(0)
    private let stopped = Mutex(false)
    /// The outcomes so far, in the order the answers ended, and who waits for a number of them.
    private let ended = Mutex<
        (outcomes: [Outcome], watchers: [(count: Int, continuation: CheckedContinuation<[Outcome], Never>)])
    >(([], []))

    /// The paths requested so far, in order.
    public var requestedPaths: [String] { requests.map(\.path) }

    /// The requests received so far, in order.
    public var requests: [Request] { received.withLock { $0 } }

    /// The connections accepted so far, a request sent on them or not.
    public var connectionCount: Int { connections.withLock { $0 } }

    /// Returns once `count` answers have ended, with how each ended, in the order they ended: an
    /// event to wait for rather than a time — a test of cancellation asks whether the client left
    /// while the server was still delaying its answer (``Outcome/abandoned``) or waited for it
    /// (``Outcome/sent``). Connections that sent no request are not counted.
    public func outcomes(ofFirst count: Int) async -> [Outcome] {
        await withCheckedContinuation { (continuation: CheckedContinuation<[Outcome], Never>) in
            let now = ended.withLock { ended -> [Outcome]? in
                if ended.outcomes.count >= count { return Array(ended.outcomes.prefix(count)) }
                ended.watchers.append((count, continuation))
                return nil
            }
            if let now { continuation.resume(returning: now) }
        }
    }

    private func record(_ outcome: Outcome) {
        let served = ended.withLock { ended -> [(CheckedContinuation<[Outcome], Never>, [Outcome])] in
            ended.outcomes.append(outcome)
            let outcomes = ended.outcomes
            let ready = ended.watchers.filter { $0.count <= outcomes.count }
            ended.watchers.removeAll { $0.count <= outcomes.count }
            return ready.map { ($0.continuation, Array(outcomes.prefix($0.count))) }
        }
        for (continuation, outcomes) in served { continuation.resume(returning: outcomes) }
    }

    /// Starts a server on a loopback address and a port.
    ///
    /// - Parameters:
    ///   - host: The IPv4 loopback address to listen on: `127.0.0.1` or another in `127.0.0.0/8`.
    ///   - port: The port, or 0 for an ephemeral one.
    ///   - routes: The response to each request's path (with its query).
    /// - Throws: `POSIXError` when no socket can be opened or bound, or `host` is not an IPv4
    ///   loopback address.
    public init(
        host: String = "127.0.0.1", port: UInt16 = 0, routes: @escaping @Sendable (String) -> Response
    ) throws {
        self.routes = routes
        self.host = host
        guard host.hasPrefix("127."), inet_addr(host) != INADDR_NONE else { throw POSIXError(.EADDRNOTAVAIL) }
        listener = try HTTPListener(host: host, port: port, backlog: 64)
        self.port = listener.port
        listener.run(name: "loopback.accept") { [self] connection in
            connections.withLock { $0 += 1 }
            // A delayed response blocks only its thread.
            Thread { [self] in serve(connection) }.start()
        }
    }

    /// The URL of `path` on this server; `host` may be a name that resolves to the server's address.
    public func url(_ path: String, host: String? = nil) -> URL {
        URL(string: "http://\(host ?? self.host):\(port)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Stops accepting connections. Called again, or on deinitialization, it does nothing more.
    public func stop() {
        guard
            stopped.withLock({ stopped in
                defer { stopped = true }; return !stopped
            })
        else { return }
        listener.shutDown()
    }

    deinit { stop() }

    /// The limits of a request head: generous, for tests that send long URLs on purpose.
    private static let limits = HTTPRequestHead.Limits(
        maximumRequestLineLength: 65_536, maximumHeaderBytes: 65_536, maximumHeaderFields: 1000)

    private func serve(_ connection: HTTPConnection) {
        var connection = connection
        defer { connection.close() }
        let head: HTTPRequestHead
        switch connection.readHead(limits: Self.limits, requestTimeout: .seconds(60)) {
        case .closed: return
        case .refused(let refusal):
            _ = connection.send(
                .text(refusal.status, refusal.reason), adding: [HTTPField(.connection, "close")], forHead: false,
                until: nil)
            return
        case .head(let read): head = read
        }
        received.withLock {
            $0.append(Request(path: head.target, headerFields: head.fields))
        }
        record(answer(routes(head.target), to: head, on: &connection))
    }

    /// Answers a request: delays, then writes the response or runs its script.
    private func answer(_ response: Response, to head: HTTPRequestHead, on connection: inout HTTPConnection)
        -> Outcome
    {
        if response.delay > .zero, connection.waitForClientToLeave(until: .now + response.delay) { return .abandoned }
        if let steps = response.steps { return perform(steps, on: &connection) }
        let answer = HTTPResponse(
            status: response.status, fields: [HTTPField(.connection, "close")] + response.headerFields,
            body: response.isEndless ? nil : Array(response.body))
        guard connection.send(answer, adding: [], forHead: head.method == .head, until: nil) else { return .abandoned }
        if response.isEndless, head.method != .head {
            var chunk = response.body.isEmpty ? Data(repeating: 0x20, count: 65_536) : response.body
            while chunk.count < 65_536 { chunk += response.body }
            let bytes = Array(chunk)
            // At most about 256 MB.
            for _ in 0..<4_000 { guard connection.write(bytes, until: nil) else { return .abandoned } }
        }
        return .sent
    }

    /// Runs a raw response's script; stops at the first write the client no longer reads, and at
    /// a pause the client leaves.
    private func perform(_ steps: [Step], on connection: inout HTTPConnection) -> Outcome {
        for step in steps {
            switch step {
            case .write(let bytes):
                guard connection.write(Array(bytes), until: nil) else { return .abandoned }
            case .writeRepeatedly(let bytes, let count):
                let chunk = Array(bytes)
                for _ in 0..<count { guard connection.write(chunk, until: nil) else { return .abandoned } }
            case .trickle(let bytes, let interval):
                for byte in bytes {
                    guard connection.write([byte], until: nil),
                        !connection.waitForClientToLeave(until: .now + interval)
                    else { return .abandoned }
                }
            case .pause(let duration):
                if connection.waitForClientToLeave(until: .now + duration) { return .abandoned }
            case .reset:
                connection.resetOnClose()
                return .sent
            }
        }
        return .sent
    }
}
