import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a transfer failed: what was asked, what was offered, and why each candidate was rejected.
///
/// Every export, import and flattening failure is a `TransferError`. Its ``code`` says what kind
/// of failure it is; ``attempts`` lists each representation considered and why it was not used;
/// ``underlyingError`` holds the error a representation's own closure threw.
///
/// ```swift
/// do {
///     let csv = try await archive.exported(as: .commaSeparatedText)
/// } catch {
///     print(error)
///     // Cannot export ProfilesArchive as public.comma-separated-values-text: the exporting condition
///     // is false for this item.
///     //   public.comma-separated-values-text (data): exporting condition is false
///     //   public.json (data): public.json does not conform to public.comma-separated-values-text
///     if error.code == .conditionNotMet { … }
/// }
/// ```
///
/// `TransferError` is `Sendable`.
public struct TransferError: Error, Sendable {
    /// The kind of failure.
    ///
    /// `Code` is `Sendable`. Compare codes with `==`, or match them with `~=` in a `switch`.
    public struct Code: NamedValue {
        /// The name, camelCase, as programs and JSON output spell it: `proxyCycle`.
        public let rawValue: String

        init(unchecked rawValue: String) { self.rawValue = rawValue }

        /// No representation's content type conforms to the requested one.
        public static let noMatchingRepresentation = Code(unchecked: "noMatchingRepresentation")
        /// The type has no representation that exports (only importers).
        public static let exportNotSupported = Code(unchecked: "exportNotSupported")
        /// The type has no representation that imports (only exporters).
        public static let importNotSupported = Code(unchecked: "importNotSupported")
        /// Matching representations exist, but their exporting conditions are false for this item.
        public static let conditionNotMet = Code(unchecked: "conditionNotMet")
        /// An encoder failed (``CodableRepresentation``).
        public static let encodingFailed = Code(unchecked: "encodingFailed")
        /// A decoder failed, or the bytes are not what the content type says.
        public static let decodingFailed = Code(unchecked: "decodingFailed")
        /// A representation's exporting closure threw.
        public static let exportFailed = Code(unchecked: "exportFailed")
        /// A representation's importing closure threw.
        public static let importFailed = Code(unchecked: "importFailed")
        /// A file to read, copy or write is missing or inaccessible.
        public static let fileUnavailable = Code(unchecked: "fileUnavailable")
        /// Proxy representations lead back to a type being expanded.
        public static let proxyCycle = Code(unchecked: "proxyCycle")
        /// The representation tree cannot be flattened.
        public static let invalidRepresentation = Code(unchecked: "invalidRepresentation")
        /// The task was cancelled; partial files were removed.
        public static let cancelled = Code(unchecked: "cancelled")

        /// Every code this version knows, in the order above.
        public static let knownValues: [Code] = [
            .noMatchingRepresentation, .exportNotSupported, .importNotSupported, .conditionNotMet, .encodingFailed,
            .decodingFailed, .exportFailed, .importFailed, .fileUnavailable, .proxyCycle, .invalidRepresentation,
            .cancelled,
        ]

    }

    /// One representation considered for the transfer, and why it was not used.
    ///
    /// `Attempt` is `Sendable`.
    public struct Attempt: Sendable, Hashable, CustomStringConvertible {
        /// The representation's content type.
        public let contentType: UTType
        /// Its payload form.
        public let payloadForm: TransferPayloadForm
        /// Why it was not used, or why it failed.
        public let reason: String

        /// Creates an attempt record.
        ///
        /// - Parameters:
        ///   - contentType: The representation's content type.
        ///   - payloadForm: Its payload form.
        ///   - reason: Why it was not used.
        package init(contentType: UTType, payloadForm: TransferPayloadForm, reason: String) {
            self.contentType = contentType
            self.payloadForm = payloadForm
            self.reason = reason
        }

        /// `content-type (form): reason`.
        public var description: String { "\(contentType.identifier) (\(payloadForm)): \(reason)" }
    }

    /// The kind of failure.
    public let code: Code
    /// The name of the item type being transferred, such as `Profile`.
    public let itemType: String
    /// The content type asked for; `nil` when any was acceptable.
    public let requestedContentType: UTType?
    /// The content types the item type offers in the direction asked.
    public let offeredContentTypes: [UTType]
    /// Each representation considered, and why it was not used.
    public let attempts: [Attempt]
    /// A one-line explanation.
    public let reason: String
    /// The error thrown by a representation's closure, an encoder, a decoder or the file system.
    public let underlyingError: (any Error)?

    /// Creates an error; only the package's own code throws `TransferError`.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - itemType: The item type being transferred.
    ///   - requestedContentType: The content type asked for.
    ///   - offeredContentTypes: The content types offered.
    ///   - attempts: The representations considered.
    ///   - reason: A one-line explanation.
    ///   - underlyingError: The error that caused this one.
    package init(
        _ code: Code,
        itemType: Any.Type,
        requestedContentType: UTType? = nil,
        offeredContentTypes: [UTType] = [],
        attempts: [Attempt] = [],
        reason: String,
        underlyingError: (any Error)? = nil
    ) {
        self.code = code
        self.itemType = String(describing: itemType)
        self.requestedContentType = requestedContentType
        self.offeredContentTypes = offeredContentTypes
        self.attempts = attempts
        self.reason = reason
        self.underlyingError = underlyingError
    }
}

// MARK: - CustomStringConvertible

extension TransferError: CustomStringConvertible, CustomDebugStringConvertible {
    /// What was asked, why it failed, and each candidate with the reason it was rejected.
    public var description: String {
        var lines = [reason]
        if !offeredContentTypes.isEmpty {
            lines.append("  offered: " + offeredContentTypes.map(\.identifier).joined(separator: ", "))
        }
        lines += attempts.map { "  \($0)" }
        // A decoding or CSV error is already told in the reason, in words; others are added.
        if let underlyingError, !(underlyingError is DecodingError), !(underlyingError is CSVError) {
            lines.append("  underlying error: \(Self.describe(underlyingError))")
        }
        return lines.joined(separator: "\n")
    }

    /// An underlying error in words: a file-system error as its path and the system's reason,
    /// rather than Foundation's dump of its user info.
    private static func describe(_ error: any Error) -> String {
        (error as? CocoaError)?.fileSystemReason ?? "\(error)"
    }

    /// The description, prefixed with the code.
    public var debugDescription: String { "TransferError(\(code)): \(description)" }
}

// MARK: - Matching

extension TransferError.Code {
    /// Matches an error whose code is `code`, for `catch` clauses and `switch` statements:
    /// `catch TransferError.Code.proxyCycle { … }`.
    public static func ~= (code: TransferError.Code, error: any Error) -> Bool {
        (error as? TransferError)?.code == code
    }
}
