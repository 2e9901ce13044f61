/// A codec's error from one side of a record conversion (``RecordFormat/convert(_:contentsOf:to:_:)``):
/// reading the source's records or writing the target's, with the codec's error as it was thrown.
///
/// Both sides can throw the same types (a ``CSVError`` reading a ragged row, or writing a field over
/// the limit), so the side is told here, where it is known, rather than guessed from the type.
package struct RecordCodingFailure: Error {
    /// Which side of a conversion failed.
    package enum Side: Sendable {
        /// Reading the source's records: ``CSVError`` or `DecodingError`.
        case decoding
        /// Writing the records in the target format: `EncodingError` or ``CSVError``.
        case encoding
    }

    /// Which side failed.
    package let side: Side
    /// The codec's error, with its line, column and coding path.
    package let error: any Error

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - side: Which side failed.
    ///   - error: The codec's error.
    package init(_ side: Side, _ error: any Error) {
        self.side = side
        self.error = error
    }
}
