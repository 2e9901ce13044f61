import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Work on a stream of batches spread over the machine's cores, with the results handed back to
/// the caller in the order the batches came: the codecs' streaming readers decode ahead of their
/// caller this way.
///
/// Three kinds of thread share a run: one produces the batches (reading and splitting the input),
/// one worker per core does the work, and the caller's thread consumes the results (writing the
/// output) — so reading, working and writing overlap. At most `limit` batches are produced and not
/// yet consumed, which bounds memory. When anything throws (or the task is cancelled) no new work
/// starts, and `run` returns only after the producer and the work under way have finished: nothing
/// runs on after it.
///
/// The producer and each worker run on a serial queue of their own, which libdispatch gives a
/// thread of its own (an "overcommit" thread). A concurrent queue would not do: its threads come
/// from the pool that also runs Swift concurrency's tasks, one per core, and the caller — a task
/// blocked while it waits for the next result — holds one of them, so on two cores only one batch
/// was worked on at a time (measured: one worker thread did all of a 1M conversion's work while
/// the second core idled; on one core, nothing ran at all for a second, until libdispatch's
/// monitor added a thread).
package enum OrderedPipeline {
    /// The state the producer, the work and the caller share.
    private final class Shared<Input: Sendable, Output: Sendable>: Sendable {
        /// Finished results by batch index, and how many batches there are once the producer has
        /// stopped.
        let results = Mutex<(byIndex: [Int: Result<Output, any Error>], total: Int?)>(([:], nil))
        let stopped = Atomic(false)
        /// Signalled once per result and once when the producer stops.
        let ready = DispatchSemaphore(value: 0)
        /// Places for batches produced and not yet consumed. Made empty and then given its places:
        /// libdispatch traps when a semaphore is released below the value it was made with.
        let slots = DispatchSemaphore(value: 0)
        /// Batches produced and not yet taken by a worker, with their indexes, in order; `nil` once
        /// the producer has stopped, when a worker finds it empty.
        let pending = Mutex<[(index: Int, input: Input)]>([])
        /// Signalled once per batch produced, and once per worker when the producer stops.
        let available = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        let producer = DispatchQueue(label: "TransferCodecs.OrderedPipeline.producer")
        /// One serial queue per worker, each running one loop that takes the next batch whichever
        /// worker is free, so a slow batch holds up no other.
        let workers: [DispatchQueue]

        init(limit: Int, workers: Int) {
            self.workers = (0..<max(1, workers)).map {
                DispatchQueue(label: "TransferCodecs.OrderedPipeline.worker\($0)")
            }
            for _ in 0..<max(1, limit) { slots.signal() }
        }

        /// Hands a batch to the first worker free.
        func schedule(_ input: Input, at index: Int) {
            pending.withLock { $0.append((index, input)) }
            available.signal()
        }

        /// The next batch produced, or `nil` once the producer has stopped and none is left.
        func nextScheduled() -> (index: Int, input: Input)? {
            available.wait()
            return pending.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }

        func store(_ result: Result<Output, any Error>, at index: Int) {
            results.withLock { $0.byIndex[index] = result }
            ready.signal()
        }

        func finish(total: Int) {
            results.withLock { $0.total = total }
            ready.signal()
        }
    }

    /// The producer closure, handed to the producer's queue: only that queue calls it, and `run`
    /// waits for the queue before it returns.
    private struct Producer<Input>: @unchecked Sendable {
        let produce: () throws -> Input?
    }

    /// Runs the pipeline to the end of the input.
    ///
    /// - Parameters:
    ///   - limit: How many batches may be produced and not yet consumed.
    ///   - produce: The next batch, or `nil` at the end; runs on a thread of its own, one call
    ///     after another, and never after `run` returns.
    ///   - work: What to do with a batch; runs concurrently.
    ///   - consume: Receives each result, in order; runs on the caller's thread.
    /// - Throws: The first error in batch order: an error of `produce` comes after the batches it
    ///   produced before it, so that a reader running ahead cannot report a later problem before
    ///   an earlier batch's; then `consume`'s; `CancellationError` when the task is cancelled.
    package static func run<Input: Sendable, Output: Sendable>(
        limit: Int,
        produce: () throws -> Input?,
        work: @escaping @Sendable (Input) throws -> Output,
        consume: (Output) throws -> Void
    ) throws {
        try withoutActuallyEscaping(produce) { produce in
            let shared = Shared<Input, Output>(limit: limit, workers: activeProcessorCount)
            defer {
                shared.stopped.store(true, ordering: .sequentiallyConsistent)
                shared.slots.signal()  // a producer waiting for a place sees the stop
                shared.group.wait()
            }
            for worker in shared.workers {
                worker.async(group: shared.group) {
                    while let (index, input) = shared.nextScheduled() {
                        shared.store(
                            shared.stopped.load(ordering: .sequentiallyConsistent)
                                ? .failure(CancellationError()) : Result { try work(input) },
                            at: index)
                    }
                }
            }
            let producer = Producer(produce: produce)
            shared.producer.async(group: shared.group) {
                // However the producer stops, each worker is told once it has taken the last batch.
                defer { for _ in shared.workers { shared.available.signal() } }
                var index = 0
                while true {
                    shared.slots.wait()
                    guard !shared.stopped.load(ordering: .sequentiallyConsistent) else { return }
                    let input: Input
                    do {
                        guard let next = try producer.produce() else { break }
                        input = next
                    } catch {
                        // Delivered in its place, after the results of the batches before it.
                        shared.store(.failure(error), at: index)
                        index += 1
                        break
                    }
                    shared.schedule(input, at: index)
                    index += 1
                }
                shared.finish(total: index)
            }
            var consumed = 0
            while true {
                try Task.checkCancellation()
                let (result, total) = shared.results.withLock { ($0.byIndex.removeValue(forKey: consumed), $0.total) }
                if let result {
                    consumed += 1
                    shared.slots.signal()
                    try consume(result.get())
                } else if let total, consumed >= total {
                    return
                } else {
                    // The next result in order; others may finish first and wait their turn.
                    shared.ready.wait()
                }
            }
        }
    }

    /// How many batches to keep in flight: four per core, so that every core has the next batch
    /// ready while the caller consumes, and a slow batch does not stop the reader (two per core
    /// measured 9% slower on a million profiles JSON → CSV, 5% CSV → JSON, medians of seven and
    /// five; peak memory 39 → 42 MiB).
    package static var defaultLimit: Int {
        4 * max(1, activeProcessorCount)
    }

    fileprivate static let activeProcessorCount = ProcessInfo.processInfo.activeProcessorCount
}

/// Records or elements decoded from one batch: all of them, or those before the first that failed
/// and its error, so that the caller receives every value before the error, as without batches.
struct DecodedBatch<Value> {
    var values: [Value]
    var error: (any Error)?

    /// Hands the values to `body`, then throws the error, if any.
    func deliver(to body: (Value) throws -> Void) throws {
        try values.forEach(body)
        if let error { throw error }
    }

    /// The values turned into one result, and the error, if any.
    func transformed<Result>(_ transform: ([Value]) throws -> Result) throws -> TransformedBatch<Result> {
        TransformedBatch(result: values.isEmpty && error != nil ? nil : try transform(values), error: error)
    }
}

/// A batch's values turned into one result, and the error that cut the batch short, if any.
struct TransformedBatch<Result> {
    var result: Result?
    var error: (any Error)?

    /// Hands the result to `body`, then throws the error, if any.
    func deliver(to body: (Result) throws -> Void) throws {
        if let result { try body(result) }
        if let error { throw error }
    }
}

extension TransformedBatch: Sendable where Result: Sendable {}

extension DecodedBatch: Sendable where Value: Sendable {}
