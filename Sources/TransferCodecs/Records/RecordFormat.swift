#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a sequence of records is laid out as bytes: the rows of a CSV table, or the elements of a
/// JSON array.
///
/// A record format is what lets a large archive be read and written a record at a time: each
/// layout writes a run of records the same way wherever the run starts, so that the records can be
/// decoded and encoded in batches on all the machine's cores and the pieces joined in order give
/// the same bytes as the whole sequence encoded at once.
///
/// ```swift
/// RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.profiles) {
///     ProfilesArchive(profiles: $0)
/// }
/// ```
///
/// | format | the sequence | one record |
/// |---|---|---|
/// | ``csv(_:)``, ``csv(encoder:decoder:)`` | a header row, then one row per record (nothing at all for no record) | a row, by ``CSVEncoder`` and ``CSVDecoder`` |
/// | ``jsonArray(encoder:decoder:)`` | `[`, the records separated by commas, `]` | an element, by ``JSONTextEncoder`` and ``JSONTextDecoder`` |
/// | ``jsonLines(encoder:decoder:)`` | each record on a line of its own, ended by a line feed | a JSON value, by ``JSONTextEncoder`` and ``JSONTextDecoder`` |
///
/// `RecordFormat` is `Sendable`.
public struct RecordFormat: Sendable, CustomStringConvertible {
    enum Layout: Sendable {
        case csv(CSVEncoder, CSVDecoder)
        case jsonArray(JSONTextEncoder, JSONTextDecoder)
        case jsonLines(JSONTextEncoder, JSONTextDecoder)
    }

    let layout: Layout

    /// Records as the rows of a CSV table (RFC 4180), with the columns in the order the first
    /// record encodes its keys.
    ///
    /// - Parameter format: The CSV dialect. The default is RFC 4180 with a header row and CRLF.
    /// - Returns: The format.
    public static func csv(_ format: CSVFormat = CSVFormat()) -> RecordFormat {
        RecordFormat(layout: .csv(CSVEncoder(format: format), CSVDecoder(format: format)))
    }

    /// Records as the rows of a CSV table, written by `encoder` and read by `decoder`: each with its
    /// format and its strategies (dates, data, non-conforming floats, keys).
    ///
    /// ```swift
    /// var encoder = CSVEncoder()
    /// encoder.dateEncodingStrategy = .iso8601
    /// var decoder = CSVDecoder()
    /// decoder.dateDecodingStrategy = .iso8601
    /// RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(encoder: encoder, decoder: decoder),
    ///                       records: \.orders) { OrderBook(orders: $0) }
    /// ```
    ///
    /// - Parameters:
    ///   - encoder: The format and options each record is written with.
    ///   - decoder: The format and options each record is read with.
    /// - Returns: The format.
    public static func csv(encoder: CSVEncoder, decoder: CSVDecoder) -> RecordFormat {
        RecordFormat(layout: .csv(encoder, decoder))
    }

    /// Records as the elements of one JSON array (RFC 8259).
    ///
    /// With `.prettyPrinted` in the encoder's options the array is encoded whole, as
    /// ``JSONTextEncoder`` indents it: such a format does not stream (``isStreamable`` is false).
    ///
    /// - Parameters:
    ///   - encoder: The options each record is encoded with.
    ///   - decoder: The options each record is decoded with.
    /// - Returns: The format.
    public static func jsonArray(
        encoder: JSONTextEncoder = JSONTextEncoder(), decoder: JSONTextDecoder = JSONTextDecoder()
    ) -> RecordFormat {
        RecordFormat(layout: .jsonArray(encoder, decoder))
    }

    /// Records as JSON Lines (https://jsonlines.org, also called NDJSON): one JSON value a line,
    /// each line ended by a line feed.
    ///
    /// Reading skips blank lines and allows a carriage return before a line feed; a value must end
    /// on its line. `.prettyPrinted` does not apply (a value takes one line) and is ignored.
    ///
    /// - Parameters:
    ///   - encoder: The options each record is encoded with.
    ///   - decoder: The options each record is decoded with.
    /// - Returns: The format.
    public static func jsonLines(
        encoder: JSONTextEncoder = JSONTextEncoder(), decoder: JSONTextDecoder = JSONTextDecoder()
    ) -> RecordFormat {
        var encoder = encoder
        encoder.outputFormatting.remove(.prettyPrinted)
        return RecordFormat(layout: .jsonLines(encoder, decoder))
    }

    /// Whether the records are the rows of a CSV table.
    package var isCSV: Bool {
        if case .csv = layout { true } else { false }
    }

    /// This format with its CSV dialect replaced by `format` when it is CSV — a delimiter, say, for
    /// a file separated by semicolons; the coders' strategies are kept. Any other format is
    /// returned unchanged.
    package func replacingCSVFormat(_ format: CSVFormat) -> RecordFormat {
        guard case .csv(var encoder, var decoder) = layout else { return self }
        encoder.format = format
        decoder.format = format
        return RecordFormat(layout: .csv(encoder, decoder))
    }

    /// Whether a sequence in this format can be written a batch of records at a time: every format
    /// but a pretty-printed JSON array, which is indented as a whole.
    public var isStreamable: Bool {
        switch layout {
        case .csv, .jsonLines: true
        case .jsonArray(let encoder, _): !encoder.outputFormatting.contains(.prettyPrinted)
        }
    }

    /// `CSV rows`, `JSON array elements` or `JSON Lines`.
    public var description: String {
        switch layout {
        case .csv: "CSV rows"
        case .jsonArray: "JSON array elements"
        case .jsonLines: "JSON Lines"
        }
    }
}
