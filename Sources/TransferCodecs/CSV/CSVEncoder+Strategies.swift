#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

// The encoding strategies of Foundation's `JSONEncoder`, with the same names and meanings, for
// the values a CSV field holds.

extension CSVEncoder {
    /// How `Date` values are written: `JSONEncoder.DateEncodingStrategy`'s cases, and a format
    /// style.
    ///
    /// ```swift
    /// var encoder = CSVEncoder()
    /// encoder.dateEncodingStrategy = .iso8601                      // 2026-11-20T09:15:00Z
    /// encoder.dateEncodingStrategy = .formatted(Date.ISO8601FormatStyle().year().month().day())
    /// ```
    ///
    /// `DateEncodingStrategy` is `Sendable`.
    public enum DateEncodingStrategy: Sendable {
        /// The way `Date` encodes itself: seconds since 1 January 2001, a number. The default.
        case deferredToDate
        /// Seconds since 1 January 1970, a number.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, a number.
        case millisecondsSince1970
        /// ISO 8601 in UTC, to the second (`2026-11-20T09:15:00Z`), as `JSONEncoder` writes it.
        case iso8601
        /// Text in a format of your own (``CSVDateFormat``).
        case formatted(CSVDateFormat)
        /// What the closure encodes into the encoder it is given: one value, or nothing (an
        /// empty field).
        case custom(@Sendable (Date, any Encoder) throws -> Void)

        /// Text in a format style's form: `.formatted(Date.ISO8601FormatStyle().year().month().day())`,
        /// or with full Foundation `Date.VerbatimFormatStyle`, `Date.FormatStyle`.
        ///
        /// - Parameter style: The style. The decoder that reads the field back needs its parse
        ///   strategy: give the same style to ``CSVDecoder/DateDecodingStrategy/formatted(_:)-(Style)``.
        /// - Returns: The strategy.
        public static func formatted<Style: ParseableFormatStyle>(_ style: Style) -> Self
        where Style: Sendable, Style.Strategy: Sendable, Style.FormatInput == Date, Style.FormatOutput == String {
            .formatted(CSVDateFormat(style))
        }
    }

    /// How `Data` values are written: `JSONEncoder.DataEncodingStrategy`'s cases.
    ///
    /// `DataEncodingStrategy` is `Sendable`.
    public enum DataEncodingStrategy: Sendable {
        /// The way `Data` encodes itself: an array of bytes, written as JSON inside the field
        /// (`[104,105]`).
        case deferredToData
        /// Base64 (RFC 4648), as `JSONEncoder` writes it. The default.
        case base64
        /// What the closure encodes into the encoder it is given.
        case custom(@Sendable (Data, any Encoder) throws -> Void)
    }

    /// How NaN and the infinities are written: `JSONEncoder.NonConformingFloatEncodingStrategy`'s
    /// cases.
    ///
    /// `NonConformingFloatEncodingStrategy` is `Sendable`.
    public enum NonConformingFloatEncodingStrategy: Sendable {
        /// They are an `EncodingError`. The default.
        case `throw`
        /// They are written as these words.
        case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How coding keys become column names: `JSONEncoder.KeyEncodingStrategy`'s cases.
    ///
    /// `KeyEncodingStrategy` is `Sendable`.
    public enum KeyEncodingStrategy: Sendable {
        /// The keys as the type names them. The default.
        case useDefaultKeys
        /// `firstName` → `first_name`, by Foundation's rules.
        case convertToSnakeCase
        /// The key the closure returns for the coding path (the record's keys down to the field).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}

/// A date format of your own for CSV fields, for ``CSVEncoder/DateEncodingStrategy/formatted(_:)-enum.case``
/// and ``CSVDecoder/DateDecodingStrategy/formatted(_:)-enum.case``: a format style, or two
/// closures (for a `DateFormatter`, say).
///
/// `CSVDateFormat` is `Sendable`.
public struct CSVDateFormat: Sendable {
    let format: @Sendable (Date) -> String
    let parse: @Sendable (String) -> Date?

    /// A format style's form, and its parse strategy to read it back.
    ///
    /// - Parameter style: The style.
    public init<Style: ParseableFormatStyle>(_ style: Style)
    where Style: Sendable, Style.Strategy: Sendable, Style.FormatInput == Date, Style.FormatOutput == String {
        format = { style.format($0) }
        parse = { try? style.parseStrategy.parse($0) }
    }

    /// A format of two closures.
    ///
    /// - Parameters:
    ///   - format: The text for a date.
    ///   - parse: The date for a text, or `nil` when the text is not one.
    public init(format: @escaping @Sendable (Date) -> String, parse: @escaping @Sendable (String) -> Date?) {
        self.format = format
        self.parse = parse
    }
}

/// The encoder's strategies, as the field writers read them.
struct CSVEncodingOptions: Sendable {
    var date: CSVEncoder.DateEncodingStrategy = .deferredToDate
    var data: CSVEncoder.DataEncodingStrategy = .base64
    var nonConformingFloat: CSVEncoder.NonConformingFloatEncodingStrategy = .throw
    var key: CSVEncoder.KeyEncodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether keys are column names as they are.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = key { true } else { false }
    }

    /// The column name for a key at `codingPath` (the key last).
    func column(for key: any CodingKey, codingPath: @autoclosure () -> [any CodingKey]) -> String {
        switch self.key {
        case .useDefaultKeys: key.stringValue
        case .convertToSnakeCase: JSONKeyConversion.snakeCase(key.stringValue)
        case .custom(let convert): convert(codingPath()).stringValue
        }
    }

    /// The encoder of values a field holds as JSON (arrays, nested structures), with the same
    /// strategies: a date inside a nested value is written as a date in a field is.
    var nestedEncoder: JSONTextEncoder {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        switch date {
        case .deferredToDate: encoder.dateEncodingStrategy = .deferredToDate
        case .secondsSince1970: encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970: encoder.dateEncodingStrategy = .millisecondsSince1970
        case .iso8601: encoder.dateEncodingStrategy = .iso8601
        case .formatted(let format):
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(format.format(date))
            }
        case .custom(let encode): encoder.dateEncodingStrategy = .custom(encode)
        }
        switch data {
        case .deferredToData: encoder.dataEncodingStrategy = .deferredToData
        case .base64: encoder.dataEncodingStrategy = .base64
        case .custom(let encode): encoder.dataEncodingStrategy = .custom(encode)
        }
        if case .convertToString(let positive, let negative, let nan) = nonConformingFloat {
            encoder.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        switch key {
        case .useDefaultKeys: break
        case .convertToSnakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
        case .custom(let convert): encoder.keyEncodingStrategy = .custom(convert)
        }
        encoder.userInfo = userInfo
        return encoder
    }
}
