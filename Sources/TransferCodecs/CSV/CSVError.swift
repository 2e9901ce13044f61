/// Malformed CSV, or values CSV cannot hold: what was expected, what was found, and where.
///
/// `CSVError` is `Sendable`.
public struct CSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    ///
    /// An open set (a struct, not an enum), so that new kinds of problem can be added without
    /// breaking a `switch`; match with `==` or `case .unterminatedQuote` in a `switch` with a
    /// `default`. `Code` is `Sendable`.
    public struct Code: NamedValue {
        /// The name, camelCase, as programs and JSON output spell it: `unterminatedQuote`.
        public let rawValue: String

        init(unchecked rawValue: String) { self.rawValue = rawValue }

        /// A quoted field is not closed before the end of the input.
        public static let unterminatedQuote = Code(unchecked: "unterminatedQuote")
        /// A quote inside an unquoted field, or text after a closing quote.
        public static let strayQuote = Code(unchecked: "strayQuote")
        /// A row has a different number of fields from the header (or the first row).
        public static let raggedRow = Code(unchecked: "raggedRow")
        /// The bytes are not UTF-8.
        public static let invalidUTF8 = Code(unchecked: "invalidUTF8")
        /// A field is longer than ``CSVFormat/maximumFieldLength``.
        public static let fieldTooLong = Code(unchecked: "fieldTooLong")
        /// The header names a column twice, or lacks a column a key needs.
        public static let invalidHeader = Code(unchecked: "invalidHeader")
        /// A field cannot be read as the value its key needs.
        public static let invalidValue = Code(unchecked: "invalidValue")
        /// The value cannot be written as CSV.
        public static let unsupportedValue = Code(unchecked: "unsupportedValue")
        /// The format itself is invalid (a delimiter of `"`, CR or LF).
        public static let invalidFormat = Code(unchecked: "invalidFormat")

        /// Every code this version knows, in the order above.
        public static let knownValues: [Code] = [
            .unterminatedQuote, .strayQuote, .raggedRow, .invalidUTF8, .fieldTooLong, .invalidHeader, .invalidValue,
            .unsupportedValue, .invalidFormat,
        ]

    }

    /// The kind of problem.
    public let code: Code
    /// The 1-based line of the input where it was found; 0 when not tied to the input.
    public let line: Int
    /// The 1-based column (in bytes) on that line; 0 when not tied to the input.
    public let column: Int
    /// What was expected and what was found.
    public let reason: String
    /// The index, from 0, of the record the malformed row would have been, when the error is
    /// found reading the records of a file a batch at a time (as ``CSVDecoder``'s
    /// `decodeElements` and the record conversions built on it do); `nil` otherwise. A row's ``line`` is not its
    /// index: a quoted field can span lines, and the header and blank lines are not records.
    public package(set) var recordIndex: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based byte column, or 0.
    ///   - reason: What was expected and what was found.
    package init(_ code: Code, line: Int, column: Int, reason: String) {
        self.code = code
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// This error, found where the record at `index` would have been.
    package func atRecord(_ index: Int) -> CSVError {
        var error = self
        error.recordIndex = error.recordIndex ?? index
        return error
    }

    /// `line L, column C: reason`.
    public var description: String {
        line > 0 ? "line \(line), column \(column): \(reason)" : reason
    }
}

extension CSVError.Code {
    /// Matches an error whose code is `code`: `catch CSVError.Code.raggedRow { … }`.
    public static func ~= (code: CSVError.Code, error: any Error) -> Bool {
        (error as? CSVError)?.code == code
    }
}
