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
    /// An open set (a struct, not an enum), so that modes between the two can be added without
    /// breaking a `switch`. `Strictness` is `Sendable`.
    public struct Strictness: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// Every deviation from RFC 4180 is a ``CSVError``.
        public static let strict = Strictness("strict")
        /// Deviations are accepted as documented on ``CSVFormat/strictness``.
        public static let lenient = Strictness("lenient")

        /// The mode's name.
        public var description: String { name }
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
    /// An open set (a struct, not an enum), so that another ending can be added without breaking a
    /// `switch`. `LineEnding` is `Sendable`.
    public struct LineEnding: Sendable, Hashable, CustomStringConvertible {
        /// The bytes written at the end of each row.
        let bytes: [UInt8]
        private init(bytes: [UInt8]) { self.bytes = bytes }

        /// `\r\n`, as RFC 4180 specifies.
        public static let crlf = LineEnding(bytes: [0x0D, 0x0A])
        /// `\n`.
        public static let lf = LineEnding(bytes: [0x0A])

        /// `CRLF` or `LF`.
        public var description: String { bytes == [0x0A] ? "LF" : "CRLF" }
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

    /// Creates a format whose delimiter is written as a character: `CSVFormat(delimiter: ";")`.
    ///
    /// The delimiter is one byte, so it must be ASCII — as `UInt8(ascii:)` requires — and cannot be
    /// `"`, CR or LF. To set it on a format, `format.delimiter = UInt8(ascii: ";")`.
    ///
    /// - Parameters:
    ///   - delimiter: The field separator, an ASCII character.
    ///   - hasHeader: Whether the first row names the columns. The default is `true`.
    ///   - writesByteOrderMark: Whether the encoder writes a UTF-8 BOM. The default is `false`.
    ///   - lineEnding: The line ending written. The default is CRLF.
    ///   - strictness: How malformed input is treated. The default is strict.
    ///   - maximumFieldLength: The longest field in bytes. The default is 16 MiB.
    public init(
        delimiter: Unicode.Scalar,
        hasHeader: Bool = true,
        writesByteOrderMark: Bool = false,
        lineEnding: LineEnding = .crlf,
        strictness: Strictness = .strict,
        maximumFieldLength: Int = 16 << 20
    ) {
        self.init(
            delimiter: UInt8(ascii: delimiter), hasHeader: hasHeader, writesByteOrderMark: writesByteOrderMark,
            lineEnding: lineEnding, strictness: strictness, maximumFieldLength: maximumFieldLength)
    }

    /// Tab-separated values: a tab as the delimiter, otherwise the defaults.
    public static let tsv = CSVFormat(delimiter: 0x09)
}
