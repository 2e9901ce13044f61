internal import Dispatch
internal import Synchronization

/// What ``PlaceholderServer`` answers a request head: the methods it serves, the index, and the
/// placeholder media that ``PlaceholderRequest`` reads and answers.
extension PlaceholderServer {
    /// The methods served.
    static let allowedMethods = [HTTPMethod.get, .head, .options]

    /// What answers the server's requests, from its loop's thread (drawing on others): the only
    /// part of the server its loop keeps.
    ///
    /// `Sendable`: the cache and the queue of large images are behind `Mutex`es.
    final class Answering: Sendable {
        /// Large images (over a million pixels) not drawn yet wait here, and are drawn two at a
        /// time, without holding a thread while they wait.
        private let largeImages = Mutex(LargeImages())
        /// The bodies drawn lately.
        private let cache = Mutex(ResponseCache())

        private struct LargeImages {
            var drawing = 0
            var waiting: [@Sendable () -> Void] = []
        }

        /// Answers a request head that HTTP framed well, through `reply`: at once when nothing
        /// is to be drawn (a body drawn lately, a refusal, the index), else on another thread, a
        /// large image once its turn has come. Called on the server's loop: it does not block.
        func answer(_ head: HTTPRequestHead, reply: @escaping @Sendable (HTTPResponse) -> Void) {
            guard [.get, .head].contains(head.method), let request = try? PlaceholderRequest(target: head.target),
                !cache.withLock({ $0.contains(request.canonicalKey) })
            else { return reply(answer(head)) }
            guard case .image(let image) = request.media, image.width * image.height > 1_000_000 else {
                return DispatchQueue.global().async { reply(self.answer(head)) }
            }
            let start = largeImages.withLock { images in
                images.waiting.append { reply(self.answer(head)) }
                return images.drawing < 2 ? startLarge(&images) : nil
            }
            start?()
        }

        /// Takes the next waiting large image, when there is one, as being drawn.
        private func startLarge(_ images: inout LargeImages) -> (@Sendable () -> Void)? {
            guard !images.waiting.isEmpty else { return nil }
            images.drawing += 1
            let draw = images.waiting.removeFirst()
            return { [self] in
                DispatchQueue.global().async { [self] in
                    draw()
                    let next = largeImages.withLock { images in
                        images.drawing -= 1
                        return startLarge(&images)
                    }
                    next?()
                }
            }
        }

        /// The answer to a request head that HTTP framed well.
        private func answer(_ head: HTTPRequestHead) -> HTTPResponse {
            let allow = HTTPField(.allow, PlaceholderServer.allowedMethods.map(\.rawValue).joined(separator: ", "))
            switch head.method {
            case .get, .head: break
            case .options:
                return HTTPResponse(status: .noContent, fields: [allow] + PlaceholderServer.crossOriginFields)
            default:
                return .text(
                    .methodNotAllowed,
                    "method: expected GET, HEAD or OPTIONS, found '\(head.method.rawValue.prefix(40))'",
                    fields: [allow])
            }
            if head.target == "/" || head.target.hasPrefix("/?") { return .text(.ok, PlaceholderServer.index) }
            let reading = Result { () throws(PlaceholderError) in try PlaceholderRequest(target: head.target) }
            return PlaceholderRequest.response(
                reading: reading, ifNoneMatch: head.fields.values(.ifNoneMatch),
                extraFields: PlaceholderServer.crossOriginFields
            ) { request, key in
                rendered(request, key: key)
            }
        }

        /// The request's bytes, from the cache when they were drawn lately.
        private func rendered(_ request: PlaceholderRequest, key: String) -> [UInt8] {
            if let hit = cache.withLock({ $0.value(for: key) }) { return hit }
            let bytes = [UInt8](request.data())
            cache.withLock { $0.insert(bytes, for: key) }
            return bytes
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
