public import Foundation
public import TransferKit

/// `NSItemProvider`'s loads by content type with a completion handler, each returning a `Progress`
/// (iOS 16, macOS 13): code that calls them compiles unchanged. Each runs
/// ``TransferKit/ItemProvider``'s asynchronous load on a task of its own, calls the handler once
/// from it, and counts 100 units on the progress from the load's own ``TransferKit/TransferProgress``.
/// Cancelling the progress cancels the load: the handler is then called with a
/// ``TransferKit/TransferError`` whose code is ``TransferKit/TransferError/Code/cancelled``, and the
/// load's partial files are removed.
extension ItemProvider {
    /// Loads a `Transferable` value and calls `completionHandler` with it, or with the error.
    ///
    /// - Parameters:
    ///   - transferableType: The type wanted.
    ///   - completionHandler: Called once, from a task of its own.
    /// - Returns: A progress of the load; cancelling it cancels the load.
    @discardableResult
    public func loadTransferable<T: Transferable>(
        type transferableType: T.Type,
        completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
    ) -> Progress {
        started { _, complete in
            do throws(TransferError) {
                let value = try await self.loadTransferable(type: transferableType)
                complete()
                completionHandler(.success(value))
            } catch {
                complete()
                completionHandler(.failure(error))
            }
        }
    }

    /// Loads the bytes of the first representation conforming to `contentType` and calls
    /// `completionHandler` with them, or with the error.
    ///
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - completionHandler: Called once, from a task of its own.
    /// - Returns: A progress of the load; cancelling it cancels the load.
    @discardableResult
    public func loadDataRepresentation(
        for contentType: UTType,
        completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
        started { progress, complete in
            do throws(TransferError) {
                let data = try await self.loadData(for: contentType, progress: progress)
                complete()
                completionHandler(data, nil)
            } catch {
                complete()
                completionHandler(nil, error)
            }
        }
    }

    /// Loads the first representation conforming to `contentType` as a file and calls
    /// `completionHandler` with its URL, whether it is the original opened in place, or the error.
    /// As with `NSItemProvider`, a copy is removed when the handler returns: move or read it there.
    ///
    /// - Parameters:
    ///   - contentType: The type wanted.
    ///   - openInPlace: Whether the original may be handed over, when it was registered so.
    ///   - completionHandler: Called once, from a task of its own.
    /// - Returns: A progress of the load; cancelling it cancels the load.
    @discardableResult
    public func loadFileRepresentation(
        for contentType: UTType,
        openInPlace: Bool = false,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        started { progress, complete in
            do {
                try await self.loadFile(for: contentType, progress: progress) { url in
                    guard !openInPlace, self.isOriginal(url) else {
                        complete()
                        completionHandler(url, openInPlace && self.isOriginal(url), nil)
                        return
                    }
                    // Asked for a copy, handed the original (registered to open in place): a copy
                    // of its own, removed when the handler returns, as Apple's is.
                    let directory = try TemporaryDirectory.make()
                    defer { TemporaryDirectory.remove(directory) }
                    let copy = directory.appendingPathComponent(url.lastPathComponent)
                    try FileManager.default.copyItem(at: url, to: copy)
                    complete()
                    completionHandler(copy, false, nil)
                }
            } catch {
                complete()
                completionHandler(nil, false, error)
            }
        }
    }

    /// Loads the first representation conforming to `typeIdentifier` as a file, a copy removed when
    /// `completionHandler` returns (`NSItemProvider`'s by type identifier).
    ///
    /// - Returns: A progress of the load; cancelling it cancels the load.
    @discardableResult
    public func loadFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
    ) -> Progress {
        guard let contentType = UTType(typeIdentifier) else {
            return started { _, complete in
                complete()
                completionHandler(nil, TransferError.unknownTypeIdentifier(typeIdentifier))
            }
        }
        return loadFileRepresentation(for: contentType) { url, _, error in completionHandler(url, error) }
    }

    /// Loads the first representation conforming to `typeIdentifier` as a file, the original when it
    /// was registered to be opened in place (`NSItemProvider`'s by type identifier).
    ///
    /// - Returns: A progress of the load; cancelling it cancels the load.
    @discardableResult
    public func loadInPlaceFileRepresentation(
        forTypeIdentifier typeIdentifier: String,
        completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
    ) -> Progress {
        guard let contentType = UTType(typeIdentifier) else {
            return started { _, complete in
                complete()
                completionHandler(nil, false, TransferError.unknownTypeIdentifier(typeIdentifier))
            }
        }
        return loadFileRepresentation(for: contentType, openInPlace: true, completionHandler: completionHandler)
    }

    /// Whether `url` is a registered original rather than a copy the load made in one of
    /// TransferKit's private directories.
    private func isOriginal(_ url: URL) -> Bool {
        !TemporaryDirectory.holds(url)
    }

    /// Starts `body` on a task of its own with a `TransferProgress` that a `Progress` of 100 units
    /// follows, and a function that completes the progress, which `body` calls before the
    /// completion handler, so that the handler reads the progress done. Cancelling
    /// the `Progress` cancels the task, within 20 ms.
    private func started(
        _ body: @escaping @Sendable (TransferProgress, _ complete: @escaping @Sendable () -> Void) async -> Void
    ) -> Progress {
        let progress = Progress(totalUnitCount: 100)
        let reported = ProgressBox(progress)
        let transfer = TransferProgress { fraction in
            reported.progress.completedUnitCount = Int64((fraction * 100).rounded(.down))
        }
        let complete: @Sendable () -> Void = {
            if !reported.progress.isCancelled { reported.progress.completedUnitCount = 100 }
        }
        let task = Task {
            // Foundation calls a progress's cancellation handler on a global queue, which a busy
            // process may not run for a long time: the progress is also watched from here.
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await body(transfer, complete) }
                group.addTask {
                    while !Task.isCancelled, !reported.progress.isCancelled {
                        try? await Task.sleep(for: .milliseconds(20))
                    }
                }
                await group.next()
                group.cancelAll()
            }
        }
        progress.cancellationHandler = { task.cancel() }
        return progress
    }
}

/// Foundation's `Progress` is thread-safe but not marked `Sendable` on every platform.
private struct ProgressBox: @unchecked Sendable {
    let progress: Progress
    init(_ progress: Progress) { self.progress = progress }
}
