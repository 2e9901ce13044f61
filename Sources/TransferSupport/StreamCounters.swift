import Synchronization

/// How far a stream has come — the bytes its reader has read, the records its writer has written —
/// counted as it runs and read from any thread: what a progress bar shows.
///
/// `Sendable`: the counts are atomic.
package final class StreamCounters: Sendable {
    private let bytes = Atomic<Int>(0)
    private let records = Atomic<Int>(0)

    package init() {}

    /// The bytes of the input read so far.
    package var bytesRead: Int { bytes.load(ordering: .relaxed) }
    /// The records written so far.
    package var recordsWritten: Int { records.load(ordering: .relaxed) }

    package func addBytesRead(_ count: Int) {
        bytes.add(count, ordering: .relaxed)
    }

    package func addRecordsWritten(_ count: Int) {
        records.add(count, ordering: .relaxed)
    }
}
