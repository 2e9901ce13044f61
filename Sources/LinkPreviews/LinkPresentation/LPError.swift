public import Foundation

/// The domain of LinkPresentation's errors, as Apple names it.
public let LPErrorDomain: String = "LPErrorDomain"

/// Apple's `LPError`, as Apple's SDK imports it into Swift: a stored `NSError` of ``LPErrorDomain``
/// with an enum ``Code``, so that code written against LinkPresentation — `catch let error as
/// LPError`, `switch error.code { … @unknown default: … }`, `catch LPError.metadataFetchTimedOut` —
/// compiles and runs unchanged.
///
/// ``LPMetadataProvider`` throws it; the error behind it, with its reason and message, is
/// ``linkPreviewError``, and its words are the ``localizedDescription``. Everything else in the
/// package throws ``LinkPreviewError``.
///
/// A public enum and a public initializer, which the package's own errors avoid: here Apple
/// compatibility decides (`Docs/ComingFromCoreTransferable.md`). `Sendable`: an `NSError` is.
public struct LPError: CustomNSError, Hashable, Error, Sendable {
    /// The kinds of failure, with Apple's raw values.
    public enum Code: Int, Sendable, Hashable {
        /// An error of no other kind.
        case unknown = 1
        /// The metadata could not be fetched or extracted.
        case metadataFetchFailed = 2
        /// The fetch was cancelled by the client.
        case metadataFetchCancelled = 3
        /// The fetch took longer than allowed.
        case metadataFetchTimedOut = 4
        /// The fetch was not allowed (a scheme, or an address the policy refuses).
        case metadataFetchNotAllowed = 5
    }

    /// The error as Foundation stores it.
    public let _nsError: NSError

    /// An error of ``LPErrorDomain`` from its `NSError`.
    public init(_nsError: NSError) {
        self._nsError = _nsError
    }

    /// An error of `code`, with `userInfo` (`NSLocalizedDescriptionKey` and others).
    public init(_ code: Code, userInfo: [String: Any] = [:]) {
        _nsError = NSError(domain: LPErrorDomain, code: code.rawValue, userInfo: userInfo)
    }

    /// The error's kind; ``Code/unknown`` for a raw value Apple has not defined.
    public var code: Code { Code(rawValue: _nsError.code) ?? .unknown }

    /// The domain: ``LPErrorDomain``.
    public static var errorDomain: String { LPErrorDomain }

    /// The raw value of ``code``.
    public var errorCode: Int { _nsError.code }

    /// The user info: the message under `NSLocalizedDescriptionKey`, the failing URL under
    /// `NSURLErrorFailingURLErrorKey`.
    public var errorUserInfo: [String: Any] { _nsError.userInfo }

    /// The ``LinkPreviewError`` this error was made from, with its code and reason, if the package
    /// made it.
    public var linkPreviewError: LinkPreviewError? { _nsError.userInfo[Self.linkPreviewErrorKey] as? LinkPreviewError }

    private static let linkPreviewErrorKey = "TransferKitLinkPreviewError"

    /// An error with `error`'s ``LinkPreviewError/lpErrorCode``, its description as the localized description, and its URL.
    public init(_ error: LinkPreviewError) {
        var userInfo: [String: Any] = [
            NSLocalizedDescriptionKey: error.description, Self.linkPreviewErrorKey: error,
        ]
        if let url = error.url { userInfo[NSURLErrorFailingURLErrorKey] = url }
        self.init(error.lpErrorCode, userInfo: userInfo)
    }

    /// Shorthand for ``Code/unknown``, as in `catch LPError.unknown`.
    public static var unknown: Code { .unknown }
    /// Shorthand for ``Code/metadataFetchFailed``.
    public static var metadataFetchFailed: Code { .metadataFetchFailed }
    /// Shorthand for ``Code/metadataFetchCancelled``.
    public static var metadataFetchCancelled: Code { .metadataFetchCancelled }
    /// Shorthand for ``Code/metadataFetchTimedOut``.
    public static var metadataFetchTimedOut: Code { .metadataFetchTimedOut }
    /// Shorthand for ``Code/metadataFetchNotAllowed``.
    public static var metadataFetchNotAllowed: Code { .metadataFetchNotAllowed }
}

extension LPError.Code {
    /// Whether `error` is an ``LPError`` of `code`: `catch LPError.metadataFetchTimedOut`.
    public static func ~= (code: LPError.Code, error: any Error) -> Bool {
        (error as? LPError)?.code == code
    }
}
