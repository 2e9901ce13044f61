internal import TransferSupport

/// How far a running ``TransferConversion`` has come: the bytes of the input read and the records
/// written so far, counted by the conversion's reader and writer as it runs, and read from any
/// thread — what a progress bar shows.
///
/// ```swift
/// let progress = TransferConversionProgress()
/// async let done: Void = conversion.convert(contentsOf: input, into: write, progress: progress)
/// // Elsewhere, ten times a second:
/// print("\(progress.bytesRead) bytes, \(progress.recordsWritten) records")
/// ```
///
/// A conversion that runs whole (not record by record) counts nothing: it reads the input as it
/// imports the item, then writes the output.
///
/// `TransferConversionProgress` is `Sendable`: its counts are atomic.
public final class TransferConversionProgress: Sendable {
    let counters = StreamCounters()

    /// Creates counts at zero, to hand to a conversion.
    public init() {}

    /// The bytes of the input read so far.
    public var bytesRead: Int { counters.bytesRead }

    /// The records written so far, in order: every record before this count is in the output.
    public var recordsWritten: Int { counters.recordsWritten }
}
