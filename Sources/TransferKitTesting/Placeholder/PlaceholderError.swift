/// A bad placeholder request: which parameter, what was expected and what was found.
///
/// ``code`` says what kind of failure it is — a parameter out of range or malformed, a request target
/// that cannot be read, a path that names no placeholder — and ``reason`` says it in words. A
/// ``PlaceholderServer`` answers the first two with `400 Bad Request` and the last with
/// `404 Not Found`, the ``reason`` as the body.
///
/// `PlaceholderError` is `Sendable`.
public struct PlaceholderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. An open set: more codes may be added.
    ///
    /// `Code` is `Sendable`. Match an error with `~=`: `catch PlaceholderError.Code.notFound { … }`.
    public struct Code: NamedValue {
        /// The name, camelCase: `invalidParameter`.
        public let rawValue: String

        init(unchecked rawValue: String) { self.rawValue = rawValue }

        /// A parameter's value is out of range or not of its kind: `width=0`, `fgcolor=red`, a
        /// parameter given twice.
        public static let invalidParameter = Code(unchecked: "invalidParameter")
        /// The request target cannot be read: a bad percent-encoding, bytes that are not UTF-8.
        public static let malformedTarget = Code(unchecked: "malformedTarget")
        /// The path names no placeholder.
        public static let notFound = Code(unchecked: "notFound")

        /// Every code this version knows.
        public static let knownValues: [Code] = [.invalidParameter, .malformedTarget, .notFound]

        /// Matches an error whose code is `code`: `catch PlaceholderError.Code.notFound { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PlaceholderError)?.code == code
        }
    }

    /// The kind of failure.
    public let code: Code
    /// The parameter at fault — `width`, `duration`, a query item's name — or `path` for the path.
    public let parameter: String
    /// The value found, as written (after percent-decoding), shortened to 64 characters.
    public let value: String
    /// What was expected.
    public let expected: String

    package init(_ code: Code, parameter: String, value: String, expected: String) {
        self.code = code
        self.parameter = parameter
        self.value = value.count > 64 ? "\(value.prefix(64))… (\(value.count) characters)" : value
        self.expected = expected
    }

    package static func invalidParameter(name: String, value: String, expected: String) -> PlaceholderError {
        PlaceholderError(.invalidParameter, parameter: name, value: value, expected: expected)
    }

    /// What was expected and what was found, in words: `width: expected a whole number from 1 to
    /// 4096, found '0'`.
    public var reason: String { "\(parameter): expected \(expected), found '\(value)'" }

    /// The ``reason``.
    public var description: String { reason }
}
