internal import CTransferKitSystem
internal import Foundation
internal import FoundationEssentials

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The default ``LinkTransport`` on Linux: libcurl, driven directly, opened at run time (the
/// `libcurl.so.4` that FoundationNetworking itself loads), so that nothing more is needed to build
/// or run.
///
/// It owns what `URLSession` leaves to chance when a stranger's server answers:
/// - **No response can end the process.** A response cut off inside its headers is an error in
///   words, not FoundationNetworking's `fatalError` (swift-corelibs-foundation issue 5285).
/// - **Bytes are counted as they are decoded.** gzip, deflate, brotli and zstd bodies are decoded a
///   block at a time and the transfer stops at the limit, so a compression bomb costs the limit in
///   memory, not its expanded size.
/// - **Cancellation is immediate**, decoding included: the fetcher's deadline cancels the task, and
///   the transfer ends within milliseconds.
/// - **The address connected is the address checked.** Given the addresses the fetcher resolved
///   and checked, the transport pins the host name to them and refuses a socket to any other: a
///   name whose records change between the check and the connection (DNS rebinding) cannot reach a
///   private address. No proxy from the environment is used.
/// - **Framing HTTP forbids is refused**: two different `Content-Length` values, `Content-Length`
///   with `Transfer-Encoding`, more than 500 header lines or 256 KiB of headers, a header with a NUL
///   byte or a bare CR in its value, two different `Location` or `Content-Type` values, an answer
///   without a status line (HTTP/0.9), bad chunk sizes.
///
/// Every failure is thrown with a message in words: what happened, and how far the response came.
///
/// `Sendable`: it holds no state; each request runs on a thread of its own with a handle of its own.
public struct CurlLinkTransport: LinkTransport {
    /// The most header lines a response may have.
    static let maximumHeaderLines = 500
    /// The most bytes a response's header lines may take together.
    static let maximumHeaderBytes = 256 * 1024

    /// A transport. It loads libcurl the first time it sends a request.
    public init() {}

    /// Whether libcurl can be loaded on this system (on Linux, wherever FoundationNetworking runs).
    public static var isAvailable: Bool { transferkit_http_unavailable_reason() == nil }

    /// The version of the libcurl loaded (`"7.88.1"`), or `nil` when it cannot be loaded.
    public static var libraryVersion: String? { transferkit_http_library_version().map { String(cString: $0) } }

    /// Sends `request` once; see ``LinkTransport/response(for:bodyLimit:)``.
    public func response(for request: URLRequest, bodyLimit: Int) async throws -> LinkTransportResponse {
        try await response(for: request, bodyLimit: bodyLimit, connectingTo: nil)
    }

    /// Sends `request`, connecting only to `addresses` when given: the host name is pinned to them and
    /// a socket to any other address is refused.
    func response(for request: URLRequest, bodyLimit: Int, connectingTo addresses: [AddressPolicy.Address]?)
        async throws -> LinkTransportResponse
    {
        guard let url = request.url else { throw CurlTransportFailure(words: "the request has no URL") }
        guard let pointer = transferkit_http_transfer_create() else {
            let reason = transferkit_http_unavailable_reason().map { String(cString: $0) }
            throw CurlTransportFailure(words: reason ?? "libcurl could not make a transfer")
        }
        let handle = TransferHandle(pointer)
        let exchange = Exchange(request: request, url: url, bodyLimit: bodyLimit, addresses: addresses)
        try Task.checkCancellation()
        let outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Exchange.Outcome, Never>) in
                // libcurl blocks its caller: a thread of its own, never one of the cooperative pool's.
                let thread = Thread { continuation.resume(returning: exchange.perform(on: handle)) }
                thread.stackSize = 1 << 20
                thread.start()
            }
        } onCancel: {
            handle.cancel()
        }
        return try outcome.get()
    }
}

/// A libcurl transfer handle: cancelled from any thread (the C side uses an atomic flag and libcurl's
/// thread-safe wake-up), destroyed once nothing refers to it.
private final class TransferHandle: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) { self.pointer = pointer }

    func cancel() { transferkit_http_cancel(pointer) }

    deinit { transferkit_http_transfer_destroy(pointer) }
}

/// One request and its answer, as the C layer takes and gives them.
private struct Exchange: Sendable {
    typealias Outcome = Result<LinkTransportResponse, any Error>

    let request: URLRequest
    let url: URL
    let bodyLimit: Int
    let addresses: [AddressPolicy.Address]?

    /// Runs the transfer on the calling thread.
    func perform(on handle: TransferHandle) -> Outcome {
        var strings: [UnsafeMutablePointer<CChar>] = []
        defer { strings.forEach { free($0) } }
        func copy(_ text: String) -> UnsafeMutablePointer<CChar>? {
            guard let pointer = strdup(text) else { return nil }
            strings.append(pointer)
            return pointer
        }
        var headerLines: [UnsafePointer<CChar>?] = []
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            // A header with a line break would be two headers: left out, as URLSession leaves it out.
            guard !name.contains(where: \.isNewline), !value.contains(where: \.isNewline) else { continue }
            headerLines.append(UnsafePointer(copy("\(name): \(value)")))
        }
        let pinned = addresses.map { addresses in
            addresses.map { address in
                var pinned = transferkit_http_address()
                pinned.family = address.bytes.count == 4 ? 4 : 6
                withUnsafeMutableBytes(of: &pinned.bytes) { raw in
                    for (index, byte) in address.bytes.prefix(16).enumerated() { raw[index] = byte }
                }
                return pinned
            }
        }
        var resolve: UnsafeMutablePointer<CChar>?
        if let addresses, !addresses.isEmpty, let host = url.host, !Self.isAddressLiteral(host) {
            let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
            let list = addresses.map { $0.bytes.count == 4 ? $0.text : "[\($0.text)]" }.joined(separator: ",")
            resolve = copy("\(host):\(port):\(list)")
        }
        var response = transferkit_http_response()
        defer { transferkit_http_response_free(&response) }
        let body = request.httpBody ?? Data()
        let timeout = request.timeoutInterval > 0 ? Int(request.timeoutInterval * 1000) : 0
        let urlText = copy(url.absoluteString)
        let method = copy(request.httpMethod ?? "GET")
        headerLines.withUnsafeBufferPointer { headers in
            (pinned ?? []).withUnsafeBufferPointer { allowed in
                body.withUnsafeBytes { bodyBytes in
                    var cRequest = transferkit_http_request()
                    cRequest.url = UnsafePointer(urlText)
                    cRequest.method = UnsafePointer(method)
                    cRequest.headers = headers.baseAddress
                    cRequest.header_count = headers.count
                    if request.httpBody != nil {
                        cRequest.body = bodyBytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                        cRequest.body_length = bodyBytes.count
                    }
                    cRequest.resolve = UnsafePointer(resolve)
                    // An empty list (not none) when pinned: no address at all may be connected.
                    cRequest.allowed_addresses =
                        pinned == nil ? nil : allowed.baseAddress ?? UnsafePointer(bitPattern: 1)
                    cRequest.allowed_count = allowed.count
                    cRequest.body_limit = Int64(max(bodyLimit, 0))
                    cRequest.header_line_limit = CurlLinkTransport.maximumHeaderLines
                    cRequest.header_bytes_limit = CurlLinkTransport.maximumHeaderBytes
                    cRequest.timeout_ms = timeout
                    _ = transferkit_http_perform(handle.pointer, &cRequest, &response)
                }
            }
        }
        return outcome(of: &response)
    }

    /// The response, or why there is none.
    private func outcome(of response: inout transferkit_http_response) -> Outcome {
        let stop = Int(response.stop)
        let message = withUnsafeBytes(of: response.message) { Self.text($0) }
        switch stop {
        // libcurl takes a response cut off inside its headers for a complete one: it is not.
        case Int(TRANSFERKIT_HTTP_STOP_NONE)
        where response.curl_code == 0 && response.phase >= TRANSFERKIT_HTTP_PHASE_HEADERS,
            Int(TRANSFERKIT_HTTP_STOP_BODY_LIMIT):
            let headers =
                response.headers.map {
                    String(decoding: UnsafeRawBufferPointer(start: $0, count: response.headers_length), as: UTF8.self)
                } ?? ""
            // The body's buffer changes hands (no copy): the response no longer frees it.
            var body = Data()
            if let bytes = response.body {
                body = Data(bytesNoCopy: bytes, count: response.body_length, deallocator: .free)
                response.body = nil
            }
            let fields: [String: String]
            do {
                fields = try Self.fields(of: headers)
            } catch {
                return .failure(error)
            }
            return .success(
                LinkTransportResponse(
                    url: url, statusCode: response.status, headerFields: fields, body: body,
                    isTruncated: stop == Int(TRANSFERKIT_HTTP_STOP_BODY_LIMIT)))
        case Int(TRANSFERKIT_HTTP_STOP_CANCELLED):
            return .failure(CancellationError())
        case Int(TRANSFERKIT_HTTP_STOP_REFUSED_ADDRESS):
            let address = withUnsafeBytes(of: response.refused_address) { Self.text($0) }
            return .failure(
                LinkPreviewError(
                    .blockedAddress, lpErrorCode: .metadataFetchNotAllowed, url: url,
                    reason:
                        "a connection to \(address) was refused: it is not the address the check allowed for "
                        + "'\(url.host ?? "")' (its records changed since, as in DNS rebinding); expected "
                        + "\(addresses?.map(\.text).joined(separator: " or ") ?? "a checked address")"))
        default:
            return .failure(
                CurlTransportFailure(
                    code: Int(response.curl_code), stop: stop, phase: Int(response.phase),
                    systemError: Int32(truncatingIfNeeded: response.os_errno), detail: message))
        }
    }

    /// The header lines of a response as fields: names lower-cased, repeated fields joined with ", ".
    ///
    /// A line ends at CRLF or LF only. A value that holds a CR (or LF, or NUL) is refused rather than
    /// cleaned (RFC 9110 §5.5 allows either): replacing a bare CR with a space would still hand on a
    /// value that a header was smuggled into — `/a\rLocation: /b` is no one's redirect target.
    /// Fields that can have one value only (`Location`, `Content-Length`, `Content-Type`) given twice
    /// with different values are refused too, rather than joined into a value no one sent.
    static func fields(of headers: String) throws(HeaderFieldFailure) -> [String: String] {
        var fields: [String: String] = [:]
        let lines = headers.utf8.split(separator: 0x0A, omittingEmptySubsequences: true).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingCharacters(in: .whitespaces).lowercased()
            let raw = line[line.index(after: colon)...]
            guard !name.isEmpty else { continue }
            if let bad = raw.first(where: { $0 == 0x0D || $0 == 0x00 }) {
                throw HeaderFieldFailure(
                    "the response's \(name) header holds a \(bad == 0x0D ? "bare CR" : "NUL") in its value, which "
                        + "HTTP forbids (RFC 9110 §5.5): refused, as it could be a second header smuggled into the first"
                )
            }
            let value = String(decoding: raw, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            if let existing = fields[name] {
                guard !singletonFields.contains(name) else {
                    guard existing == value else {
                        throw HeaderFieldFailure(
                            "the response has two \(name) headers, '\(existing)' and '\(value)', where HTTP allows one")
                    }
                    continue
                }
                fields[name] = "\(existing), \(value)"
            } else {
                fields[name] = value
            }
        }
        return fields
    }

    /// The fields a response may have one value of.
    static let singletonFields: Set<String> = ["location", "content-length", "content-type"]

    /// Whether `host` is an IP address written out rather than a name.
    private static func isAddressLiteral(_ host: String) -> Bool {
        host.hasPrefix("[") || host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
    }

    /// A NUL-terminated C buffer's text.
    private static func text(_ bytes: UnsafeRawBufferPointer) -> String {
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}
