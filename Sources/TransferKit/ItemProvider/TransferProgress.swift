import Synchronization

/// The progress of a load: a fraction from 0 to 1, readable at any time and as an async sequence.
///
/// ```swift
/// let progress = TransferProgress()
/// Task { for await fraction in progress.updates { print("\(Int(fraction * 100)) %") } }
/// let data = try await provider.loadData(for: .mpeg4Movie, progress: progress)
/// ```
///
/// `TransferProgress` is `Sendable`: its state is behind a `Mutex`.
public final class TransferProgress: Sendable {
    private struct State {
        var completed: Int64 = 0
        var total: Int64 = 0
        var isFinished = false
        var succeeded = false

        var fraction: Double {
            total > 0 ? min(1, Double(completed) / Double(total)) : (succeeded ? 1 : 0)
        }
        var continuations: [Int: AsyncStream<Double>.Continuation] = [:]
        var nextToken = 0
    }

    private let state = Mutex(State())
    private let onUpdate: (@Sendable (Double) -> Void)?

    /// Creates a progress object, to pass to a load.
    ///
    /// - Parameter onUpdate: Called with each new fraction, synchronously, on the loading task: keep
    ///   it short. It may cancel the load with `withUnsafeCurrentTask { $0?.cancel() }`.
    public init(onUpdate: (@Sendable (Double) -> Void)? = nil) {
        self.onUpdate = onUpdate
    }

    /// The fraction completed, from 0 to 1; it stays below 1 when a load fails or is cancelled.
    public var fractionCompleted: Double {
        state.withLock { $0.fraction }
    }

    /// The bytes completed so far.
    public var completedUnitCount: Int64 { state.withLock { $0.completed } }

    /// The bytes expected in all, or 0 when unknown.
    public var totalUnitCount: Int64 { state.withLock { $0.total } }

    /// Whether the load has finished, successfully or not.
    public var isFinished: Bool { state.withLock { $0.isFinished } }

    /// The current fraction, then every new one until the load finishes; a successful load ends
    /// with 1.
    public var updates: AsyncStream<Double> {
        AsyncStream { continuation in
            let (token, current, finished) = state.withLock { state -> (Int, Double, Bool) in
                let token = state.nextToken
                state.nextToken += 1
                if !state.isFinished { state.continuations[token] = continuation }
                return (token, state.fraction, state.isFinished)
            }
            continuation.yield(current)
            if finished {
                continuation.finish()
                return
            }
            continuation.onTermination = { [weak self] _ in
                self?.state.withLock { _ = $0.continuations.removeValue(forKey: token) }
            }
        }
    }

    /// Records progress: `completed` of `total` bytes.
    func update(completed: Int64, total: Int64) {
        let (fraction, continuations) = state.withLock { state in
            state.completed = completed
            state.total = total
            return (total > 0 ? Double(completed) / Double(total) : 0, Array(state.continuations.values))
        }
        for continuation in continuations { continuation.yield(fraction) }
        onUpdate?(fraction)
    }

    /// Marks the load finished.
    func finish(succeeded: Bool) {
        let continuations = state.withLock { state in
            if succeeded { state.completed = max(state.completed, state.total) }
            state.succeeded = succeeded
            state.isFinished = true
            defer { state.continuations = [:] }
            return Array(state.continuations.values)
        }
        for continuation in continuations {
            if succeeded { continuation.yield(1) }
            continuation.finish()
        }
    }
}
