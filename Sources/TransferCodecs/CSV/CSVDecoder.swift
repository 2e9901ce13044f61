package import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes `Decodable` values from CSV (RFC 4180): the header row names the columns, each record is
/// one value.
///
/// ```swift
/// let profiles = try CSVDecoder().decode([Profile].self, from: csv)
/// ```
///
/// Decoding an array reads every record; decoding a single value reads the one record there must be.
/// Columns map to coding keys by name. Fields map to values:
/// - `String` as is; numbers and `Bool` (`true`/`false`) parsed; `URL` from its string;
/// - an empty field is `nil` for an optional; a column missing from the header too;
/// - anything else — arrays, nested structures — is JSON inside the field, as ``CSVEncoder`` writes it.
///
/// With ``CSVFormat/hasHeader`` false, records decode as unkeyed containers (`[[String]]`) or through
/// integer coding keys.
///
/// Every error is a ``CSVError`` (inside `DecodingError.dataCorrupted` when it concerns a value) with
/// the line and column.
///
/// `CSVDecoder` is `Sendable`.
public struct CSVDecoder: TopLevelDecoder, Sendable {
    /// The decoder reads bytes.
    public typealias Input = Data

    /// The format of the input.
    public var format: CSVFormat
    /// How `Date` values are read. The default is `.deferredToDate`: seconds since 2001.
    public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
    /// How `Data` values are read. The default is `.base64`.
    public var dataDecodingStrategy: DataDecodingStrategy = .base64
    /// How NaN and the infinities are read. The default is `.throw`.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
    /// How column names become coding keys. The default is `.useDefaultKeys`.
    public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
    /// Information for the values' `init(from:)` methods, in `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]

    /// Creates a decoder.
    ///
    /// - Parameter format: The format. The default is RFC 4180 with a header row, strict.
    public init(format: CSVFormat = CSVFormat()) {
        self.format = format
    }

    /// The strategies, as the field readers read them.
    var options: CSVDecodingOptions {
        CSVDecodingOptions(
            date: dateDecodingStrategy, data: dataDecodingStrategy,
            nonConformingFloat: nonConformingFloatDecodingStrategy,
            key: keyDecodingStrategy, userInfo: userInfo)
    }

    /// Decodes a value from CSV.
    ///
    /// - Parameters:
    ///   - type: The type: an array of records, or a single record.
    ///   - data: The CSV bytes, UTF-8, with or without a byte-order mark.
    /// - Returns: The value.
    /// - Throws: ``CSVError`` for malformed CSV; `DecodingError` for fields that are not the values
    ///   their keys need (its context holds a ``CSVError`` with the position).
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { raw in
            try decode(type, from: raw.bindMemory(to: UInt8.self))
        }
    }

    /// Decodes the records of a CSV file one at a time, in bounded memory: the file is read in
    /// chunks, and each record is decoded and handed to `body` before the next chunk is read.
    ///
    /// ```swift
    /// try CSVDecoder().decodeElements(Profile.self, contentsOf: url) { profile in
    ///     try output.write(profile)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - body: Receives each record in order.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `body` throws.
    public func decodeElements<T: Decodable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void) throws {
        var reader = try CSVRecordReader(ReadableFile(url), format: format, records: T.self, options: options)
        defer { reader.close() }
        while let batch = try reader.nextBatch() {
            try batch.decode(T.self, decoder: self).deliver(to: body)
        }
        try reader.checkColumnsIfEmpty(for: T.self, options: options)
    }

    /// Decodes the records of a CSV file, in order, handing each to `body` on the caller's thread;
    /// the decoding runs ahead of `body` on the machine's cores, a window of records at a time, a
    /// few windows at most.
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - body: Receives each record in order.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `body` throws;
    ///   `CancellationError` when the task is cancelled.
    public func decodeElements<T: Decodable & Sendable>(_ type: T.Type, contentsOf url: URL, _ body: (T) throws -> Void)
        throws
    {
        var reader = try CSVRecordReader(ReadableFile(url), format: format, records: T.self, options: options)
        defer { reader.close() }
        let decoder = self
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
            work: { $0.decode(T.self, decoder: decoder) },
            consume: { try $0.deliver(to: body) })
        try reader.checkColumnsIfEmpty(for: T.self, options: options)
    }

    /// Decodes the records of a CSV file a window at a time on the machine's cores, turns each
    /// window's records into something else where they were decoded (`transform` runs
    /// concurrently), and hands the results to `body` in order: for conversions whose second half
    /// (encoding the records again, say) should run on the cores too.
    ///
    /// ```swift
    /// try CSVDecoder().decodeElements(Profile.self, contentsOf: csv, transformingBatches: { profiles, _ in
    ///     try JSONArrayEncoder().encodeElements(profiles)
    /// }) { json in
    ///     try output.write(json)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of one record.
    ///   - url: The file.
    ///   - transform: Turns a window's records, and the index of the first of them in the file,
    ///     into a result. When a record fails to decode, the records before it are transformed and
    ///     delivered before the error is thrown.
    ///   - body: Receives the results in the order of the records.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column in the whole file;
    ///   `DecodingError` for fields that are not the values their keys need; what `transform` or
    ///   `body` throws; `CancellationError` when the task is cancelled.
    public func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, contentsOf url: URL,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        let file = try ReadableFile(url)
        defer { file.close() }
        try decodeElements(type, reading: file, transformingBatches: transform, body)
    }

    /// ``decodeElements(_:contentsOf:transformingBatches:_:)`` from a file, a pipe or standard
    /// input, read from where it is to its end; the caller closes it.
    package func decodeElements<T: Decodable & Sendable, Result: Sendable>(
        _ type: T.Type, reading file: ReadableFile,
        transformingBatches transform: @escaping @Sendable ([T], Int) throws -> Result,
        _ body: (Result) throws -> Void
    ) throws {
        var reader = try CSVRecordReader(file, format: format, records: T.self, options: options)
        let decoder = self
        try OrderedPipeline.run(
            limit: OrderedPipeline.defaultLimit, produce: { try reader.nextBatch() },
            work: { batch in
                try batch.decode(T.self, decoder: decoder).transformed { try transform($0, batch.firstRecord) }
            },
            consume: { try $0.deliver(to: body) })
        try reader.checkColumnsIfEmpty(for: T.self, options: options)
    }

    /// Decodes a value from CSV bytes in memory.
    func decode<T: Decodable>(_ type: T.Type, from input: UnsafeBufferPointer<UInt8>) throws -> T {
        try CSVDecoder.validate(format)
        try CSVDecoder.checkNotUTF16(input)
        var bytes = input
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes[3...])
        }
        let document = try CSVDocument(input: bytes, format: format, options: options)
        if format.hasHeader { try CSVDecoder.checkDialect(ofHeader: document.keys, for: T.self, format: format) }
        let value = try T(from: CSVValueDecoder(document: document, row: nil, path: CSVCodingPath([])))
        if let error = document.pendingError { throw error }
        if !document.hasRecords, format.hasHeader, !document.header.isEmpty {
            try CSVDecoder.checkColumns(document.keys, for: T.self, format: format)
        }
        return value
    }

    static func validate(_ format: CSVFormat) throws(CSVError) {
        if [UInt8(ascii: "\""), 0x0D, 0x0A].contains(format.delimiter) {
            throw CSVError(
                .invalidFormat, line: 0, column: 0, reason: "expected a delimiter other than a quote, CR or LF")
        }
    }

    /// Throws ``CSVError/Code/invalidUTF8`` for the first byte of `bytes` that is not UTF-8, with its
    /// line counted from `firstLine` (the line `bytes` starts on) and its column.
    /// Refuses UTF-16 and UTF-32 input by name, at the start of a document.
    static func checkNotUTF16(_ bytes: UnsafeBufferPointer<UInt8>) throws(CSVError) {
        if let encoding = UTF8Validation.utf16Or32(bytes) {
            throw CSVError(
                .invalidUTF8, line: 1, column: 1,
                reason: "expected UTF-8 text, found \(encoding) (save the file as UTF-8)")
        }
    }

    static func checkUTF8(_ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int = 1) throws(CSVError) {
        guard let invalid = UTF8Validation.firstInvalidByte(in: bytes) else { return }
        throw utf8Error(in: bytes, at: invalid, firstLine: firstLine)
    }

    /// The error for the byte at `invalid`, which is not UTF-8, with its line counted from
    /// `firstLine` (the line `bytes` starts on) and its column.
    static func utf8Error(in bytes: UnsafeBufferPointer<UInt8>, at invalid: Int, firstLine: Int) -> CSVError {
        let position = positionedError(.invalidUTF8, in: bytes, at: invalid, "")
        return CSVError(
            .invalidUTF8, line: firstLine + position.line - 1, column: position.column,
            reason: "expected UTF-8 text, found the byte 0x\(String(bytes[invalid], radix: 16))")
    }

    static func positionedError(
        _ code: CSVError.Code, in bytes: UnsafeBufferPointer<UInt8>, at position: Int, _ reason: String
    ) -> CSVError {
        var line = 1
        var lineStart = 0
        for index in 0..<min(position, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return CSVError(code, line: line, column: position - lineStart + 1, reason: reason)
    }
}
