/// A request's method, as sent (methods are case-sensitive, RFC 9110 §9.1): ``get``, ``head``,
/// ``options``, or any other token.
struct HTTPMethod: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The token: `GET`.
    var rawValue: String

    /// The method spelled `rawValue`.
    init(rawValue: String) { self.rawValue = rawValue }

    /// The token.
    var description: String { rawValue }

    /// `GET`.
    static let get = HTTPMethod(rawValue: "GET")
    /// `HEAD`: as `GET`, but the response's content is not sent.
    static let head = HTTPMethod(rawValue: "HEAD")
    /// `OPTIONS`.
    static let options = HTTPMethod(rawValue: "OPTIONS")
    /// `POST`.
    static let post = HTTPMethod(rawValue: "POST")
}
