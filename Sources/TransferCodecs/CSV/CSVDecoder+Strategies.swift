#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

// The decoding strategies of Foundation's `JSONDecoder`, with the same names and meanings, for
// the values a CSV field holds.

extension CSVDecoder {
    /// How `Date` values are read: `JSONDecoder.DateDecodingStrategy`'s cases, and a format style.
    ///
    /// ```swift
    /// var decoder = CSVDecoder()
    /// decoder.dateDecodingStrategy = .iso8601                      // 2026-11-20T09:15:00Z
    /// decoder.dateDecodingStrategy = .formatted(Date.ISO8601FormatStyle().year().month().day())
    /// ```
    ///
    /// `DateDecodingStrategy` is `Sendable`.
    public enum DateDecodingStrategy: Sendable {
        /// The way `Date` decodes itself: seconds since 1 January 2001, a number. The default.
        case deferredToDate
        /// Seconds since 1 January 1970, a number.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, a number.
        case millisecondsSince1970
        /// ISO 8601 with a time zone (`2026-11-20T09:15:00Z`, `2026-11-20T10:15:00+01:00`), with
        /// or without fractional seconds, as `JSONDecoder` reads it.
        case iso8601
        /// Text in a format of your own (``CSVDateFormat``).
        case formatted(CSVDateFormat)
        /// What the closure decodes from the decoder it is given (one field).
        case custom(@Sendable (any Decoder) throws -> Date)

        /// Text in a format style's form: `.formatted(Date.ISO8601FormatStyle().year().month().day())`,
        /// or with full Foundation `Date.VerbatimFormatStyle`, `Date.FormatStyle`.
        ///
        /// - Parameter style: The style, whose parse strategy reads the field.
        /// - Returns: The strategy.
        public static func formatted<Style: ParseableFormatStyle>(_ style: Style) -> Self
        where Style: Sendable, Style.Strategy: Sendable, Style.FormatInput == Date, Style.FormatOutput == String {
            .formatted(CSVDateFormat(style))
        }
    }

    /// How `Data` values are read: `JSONDecoder.DataDecodingStrategy`'s cases.
    ///
    /// `DataDecodingStrategy` is `Sendable`.
    public enum DataDecodingStrategy: Sendable {
        /// The way `Data` decodes itself: an array of bytes, JSON inside the field (`[104,105]`).
        case deferredToData
        /// Base64 (RFC 4648), as `JSONDecoder` reads it. The default.
        case base64
        /// What the closure decodes from the decoder it is given (one field).
        case custom(@Sendable (any Decoder) throws -> Data)
    }

    /// How NaN and the infinities are read: `JSONDecoder.NonConformingFloatDecodingStrategy`'s
    /// cases.
    ///
    /// `NonConformingFloatDecodingStrategy` is `Sendable`.
    public enum NonConformingFloatDecodingStrategy: Sendable {
        /// A field that is not a finite number is an error. The default.
        case `throw`
        /// These words are the infinities and NaN.
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    /// How column names become coding keys: `JSONDecoder.KeyDecodingStrategy`'s cases.
    ///
    /// `KeyDecodingStrategy` is `Sendable`.
    public enum KeyDecodingStrategy: Sendable {
        /// The column names as they are. The default.
        case useDefaultKeys
        /// `first_name` → `firstName`, by Foundation's rules.
        case convertFromSnakeCase
        /// The key the closure returns for a column (the coding path ends with the column's
        /// name).
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }
}

/// The decoder's strategies, as the field readers read them.
struct CSVDecodingOptions: Sendable {
    var date: CSVDecoder.DateDecodingStrategy = .deferredToDate
    var data: CSVDecoder.DataDecodingStrategy = .base64
    var nonConformingFloat: CSVDecoder.NonConformingFloatDecodingStrategy = .throw
    var key: CSVDecoder.KeyDecodingStrategy = .useDefaultKeys
    var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Whether column names are the keys as they are.
    var usesDefaultKeys: Bool {
        if case .useDefaultKeys = key { true } else { false }
    }

    /// The key a column named `name` stands for.
    func key(forColumn name: String) -> String {
        switch key {
        case .useDefaultKeys: name
        case .convertFromSnakeCase: JSONKeyConversion.camelCase(name)
        case .custom(let convert): convert([JSONKey(stringValue: name)]).stringValue
        }
    }

    /// The keys a header's columns stand for, by position.
    func keys(forColumns header: [String]) -> [String] {
        usesDefaultKeys ? header : header.map(key(forColumn:))
    }

    /// The infinity or NaN a field's text names, by the strategy.
    func nonConformingFloat(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        guard case .convertFromString(let positive, let negative, let nan) = nonConformingFloat else { return nil }
        if text.elementsEqual(positive.utf8) { return .infinity }
        if text.elementsEqual(negative.utf8) { return -.infinity }
        if text.elementsEqual(nan.utf8) { return .nan }
        return nil
    }

    /// The decoder of values a field holds as JSON (arrays, nested structures), with the same
    /// strategies.
    var nestedDecoder: JSONTextDecoder {
        var decoder = JSONTextDecoder()
        switch date {
        case .deferredToDate: decoder.dateDecodingStrategy = .deferredToDate
        case .secondsSince1970: decoder.dateDecodingStrategy = .secondsSince1970
        case .millisecondsSince1970: decoder.dateDecodingStrategy = .millisecondsSince1970
        case .iso8601: decoder.dateDecodingStrategy = .iso8601
        case .formatted(let format):
            decoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard let date = format.parse(text) else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription:
                                "expected \(ValueExpectation.formattedDate), found \(text.debugDescription)"))
                }
                return date
            }
        case .custom(let decode): decoder.dateDecodingStrategy = .custom(decode)
        }
        switch data {
        case .deferredToData: decoder.dataDecodingStrategy = .deferredToData
        case .base64: decoder.dataDecodingStrategy = .base64
        case .custom(let decode): decoder.dataDecodingStrategy = .custom(decode)
        }
        if case .convertFromString(let positive, let negative, let nan) = nonConformingFloat {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: positive, negativeInfinity: negative, nan: nan)
        }
        switch key {
        case .useDefaultKeys: break
        case .convertFromSnakeCase: decoder.keyDecodingStrategy = .convertFromSnakeCase
        case .custom(let convert): decoder.keyDecodingStrategy = .custom(convert)
        }
        decoder.userInfo = userInfo
        return decoder
    }
}
