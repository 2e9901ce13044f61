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
/// The caller's thread produces batches and consumes results; the work runs on one serial queue
/// per core, at most `limit` batches at a time, which bounds memory. When anything throws (or the
/// task is cancelled) no new work starts, and `run` returns only after the work under way has
/// finished: nothing runs on after it.
package enum OrderedPipeline {
    /// The state the caller and the work share.
    private final class Shared<Output: Sendable>: Sendable {
        let results = Mutex<[Int: Result<Output, any Error>]>([:])
        let stopped = Mutex(false)
        let ready = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        /// Serial queues of their own, one per core: they get threads of their own even when the
        /// caller blocks a thread of Swift concurrency's pool, which the global queues share.
        let workers = (0..<max(1, activeProcessorCount)).map {
            DispatchQueue(label: "TransferCodecs.OrderedPipeline.\($0)")
        }
    }

    /// Runs the pipeline to the end of the input.
    ///
    /// - Parameters:
    ///   - limit: How many batches may be produced and not yet consumed.
    ///   - produce: The next batch, or `nil` at the end; runs on the caller's thread.
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
        let shared = Shared<Output>()
        defer {
            shared.stopped.withLock { $0 = true }
            shared.group.wait()
        }
        var produced = 0
        var consumed = 0
        var exhausted = false
        while true {
            while !exhausted, produced - consumed < max(1, limit) {
                try Task.checkCancellation()
                let next: Input?
                do {
                    next = try produce()
                } catch {
                    // Delivered in its place, after the results of the batches before it.
                    let index = produced
                    produced += 1
                    exhausted = true
                    shared.results.withLock { $0[index] = .failure(error) }
                    break
                }
                guard let input = next else {
                    exhausted = true
                    break
                }
                let index = produced
                produced += 1
                shared.workers[index % shared.workers.count].async(group: shared.group) {
                    let result: Result<Output, any Error> =
                        shared.stopped.withLock { $0 } ? .failure(CancellationError()) : Result { try work(input) }
                    shared.results.withLock { $0[index] = result }
                    shared.ready.signal()
                }
            }
            guard consumed < produced else { return }
            // The next result in order; others may finish first and wait their turn.
            while true {
                if let result = shared.results.withLock({ $0.removeValue(forKey: consumed) }) {
                    consumed += 1
                    try consume(result.get())
                    break
                }
                shared.ready.wait()
            }
        }
    }

    /// How many batches to keep in flight: two per core, so that every core has the next batch
    /// ready while the caller consumes.
    package static var defaultLimit: Int {
        2 * max(1, activeProcessorCount)
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
