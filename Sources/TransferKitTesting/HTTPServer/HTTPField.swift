/// A header field: a name and a value, as ``LoopbackHTTPServer`` writes and reads them.
///
/// `HTTPField` is `Sendable`.
public struct HTTPField: Sendable, Hashable {
    /// A field's name, compared without case (RFC 9110 §5.1) but written as it was given.
    ///
    /// `Name` is `Sendable`.
    public struct Name: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The name as given: `Content-Type`.
        public var rawName: String
        /// The name lowercased, which equality and hashing use: `content-type`.
        public var canonicalName: String { rawName.lowercased() }

        /// The name spelled `rawName`.
        public init(_ rawName: String) { self.rawName = rawName }

        /// The name spelled `value`.
        public init(stringLiteral value: String) { self.init(value) }

        /// The name as given.
        public var description: String { rawName }

        /// Whether the two names are the same, compared without case.
        public static func == (lhs: Name, rhs: Name) -> Bool { lhs.canonicalName == rhs.canonicalName }

        /// Hashes the name lowercased.
        public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

        /// `Allow`.
        public static let allow: Name = "Allow"
        /// `Cache-Control`.
        public static let cacheControl: Name = "Cache-Control"
        /// `Connection`.
        public static let connection: Name = "Connection"
        /// `Content-Length`.
        public static let contentLength: Name = "Content-Length"
        /// `Content-Type`.
        public static let contentType: Name = "Content-Type"
        /// `Date`.
        public static let date: Name = "Date"
        /// `ETag`.
        public static let eTag: Name = "ETag"
        /// `Host`.
        public static let host: Name = "Host"
        /// `If-None-Match`.
        public static let ifNoneMatch: Name = "If-None-Match"
        /// `Keep-Alive`.
        public static let keepAlive: Name = "Keep-Alive"
        /// `Location`.
        public static let location: Name = "Location"
        /// `Retry-After`.
        public static let retryAfter: Name = "Retry-After"
        /// `Transfer-Encoding`.
        public static let transferEncoding: Name = "Transfer-Encoding"
    }

    /// The name.
    public var name: Name
    /// The value, without the spaces around it.
    public var value: String

    /// A field.
    public init(_ name: Name, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [HTTPField] {
    /// The values of the fields named `name`, in order.
    func values(_ name: HTTPField.Name) -> [String] {
        filter { $0.name == name }.map(\.value)
    }

    /// The value of the first field named `name`.
    subscript(_ name: HTTPField.Name) -> String? {
        first { $0.name == name }?.value
    }
}
