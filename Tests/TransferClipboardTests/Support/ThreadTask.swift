import Foundation
import Synchronization

/// Work that runs on a thread of its own from the moment it is made, and is awaited later.
///
/// Not `async let`: a child task waits for one of Swift concurrency's threads before its body
/// runs — two on a two-core machine — and the suites beside a test can hold both for a minute
/// (the million-level nesting and hostile-input suites decode synchronously). A program a test
/// started with `async let` could then open its window after the test had stopped waiting for
/// it, and the test saw a server without it: the X11 drag-and-drop retries of earlier full runs,
/// where the tool's window came up after the observer's 45 (or 90) seconds. Work started here
/// runs at once, whatever the pool is doing.
final class ThreadTask<Value: Sendable>: Sendable {
    private enum State {
        case running(waiting: [CheckedContinuation<Value, any Error>])
        case finished(Result<Value, any Error>)
    }

    private let state = Mutex(State.running(waiting: []))

    /// Starts `body` on a new thread, now.
    init(_ body: @escaping @Sendable () throws -> Value) {
        Thread { self.finish(with: Result { try body() }) }.start()
    }

    private func finish(with result: Result<Value, any Error>) {
        let waiting = state.withLock { state -> [CheckedContinuation<Value, any Error>] in
            guard case .running(let waiting) = state else { return [] }
            state = .finished(result)
            return waiting
        }
        for continuation in waiting { continuation.resume(with: result) }
    }

    /// What the body returned or threw, once it has.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let result = state.withLock { state -> Result<Value, any Error>? in
                    switch state {
                    case .running(var waiting):
                        waiting.append(continuation)
                        state = .running(waiting: waiting)
                        return nil
                    case .finished(let result):
                        return result
                    }
                }
                if let result { continuation.resume(with: result) }
            }
        }
    }
}

/// Runs `body`, which blocks (on a socket, a semaphore), on a thread of its own: not on one of
/// Swift concurrency's few, which the other tests running beside this one need meanwhile.
func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await ThreadTask(body).value
}
