public import FoundationEssentials

/// Why link metadata could not be extracted or fetched.
///
/// ``code`` has the raw values of Apple's `LPError.Code` (1 unknown, 2 fetch failed, 3 cancelled,
/// 4 timed out, 5 not allowed), so that code which switches on Apple's codes keeps working;
/// ``reason`` says which of many causes it was, and ``message`` says what was expected, what was found
/// and where.
public struct LinkPreviewError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, as Apple's `LPError.Code` names it.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// Apple's raw value.
        public let rawValue: Int

        /// A code by its raw value.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// An error of no other kind.
        public static let unknown = Code(rawValue: 1)
        /// The metadata could not be fetched or extracted: a network failure, an HTTP error, a
        /// response that is not a page, a page too large or in an encoding that cannot be decoded.
        public static let metadataFetchFailed = Code(rawValue: 2)
        /// The fetch was cancelled.
        public static let metadataFetchCancelled = Code(rawValue: 3)
        /// The fetch took longer than its timeout.
        public static let metadataFetchTimedOut = Code(rawValue: 4)
        /// The fetch was not allowed: a scheme other than http(s), or an address the policy refuses.
        public static let metadataFetchNotAllowed = Code(rawValue: 5)

        /// The code's name.
        public var description: String {
            switch rawValue {
            case 1: "unknown"
            case 2: "metadataFetchFailed"
            case 3: "metadataFetchCancelled"
            case 4: "metadataFetchTimedOut"
            case 5: "metadataFetchNotAllowed"
            default: "code \(rawValue)"
            }
        }
    }

    /// The cause of a failure, finer than its ``Code``. An open set: more reasons may be added.
    public struct Reason: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The reason's name.
        public let rawValue: String

        /// A reason by its name.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The page is in an encoding that cannot be decoded (the Encoding Standard's `replacement`).
        public static let unsupportedEncoding = Reason(rawValue: "unsupportedEncoding")
        /// The URL is not an absolute http or https URL.
        public static let unsupportedURL = Reason(rawValue: "unsupportedURL")
        /// The response is not HTML (and not an image or a video, which become metadata of their own).
        public static let notHTML = Reason(rawValue: "notHTML")
        /// The server answered with an HTTP status other than success or a redirect.
        public static let httpStatus = Reason(rawValue: "httpStatus")
        /// The body is larger than the limit.
        public static let tooLarge = Reason(rawValue: "tooLarge")
        /// The host resolves to an address the policy refuses (loopback, private, link-local, …).
        public static let blockedAddress = Reason(rawValue: "blockedAddress")
        /// More redirects than the limit.
        public static let tooManyRedirects = Reason(rawValue: "tooManyRedirects")
        /// A redirect without a usable `Location`.
        public static let invalidRedirect = Reason(rawValue: "invalidRedirect")
        /// The host name could not be resolved.
        public static let hostNotFound = Reason(rawValue: "hostNotFound")
        /// The transport failed (connection refused or reset, TLS, …).
        public static let network = Reason(rawValue: "network")
        /// The task was cancelled.
        public static let cancelled = Reason(rawValue: "cancelled")
        /// The deadline passed.
        public static let timedOut = Reason(rawValue: "timedOut")
        /// A one-shot provider was asked to fetch a second time.
        public static let providerReused = Reason(rawValue: "providerReused")

        /// The reason's name.
        public var description: String { rawValue }
    }

    /// The kind of failure, as Apple's `LPError` has it.
    public let code: Code
    /// The cause.
    public let reason: Reason
    /// The URL being fetched when it failed, if any.
    public let url: URL?
    /// The HTTP status, for ``Reason/httpStatus``.
    public let statusCode: Int?
    /// What was expected, what was found and where.
    public let message: String

    package init(code: Code, reason: Reason, url: URL? = nil, statusCode: Int? = nil, message: String) {
        self.code = code
        self.reason = reason
        self.url = url
        self.statusCode = statusCode
        self.message = message
    }

    /// The message, with the URL when there is one.
    public var description: String {
        guard let url else { return message }
        return "\(url.absoluteString): \(message)"
    }
}

extension LinkPreviewError.Code {
    /// Matches an error whose code is `code`: `catch LinkPreviewError.Code.metadataFetchTimedOut { … }`.
    public static func ~= (code: LinkPreviewError.Code, error: any Error) -> Bool {
        (error as? LinkPreviewError)?.code == code
    }
}
