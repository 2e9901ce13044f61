public import TransferKit

/// Why a clipboard operation failed: a code for programs, and words that say what was expected,
/// what was found, and where.
///
/// `ClipboardError` is `Sendable`.
public struct ClipboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added.
    ///
    /// `Code` is `Sendable`.
    public struct Code: NamedValue {
        /// The name, camelCase: `timedOut`.
        public let rawValue: String

        private init(unchecked rawValue: String) { self.rawValue = rawValue }

        /// No display to talk to: neither `WAYLAND_DISPLAY` nor `DISPLAY` names one this library
        /// can reach.
        public static let noDisplay = Code(unchecked: "noDisplay")
        /// The display server refused the connection, or it broke.
        public static let connectionFailed = Code(unchecked: "connectionFailed")
        /// The display server does not offer what the clipboard needs (Wayland's data-control).
        public static let unsupported = Code(unchecked: "unsupported")
        /// Nothing is on the clipboard.
        public static let empty = Code(unchecked: "empty")
        /// The clipboard's owner does not offer the type asked for, or refused to convert.
        public static let typeNotOffered = Code(unchecked: "typeNotOffered")
        /// No type on the clipboard is one the model imports.
        public static let noImportableType = Code(unchecked: "noImportableType")
        /// The owner, or the server, did not answer before the deadline.
        public static let timedOut = Code(unchecked: "timedOut")
        /// The owner sent more than the limit allows (bytes, or targets).
        public static let tooLarge = Code(unchecked: "tooLarge")
        /// The owner sent something the protocol does not allow: a property of the wrong type or
        /// format, a malformed list.
        public static let protocolError = Code(unchecked: "protocolError")
        /// Exporting or importing the model failed.
        public static let transferFailed = Code(unchecked: "transferFailed")
        /// The file a paste was to be written to could not be created or written.
        public static let outputFailed = Code(unchecked: "outputFailed")

        /// Every code this version knows, in the order above.
        public static let knownValues: [Code] = [
            .noDisplay, .connectionFailed, .unsupported, .empty, .typeNotOffered, .noImportableType, .timedOut,
            .tooLarge, .protocolError, .transferFailed, .outputFailed,
        ]
    }

    /// The kind of failure.
    public let code: Code
    /// What was expected, what was found, and where.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - reason: What was expected, what was found, and where.
    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    /// The reason.
    public var description: String { reason }
}
