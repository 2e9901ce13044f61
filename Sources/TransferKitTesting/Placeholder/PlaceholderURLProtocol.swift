public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// A `URLProtocol` that serves placeholder media inside a `URLSession`, without any network.
///
/// It answers requests to the host `placeholder`:
/// - `http://placeholder/image.png?width=&height=&text=&fgcolor=&bgcolor=`: a ``PlaceholderImage``
///   (every parameter optional; colours as `202f55`), `200` with `image/png`;
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
        let response = HTTPURLResponse(
            url: url, statusCode: status, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": contentType, "Content-Length": String(body.count)])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Nothing to stop: responses are produced at once.
    override public func stopLoading() {}

    /// The status, content type and body for a placeholder URL.
    ///
    /// - Parameter url: The requested URL.
    /// - Returns: `200` with media, `400` with the reason, or `404`.
    public static func response(for url: URL) -> (status: Int, contentType: String, body: Data) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var query: [String: String] = [:]
        for item in components?.queryItems ?? [] { query[item.name.lowercased()] = item.value ?? "" }
        func integer(_ name: String, default value: Int) throws(PlaceholderError) -> Int {
            guard let text = query[name] else { return value }
            guard let number = Int(text) else {
                throw .invalidParameter(
                    name: name, value: text, expected: "a whole number from 1 to \(PlaceholderImage.maximumSide)")
            }
            return number
        }
        func number(_ name: String, default value: Double) throws(PlaceholderError) -> Double {
            guard let text = query[name] else { return value }
            guard let number = Double(text), number.isFinite else {
                throw .invalidParameter(name: name, value: text, expected: "a number")
            }
            return number
        }
        do throws(PlaceholderError) {
            switch url.path.lowercased() {
            case "/image.png":
                var image = try PlaceholderImage(
                    width: integer("width", default: 250), height: integer("height", default: 250),
                    text: query["text"] ?? "dummy")
                if let color = query["fgcolor"] { image.foreground = try PlaceholderImage.Color(hex: color) }
                if let color = query["bgcolor"] { image.background = try PlaceholderImage.Color(hex: color) }
                return (200, "image/png", image.pngData())
            case "/audio.wav":
                let audio = try PlaceholderAudio(
                    duration: number("duration", default: 0.5), frequency: number("frequency", default: 440))
                return (200, "audio/wav", audio.wavData())
            default:
                return (
                    404, "text/plain; charset=utf-8",
                    Data("no placeholder at \(url.path): try /image.png or /audio.wav\n".utf8)
                )
            }
        } catch {
            return (400, "text/plain; charset=utf-8", Data("\(error)\n".utf8))
        }
    }
}
