/// A header field: a name and a value.
struct HTTPField: Sendable, Hashable {
    /// A field's name, compared without case (RFC 9110 §5.1) but written as it was given.
    struct Name: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The name as given: `Content-Type`.
        var rawName: String
        /// The name lowercased, which equality and hashing use: `content-type`.
        var canonicalName: String { rawName.lowercased() }

        /// The name spelled `rawName`.
        init(_ rawName: String) { self.rawName = rawName }

        /// The name spelled `value`.
        init(stringLiteral value: String) { self.init(value) }

        /// The name as given.
        var description: String { rawName }

        static func == (lhs: Name, rhs: Name) -> Bool { lhs.canonicalName == rhs.canonicalName }

        func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

        /// `Allow`.
        static let allow: Name = "Allow"
        /// `Cache-Control`.
        static let cacheControl: Name = "Cache-Control"
        /// `Connection`.
        static let connection: Name = "Connection"
        /// `Content-Length`.
        static let contentLength: Name = "Content-Length"
        /// `Content-Type`.
        static let contentType: Name = "Content-Type"
        /// `Date`.
        static let date: Name = "Date"
        /// `ETag`.
        static let eTag: Name = "ETag"
        /// `Host`.
        static let host: Name = "Host"
        /// `If-None-Match`.
        static let ifNoneMatch: Name = "If-None-Match"
        /// `Keep-Alive`.
        static let keepAlive: Name = "Keep-Alive"
        /// `Location`.
        static let location: Name = "Location"
        /// `Retry-After`.
        static let retryAfter: Name = "Retry-After"
        /// `Transfer-Encoding`.
        static let transferEncoding: Name = "Transfer-Encoding"
    }

    /// The name.
    var name: Name
    /// The value, without the spaces around it.
    var value: String

    /// A field.
    init(_ name: Name, _ value: String) {
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
