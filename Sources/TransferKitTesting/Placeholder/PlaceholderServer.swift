public import Foundation
internal import Synchronization
internal import TransferSupport

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

        /// The head limits, as the HTTP core takes them.
        var limits: HTTPRequestHead.Limits {
            HTTPRequestHead.Limits(
                maximumRequestLineLength: maximumRequestLineLength, maximumHeaderBytes: maximumHeaderBytes,
                maximumHeaderFields: maximumHeaderFields)
        }
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

    private let listener: HTTPListener
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)
    /// Large images are drawn two at a time.
    let largeImages = DispatchSemaphore(value: 2)
    /// The bodies drawn lately.
    let cache = Mutex(ResponseCache())

    private struct State {
        var statistics = Statistics()
        /// Each open connection, and whether it is writing a response (then ``stop()`` lets it finish).
        var connections: [Int32: Bool] = [:]
        var isStopping = false
        var isListening = true
    }

    /// Starts a server: it listens at once, and serves on threads of its own until ``stop()``.
    ///
    /// - Parameter configuration: The address, port and limits.
    /// - Throws: `POSIXError`: `EADDRNOTAVAIL` for a host that is not an IP address, `EADDRINUSE`
    ///   for a port in use, `EACCES` for a privileged port, and the like.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        listener = try HTTPListener(host: configuration.host, port: configuration.port)
        port = listener.port
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        url = URL(string: "http://\(host):\(port)/")!
        listener.run(
            name: "placeholder.accept",
            keepsGoingWhenOutOfDescriptors: { [self] in state.withLock { !$0.isStopping } },
            admit: { [self] connection in admit(connection) },
            finished: { [self] in state.withLock { $0.isListening = false } })
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
                HTTPConnection.shutDown(connection)
            }
            return true
        }
        guard first else { return waitUntilStopped() }
        listener.shutDown()
        let deadline = ContinuousClock.now + configuration.writeTimeout
        while state.withLock({ !$0.connections.isEmpty || $0.isListening }) {
            if ContinuousClock.now > deadline {
                state.withLock { state in
                    for connection in state.connections.keys { HTTPConnection.shutDown(connection) }
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

    // MARK: - Connections

    /// Serves an accepted connection on a thread of its own, or refuses it `503` when
    /// ``Configuration/maximumConnections`` are open.
    private func admit(_ connection: HTTPConnection) {
        let admitted = state.withLock { state in
            state.statistics.connectionsAccepted += 1
            guard !state.isStopping, state.connections.count < configuration.maximumConnections else {
                state.statistics.connectionsRefused += 1
                return false
            }
            state.connections[connection.descriptor] = false
            state.statistics.openConnections = state.connections.count
            return true
        }
        guard admitted else {
            refuse(connection)
            return
        }
        let thread = Thread { [self] in serve(connection) }
        thread.name = "placeholder.connection"
        thread.start()
    }

    /// Answers a connection over the limit `503`, without waiting on it, and closes it.
    private func refuse(_ connection: HTTPConnection) {
        let response = HTTPResponse.text(
            .serviceUnavailable,
            "connections: expected at most \(configuration.maximumConnections) at once, found more; retry",
            fields: [HTTPField(.retryAfter, "1")])
        // Without waiting: a deadline already past writes what the socket takes at once.
        _ = connection.send(response, adding: connectionFields(keepAlive: false), forHead: false, until: .now)
        shutdown(connection.descriptor, Int32(SHUT_WR))
        connection.close()
        state.withLock { $0.statistics.responses += 1 }
    }

    private func serve(_ connection: HTTPConnection) {
        var connection = connection
        defer {
            state.withLock { state in
                state.connections[connection.descriptor] = nil
                state.statistics.openConnections = state.connections.count
                connection.close()
            }
        }
        var served = 0
        while served < configuration.maximumRequestsPerConnection {
            // The head: at most requestTimeout from the first byte; an idle kept-alive connection
            // waits at most idleTimeout for that byte.
            let outcome = connection.readHead(
                limits: configuration.limits, requestTimeout: configuration.requestTimeout,
                idleDeadline: served == 0 ? nil : .now + configuration.idleTimeout)
            let head: HTTPRequestHead
            switch outcome {
            case .closed: return
            case .refused(let refusal):
                respond(.text(refusal.status, refusal.reason), on: connection, keepAlive: false, forHead: false)
                connection.drain()
                return
            case .head(let read): head = read
            }
            served += 1
            if let refusal = Self.refusingContent(head) {
                respond(.text(refusal.status, refusal.reason), on: connection, keepAlive: false, forHead: false)
                connection.drain()
                return
            }
            let keepAlive = head.keepsAlive && served < configuration.maximumRequestsPerConnection
            guard beginResponse(on: connection) else { return }
            let written = respond(answer(head), on: connection, keepAlive: keepAlive, forHead: head.method == .head)
            guard endResponse(on: connection), written else { return }
            guard keepAlive else {
                connection.drain()  // The client sees the end at once, and may have sent more.
                return
            }
        }
    }

    /// Marks the connection as writing; `false` when the server is stopping.
    private func beginResponse(on connection: HTTPConnection) -> Bool {
        state.withLock { state in
            guard !state.isStopping else { return false }
            state.connections[connection.descriptor] = true
            return true
        }
    }

    /// Marks the connection idle again; `false` when the server is stopping (then it closes).
    private func endResponse(on connection: HTTPConnection) -> Bool {
        state.withLock { state in
            state.connections[connection.descriptor] = false
            return !state.isStopping
        }
    }

    /// Writes a response within ``Configuration/writeTimeout``, with the `Date` and the
    /// connection's fields; `false` when it could not be written.
    @discardableResult
    private func respond(_ response: HTTPResponse, on connection: HTTPConnection, keepAlive: Bool, forHead: Bool)
        -> Bool
    {
        state.withLock { $0.statistics.responses += 1 }
        return connection.send(
            response, adding: connectionFields(keepAlive: keepAlive), forHead: forHead,
            until: .now + configuration.writeTimeout)
    }

    /// `Date`, and `Keep-Alive` or `Connection: close`.
    private func connectionFields(keepAlive: Bool) -> [HTTPField] {
        [
            HTTPField(.date, HTTPDate.now()),
            keepAlive
                ? HTTPField(.keepAlive, "timeout=\(configuration.idleTimeout.components.seconds)")
                : HTTPField(.connection, "close"),
        ]
    }
}
