import Foundation
import HTTPTestClient
import Testing

@testable import TransferKitTesting

/// The HTTP/1.1 core that `LoopbackHTTPServer` and `PlaceholderServer` share: request heads read
/// strictly, statuses and fields as values, and both servers answering through it.
@Suite("HTTP core: one reading of requests and writing of responses for both test servers", .serialized)
struct HTTPServerCoreTests {
    private func parse(_ text: String) -> Result<HTTPRequestHead, HTTPRequestHead.Refusal> {
        HTTPRequestHead.parse(Array(text.utf8)[...])
    }

    @Test("a head: the method a typed value, fields found without case, keep-alive by version")
    func head() throws {
        let head = try parse("HEAD /a?b=1 HTTP/1.1\r\nhost: x\r\nIF-NONE-MATCH: \"t\"\r\n\r\n").get()
        #expect(head.method == .head && head.method != .get)
        #expect(head.target == "/a?b=1")
        #expect(head.fields[.host] == "x")
        #expect(head.fields.values(.ifNoneMatch) == ["\"t\""])
        #expect(head.keepsAlive)
        #expect(try !parse("GET / HTTP/1.0\r\n\r\n").get().keepsAlive)
        #expect(try parse("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n").get().keepsAlive)
    }

    @Test(
        "a malformed head is refused with its status and words",
        arguments: [
            ("GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "request line: expected METHOD TARGET HTTP/1.1"),
            ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "version: expected HTTP/1.1 or HTTP/1.0, found 'HTTP/2.0'"),
            ("GET / HTTP/1.1\r\n\r\n", 400, "Host: expected one field in an HTTP/1.1 request, found 0"),
            ("GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400, "header line 2: expected NAME: VALUE"),
        ])
    func refused(_ text: String, _ code: Int, _ words: String) {
        guard case .failure(let refusal) = parse(text) else {
            Issue.record("expected a refusal of \(text.debugDescription)")
            return
        }
        #expect(refusal.status.code == code)
        #expect(refusal.reason.hasPrefix(words), "\(refusal.reason)")
    }

    @Test("the scanner refuses a request line past its limit before the line ends")
    func scannerLimit() {
        var scanner = HTTPRequestHead.Scanner(limits: HTTPRequestHead.Limits(maximumRequestLineLength: 16))
        #expect(scanner.scan(Array("GET /".utf8)) == nil)
        guard case .failure(let refusal) = scanner.scan(Array("GET /\(String(repeating: "a", count: 20))".utf8)) else {
            Issue.record("expected 414")
            return
        }
        #expect(refusal.status == .uriTooLong)
    }

    @Test("empty lines before the request line are skipped, but count towards its limit")
    func scannerEmptyLines() {
        let limits = HTTPRequestHead.Limits(maximumRequestLineLength: 16)
        var few = HTTPRequestHead.Scanner(limits: limits)
        #expect(few.scan(Array("\r\n\r\nGET / HTTP/1.1\r\n\r\n".utf8)) == .success(22))
        var endless = HTTPRequestHead.Scanner(limits: limits)
        #expect(endless.scan(Array(repeating: 0x0A, count: 16)) == nil)
        guard case .failure(let refusal) = endless.scan(Array(repeating: 0x0A, count: 17)) else {
            Issue.record("expected 414 for 17 empty lines")
            return
        }
        #expect(refusal.status == .uriTooLong)
    }

    @Test("a status is its code with its words; a response writes its length unless it has no content")
    func statusAndResponse() {
        #expect(HTTPStatus(code: 404) == .notFound)
        #expect("\(HTTPStatus.notFound)" == "404 Not Found")
        #expect(HTTPStatus(code: 299).reasonPhrase == "Status")
        #expect(HTTPField.Name("content-TYPE") == .contentType)
        let ok = String(decoding: HTTPResponse.text(.ok, "hi").head(adding: []), as: UTF8.self)
        #expect(ok == "HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 3\r\n\r\n")
        let notModified = HTTPResponse(status: .notModified, fields: [HTTPField(.eTag, "\"x\"")], body: nil)
        #expect(
            String(decoding: notModified.head(adding: []), as: UTF8.self)
                == "HTTP/1.1 304 Not Modified\r\nETag: \"x\"\r\n\r\n")
        let noContent = HTTPResponse(status: .noContent, body: [1, 2])
        #expect(!String(decoding: noContent.head(adding: []), as: UTF8.self).contains("Content-Length"))
    }

    @Test("a placeholder request answers with its cache fields, 304 for its own tag, the refusal's status otherwise")
    func placeholderResponse() throws {
        let request = try PlaceholderRequest(target: "/8x8.png")
        let ok = PlaceholderRequest.response(reading: .success(request))
        #expect(ok.status == .ok)
        #expect(ok.fields[.contentType] == "image/png")
        #expect(ok.fields[.eTag] == request.entityTag)
        #expect(ok.fields[.cacheControl] == "public, max-age=86400")
        #expect(ok.body == [UInt8](request.data()))
        var drew = false
        let cached = PlaceholderRequest.response(reading: .success(request), ifNoneMatch: ["W/\(request.entityTag)"]) {
            _, _ in
            drew = true
            return []
        }
        #expect(cached.status == .notModified && cached.body == nil && !drew)
        let missing = PlaceholderRequest.response(
            reading: Result { () throws(PlaceholderError) in try PlaceholderRequest(target: "/photo.jpg") })
        #expect(missing.status == .notFound)
        // The URL protocol writes the same fields, read from the URL once.
        let answer = PlaceholderURLProtocol.answer(for: URL(string: "http://placeholder/8x8.png")!)
        #expect(answer.fields == ok.fields && answer.body == ok.body)
        let unchanged = PlaceholderURLProtocol.answer(
            for: URL(string: "http://placeholder/8x8.png")!, ifNoneMatch: [request.entityTag])
        #expect(unchanged.status == .notModified && unchanged.body == nil)
    }

    @Test("LoopbackHTTPServer through the core: HEAD without its body, a bad request line 400, reason phrases")
    func loopback() async throws {
        let server = try LoopbackHTTPServer { path in
            path == "/missing" ? Response(status: 404, body: Data("gone".utf8)) : .html("<title>t</title>")
        }
        defer { server.stop() }
        try await onThreadOfItsOwn {
            let head = try RawHTTPClient(port: server.port)
            _ = head.write("HEAD /page HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = try head.response(head: true)
            #expect(answer.status == 200 && answer.reasonPhrase == "OK")
            #expect(answer.value("Content-Length") == "16")
            #expect(head.isClosed(), "no body follows the head, and the connection closes")

            let bad = try RawHTTPClient(port: server.port)
            _ = bad.write("GET /page\r\n\r\n")
            let refused = try bad.response()
            #expect(refused.status == 400 && refused.reasonPhrase == "Bad Request")
            #expect(refused.text.hasPrefix("request line: expected METHOD TARGET HTTP/1.1"))

            let missing = try RawHTTPClient(port: server.port)
            _ = missing.write("GET /missing HTTP/1.1\r\nHost: x\r\n\r\n")
            let notFound = try missing.response()
            #expect(notFound.status == 404 && notFound.reasonPhrase == "Not Found" && notFound.text == "gone")
        }
        #expect(server.requestedPaths == ["/page", "/missing"], "the refused request reaches no route")
    }

    @Test(
        "LoopbackHTTPServer: an answer sent is .sent; a delay the client leaves ends there, .abandoned",
        .timeLimit(.minutes(1)))
    func outcomes() async throws {
        let server = try LoopbackHTTPServer { path in
            var response = Response.html("<title>t</title>")
            if path == "/slow" { response.delay = .seconds(3_600) }
            return response
        }
        defer { server.stop() }
        try await onThreadOfItsOwn {
            let quick = try RawHTTPClient(port: server.port)
            _ = quick.write("GET /page HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try quick.response().status == 200)
        }
        #expect(await server.outcomes(ofFirst: 1) == [.sent])
        try await onThreadOfItsOwn {
            // Asks, then goes away (the client is closed when it goes out of scope) long before the hour.
            let leaving = try RawHTTPClient(port: server.port)
            _ = leaving.write("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        }
        #expect(await server.outcomes(ofFirst: 2) == [.sent, .abandoned])
        #expect(server.requestedPaths == ["/page", "/slow"])
    }
}

private typealias Response = LoopbackHTTPServer.Response
