/// How CSV is written and read: the delimiter, the header, the byte-order mark, strictness and
/// limits. RFC 4180 by default.
///
/// ```swift
/// var format = CSVFormat()           // comma, header row, strict
/// format.delimiter = UInt8(ascii: "\t")   // TSV
/// ```
///
/// `CSVFormat` is `Sendable`.
public struct CSVFormat: Sendable, Hashable {
    /// Whether malformed input is an error or is read as best it can.
    ///
    /// `Strictness` is `Sendable`.
    public enum Strictness: Sendable, Hashable {
        /// Every deviation from RFC 4180 is a ``CSVError``.
        case strict
        /// Deviations are accepted as documented on ``CSVFormat/strictness``.
        case lenient
    }

    /// The field separator: `,` by default, a tab for TSV. It cannot be `"`, CR or LF.
    public var delimiter: UInt8
    /// Whether the first row names the columns. The default is `true`: the decoder maps names to
    /// coding keys, and the encoder writes them.
    public var hasHeader: Bool
    /// Whether the encoder starts the output with a UTF-8 byte-order mark. The default is `false`;
    /// the decoder always skips one at the start of its input.
    public var writesByteOrderMark: Bool
    /// The line ending the encoder writes: `\r\n` (RFC 4180, the default) or `\n`.
    public var lineEnding: LineEnding
    /// How malformed input is treated. In ``Strictness/lenient`` mode:
    /// - a quote inside an unquoted field is kept as a character;
    /// - a field with text after its closing quote is kept as written, quotes included (`"ab"c`);
    /// - rows with fewer fields than the header are padded with empty fields, and extra fields are
    ///   ignored; blank lines are skipped;
    /// - an unterminated quoted field runs to the end of the input.
    /// Invalid UTF-8 and fields over ``maximumFieldLength`` are errors in both modes.
    public var strictness: Strictness
    /// The longest field accepted, in bytes: a defence against unbounded input. The default is
    /// 16 MiB.
    public var maximumFieldLength: Int

    /// A line ending.
    ///
    /// `LineEnding` is `Sendable`.
    public enum LineEnding: Sendable, Hashable {
        /// `\r\n`, as RFC 4180 specifies.
        case crlf
        /// `\n`.
        case lf

        var bytes: [UInt8] {
            switch self {
            case .crlf: [0x0D, 0x0A]
            case .lf: [0x0A]
            }
        }
    }

    /// Creates a format.
    ///
    /// - Parameters:
    ///   - delimiter: The field separator. The default is `,`.
    ///   - hasHeader: Whether the first row names the columns. The default is `true`.
    ///   - writesByteOrderMark: Whether the encoder writes a UTF-8 BOM. The default is `false`.
    ///   - lineEnding: The line ending written. The default is CRLF.
    ///   - strictness: How malformed input is treated. The default is strict.
    ///   - maximumFieldLength: The longest field in bytes. The default is 16 MiB.
    public init(
        delimiter: UInt8 = UInt8(ascii: ","),
        hasHeader: Bool = true,
        writesByteOrderMark: Bool = false,
        lineEnding: LineEnding = .crlf,
        strictness: Strictness = .strict,
        maximumFieldLength: Int = 16 << 20
    ) {
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.writesByteOrderMark = writesByteOrderMark
        self.lineEnding = lineEnding
        self.strictness = strictness
        self.maximumFieldLength = maximumFieldLength
    }

    /// Tab-separated values: a tab as the delimiter, otherwise the defaults.
    public static let tsv = CSVFormat(delimiter: 0x09)
}

/// Malformed CSV, or values CSV cannot hold: what was expected, what was found, and where.
///
/// `CSVError` is `Sendable`.
public struct CSVError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    ///
    /// `Code` is `Sendable`.
    public enum Code: String, Sendable, Hashable {
        /// A quoted field is not closed before the end of the input.
        case unterminatedQuote = "unterminated quote"
        /// A quote inside an unquoted field, or text after a closing quote.
        case strayQuote = "stray quote"
        /// A row has a different number of fields from the header (or the first row).
        case raggedRow = "ragged row"
        /// The bytes are not UTF-8.
        case invalidUTF8 = "invalid UTF-8"
        /// A field is longer than ``CSVFormat/maximumFieldLength``.
        case fieldTooLong = "field too long"
        /// The header names a column twice, or lacks a column a key needs.
        case invalidHeader = "invalid header"
        /// A field cannot be read as the value its key needs.
        case invalidValue = "invalid value"
        /// The value cannot be written as CSV.
        case unsupportedValue = "unsupported value"
        /// The format itself is invalid (a delimiter of `"`, CR or LF).
        case invalidFormat = "invalid format"
    }

    /// The kind of problem.
    public let code: Code
    /// The 1-based line of the input where it was found; 0 when not tied to the input.
    public let line: Int
    /// The 1-based column (in bytes) on that line; 0 when not tied to the input.
    public let column: Int
    /// What was expected and what was found.
    public let reason: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of problem.
    ///   - line: The 1-based line, or 0.
    ///   - column: The 1-based byte column, or 0.
    ///   - reason: What was expected and what was found.
    public init(_ code: Code, line: Int, column: Int, reason: String) {
        self.code = code
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `line L, column C: reason`.
    public var description: String {
        line > 0 ? "line \(line), column \(column): \(reason)" : reason
    }
}
