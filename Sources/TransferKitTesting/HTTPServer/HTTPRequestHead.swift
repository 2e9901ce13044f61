internal import TransferSupport

/// A request head (RFC 9112 §2–§5): the request line and the header fields, read strictly and within
/// limits.
struct HTTPRequestHead: Sendable, Equatable {
    /// The method.
    var method: HTTPMethod
    /// The request target as sent: `/image.png?width=300`, `*`, or an absolute URL.
    var target: String
    /// 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// The header fields, in order, names as sent.
    var fields: [HTTPField]

    /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
    /// HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        let tokens = fields.values(.connection).flatMap { $0.split(separator: ",") }.map {
            $0.trimmingHTTPWhitespace().lowercased()
        }
        if tokens.contains("close") { return false }
        return minorVersion >= 1 || tokens.contains("keep-alive")
    }

    /// How long a head may be.
    struct Limits: Sendable, Hashable {
        /// The longest request line, in bytes; longer is `414`.
        var maximumRequestLineLength = 8192
        /// The most bytes of header fields; more is `431`.
        var maximumHeaderBytes = 16_384
        /// The most header fields; more is `431`.
        var maximumHeaderFields = 100
    }

    /// A head refused: the status to answer and words that say what was expected and found. The
    /// connection is closed after it, since HTTP's framing is then in doubt.
    struct Refusal: Error, Equatable {
        /// The status.
        var status: HTTPStatus
        /// What was expected and what was found.
        var reason: String
    }

    /// Finds where a head ends, as its bytes arrive: each call looks only at the bytes it has not
    /// seen.
    struct Scanner {
        private var index = 0
        private var start: Int?
        private var lineStart = 0
        private var lines = 0
        /// The limits it refuses past.
        let limits: Limits

        /// A scanner of a head that begins at the start of the buffer.
        init(limits: Limits) { self.limits = limits }

        /// Where the head ends in `bytes` (the index after its empty line), `nil` when it has not
        /// ended yet, or the refusal when it is already too long: `414` while the request line has
        /// not ended within ``Limits/maximumRequestLineLength`` bytes, `431` when the fields pass
        /// ``Limits/maximumHeaderBytes`` bytes or ``Limits/maximumHeaderFields`` lines.
        mutating func scan(_ bytes: [UInt8]) -> Result<Int, Refusal>? {
            while index < bytes.count {
                let byte = bytes[index]
                guard let start else {
                    // Empty lines before the request line are ignored (RFC 9112 §2.2), but count
                    // towards its length: they cannot go on for ever.
                    if byte != 0x0D && byte != 0x0A {
                        self.start = index
                        lineStart = index
                    } else if index >= limits.maximumRequestLineLength {
                        return .failure(uriTooLong)
                    }
                    index += 1
                    continue
                }
                if byte == 0x0A {
                    let length = index - lineStart - (index > lineStart && bytes[index - 1] == 0x0D ? 1 : 0)
                    if length == 0 { return .success(index + 1) }
                    lines += 1
                    if lines == 1, index - start > limits.maximumRequestLineLength { return .failure(uriTooLong) }
                    if lines - 1 > limits.maximumHeaderFields { return .failure(tooManyFields) }
                    lineStart = index + 1
                }
                index += 1
                if lines == 0, index - start > limits.maximumRequestLineLength { return .failure(uriTooLong) }
                if lines > 0, index - start > limits.maximumRequestLineLength + limits.maximumHeaderBytes {
                    return .failure(fieldsTooLarge)
                }
            }
            return nil
        }

        private var uriTooLong: Refusal {
            Refusal(
                status: .uriTooLong,
                reason:
                    "request line: expected at most \(limits.maximumRequestLineLength) bytes before its line end, found more"
            )
        }

        private var tooManyFields: Refusal {
            Refusal(
                status: .requestHeaderFieldsTooLarge,
                reason: "header: expected at most \(limits.maximumHeaderFields) fields, found more")
        }

        private var fieldsTooLarge: Refusal {
            Refusal(
                status: .requestHeaderFieldsTooLarge,
                reason: "header: expected at most \(limits.maximumHeaderBytes) bytes of fields, found more")
        }
    }
}

// MARK: - Parsing

extension HTTPRequestHead {
    /// Reads a complete head (the bytes up to and including its empty line, as ``Scanner`` finds
    /// them): `400` for a malformed request line or field, or an HTTP/1.1 request without exactly
    /// one `Host`; `505` for a version other than HTTP/1.x.
    static func parse(_ bytes: ArraySlice<UInt8>) -> Result<HTTPRequestHead, Refusal> {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        func refusal(_ reason: String, _ status: HTTPStatus = .badRequest) -> Result<HTTPRequestHead, Refusal> {
            .failure(Refusal(status: status, reason: reason))
        }
        guard let requestLine = lines.first else {
            return refusal("request line: expected METHOD TARGET HTTP/1.1, found nothing")
        }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        func found(_ bytes: ArraySlice<UInt8>) -> String {
            let text = String(decoding: bytes.prefix(80), as: UTF8.self)
            return bytes.count > 80 ? text + "…" : text
        }
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(HTTPSyntax.isTokenByte), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F })
        else {
            return refusal("request line: expected METHOD TARGET HTTP/1.1, found '\(found(requestLine))'")
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == UInt8(ascii: "."),
            (0x30...0x39).contains(version[5]), (0x30...0x39).contains(version[7])
        else {
            return refusal("request line: expected HTTP/1.1 at its end, found '\(found(parts[2]))'")
        }
        guard version[5] == UInt8(ascii: "1") else {
            return refusal(
                "version: expected HTTP/1.1 or HTTP/1.0, found '\(found(parts[2]))'", .httpVersionNotSupported)
        }
        guard let target = String(validating: parts[1], as: UTF8.self) else {
            return refusal("target: expected UTF-8, found other bytes")
        }
        var head = HTTPRequestHead(
            method: HTTPMethod(rawValue: String(decoding: parts[0], as: UTF8.self)), target: target,
            minorVersion: Int(version[7] - 0x30), fields: [])
        for (number, line) in lines.dropFirst().enumerated() {
            if line.first == 0x20 || line.first == 0x09 {
                return refusal("header line \(number + 1): expected a field, found a folded line")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex,
                line[..<colon].allSatisfy(HTTPSyntax.isTokenByte)
            else {
                return refusal("header line \(number + 1): expected NAME: VALUE, found '\(found(line))'")
            }
            let value = line[(colon + 1)...]
            guard !value.contains(where: { $0 == 0 || $0 == 0x0D }) else {
                return refusal("header line \(number + 1): expected a value without NUL or CR, found one")
            }
            head.fields.append(
                HTTPField(
                    HTTPField.Name(String(decoding: line[..<colon], as: UTF8.self)),
                    String(String(decoding: value, as: UTF8.self).trimmingHTTPWhitespace())))
        }
        let hosts = head.fields.values(.host).count
        if head.minorVersion >= 1, hosts != 1 {
            return refusal("Host: expected one field in an HTTP/1.1 request, found \(hosts)")
        }
        return .success(head)
    }
}
