internal import TransferCodecs
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Why a ``TransferConversion`` failed: the stage that failed, the record, where in the input, and
/// the codec's, the model's, the file system's or the output's own error.
///
/// A conversion throws this, and only this, once it runs: for an input that cannot be read
/// (``Stage/reading``); for a record that cannot be read from the input, made into the item, taken
/// from it or written in the target type — the same error, with the same index, line and column,
/// whether the records stream or the whole item is converted (for representations that are not
/// sequences of records, the item is the one record, and ``recordIndex`` is `nil`); for an output
/// that cannot be written (``Stage/writing``, with what the output threw); and for a cancelled
/// task (``Stage/cancelled``).
///
/// ```swift
/// do {
///     try await conversion.convert(contentsOf: csvFile, to: jsonFile)
/// } catch let error as TransferConversionError {
///     print(error)
///     // line 3, column 6: expected an ISO 8601 date such as 2026-11-20T09:15:00Z, found "20/11/2026" (at [1].placed)
///     error.stage        // .decoding
///     error.recordIndex  // 1
///     (error.line, error.column)  // (3, 6)
///     error.underlyingError as? DecodingError  // the decoder's error, with its coding path
/// }
/// ```
///
/// Planning a conversion for a representation that does not exist is a ``TransferError``, thrown
/// by ``TransferConversion/init(_:from:to:mode:csvFormat:)`` before anything is read.
///
/// `TransferConversionError` is `Sendable`.
public struct TransferConversionError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The stage of a conversion that failed.
    ///
    /// `Stage` is `Sendable`.
    public enum Stage: String, Sendable, Hashable, CustomStringConvertible {
        /// Opening or reading the input: it is missing, a directory, not readable, or failed while
        /// read. The underlying error is a `CocoaError` (or a ``TransferError`` with code
        /// ``TransferError/Code/fileUnavailable``) that names the file and the system's reason.
        case reading
        /// Reading the records from the input's bytes, through the source representation's
        /// decoder: the underlying error is a `CSVError` or a `DecodingError`.
        case decoding
        /// Making the item from its records, through the source representation's importing
        /// closure (only when the conversion runs whole): the underlying error is the closure's.
        case importing
        /// Taking the records from the item, through the target representation's exporting
        /// closure (only when the conversion runs whole): the underlying error is the closure's.
        case exporting
        /// Writing the records as the target type's bytes, through the target representation's
        /// encoder: the underlying error is an `EncodingError` or a `CSVError`.
        case encoding
        /// Handing the output over: the output closure threw (a reader that went away, a full
        /// device), or the destination file cannot be written. The underlying error is what was
        /// thrown, unchanged.
        case writing
        /// The task was cancelled before the conversion finished: nothing more was read or written.
        case cancelled

        /// `reading`, `decoding`, `importing`, `exporting`, `encoding`, `writing` or `cancelled`.
        public var description: String { rawValue }
    }

    /// The stage that failed.
    public let stage: Stage
    /// The name of the item type converted through.
    public let itemType: String
    /// The content type of the representation at that stage: the source's when decoding or
    /// importing, the target's when exporting or encoding.
    public let contentType: UTType
    /// The index, from 0, of the record that failed in the sequence of records, when the codec's
    /// error tells it — its coding path starts at the record's index; a malformed CSV row's
    /// `CSVError.recordIndex` is the record it would have been — and `nil` otherwise, as for a
    /// representation that is not a sequence of records.
    public let recordIndex: Int?
    /// The line, from 1, of the input where the decoder found the problem; `nil` when it did not say
    /// (and at every stage but decoding).
    public let line: Int?
    /// The column, from 1, on that ``line``; `nil` when the decoder did not say.
    public let column: Int?
    /// The codec's error (`CSVError`, `DecodingError`, `EncodingError`), with its own line,
    /// column and coding path, or what the importing or exporting closure threw.
    public let underlyingError: any Error

    /// Creates the error for a failure at `stage`, learning the record's index and position from
    /// the codec's error.
    ///
    /// - Parameters:
    ///   - stage: The stage that failed.
    ///   - itemType: The item type converted through.
    ///   - contentType: The content type of the representation at that stage.
    ///   - isRecords: Whether that representation is a sequence of records, whose coding paths start
    ///     at a record's index.
    ///   - underlyingError: The codec's or the closure's error.
    init(
        stage: Stage, itemType: Any.Type, contentType: UTType, isRecords: Bool, underlyingError: any Error
    ) {
        self.stage = stage
        self.itemType = String(describing: itemType)
        self.contentType = contentType
        self.underlyingError = underlyingError
        var codingPath: [any CodingKey] = []
        var position: (line: Int, column: Int)?
        var malformedRow: Int?
        switch underlyingError {
        case let error as DecodingError:
            position = error.position
            switch error {
            case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
                .dataCorrupted(let context):
                codingPath = context.codingPath
            @unknown default: break
            }
        case let error as EncodingError:
            if case .invalidValue(_, let context) = error { codingPath = context.codingPath }
        case let error as CSVError:
            position = error.line > 0 ? (error.line, error.column) : nil
            malformedRow = error.recordIndex
        default: break
        }
        recordIndex = isRecords ? malformedRow ?? codingPath.first?.intValue : nil
        line = position?.line
        column = position?.column
    }

    /// Creates the error for an output that cannot be written: what `underlyingError` says.
    init(writing underlyingError: any Error, itemType: Any.Type, contentType: UTType) {
        self.init(
            stage: .writing, itemType: itemType, contentType: contentType, isRecords: false,
            underlyingError: underlyingError)
    }

    /// What failed, in the codec's words — what was expected, what was found and where (line,
    /// column, coding path) — or, for a closure, which one and what it threw:
    ///
    ///     line 3, column 6: expected an ISO 8601 date such as 2026-11-20T09:15:00Z, found "20/11/2026" (at [1].placed)
    public var description: String {
        switch stage {
        case .decoding, .encoding:
            switch underlyingError {
            case let error as DecodingError: error.readableDescription
            case let error as EncodingError: error.readableDescription
            default: "\(underlyingError)"
            }
        case .importing:
            "the importing closure of the \(contentType.identifier) representation of \(itemType) threw \(underlyingError)"
        case .exporting:
            "the exporting closure of the \(contentType.identifier) representation of \(itemType) threw \(underlyingError)"
        case .reading:
            "cannot be read (\(Self.reason(underlyingError)))"
        case .writing:
            "cannot be written (\(Self.reason(underlyingError)))"
        case .cancelled:
            "the conversion was cancelled"
        }
    }

    /// A file system's failure in its own words — `/tmp/x.csv: No such file or directory` — a
    /// ``TransferError``'s reason, else the error.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case let error as TransferError: error.reason
        case let error as CocoaError: error.fileSystemReason
        default: "\(error)"
        }
    }

    /// `TransferConversionError(decoding, record 1, line 3, column 6): …`, with the underlying error.
    public var debugDescription: String {
        var place = [String(describing: stage)]
        if let recordIndex { place.append("record \(recordIndex)") }
        if let line, let column { place.append("line \(line), column \(column)") }
        return
            "TransferConversionError(\(place.joined(separator: ", "))): \(description) — \(String(reflecting: underlyingError))"
    }
}
