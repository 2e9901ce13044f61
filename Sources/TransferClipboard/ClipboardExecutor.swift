import Dispatch

/// A task executor with a thread of its own, for the clipboard's exports: an owner answering a
/// paste must not wait for one of Swift concurrency's few shared threads, which the app may keep
/// busy. Jobs run one after another on a serial queue.
final class ClipboardExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor every clipboard export runs on.
    static let shared = ClipboardExecutor()

    private let queue = DispatchQueue(label: "TransferClipboard.executor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
