#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Encodes `Encodable` values as CSV (RFC 4180): a header row naming the columns, then one record
/// per value.
///
/// ```swift
/// let csv = try CSVEncoder().encode(profiles)      // [Profile] → header + one row each
/// ```
///
/// An array encodes one record per element; a single value encodes one record. The columns are the
/// coding keys in the order the first record encodes them (a `nil` optional still names its column,
/// with an empty field). Values map to fields:
/// - strings as they are, quoted when they hold the delimiter, a quote, CR or LF (quotes doubled);
/// - numbers and `Bool` in their shortest exact form; `URL` as its absolute string; `nil` as an
///   empty field;
/// - `Date`, `Data`, NaN and the infinities by ``dateEncodingStrategy``,
///   ``dataEncodingStrategy`` and ``nonConformingFloatEncodingStrategy``, and column names by
///   ``keyEncodingStrategy``: `JSONEncoder`'s strategies, with its names and defaults;
/// - anything else — arrays, nested structures — as JSON inside the field (`["a","b"]`), with the
///   same strategies, which ``CSVDecoder`` reads back.
///
/// A field longer than the format's ``CSVFormat/maximumFieldLength`` is an `EncodingError`: the
/// decoder would refuse it, and what the encoder writes, the decoder with the same format reads.
///
/// `CSVEncoder` is `Sendable`.
public struct CSVEncoder: TopLevelEncoder, Sendable {
    /// The encoder produces bytes.
    public typealias Output = Data

    /// The format of the output.
    public var format: CSVFormat
    /// How `Date` values are written. The default is `.deferredToDate`: seconds since 2001.
    public var dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    /// How `Data` values are written. The default is `.base64`.
    public var dataEncodingStrategy: DataEncodingStrategy = .base64
    /// How NaN and the infinities are written. The default is `.throw`.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy = .throw
    /// How coding keys become column names. The default is `.useDefaultKeys`.
    public var keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys
    /// Information for the values' `encode(to:)` methods, in `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates an encoder.
    ///
    /// - Parameter format: The format. The default is RFC 4180 with a header row and CRLF line ends.
    public init(format: CSVFormat = CSVFormat()) {
        self.format = format
    }

    /// The strategies, as the field writers read them.
    var options: CSVEncodingOptions {
        CSVEncodingOptions(
            date: dateEncodingStrategy, data: dataEncodingStrategy,
            nonConformingFloat: nonConformingFloatEncodingStrategy,
            key: keyEncodingStrategy, userInfo: userInfo)
    }

    /// Encodes a value as CSV.
    ///
    /// - Parameter value: An array of records, or one record.
    /// - Returns: The CSV bytes, UTF-8.
    /// - Throws: `EncodingError` when a value cannot be a record (a bare string at the top level,
    ///   records with different columns), or a field cannot be written (NaN by default, a field
    ///   longer than ``CSVFormat/maximumFieldLength``).
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try CSVDecoder.validate(format)
        let collector = CSVRecordCollector(format: format, options: options)
        try value.encode(to: CSVValueEncoder(collector: collector, codingPath: []))
        return try collector.finish()
    }

    /// Encodes records in pieces, a batch at a time on the machine's cores, and hands the pieces to
    /// `body` in order; together they are ``encode(_:)`` of the records. Memory holds a few
    /// batches, not the whole output.
    ///
    /// - Parameters:
    ///   - records: The records.
    ///   - body: Receives the pieces: the header with the first batch, then the others.
    /// - Throws: `EncodingError` when a record cannot be one, or has columns the first does not;
    ///   what `body` throws; `CancellationError` when the task is cancelled.
    public func encode<T: Encodable & Sendable>(_ records: [T], inPieces body: (Data) throws -> Void) throws {
        try CSVDecoder.validate(format)
        try RecordFormat.csv(encoder: self, decoder: CSVDecoder(format: format)).encode(records, inPieces: body)
    }
}
