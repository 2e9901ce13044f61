import Synchronization

/// How many requests a fetcher has under way, in total and per host, and who waits for a turn:
/// a server that renders previews for many users at once opens a bounded number of connections,
/// however many previews are asked for. Waiters are served in the order they came, each as soon as
/// its host and the total have room.
///
/// Shared by every copy of a ``LinkFetcher``. `FetchLimiter` is `Sendable`: its state is behind a
/// `Mutex`.
final class FetchLimiter: Sendable {
    private struct Waiter {
        let id: UInt64
        let host: String
        let total: Int
        let perHost: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var perHost: [String: Int] = [:]
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
        /// Who waits for a number of waiters (``waitUntilWaiting(_:)``).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// The watchers whose number of waiters has come, removed.
        mutating func watchersServed() -> [CheckedContinuation<Void, Never>] {
            let served = watchers.filter { $0.count <= waiters.count }.map(\.continuation)
            watchers.removeAll { $0.count <= waiters.count }
            return served
        }

        func hasRoom(host: String, total: Int, perHost limit: Int) -> Bool {
            running < max(1, total) && perHost[host, default: 0] < max(1, limit)
        }

        mutating func start(host: String) {
            running += 1
            perHost[host, default: 0] += 1
        }
    }

    private let state = Mutex(State())

    /// Waits until a request to `host` may start, then counts it as under way.
    ///
    /// - Parameters:
    ///   - host: The request's host.
    ///   - total: The most requests under way at once.
    ///   - perHost: The most requests to one host under way at once.
    /// - Throws: `CancellationError` when the task is cancelled while it waits (it is then not
    ///   counted).
    func acquire(host: String, total: Int, perHost: Int) async throws {
        let id: UInt64? = state.withLock { state in
            if state.waiters.isEmpty, state.hasRoom(host: host, total: total, perHost: perHost) {
                state.start(host: host)
                return nil
            }
            defer { state.nextID += 1 }
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    if Task.isCancelled { return (false, []) }
                    state.waiters.append(
                        Waiter(id: id, host: host, total: total, perHost: perHost, continuation: continuation))
                    return (true, state.watchersServed())
                }
                for watcher in watchers { watcher.resume() }
                if !ready { continuation.resume(throwing: CancellationError()) }
                // A turn may have come while the waiter was being added.
                self.serve()
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Counts a request to `host` as finished, and starts the waiters that now have room.
    func release(host: String) {
        state.withLock { state in
            state.running -= 1
            state.perHost[host, default: 1] -= 1
            if state.perHost[host] == 0 { state.perHost[host] = nil }
        }
        serve()
    }

    /// How many requests wait for a turn now.
    var waitingCount: Int { state.withLock { $0.waiters.count } }

    /// Returns once `count` requests wait for a turn: what a test waits for before it cancels a
    /// waiting fetch, an event rather than a guess of how long a task takes to start.
    func waitUntilWaiting(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.waiters.count >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Starts every waiter, in order, whose host and the total have room.
    private func serve() {
        let ready = state.withLock { state -> [Waiter] in
            var ready: [Waiter] = []
            var index = 0
            while index < state.waiters.count {
                let waiter = state.waiters[index]
                if state.hasRoom(host: waiter.host, total: waiter.total, perHost: waiter.perHost) {
                    state.start(host: waiter.host)
                    ready.append(state.waiters.remove(at: index))
                } else {
                    index += 1
                }
            }
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }
}
