/// A response's status: its code and its reason phrase, as one value (`200 OK`), so that no code
/// is written without its words or with another's.
///
/// The statuses the package's servers answer with are named (``ok``, ``notFound``, …); any other
/// is made with ``init(code:reasonPhrase:)``, or from its code alone (`404`), whose reason phrase
/// is RFC 9110's.
///
/// `HTTPStatus` is `Sendable`.
public struct HTTPStatus: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The three-digit code: `404`.
    public var code: Int
    /// The words after it: `Not Found`.
    public var reasonPhrase: String

    /// A status of `code` and `reasonPhrase`.
    public init(code: Int, reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }

    /// The status of `code`, with the reason phrase RFC 9110 gives it (`Status` for a code it does
    /// not name here).
    public init(code: Int) {
        self.init(code: code, reasonPhrase: Self.known.first { $0.code == code }?.reasonPhrase ?? "Status")
    }

    /// The status of `value`, with the reason phrase RFC 9110 gives it: `status: 404`.
    public init(integerLiteral value: Int) { self.init(code: value) }

    /// `404 Not Found`.
    public var description: String { "\(code) \(reasonPhrase)" }

    /// Whether a response of this status has no content at all, not even an empty one (`1xx`, `204`,
    /// `304`): no `Content-Length` is written for it.
    var forbidsContent: Bool { (100..<200).contains(code) || code == 204 || code == 304 }

    /// `200 OK`.
    public static let ok = HTTPStatus(code: 200, reasonPhrase: "OK")
    /// `204 No Content`.
    public static let noContent = HTTPStatus(code: 204, reasonPhrase: "No Content")
    /// `301 Moved Permanently`.
    public static let movedPermanently = HTTPStatus(code: 301, reasonPhrase: "Moved Permanently")
    /// `302 Found`.
    public static let found = HTTPStatus(code: 302, reasonPhrase: "Found")
    /// `303 See Other`.
    public static let seeOther = HTTPStatus(code: 303, reasonPhrase: "See Other")
    /// `304 Not Modified`.
    public static let notModified = HTTPStatus(code: 304, reasonPhrase: "Not Modified")
    /// `307 Temporary Redirect`.
    public static let temporaryRedirect = HTTPStatus(code: 307, reasonPhrase: "Temporary Redirect")
    /// `308 Permanent Redirect`.
    public static let permanentRedirect = HTTPStatus(code: 308, reasonPhrase: "Permanent Redirect")
    /// `400 Bad Request`.
    public static let badRequest = HTTPStatus(code: 400, reasonPhrase: "Bad Request")
    /// `401 Unauthorized`.
    public static let unauthorized = HTTPStatus(code: 401, reasonPhrase: "Unauthorized")
    /// `403 Forbidden`.
    public static let forbidden = HTTPStatus(code: 403, reasonPhrase: "Forbidden")
    /// `404 Not Found`.
    public static let notFound = HTTPStatus(code: 404, reasonPhrase: "Not Found")
    /// `405 Method Not Allowed`.
    public static let methodNotAllowed = HTTPStatus(code: 405, reasonPhrase: "Method Not Allowed")
    /// `408 Request Timeout`.
    public static let requestTimeout = HTTPStatus(code: 408, reasonPhrase: "Request Timeout")
    /// `413 Content Too Large`.
    public static let contentTooLarge = HTTPStatus(code: 413, reasonPhrase: "Content Too Large")
    /// `414 URI Too Long`.
    public static let uriTooLong = HTTPStatus(code: 414, reasonPhrase: "URI Too Long")
    /// `431 Request Header Fields Too Large`.
    public static let requestHeaderFieldsTooLarge = HTTPStatus(
        code: 431, reasonPhrase: "Request Header Fields Too Large")
    /// `410 Gone`.
    public static let gone = HTTPStatus(code: 410, reasonPhrase: "Gone")
    /// `429 Too Many Requests`.
    public static let tooManyRequests = HTTPStatus(code: 429, reasonPhrase: "Too Many Requests")
    /// `500 Internal Server Error`.
    public static let internalServerError = HTTPStatus(code: 500, reasonPhrase: "Internal Server Error")
    /// `503 Service Unavailable`.
    public static let serviceUnavailable = HTTPStatus(code: 503, reasonPhrase: "Service Unavailable")
    /// `502 Bad Gateway`.
    public static let badGateway = HTTPStatus(code: 502, reasonPhrase: "Bad Gateway")
    /// `505 HTTP Version Not Supported`.
    public static let httpVersionNotSupported = HTTPStatus(code: 505, reasonPhrase: "HTTP Version Not Supported")

    private static let known: [HTTPStatus] = [
        .ok, .noContent, .movedPermanently, .found, .seeOther, .notModified, .temporaryRedirect,
        .permanentRedirect, .badRequest, .unauthorized, .forbidden, .notFound, .methodNotAllowed, .requestTimeout,
        .gone, .contentTooLarge, .uriTooLong, .tooManyRequests, .requestHeaderFieldsTooLarge, .internalServerError,
        .badGateway, .serviceUnavailable, .httpVersionNotSupported,
    ]
}
