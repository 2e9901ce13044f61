public import Foundation
internal import Synchronization

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Apple's `LPMetadataProvider` — a one-shot fetcher of ``LPLinkMetadata`` — over ``LinkFetcher``,
/// declared as Apple's SDK imports it: an open `NSObject` subclass (apps subclass it as a test
/// fake), completion handlers that are not `@Sendable`, and async forms.
///
/// As Apple's, one instance fetches once: create one per request. Where Apple raises an exception on
/// a second start, this one fails that start with ``LPError/Code/unknown`` (its
/// ``LPError/linkPreviewError`` says ``LinkPreviewError/Code/providerReused``) — the library
/// never traps. Errors are ``LPError``s.
///
/// Not `Sendable`, as Apple's is not, so that a subclass may keep state of its own; the base class's
/// state is behind a `Mutex`, and a provider may be cancelled from any thread.
open class LPMetadataProvider: NSObject {
    private struct State {
        var started = false
        var cancelled = false
        var task: Task<LinkMetadata, any Error>?
        var shouldFetchSubresources = true
        var timeout: TimeInterval = 30
        var fetcher = LinkFetcher()
    }

    private let state = Mutex(State())

    /// A provider with Apple's defaults: a 30-second timeout, subresources fetched, and
    /// ``LinkFetcher``'s limits (private addresses refused).
    public override init() {
        super.init()
    }

    /// Whether the icon and the image are fetched too. The default is `true`.
    open var shouldFetchSubresources: Bool {
        get { state.withLock { $0.shouldFetchSubresources } }
        set { state.withLock { $0.shouldFetchSubresources = newValue } }
    }

    /// The time allowed for the page and its subresources, in seconds. The default is 30.
    open var timeout: TimeInterval {
        get { state.withLock { $0.timeout } }
        set { state.withLock { $0.timeout = newValue } }
    }

    /// The fetcher and its limits (an addition to Apple's API).
    public var fetcher: LinkFetcher {
        get { state.withLock { $0.fetcher } }
        set { state.withLock { $0.fetcher = newValue } }
    }

    /// Fetches the metadata of `url` and calls `completionHandler` with it or with the error, on a task
    /// of its own (Apple's runs on a queue of its own).
    open func startFetchingMetadata(
        for url: URL, completionHandler: @escaping (LPLinkMetadata?, (any Error)?) -> Void
    ) {
        startFetchingMetadata(for: URLRequest(url: url), completionHandler: completionHandler)
    }

    /// Fetches the metadata `request` asks for and calls `completionHandler` with it or with the error.
    open func startFetchingMetadata(
        for request: URLRequest, completionHandler: @escaping (LPLinkMetadata?, (any Error)?) -> Void
    ) {
        let handler = CompletionHandler(body: completionHandler)
        let started = Result { () throws(LPError) in try start(request) }
        Task {
            do {
                let task = try started.get()
                handler.body(LPLinkMetadata(try await task.value), nil)
            } catch {
                handler.body(nil, error)
            }
        }
    }

    /// Fetches the metadata of `url`.
    open func startFetchingMetadata(for url: URL) async throws -> LPLinkMetadata {
        try await startFetchingMetadata(for: URLRequest(url: url))
    }

    /// Fetches the metadata `request` asks for.
    ///
    /// - Throws: ``LPError``: ``LPError/Code/metadataFetchTimedOut`` when ``timeout`` passes,
    ///   ``LPError/Code/metadataFetchCancelled`` after ``cancel()`` or when the task is cancelled,
    ///   ``LPError/Code/metadataFetchNotAllowed`` for a refused scheme or address,
    ///   ``LPError/Code/metadataFetchFailed`` otherwise.
    open func startFetchingMetadata(for request: URLRequest) async throws -> LPLinkMetadata {
        let task = try start(request)
        let metadata = try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
        return LPLinkMetadata(metadata)
    }

    /// Cancels the fetch: it fails with ``LPError/Code/metadataFetchCancelled``.
    open func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }

    /// Starts the one fetch this provider makes.
    private func start(_ request: URLRequest) throws(LPError) -> Task<LinkMetadata, any Error> {
        try state.withLock { state throws(LPError) -> Task<LinkMetadata, any Error> in
            guard !state.started else {
                throw LPError(
                    LinkPreviewError(
                        .providerReused, lpErrorCode: .unknown, url: request.url,
                        reason: "this LPMetadataProvider has already started; it is one-shot: create one per request"))
            }
            state.started = true
            if state.cancelled {
                throw LPError(
                    LinkPreviewError(
                        .cancelled, lpErrorCode: .metadataFetchCancelled, url: request.url,
                        reason: "the fetch was cancelled"))
            }
            let (fetcher, seconds, subresources) = (state.fetcher, state.timeout, state.shouldFetchSubresources)
            let task = Task { () async throws -> LinkMetadata in
                do throws(LinkPreviewError) {
                    return try await fetcher.metadata(
                        for: request, timeout: .milliseconds(Int64(max(0, min(seconds, 1e9)) * 1000)),
                        includeSubresources: subresources)
                } catch {
                    throw LPError(error)
                }
            }
            state.task = task
            return task
        }
    }
}

/// A completion handler that is not `Sendable`, as Apple's are not, called once from a task.
private struct CompletionHandler: @unchecked Sendable {
    let body: (LPLinkMetadata?, (any Error)?) -> Void
}
