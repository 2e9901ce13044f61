internal import TransferSupport

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// What a placeholder URL is answered, whoever answers it: ``PlaceholderServer`` over HTTP and
/// ``PlaceholderURLProtocol`` in process write the same status, fields and bytes.
extension PlaceholderRequest {
    /// The cache policy of placeholder media: the same URL always draws the same bytes.
    static let cacheControl = "public, max-age=86400"

    /// The fields that let a cache keep the bytes: `ETag` (``entityTag``) and `Cache-Control`.
    ///
    /// - Parameter entityTag: The tag, when it is already known.
    func cacheFields(entityTag: String? = nil) -> [HTTPField] {
        [HTTPField(.eTag, entityTag ?? self.entityTag), HTTPField(.cacheControl, Self.cacheControl)]
    }

    /// The answer to a request read from a URL or target: `200` with the media's type, cache fields
    /// and `body`; `304` without a body when `ifNoneMatch` names the entity tag; the refusal's `404`
    /// or `400` with its words.
    ///
    /// - Parameters:
    ///   - reading: The request, or why it could not be read.
    ///   - ifNoneMatch: The values of the request's `If-None-Match` fields.
    ///   - extraFields: Fields added to a media response (`200` and `304`) after the cache fields.
    ///   - body: The bytes of a request, with its ``canonicalKey`` (drawn, or from a cache); not
    ///     called for a `304`.
    static func response(
        reading: Result<PlaceholderRequest, PlaceholderError>, ifNoneMatch: [String] = [],
        extraFields: [HTTPField] = [],
        body: (PlaceholderRequest, _ key: String) -> [UInt8] = { request, _ in [UInt8](request.data()) }
    ) -> HTTPResponse {
        switch reading {
        case .failure(let error):
            return .text(error.code == .notFound ? .notFound : .badRequest, error.reason)
        case .success(let request):
            let key = request.canonicalKey  // Once: it names the entity tag and the cached body.
            let entityTag = entityTag(forKey: key)
            let fields = request.cacheFields(entityTag: entityTag) + extraFields
            if matches(ifNoneMatch: ifNoneMatch, entityTag) {
                return HTTPResponse(status: .notModified, fields: fields, body: nil)
            }
            return HTTPResponse(
                status: .ok, fields: [HTTPField(.contentType, request.contentType)] + fields,
                body: body(request, key))
        }
    }

    /// Whether `If-None-Match` names `entityTag` (weak comparison, RFC 9110 §13.1.2) or is `*`.
    static func matches(ifNoneMatch values: [String], _ entityTag: String) -> Bool {
        for value in values {
            for candidate in value.split(separator: ",") {
                var tag = String(candidate.trimmingHTTPWhitespace())
                if tag == "*" { return true }
                if tag.hasPrefix("W/") { tag.removeFirst(2) }
                if tag == entityTag { return true }
            }
        }
        return false
    }
}
