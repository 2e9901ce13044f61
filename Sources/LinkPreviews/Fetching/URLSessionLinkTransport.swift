internal import Foundation
internal import FoundationEssentials
internal import Synchronization

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// The default ``LinkTransport``: `URLSession` (FoundationNetworking on Linux), ephemeral — no cookies,
/// no cache, no credentials — with redirects handed back instead of followed and the body cut off at
/// the limit (counted after content decoding, so a compressed bomb stops at the limit too).
public struct URLSessionLinkTransport: LinkTransport {
    /// A transport with an ephemeral session configuration.
    public init() {}

    /// Sends `request` once; see ``LinkTransport/response(for:bodyLimit:)``.
    public func response(for request: URLRequest, bodyLimit: Int) async throws -> LinkTransportResponse {
        let delegate = Delegate(bodyLimit: bodyLimit, requestURL: request.url)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: request)
        // FoundationNetworking asks the *task's* delegate about redirects and follows them silently when
        // it has none: set it, so that every redirect comes back to the fetcher to be checked.
        task.delegate = delegate
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.start(task, continuation: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Collects one task's response.
    private final class Delegate: NSObject, URLSessionDataDelegate, Sendable {
        private struct State {
            var continuation: CheckedContinuation<LinkTransportResponse, any Error>?
            var response: HTTPURLResponse?
            var body = Data()
            var isTruncated = false
        }

        private let bodyLimit: Int
        private let requestURL: URL?
        private let state = Mutex(State())

        init(bodyLimit: Int, requestURL: URL?) {
            self.bodyLimit = bodyLimit
            self.requestURL = requestURL
        }

        func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<LinkTransportResponse, any Error>) {
            state.withLock { $0.continuation = continuation }
            task.resume()
        }

        func urlSession(
            _ session: URLSession,
            task: URLSessionTask,
            willPerformHTTPRedirection response: HTTPURLResponse,
            newRequest request: URLRequest,
            completionHandler: @escaping @Sendable (URLRequest?) -> Void
        ) {
            completionHandler(nil)  // The fetcher follows redirects itself, checking each hop.
        }

        func urlSession(
            _ session: URLSession,
            dataTask: URLSessionDataTask,
            didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            state.withLock { $0.response = response as? HTTPURLResponse }
            completionHandler(.allow)
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            let full = state.withLock { state -> Bool in
                let room = bodyLimit - state.body.count
                if data.count > room {
                    state.body.append(data.prefix(max(room, 0)))
                    state.isTruncated = true
                    return true
                }
                state.body.append(data)
                return false
            }
            if full { dataTask.cancel() }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (continuation, result) = state.withLock {
                state -> (
                    CheckedContinuation<LinkTransportResponse, any Error>?, Result<LinkTransportResponse, any Error>
                ) in
                let continuation = state.continuation
                state.continuation = nil
                if let response = state.response, let url = response.url ?? requestURL,
                    error == nil || state.isTruncated
                {
                    var fields: [String: String] = [:]
                    for (name, value) in response.allHeaderFields {
                        if let name = name as? String, let value = value as? String {
                            fields[name.lowercased()] = value
                        }
                    }
                    return (
                        continuation,
                        .success(
                            LinkTransportResponse(
                                url: url, statusCode: response.statusCode, headerFields: fields, body: state.body,
                                isTruncated: state.isTruncated))
                    )
                }
                return (continuation, .failure(error ?? URLError(.badServerResponse)))
            }
            continuation?.resume(with: result)
        }
    }
}
