/// The HTTP/1.1 of ``PlaceholderServer``: reading a request head (RFC 9112 §2–§5) within limits, and
/// what to answer it.
extension PlaceholderServer {
    /// A request head, read.
    struct RequestHead: Equatable {
        var method: String
        var target: String
        /// 0 for HTTP/1.0, 1 for HTTP/1.1.
        var minorVersion: Int
        var fields: [(name: String, value: String)]

        static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
            lhs.method == rhs.method && lhs.target == rhs.target && lhs.minorVersion == rhs.minorVersion
                && lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
        }

        /// The values of the fields named `name` (lowercase), in order.
        func values(_ name: String) -> [String] {
            fields.filter { $0.name == name }.map(\.value)
        }

        /// Whether the connection stays open after the answer: HTTP/1.1 unless `Connection: close`,
        /// HTTP/1.0 only with `Connection: keep-alive`.
        var keepsAlive: Bool {
            let tokens = values("connection").flatMap { $0.split(separator: ",") }.map {
                $0.trimmingASCIISpaces().lowercased()
            }
            if tokens.contains("close") { return false }
            return minorVersion >= 1 || tokens.contains("keep-alive")
        }
    }

    /// A refusal of the request as HTTP framed it; the connection is closed after it.
    struct HeadError: Error, Equatable {
        var status: Int
        var reason: String
    }

    /// Finds where a request head ends, as its bytes arrive: each call looks only at the bytes it has
    /// not seen.
    struct HeadScanner {
        private var index = 0
        private var start: Int?
        private var lineStart = 0
        private var lines = 0
        let limits: Configuration

        init(limits: Configuration) { self.limits = limits }

        /// Where the head ends in `bytes` (the index after its empty line), `nil` when it has not
        /// ended yet, or the refusal when it is already too long: `414` while the request line has not
        /// ended within ``Configuration/maximumRequestLineLength`` bytes, `431` when the fields pass
        /// ``Configuration/maximumHeaderBytes`` bytes or ``Configuration/maximumHeaderFields`` lines.
        mutating func scan(_ bytes: [UInt8]) -> Result<Int, HeadError>? {
            while index < bytes.count {
                let byte = bytes[index]
                guard let start else {
                    // Empty lines before the request line are ignored (RFC 9112 §2.2).
                    if byte != 0x0D && byte != 0x0A {
                        self.start = index
                        lineStart = index
                    }
                    index += 1
                    continue
                }
                if byte == 0x0A {
                    let length = index - lineStart - (index > lineStart && bytes[index - 1] == 0x0D ? 1 : 0)
                    if length == 0 { return .success(index + 1) }
                    lines += 1
                    if lines == 1, index - start > limits.maximumRequestLineLength {
                        return .failure(PlaceholderServer.uriTooLong(limits))
                    }
                    if lines - 1 > limits.maximumHeaderFields {
                        return .failure(PlaceholderServer.tooManyFields(limits))
                    }
                    lineStart = index + 1
                }
                index += 1
                if lines == 0, index - start > limits.maximumRequestLineLength {
                    return .failure(PlaceholderServer.uriTooLong(limits))
                }
                if lines > 0, index - start > limits.maximumRequestLineLength + limits.maximumHeaderBytes {
                    return .failure(PlaceholderServer.fieldsTooLarge(limits))
                }
            }
            return nil
        }
    }

    static func uriTooLong(_ limits: Configuration) -> HeadError {
        HeadError(
            status: 414,
            reason:
                "request line: expected at most \(limits.maximumRequestLineLength) bytes before its line end, found more"
        )
    }

    static func tooManyFields(_ limits: Configuration) -> HeadError {
        HeadError(status: 431, reason: "header: expected at most \(limits.maximumHeaderFields) fields, found more")
    }

    static func fieldsTooLarge(_ limits: Configuration) -> HeadError {
        HeadError(
            status: 431, reason: "header: expected at most \(limits.maximumHeaderBytes) bytes of fields, found more")
    }

    /// Reads a complete request head (the bytes up to and including its empty line).
    static func parseHead(_ bytes: ArraySlice<UInt8>) -> Result<RequestHead, HeadError> {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else {
            return .failure(
                HeadError(status: 400, reason: "request line: expected METHOD TARGET HTTP/1.1, found nothing"))
        }
        let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
        func found(_ bytes: ArraySlice<UInt8>) -> String {
            let text = String(decoding: bytes.prefix(80), as: UTF8.self)
            return bytes.count > 80 ? text + "…" : text
        }
        guard parts.count == 3, !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte), !parts[1].isEmpty,
            parts[1].allSatisfy({ $0 > 0x20 && $0 != 0x7F })
        else {
            return .failure(
                HeadError(
                    status: 400,
                    reason: "request line: expected METHOD TARGET HTTP/1.1, found '\(found(requestLine))'"))
        }
        let version = Array(parts[2])
        guard version.count == 8, version.starts(with: "HTTP/".utf8), version[6] == UInt8(ascii: "."),
            (0x30...0x39).contains(version[5]), (0x30...0x39).contains(version[7])
        else {
            return .failure(
                HeadError(status: 400, reason: "request line: expected HTTP/1.1 at its end, found '\(found(parts[2]))'")
            )
        }
        guard version[5] == UInt8(ascii: "1") else {
            return .failure(
                HeadError(status: 505, reason: "version: expected HTTP/1.1 or HTTP/1.0, found '\(found(parts[2]))'"))
        }
        var head = RequestHead(
            method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
            minorVersion: Int(version[7] - 0x30), fields: [])
        guard String(validating: parts[1], as: UTF8.self) != nil else {
            return .failure(HeadError(status: 400, reason: "target: expected UTF-8, found other bytes"))
        }
        for (number, line) in lines.dropFirst().enumerated() {
            if line.first == 0x20 || line.first == 0x09 {
                return .failure(
                    HeadError(status: 400, reason: "header line \(number + 1): expected a field, found a folded line"))
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex,
                line[..<colon].allSatisfy(isTokenByte)
            else {
                return .failure(
                    HeadError(
                        status: 400, reason: "header line \(number + 1): expected NAME: VALUE, found '\(found(line))'"))
            }
            let value = line[(colon + 1)...]
            guard !value.contains(where: { $0 == 0 || $0 == 0x0D }) else {
                return .failure(
                    HeadError(
                        status: 400, reason: "header line \(number + 1): expected a value without NUL or CR, found one")
                )
            }
            head.fields.append(
                (
                    String(decoding: line[..<colon], as: UTF8.self).lowercased(),
                    String(decoding: value, as: UTF8.self).trimmingASCIISpaces()
                ))
        }
        if head.minorVersion >= 1, head.values("host").count != 1 {
            return .failure(
                HeadError(
                    status: 400,
                    reason: "Host: expected one field in an HTTP/1.1 request, found \(head.values("host").count)"))
        }
        let lengths = head.values("content-length")
        if !head.values("transfer-encoding").isEmpty || lengths.contains(where: { $0 != "0" }) {
            return .failure(
                HeadError(
                    status: 413,
                    reason: "content: expected none (placeholder requests have no body), found "
                        + (lengths.isEmpty ? "Transfer-Encoding" : "Content-Length: \(lengths.joined(separator: ", "))")
                ))
        }
        return .success(head)
    }

    /// A byte of an HTTP token (RFC 9110 §5.6.2).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Whether `If-None-Match` names `entityTag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
    static func matches(ifNoneMatch values: [String], _ entityTag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var tag = candidate.trimmingASCIISpaces()
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                if tag == entityTag { return true }
            }
        }
        return false
    }

    /// The reason phrase of a status this server answers with.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 431: "Request Header Fields Too Large"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
