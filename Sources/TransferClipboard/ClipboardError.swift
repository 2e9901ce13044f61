/// Why a clipboard operation failed: a code for programs, and words that say what was expected,
/// what was found, and where.
///
/// `ClipboardError` is `Sendable`.
public struct ClipboardError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure. New codes may be added.
    ///
    /// `Code` is `Sendable`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The name, camelCase: `timedOut`.
        public let rawValue: String

        /// The code named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No display to talk to: neither `WAYLAND_DISPLAY` nor `DISPLAY` names one this library
        /// can reach.
        public static let noDisplay = Code(rawValue: "noDisplay")
        /// The display server refused the connection, or it broke.
        public static let connectionFailed = Code(rawValue: "connectionFailed")
        /// The display server does not offer what the clipboard needs (Wayland's data-control).
        public static let unsupported = Code(rawValue: "unsupported")
        /// Nothing is on the clipboard.
        public static let empty = Code(rawValue: "empty")
        /// The clipboard's owner does not offer the type asked for, or refused to convert.
        public static let typeNotOffered = Code(rawValue: "typeNotOffered")
        /// No type on the clipboard is one the model imports.
        public static let noImportableType = Code(rawValue: "noImportableType")
        /// The owner, or the server, did not answer before the deadline.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The owner sent more than the limit allows (bytes, or targets).
        public static let tooLarge = Code(rawValue: "tooLarge")
        /// The owner sent something the protocol does not allow: a property of the wrong type or
        /// format, a malformed list.
        public static let protocolError = Code(rawValue: "protocolError")
        /// Exporting or importing the model failed.
        public static let transferFailed = Code(rawValue: "transferFailed")
        /// The file a paste was to be written to could not be created or written.
        public static let outputFailed = Code(rawValue: "outputFailed")

        /// The name.
        public var description: String { rawValue }
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
