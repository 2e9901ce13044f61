import Foundation
import HTTPTestClient
import Testing
import TransferKitTesting
import TransferSupport

/// The placeholder server over real sockets on the loopback interface, driven by a client that
/// writes exactly what it is told to.
///
/// Serialized, and each test's blocking client on a thread of its own: the cooperative pool (one
/// thread per core) stays free for the asynchronous tests running beside them.
@Suite("PlaceholderServer", .serialized)
struct PlaceholderServerTests {
    func withServer(
        _ configure: (inout PlaceholderServer.Configuration) -> Void = { _ in },
        _ body: @escaping @Sendable (PlaceholderServer) throws -> Void
    ) async throws {
        var configuration = PlaceholderServer.Configuration()
        configure(&configuration)
        let server = try PlaceholderServer(configuration: configuration)
        defer { server.stop() }
        try await onThreadOfItsOwn { try body(server) }
    }

    func get(_ target: String, _ fields: String = "", version: String = "HTTP/1.1") -> String {
        "GET \(target) \(version)\r\nHost: 127.0.0.1\r\n\(fields)\r\n"
    }

    @Test("an image: 200, its type, length, entity tag and cache policy, the bytes the library draws")
    func image() async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            client.write(get("/image.png?width=300&height=200&text=%E5%95%86%E5%93%81"))
            let response = try client.response()
            let expected = try PlaceholderRequest(target: "/image.png?width=300&height=200&text=商品")
            #expect(response.status == 200)
            #expect(response.value("Content-Type") == "image/png")
            #expect(response.value("Content-Length") == String(expected.data().count))
            #expect(response.value("ETag") == expected.entityTag)
            #expect(response.value("Cache-Control") == "public, max-age=86400")
            #expect(response.value("Access-Control-Allow-Origin") == "*")
            #expect(response.value("Date")?.hasSuffix(" GMT") == true)
            #expect(response.body == expected.data())
            #expect(server.url.absoluteString == "http://127.0.0.1:\(server.port)/")
        }
    }

    @Test("keep-alive: requests one after another, and pipelined, on one connection")
    func keepAlive() async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            for side in 1...5 {
                client.write(get("/\(side).png"))
                let response = try client.response()
                #expect(response.status == 200 && response.value("Connection") == nil)
                #expect(response.body == (try PlaceholderRequest(target: "/\(side).png").data()))
            }
            client.write(get("/1.png") + get("/audio.wav?duration=0.01") + get("/nothing"))
            #expect(try client.response().value("Content-Type") == "image/png")
            #expect(try client.response().value("Content-Type") == "audio/wav")
            #expect(try client.response().status == 404)
            #expect(server.statistics.connectionsAccepted == 1)
            #expect(server.statistics.responses == 8)
            // HTTP/1.0 closes unless asked; Connection: close is honoured.
            let old = try RawHTTPClient(port: server.port)
            old.write("GET /1.png HTTP/1.0\r\n\r\n")
            #expect(try old.response().value("Connection") == "close")
            #expect(old.isClosed())
            let closing = try RawHTTPClient(port: server.port)
            closing.write(get("/1.png", "Connection: close\r\n"))
            #expect(try closing.response().status == 200)
            #expect(closing.isClosed())
        }
    }

    @Test("HEAD gives the head GET would, without the body; If-None-Match gives 304 without drawing")
    func headAndConditional() async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            client.write("HEAD /64x32.png HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.response(head: true)
            client.write(get("/64x32.png"))
            let full = try client.response()
            #expect(head.status == 200 && head.body.isEmpty)
            #expect(head.value("Content-Length") == String(full.body.count))
            #expect(head.value("ETag") == full.value("ETag"))
            let tag = try #require(full.value("ETag"))
            client.write(get("/64x32.png", "If-None-Match: \"other\", W/\(tag)\r\n"))
            let notModified = try client.response()
            #expect(notModified.status == 304 && notModified.body.isEmpty && notModified.value("ETag") == tag)
            client.write(get("/64x31.png", "If-None-Match: \(tag)\r\n"))
            #expect(try client.response().status == 200)
            client.write("OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n")
            let options = try client.response()
            #expect(options.status == 204 && options.value("Allow") == "GET, HEAD, OPTIONS")
        }
    }

    @Test(
        "bad requests get a status and words; the connection stays open when HTTP's framing is sound",
        arguments: [
            (
                "/image.png?width=2147483648", 400, "width: expected a whole number from 1 to 4096, found '2147483648'",
                true
            ),
            ("/image.png?text=%E3%81", 400, "text: expected a value percent-encoded as UTF-8", true),
            ("/image.png?text=%zz", 400, "text: expected a value percent-encoded as UTF-8", true),
            ("/image.png?width=1&width=2", 400, "width: expected one value", true),
            ("/photo.jpg", 404, "path: expected /image.png", true),
        ])
    func badParameters(target: String, status: Int, words: String, staysOpen: Bool) async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            client.write(get(target))
            let response = try client.response()
            #expect(response.status == status)
            #expect(response.value("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.text.hasPrefix(words), "\(response.text)")
            client.write(get("/1.png"))
            #expect(try client.response().status == 200, "the connection still serves")
        }
    }

    @Test(
        "requests HTTP refuses: the status, the words, and the connection closed",
        arguments: [
            ("POST /image.png HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc", 413, "content: expected none"),
            (
                "GET /image.png HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 413,
                "content: expected none"
            ),
            (
                "DELETE /image.png HTTP/1.1\r\nHost: x\r\n\r\n", 405,
                "method: expected GET, HEAD or OPTIONS, found 'DELETE'"
            ),
            ("GET /image.png HTTP/1.1\r\n\r\n", 400, "Host: expected one field"),
            ("GET /image.png HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "Host: expected one field"),
            (
                "GET /image.png HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n", 400,
                "header line 2: expected a field, found a folded line"
            ),
            ("GET /image.png HTTP/1.1\r\nHost: a\r\nNo colon\r\n\r\n", 400, "header line 2: expected NAME: VALUE"),
            ("GET /image.png HTTP/1.1\r\nHost: a\r\nBad Name: x\r\n\r\n", 400, "header line 2: expected NAME: VALUE"),
            ("GET  /image.png HTTP/1.1\r\nHost: a\r\n\r\n", 400, "request line: expected METHOD TARGET HTTP/1.1"),
            ("\u{16}\u{03}\u{01}\u{02}\u{00}\u{01}\r\n\r\n", 400, "request line: expected METHOD TARGET HTTP/1.1"),
            ("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "version: expected HTTP/1.1 or HTTP/1.0, found 'HTTP/2.0'"),
            ("GET /image.png HTTP/1.1x\r\nHost: a\r\n\r\n", 400, "request line: expected HTTP/1.1 at its end"),
        ])
    func framingRefusals(request: String, status: Int, words: String) async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            client.write(request)
            let response = try client.response()
            #expect(response.status == status, "\(response.text)")
            #expect(response.text.hasPrefix(words), "\(response.text)")
            if status == 405 {
                #expect(response.value("Allow") == "GET, HEAD, OPTIONS")
                // A 405's framing is sound: the connection stays, and serves the next request.
                client.write(get("/1.png"))
                #expect(try client.response().status == 200, "a 405's connection serves the next request")
            } else {
                #expect(response.value("Connection") == "close")
                #expect(client.isClosed())
            }
        }
    }

    @Test("a megabyte-long URL: 414 as soon as the line passes the limit, not after reading it all")
    func megabyteURL() async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            let start = ContinuousClock.now
            client.write(
                "GET /image.png?text=" + String(repeating: "a", count: 1 << 20) + " HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.response()
            #expect(response.status == 414)
            #expect(
                response.text.hasPrefix("request line: expected at most 8192 bytes before its line end, found more"))
            #expect(client.isClosed())
            #expect(ContinuousClock.now - start < .seconds(5))
            let next = try RawHTTPClient(port: server.port)
            next.write(get("/1.png"))
            #expect(try next.response().status == 200)
        }
    }

    @Test("a response that closes the connection arrives whole, though the client sent more than was read")
    func closingResponseArrivesWhole() async throws {
        try await withServer { server in
            // A body of about 880 KB: more than the socket buffers hold while the client does not read.
            let expected = try PlaceholderRequest(target: "/audio.wav?duration=10").data()
            let client = try RawHTTPClient(port: server.port)
            client.write(
                "GET /audio.wav?duration=10 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
                    + String(repeating: "junk", count: 16_384))
            // The server has begun the response: it writes what fits, then waits for the client to read.
            #expect(server.waitForStatistics { $0.responses == 1 })
            let response = try client.response()
            #expect(response.status == 200 && response.value("Connection") == "close")
            // Closing a socket with unread bytes resets it, and a reset drops what was not yet sent:
            // the server reads the rest first.
            #expect(response.body == expected, "\(response.body.count) of \(expected.count) bytes")
        }
    }

    @Test("10,000 header fields, or 100 KB of one: 431")
    func tooManyHeaders() async throws {
        try await withServer { server in
            let many = try RawHTTPClient(port: server.port)
            many.write(
                "GET /1.png HTTP/1.1\r\nHost: x\r\n" + (0..<10_000).map { "X-\($0): y\r\n" }.joined() + "\r\n")
            let refused = try many.response()
            #expect(refused.status == 431)
            #expect(refused.text.hasPrefix("header: expected at most 100 fields, found more"))
            let large = try RawHTTPClient(port: server.port)
            large.write(
                "GET /1.png HTTP/1.1\r\nHost: x\r\nCookie: " + String(repeating: "c", count: 100_000) + "\r\n\r\n")
            let tooLarge = try large.response()
            #expect(tooLarge.status == 431)
            #expect(tooLarge.text.hasPrefix("header: expected at most 16384 bytes of fields, found more"))
        }
    }

    @Test("a slowloris gets 408 when its time is up, and nobody else waits for it meanwhile")
    func slowloris() async throws {
        try await withServer({ $0.requestTimeout = .milliseconds(800) }) { server in
            let slow = try RawHTTPClient(port: server.port)
            let start = ContinuousClock.now
            // One byte every 50 ms: the head would take far longer than the timeout.
            let trickle = Thread {
                for byte in "GET /image.png?text=slow HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaa\r\n\r\n".utf8 {
                    guard slow.write([byte]) else { return }
                    usleep(50_000)
                }
            }
            trickle.start()
            // The slowloris is accepted, its head's time running, before anyone else connects.
            #expect(server.waitForStatistics { $0.connectionsAccepted == 1 })
            for _ in 0..<20 {
                let other = try RawHTTPClient(port: server.port)
                let asked = ContinuousClock.now
                other.write(get("/8.png"))
                #expect(try other.response().status == 200)
                #expect(ContinuousClock.now - asked < .milliseconds(500), "served while the slowloris trickles")
            }
            let response = try slow.response(timeout: .seconds(5))
            let elapsed = ContinuousClock.now - start
            #expect(response.status == 408)
            #expect(response.text.hasPrefix("request: expected a complete head within 800 milliseconds, found "))
            #expect(elapsed >= .milliseconds(700) && elapsed < .seconds(3), "\(elapsed)")
            #expect(slow.isClosed())
        }
    }

    @Test("an idle connection is closed after the idle timeout; one that sends nothing, after the request timeout")
    func idleConnections() async throws {
        try await withServer({
            $0.idleTimeout = .milliseconds(300)
            $0.requestTimeout = .milliseconds(600)
        }) { server in
            let kept = try RawHTTPClient(port: server.port)
            kept.write(get("/1.png"))
            #expect(try kept.response().status == 200)
            let start = ContinuousClock.now
            #expect(kept.isClosed(within: .seconds(3)))
            #expect(ContinuousClock.now - start < .seconds(2))
            let silent = try RawHTTPClient(port: server.port)
            #expect(silent.isClosed(within: .seconds(3)))
            // The loop counts its connections after it closes them: waited for, not read at once.
            #expect(server.waitForStatistics { $0.openConnections == 0 }, "\(server.statistics)")
        }
    }

    @Test(
        "past the limit, with every connection in a request, a newcomer is answered 503 at once; the others are served")
    func connectionLimit() async throws {
        try await withServer({ $0.maximumConnections = 2 }) { server in
            // Each sends a request and the start of another, and reads the first's answer: the
            // server reads the second's start as it finishes writing the first's answer, before it
            // waits for anything else. Both are then in a request: neither is idle, neither makes room.
            let first = try RawHTTPClient(port: server.port)
            let second = try RawHTTPClient(port: server.port)
            for client in [first, second] {
                client.write(get("/1.png") + "GET /2.png HTTP/1.1\r\n")
                #expect(try client.response().status == 200)
            }
            let third = try RawHTTPClient(port: server.port)
            let refused = try third.response(timeout: .seconds(10))
            #expect(refused.status == 503 && refused.value("Retry-After") == "1")
            #expect(refused.text.hasPrefix("connections: expected at most 2 at once, found more, each in a request"))
            first.write("Host: x\r\n\r\n")
            second.write("Host: x\r\n\r\n")
            #expect(try first.response().status == 200)
            #expect(try second.response().status == 200)
            #expect(server.statistics.connectionsRefused == 1)
            #expect(server.statistics.idleConnectionsClosed == 0)
        }
    }

    @Test("at the limit, the connection idle longest is closed for a newcomer, which is served")
    func idleConnectionMakesRoom() async throws {
        try await withServer({ $0.maximumConnections = 2 }) { server in
            let older = try RawHTTPClient(port: server.port)
            older.write(get("/1.png"))
            #expect(try older.response().status == 200)
            let newer = try RawHTTPClient(port: server.port)
            newer.write(get("/2.png"))
            #expect(try newer.response().status == 200)
            // Both idle now, kept alive; the older has waited longer.
            let newcomer = try RawHTTPClient(port: server.port)
            newcomer.write(get("/3.png"))
            #expect(try newcomer.response().status == 200)
            #expect(older.isClosed(within: .seconds(5)))
            newer.write(get("/4.png"))
            #expect(try newer.response().status == 200)
            #expect(server.statistics.idleConnectionsClosed == 1)
            #expect(server.statistics.connectionsRefused == 0)
        }
    }

    @Test("2,000 idle connections cost no service: a good request is answered 200, none is refused or closed")
    func thousandsOfIdleConnections() async throws {
        let count = allowDescriptors(forConnections: 2000)
        // Long enough a wait for the first request that none is closed while the others connect.
        try await withServer({ $0.requestTimeout = .seconds(120) }) { server in
            let idle = try (0..<count).map { _ in try RawHTTPClient(port: server.port) }
            for _ in 0..<5 {
                let good = try RawHTTPClient(port: server.port)
                good.write(get("/64x64.png"))
                #expect(try good.response().status == 200)
            }
            #expect(server.statistics.connectionsRefused == 0)
            #expect(server.statistics.idleConnectionsClosed == 0)
            #expect(server.statistics.connectionsAccepted == count + 5)
            // The first idle connection is still open: it serves a request.
            idle[0].write(get("/1.png"))
            #expect(try idle[0].response().status == 200)
        }
    }

    @Test("300 slowloris connections, a header line at a time: good requests are answered meanwhile, the slow ones 408")
    func manySlowlorisConnections() async throws {
        let count = allowDescriptors(forConnections: 300)
        try await withServer({ $0.requestTimeout = .seconds(3) }) { server in
            let slow = try (0..<count).map { _ in try RawHTTPClient(port: server.port) }
            for client in slow { client.write("GET /1.png HTTP/1.1\r\n") }
            // The attackers' pace: a header line each, every 200 ms, until their time is up.
            let trickling = Thread {
                for line in 0..<10 {
                    for client in slow { client.write("X-Line-\(line): slow\r\n") }
                    usleep(200_000)
                }
            }
            trickling.start()
            for index in 0..<20 {
                let good = try RawHTTPClient(port: server.port)
                good.write(get("/image.png?width=\(index + 1)&height=8"))
                #expect(try good.response().status == 200)
            }
            let answers = try slow.map { try $0.response(timeout: .seconds(30)).status }
            #expect(answers.allSatisfy { $0 == 408 }, "\(Set(answers))")
            #expect(server.statistics.connectionsRefused == 0)
        }
    }

    @Test("5,000 pipelined requests on one connection: 1,000 answered in order, the last with Connection: close")
    func pipelinedFlood() async throws {
        try await withServer { server in
            let client = try RawHTTPClient(port: server.port)
            let writer = Thread {
                client.write((0..<5000).map { get("/image.png?width=\($0 % 50 + 1)&height=1&text=") }.joined())
            }
            writer.start()
            var statuses: [Int] = []
            var last: RawHTTPClient.Response?
            for _ in 0..<1000 {
                let response = try client.response()
                statuses.append(response.status)
                last = response
            }
            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(last?.value("Connection") == "close")
            #expect(client.isClosed())
        }
    }

    @Test("random bytes, giant dimensions and a megabyte of header lines are refused in words; the server goes on")
    func hostileFloods() async throws {
        try await withServer { server in
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<20 {
                let client = try RawHTTPClient(port: server.port)
                client.write((0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) })
                let response = try client.response()
                #expect([400, 414, 431, 505].contains(response.status), "\(response.status) \(response.text)")
            }
            let giant = try RawHTTPClient(port: server.port)
            giant.write(get("/100000x100000.png"))
            #expect(try giant.response().status == 400)
            let lines = try RawHTTPClient(port: server.port)
            lines.write("GET /1.png HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 131_072) + "\r\n")
            #expect(try lines.response().status == 431)
            let good = try RawHTTPClient(port: server.port)
            good.write(get("/1.png"))
            #expect(try good.response().status == 200)
        }
    }

    @Test("thousands of requests and connections: every connection closed afterwards, none left open")
    func manyRequests() async throws {
        try await withServer { server in
            // A connection serves 1,000 requests, the last with Connection: close; then the client
            // opens another, as clients do.
            var client = try RawHTTPClient(port: server.port)
            var closes: [Int] = []
            for index in 0..<3000 {
                client.write(get("/image.png?width=\(index % 7 + 1)&height=1&text="))
                let response = try client.response()
                guard response.status == 200 else {
                    Issue.record("request \(index) failed")
                    return
                }
                if response.value("Connection") == "close" {
                    closes.append(index)
                    #expect(client.isClosed())
                    client = try RawHTTPClient(port: server.port)
                }
            }
            #expect(closes == [999, 1999, 2999])
            client.write(get("/1.png"))
            #expect(try client.response().status == 200)
            for _ in 0..<300 {
                let short = try RawHTTPClient(port: server.port)
                short.write(get("/1.png", "Connection: close\r\n"))
                #expect(try short.response().status == 200)
            }
            // Each short client's connection is closed once its response is written.
            #expect(server.waitForStatistics { $0.openConnections <= 1 }, "\(server.statistics)")
            #expect(server.statistics.openConnections == 1, "only the kept-alive client is open")
            #expect(server.statistics.responses == 3301)
            #expect(server.statistics.connectionsAccepted == 304)
        }
    }

    @Test("stop() closes idle connections at once, refuses new ones, and is idempotent")
    func stopping() async throws {
        try await onThreadOfItsOwn { try stoppingOnThread() }
    }

    func stoppingOnThread() throws {
        let server = try PlaceholderServer()
        let idle = try RawHTTPClient(port: server.port)
        idle.write(get("/1.png"))
        #expect(try idle.response().status == 200)
        let start = ContinuousClock.now
        server.stop()
        #expect(ContinuousClock.now - start < .seconds(1))
        #expect(idle.isClosed(within: .seconds(1)))
        #expect(throws: (any Error).self) { try RawHTTPClient(port: server.port) }
        server.stop()
        #expect(server.statistics.openConnections == 0)
    }

    @Test(
        "IPv6 loopback: ::1, its URL in brackets",
        .enabled(if: (try? PlaceholderServer(configuration: ipv6Loopback))?.stop() != nil, "no IPv6 loopback here"))
    func ipv6() async throws {
        try await withServer({ $0 = ipv6Loopback }) { server in
            #expect(server.url.absoluteString == "http://[::1]:\(server.port)/")
            let client = try RawHTTPClient(port: server.port, ipv6: true)
            client.write(get("/16x8.png"))
            let response = try client.response()
            #expect(response.status == 200)
            #expect(response.body == (try PlaceholderRequest(target: "/16x8.png").data()))
        }
    }

    @Test("a host that is not an IP address, or a port in use, is refused at the start")
    func startFailures() throws {
        var configuration = PlaceholderServer.Configuration()
        configuration.host = "example.com"
        #expect(throws: POSIXError(.EADDRNOTAVAIL)) { try PlaceholderServer(configuration: configuration) }
        let server = try PlaceholderServer()
        defer { server.stop() }
        configuration.host = "127.0.0.1"
        configuration.port = server.port
        #expect(throws: POSIXError(.EADDRINUSE)) { try PlaceholderServer(configuration: configuration) }
    }
}

/// The IPv6 loopback address, an ephemeral port.
let ipv6Loopback = {
    var configuration = PlaceholderServer.Configuration()
    configuration.host = "::1"
    return configuration
}()

/// Runs `body`, which blocks, on a thread of its own rather than one of the cooperative pool's.
func onThreadOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}

/// Raises this process's soft limit of descriptors so that it can hold `connections` both ways (its
/// clients' ends and the server's, in one process), within the hard limit: the number of
/// connections it can hold, at most `connections` (said when fewer).
func allowDescriptors(forConnections connections: Int) -> Int {
    let allowed = SystemCalls.allowDescriptors(2 * connections + 256)
    let possible = min(connections, (allowed - 256) / 2)
    if possible < connections {
        print("only \(possible) of \(connections) connections: this process may open \(allowed) descriptors")
    }
    return possible
}
