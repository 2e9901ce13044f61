#if canImport(FoundationNetworking)
    internal import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A `URLProtocol` that serves placeholder media inside a `URLSession`, without any network.
///
/// It answers requests to the host `placeholder` as ``PlaceholderServer`` answers them, both reading
/// the URL with ``PlaceholderRequest``:
/// - `http://placeholder/image.png?width=&height=&text=&fgcolor=&bgcolor=`: a ``PlaceholderImage``
///   (every parameter optional; colours as `202f55`), `200` with `image/png`; also placehold.jp's
///   `/300x200.png` and `/ddd/202f55/300x200.png`;
/// - `http://placeholder/audio.wav?duration=&frequency=`: a ``PlaceholderAudio``, `200` with
///   `audio/wav`;
/// - a request whose `If-None-Match` names the media's `ETag`: `304` without a body, as the server
///   answers it;
/// - anything else on that host: `404`;
/// - a bad parameter (zero, negative or huge sizes, malformed colours, a non-number): `400` with a
///   plain-text body that says what was expected and what was found. Sizes above
///   ``PlaceholderImage/maximumSide`` are refused, never clamped.
///
/// ```swift
/// let configuration = URLSessionConfiguration.ephemeral
/// configuration.protocolClasses = [PlaceholderURLProtocol.self]
/// let session = URLSession(configuration: configuration)
/// let (data, _) = try await session.data(from: URL(string: "http://placeholder/image.png?width=64&height=32")!)
/// ```
///
/// `PlaceholderURLProtocol` is not `Sendable`: `URLSession` creates and drives its instances.
public final class PlaceholderURLProtocol: URLProtocol {
    /// Whether the request is for the `placeholder` host.
    override public class func canInit(with request: URLRequest) -> Bool {
        request.url?.host?.lowercased() == "placeholder"
    }

    /// The request, unchanged.
    override public class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    /// Answers the request from generated media.
    override public func startLoading() {
        guard let url = request.url else { return }
        let ifNoneMatch = request.value(forHTTPHeaderField: HTTPField.Name.ifNoneMatch.rawName)
        let response = Self.answer(for: url, ifNoneMatch: ifNoneMatch.map { [$0] } ?? [])
        let body = response.body ?? []
        var fields = [String: String]()
        for field in response.fields { fields[field.name.rawName] = field.value }
        if response.body != nil { fields[HTTPField.Name.contentLength.rawName] = String(body.count) }
        let head = HTTPURLResponse(
            url: url, statusCode: response.status.code, httpVersion: "HTTP/1.1", headerFields: fields)!
        client?.urlProtocol(self, didReceive: head, cacheStoragePolicy: .notAllowed)
        if request.httpMethod != HTTPMethod.head.rawValue { client?.urlProtocol(self, didLoad: Data(body)) }
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Nothing to stop: responses are produced at once.
    override public func stopLoading() {}

    /// The response for a placeholder URL, read once (``PlaceholderRequest/init(url:)``) and
    /// answered as ``PlaceholderServer`` answers it: `304` without a body when `ifNoneMatch` names
    /// its entity tag.
    static func answer(for url: URL, ifNoneMatch: [String] = []) -> HTTPResponse {
        PlaceholderRequest.response(
            reading: Result { () throws(PlaceholderError) in try PlaceholderRequest(url: url) },
            ifNoneMatch: ifNoneMatch)
    }
}
