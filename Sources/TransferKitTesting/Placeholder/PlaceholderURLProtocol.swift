public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
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
        let (status, contentType, body) = Self.response(for: url)
        var fields = ["Content-Type": contentType, "Content-Length": String(body.count)]
        if status == 200, let request = try? PlaceholderRequest(url: url) {
            fields["ETag"] = request.entityTag
            fields["Cache-Control"] = PlaceholderServer.cacheControl
        }
        let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: fields)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        if request.httpMethod != "HEAD" { client?.urlProtocol(self, didLoad: body) }
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Nothing to stop: responses are produced at once.
    override public func stopLoading() {}

    /// The status, content type and body for a placeholder URL, as ``PlaceholderRequest`` reads it.
    ///
    /// - Parameter url: The requested URL.
    /// - Returns: `200` with media, `400` with the reason, or `404` with the paths there are.
    public static func response(for url: URL) -> (status: Int, contentType: String, body: Data) {
        do {
            let request = try PlaceholderRequest(url: url)
            return (200, request.contentType, request.data())
        } catch {
            return (error.code == .notFound ? 404 : 400, "text/plain; charset=utf-8", Data("\(error.reason)\n".utf8))
        }
    }
}
