public import FoundationEssentials

/// Why link metadata could not be extracted or fetched: what was expected, what was found and where.
///
/// ``code`` says which of many causes it was (`timedOut`, `httpStatus`, `blockedAddress`, …);
/// ``lpErrorCode`` is the coarser kind Apple's `LPError` gives it (fetch failed, cancelled, timed out,
/// not allowed), which is also the error's ``errorCode`` in ``LPErrorDomain``; ``reason`` says it in
/// words.
///
/// `LinkPreviewError` is `Sendable`.
public struct LinkPreviewError: Error, CustomNSError, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure: which of many causes it was. An open set: more codes may be added.
    ///
    /// `Code` is `Sendable`. Match an error with `~=`: `catch LinkPreviewError.Code.timedOut { … }`.
    public struct Code: NamedValue {
        /// The name, camelCase, as programs and JSON output spell it: `httpStatus`.
        public let rawValue: String

        init(unchecked rawValue: String) { self.rawValue = rawValue }

        /// The page is in an encoding that cannot be decoded (the Encoding Standard's `replacement`).
        public static let unsupportedEncoding = Code(unchecked: "unsupportedEncoding")
        /// The URL is not an absolute http or https URL.
        public static let unsupportedURL = Code(unchecked: "unsupportedURL")
        /// The response is not HTML (and not an image or a video, which become metadata of their own).
        public static let notHTML = Code(unchecked: "notHTML")
        /// The server answered with an HTTP status other than success or a redirect.
        public static let httpStatus = Code(unchecked: "httpStatus")
        /// The body is larger than the limit.
        public static let tooLarge = Code(unchecked: "tooLarge")
        /// The host resolves to an address the policy refuses (loopback, private, link-local, …).
        public static let blockedAddress = Code(unchecked: "blockedAddress")
        /// More redirects than the limit.
        public static let tooManyRedirects = Code(unchecked: "tooManyRedirects")
        /// A redirect without a usable `Location`.
        public static let invalidRedirect = Code(unchecked: "invalidRedirect")
        /// The host name could not be resolved.
        public static let hostNotFound = Code(unchecked: "hostNotFound")
        /// The transport failed (connection refused or reset, TLS, …).
        public static let network = Code(unchecked: "network")
        /// The task was cancelled.
        public static let cancelled = Code(unchecked: "cancelled")
        /// The deadline passed.
        public static let timedOut = Code(unchecked: "timedOut")
        /// A one-shot provider was asked to fetch a second time.
        public static let providerReused = Code(unchecked: "providerReused")

        /// Every code this version knows, in the order above.
        public static let knownValues: [Code] = [
            .unsupportedEncoding, .unsupportedURL, .notHTML, .httpStatus, .tooLarge, .blockedAddress, .tooManyRedirects,
            .invalidRedirect, .hostNotFound, .network, .cancelled, .timedOut, .providerReused,
        ]

    }

    /// The kind of failure.
    public let code: Code
    /// The kind of failure as Apple's `LPError` has it: ``LPError/Code/metadataFetchTimedOut`` for
    /// ``Code/timedOut``, ``LPError/Code/metadataFetchNotAllowed`` for ``Code/blockedAddress``, …
    public let lpErrorCode: LPError.Code
    /// The URL being fetched when it failed, if any.
    public let url: URL?
    /// The HTTP status, for ``Code/httpStatus``.
    public let statusCode: Int?
    /// What was expected, what was found and where, in words.
    public let reason: String

    package init(_ code: Code, lpErrorCode: LPError.Code, url: URL? = nil, statusCode: Int? = nil, reason: String) {
        self.code = code
        self.lpErrorCode = lpErrorCode
        self.url = url
        self.statusCode = statusCode
        self.reason = reason
    }

    /// The reason, with the URL when there is one.
    public var description: String {
        guard let url else { return reason }
        return "\(url.absoluteString): \(reason)"
    }

    /// ``LPErrorDomain``, as Apple's LinkPresentation errors have it.
    public static var errorDomain: String { LPErrorDomain }

    /// The raw value of ``lpErrorCode``: Apple's `LPError.Code` (1 unknown, 2 fetch failed,
    /// 3 cancelled, 4 timed out, 5 not allowed).
    public var errorCode: Int { lpErrorCode.rawValue }

    /// The description under `NSLocalizedDescriptionKey`, the URL under `NSURLErrorFailingURLErrorKey`.
    public var errorUserInfo: [String: Any] {
        var userInfo: [String: Any] = [NSLocalizedDescriptionKey: description]
        if let url { userInfo[NSURLErrorFailingURLErrorKey] = url }
        return userInfo
    }
}

extension LinkPreviewError.Code {
    /// Matches an error whose code is `code`: `catch LinkPreviewError.Code.timedOut { … }`.
    public static func ~= (code: LinkPreviewError.Code, error: any Error) -> Bool {
        (error as? LinkPreviewError)?.code == code
    }
}
