import Dispatch

/// A task executor with a thread of its own, for one copy's exports: an owner answering a paste
/// must not wait for one of Swift concurrency's few shared threads, which the app may keep busy,
/// nor behind another copy's slow export. Jobs run one after another on a serial queue of the
/// executor's own.
final class ClipboardExecutor: TaskExecutor, @unchecked Sendable {
    private let queue = DispatchQueue(label: "TransferClipboard.executor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
