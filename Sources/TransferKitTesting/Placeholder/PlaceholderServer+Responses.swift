internal import Dispatch
internal import Synchronization

/// What ``PlaceholderServer`` answers a request head: the methods it serves, the index, and the
/// placeholder media that ``PlaceholderRequest`` reads and answers.
extension PlaceholderServer {
    /// The methods served.
    static let allowedMethods = [HTTPMethod.get, .head, .options]

    /// The answer to a request head that HTTP framed well.
    func answer(_ head: HTTPRequestHead) -> HTTPResponse {
        let allow = HTTPField(.allow, Self.allowedMethods.map(\.rawValue).joined(separator: ", "))
        switch head.method {
        case .get, .head: break
        case .options:
            return HTTPResponse(status: .noContent, fields: [allow] + Self.crossOriginFields)
        default:
            return .text(
                .methodNotAllowed, "method: expected GET, HEAD or OPTIONS, found '\(head.method.rawValue.prefix(40))'",
                fields: [allow])
        }
        if head.target == "/" || head.target.hasPrefix("/?") { return .text(.ok, Self.index) }
        let reading = Result { () throws(PlaceholderError) in try PlaceholderRequest(target: head.target) }
        return PlaceholderRequest.response(
            reading: reading, ifNoneMatch: head.fields.values(.ifNoneMatch), extraFields: Self.crossOriginFields
        ) { request, key in
            rendered(request, key: key)
        }
    }

    /// The refusal of a request with content (`413`): placeholder requests have none, and its
    /// framing would have to be read to find the next request.
    static func refusingContent(_ head: HTTPRequestHead) -> HTTPRequestHead.Refusal? {
        let lengths = head.fields.values(.contentLength)
        guard !head.fields.values(.transferEncoding).isEmpty || lengths.contains(where: { $0 != "0" }) else {
            return nil
        }
        return HTTPRequestHead.Refusal(
            status: .contentTooLarge,
            reason: "content: expected none (placeholder requests have no body), found "
                + (lengths.isEmpty ? "Transfer-Encoding" : "Content-Length: \(lengths.joined(separator: ", "))"))
    }

    /// The request's bytes, from the cache when they were drawn lately; large images are drawn two
    /// at a time.
    private func rendered(_ request: PlaceholderRequest, key: String) -> [UInt8] {
        if let hit = cache.withLock({ $0.value(for: key) }) { return hit }
        let isLarge: Bool
        if case .image(let image) = request.media, image.width * image.height > 1_000_000 {
            isLarge = true
            largeImages.wait()
        } else {
            isLarge = false
        }
        defer { if isLarge { largeImages.signal() } }
        let bytes = [UInt8](request.data())
        cache.withLock { $0.insert(bytes, for: key) }
        return bytes
    }

    /// The fields that let a page's scripts read the media.
    static let crossOriginFields = [
        HTTPField("Access-Control-Allow-Origin", "*"), HTTPField("X-Content-Type-Options", "nosniff"),
    ]

    /// The answer to `/`.
    static let index = """
        Placeholder media, drawn on request (TransferKit's PlaceholderServer):
          /image.png?width=300&height=200&text=商品&fgcolor=202f55&bgcolor=ddd
          /300x200.png?text=…   /300.png   /ddd/202f55/300x200.png
          /audio.wav?duration=1&frequency=440
        """
}
