/// A response's status: its code and its reason phrase, as one value (`200 OK`), so that no code
/// is written without its words or with another's.
///
/// The statuses the package's servers answer with are named (``ok``, ``notFound``, …); any other
/// is made with ``init(code:reasonPhrase:)``.
struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    /// The three-digit code: `404`.
    var code: Int
    /// The words after it: `Not Found`.
    var reasonPhrase: String

    /// A status of `code` and `reasonPhrase`.
    init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// The status of `code`, with the reason phrase RFC 9110 gives it (`Status` for a code it does
    /// not name here).
    init(code: Int) {
        self.init(code: code, reasonPhrase: Self.known.first { $0.code == code }?.reasonPhrase ?? "Status")
    }

    /// `404 Not Found`.
    var description: String { "\(code) \(reasonPhrase)" }

    /// Whether a response of this status has no content at all, not even an empty one (`1xx`, `204`,
    /// `304`): no `Content-Length` is written for it.
    var forbidsContent: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

    /// `200 OK`.
    static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// `204 No Content`.
    static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// `301 Moved Permanently`.
    static let movedPermanently = HTTPStatus(code: 301, reasonPhrase: "Moved Permanently")
    /// `302 Found`.
    static let found = HTTPStatus(code: 302, reasonPhrase: "Found")
    /// `304 Not Modified`.
    static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    /// `400 Bad Request`.
    static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// `404 Not Found`.
    static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// `405 Method Not Allowed`.
    static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// `408 Request Timeout`.
    static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    /// `413 Content Too Large`.
    static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// `414 URI Too Long`.
    static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    /// `431 Request Header Fields Too Large`.
    static let requestHeaderFieldsTooLarge = HTTPStatus(code: 431, reasonPhrase: "Request Header Fields Too Large")
    /// `500 Internal Server Error`.
    static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    /// `503 Service Unavailable`.
    static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    /// `505 HTTP Version Not Supported`.
    static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")

    private static let known: [HTTPStatus] = [
        .ok, .noContent, .movedPermanently, .found, .notModified, .badRequest, .notFound, .methodNotAllowed,
        .requestTimeout, .contentTooLarge, .uriTooLong, .requestHeaderFieldsTooLarge, .internalServerError,
        .serviceUnavailable, .httpVersionNotSupported,
    ]
}
