public import FoundationEssentials

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// One HTTP exchange for a link preview: a request sent, a response read up to a byte limit, and
/// redirects **not** followed — the fetcher follows them itself, checking every hop.
///
/// The default is ``CurlLinkTransport`` on Linux and ``URLSessionLinkTransport`` on Apple platforms
/// (``LinkFetcher/defaultTransport``). Tests and apps with a networking stack of their own
/// supply another.
public protocol LinkTransport: Sendable {
    /// Sends `request` and reads the response's body up to `bodyLimit` bytes (after any content
    /// decoding), without following redirects.
    ///
    /// - Returns: The response; ``LinkTransportResponse/isTruncated`` when the body had more bytes.
    /// - Throws: Any error; the fetcher reports it as ``LinkPreviewError/Code/network`` (or
    ///   ``LinkPreviewError/Code/cancelled`` when the task was cancelled).
    func response(for request: URLRequest, bodyLimit: Int) async throws -> LinkTransportResponse
}

/// A response as a ``LinkTransport`` reads it.
public struct LinkTransportResponse: Sendable, Hashable {
    /// The URL that answered (the request's: redirects are not followed).
    public var url: URL
    /// The HTTP status code.
    public var statusCode: Int
    /// The header fields, names lower-cased.
    public var headerFields: [String: String]
    /// The body, at most the limit asked for.
    public var body: Data
    /// Whether the body had more bytes than the limit.
    public var isTruncated: Bool

    /// A response.
    public init(
        url: URL, statusCode: Int, headerFields: [String: String] = [:], body: Data = Data(), isTruncated: Bool = false
    ) {
        self.url = url
        self.statusCode = statusCode
        self.headerFields = Dictionary(
            headerFields.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.isTruncated = isTruncated
    }

    /// The value of a header field, by name in any case.
    public func value(forHeaderField name: String) -> String? { headerFields[name.lowercased()] }
}
