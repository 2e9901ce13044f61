public import FoundationEssentials
internal import Synchronization

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Apple's `LPMetadataProvider` — a one-shot fetcher of ``LPLinkMetadata`` — over ``LinkFetcher``.
///
/// As Apple's, one instance fetches once: create one per request. Where Apple raises an exception on
/// a second start, this one fails that start with ``LinkPreviewError/Reason/providerReused`` (code
/// ``LinkPreviewError/Code/unknown``) — the library never traps. `Sendable`: its state is behind a
/// `Mutex`.
public final class LPMetadataProvider: Sendable {
    private struct State {
        var started = false
        var cancelled = false
        var task: Task<LPLinkMetadata, any Error>?
        var shouldFetchSubresources = true
        var timeout: TimeInterval = 30
        var fetcher = LinkFetcher()
    }

    private let state = Mutex(State())

    /// A provider with Apple's defaults: a 30-second timeout, subresources fetched, and
    /// ``LinkFetcher``'s limits (private addresses refused).
    public init() {}

    /// Whether the icon and the image are fetched too. The default is `true`.
    public var shouldFetchSubresources: Bool {
        get { state.withLock { $0.shouldFetchSubresources } }
        set { state.withLock { $0.shouldFetchSubresources = newValue } }
    }

    /// The time allowed for the page and its subresources, in seconds. The default is 30.
    public var timeout: TimeInterval {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// The fetcher and its limits (an addition to Apple's API).
    public var fetcher: LinkFetcher {
        get { state.withLock { $0.fetcher } }
        set { state.withLock { $0.fetcher = newValue } }
    }

    /// Fetches the metadata of `url`.
    public func startFetchingMetadata(for url: URL) async throws -> LPLinkMetadata {
        try await startFetchingMetadata(for: URLRequest(url: url))
    }

    /// Fetches the metadata `request` asks for.
    public func startFetchingMetadata(for request: URLRequest) async throws -> LPLinkMetadata {
        let task = try state.withLock { state throws(LinkPreviewError) -> Task<LPLinkMetadata, any Error> in
            guard !state.started else {
                throw LinkPreviewError(
                    code: .unknown, reason: .providerReused, url: request.url,
                    message: "this LPMetadataProvider has already started; it is one-shot: create one per request")
            }
            state.started = true
            if state.cancelled {
                throw LinkPreviewError(
                    code: .metadataFetchCancelled, reason: .cancelled, url: request.url,
                    message: "the fetch was cancelled")
            }
            let (fetcher, seconds, subresources) = (state.fetcher, state.timeout, state.shouldFetchSubresources)
            let task = Task {
                let metadata = try await fetcher.metadata(
                    for: request, timeout: .milliseconds(Int64(max(0, seconds) * 1000)),
                    includeSubresources: subresources)
                return LPLinkMetadata(metadata)
            }
            state.task = task
            return task
        }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Fetches the metadata of `url` and calls `completionHandler` with it or with the error.
    public func startFetchingMetadata(
        for url: URL,
        completionHandler: @escaping @Sendable (LPLinkMetadata?, (any Error)?) -> Void
    ) {
        Task {
            do {
                completionHandler(try await startFetchingMetadata(for: url), nil)
            } catch {
                completionHandler(nil, error)
            }
        }
    }

    /// Cancels the fetch: it fails with ``LinkPreviewError/Code/metadataFetchCancelled``.
    public func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}

/// Apple's name for the errors of link previews.
public typealias LPError = LinkPreviewError
