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
/// | a connection beyond ``Configuration/maximumConnections``, when none is idle | `503` |
/// | a version other than HTTP/1.x | `505` |
///
/// Connections are served from one thread by readiness (`poll`), as an event-driven server serves
/// them: an idle connection, or one that sends its head a byte at a time, costs a descriptor and a
/// few hundred bytes, not a thread, and thousands of them do not keep a good client waiting. Every
/// wait has a deadline, so a connection cannot be held open without sending or reading. Answers are
/// made on worker threads; large images (over a million pixels) are drawn two at a time.
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
        /// The most connections open at once, idle and slow ones included (they cost a descriptor
        /// and memory, not a thread). At the limit, the connection idle longest (waiting for a
        /// request, nothing of one sent) is closed for the newcomer; when none is idle, the
        /// newcomer is answered `503` and closed. The default is 10,000: a process allowed fewer
        /// descriptors (`ulimit -n`) closes idle connections when it runs out.
        public var maximumConnections = 10_000
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
        /// The connections answered `503` because ``Configuration/maximumConnections`` were open,
        /// each in the middle of a request.
        public var connectionsRefused = 0
        /// The idle connections closed to make room for new ones at
        /// ``Configuration/maximumConnections``.
        public var idleConnectionsClosed = 0
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

    private let loop: HTTPServerLoop

    /// Starts a server: it listens at once, and serves from a thread of its own until ``stop()``.
    ///
    /// - Parameter configuration: The address, port and limits.
    /// - Throws: `POSIXError`: `EADDRNOTAVAIL` for a host that is not an IP address, `EADDRINUSE`
    ///   for a port in use, `EACCES` for a privileged port, `EMFILE` when no descriptor is left,
    ///   and the like.
    public init(configuration: Configuration = Configuration()) throws {
        self.configuration = configuration
        // A long queue of connections not yet accepted: a burst of thousands would otherwise have
        // the system drop their first packets, and each client wait a second to try again.
        let listener = try HTTPListener(host: configuration.host, port: configuration.port, backlog: 4096)
        port = listener.port
        let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        url = URL(string: "http://\(host):\(port)/")!
        let settings = HTTPServerLoop.Settings(
            limits: configuration.limits, requestTimeout: configuration.requestTimeout,
            idleTimeout: configuration.idleTimeout, writeTimeout: configuration.writeTimeout,
            maximumConnections: configuration.maximumConnections,
            maximumRequestsPerConnection: configuration.maximumRequestsPerConnection)
        let answering = Answering()
        do {
            loop = try HTTPServerLoop(listener: listener, settings: settings, name: "placeholder.serve") {
                head, reply in
                if let refusal = Self.refusingContent(head) {
                    return reply(HTTPServerLoop.Reply(response: .text(refusal.status, refusal.reason), closes: true))
                }
                answering.answer(head) { reply(HTTPServerLoop.Reply(response: $0)) }
            }
        } catch {
            listener.descriptor.close()
            throw error
        }
    }

    /// What the server has done so far.
    public var statistics: Statistics { Self.statistics(of: loop.statistics) }

    private static func statistics(of loop: HTTPServerLoop.Statistics) -> Statistics {
        Statistics(
            connectionsAccepted: loop.accepted, connectionsRefused: loop.refused,
            idleConnectionsClosed: loop.idleClosed, openConnections: loop.open, responses: loop.responses)
    }

    /// Waits until `condition` holds for ``statistics`` — woken by each change, not polled — or
    /// `timeout` has passed: for a test that must know the server has done something (accepted a
    /// connection, begun a response) before it goes on.
    ///
    /// - Returns: Whether it held.
    package func waitForStatistics(timeout: Duration = .seconds(10), until condition: (Statistics) -> Bool) -> Bool {
        loop.waitForStatistics(timeout: timeout) { condition(Self.statistics(of: $0)) }
    }

    /// Stops the server: no more connections are accepted, idle ones are closed, and responses being
    /// made or written are finished (for at most ``Configuration/writeTimeout``). Returns when every
    /// connection is closed; called again, or from several threads, each call returns once the first
    /// has finished.
    ///
    /// A server runs until it is stopped: its thread keeps it alive, so letting go of the last
    /// reference does not stop it.
    public func stop() {
        loop.stop()
    }

    /// Blocks until ``stop()`` has finished (from another thread, or a signal's handler).
    public func waitUntilStopped() {
        loop.waitUntilStopped()
    }
}
