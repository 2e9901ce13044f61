internal import Foundation

#if canImport(FoundationNetworking)
    internal import FoundationNetworking
#endif

extension LinkFetcher {
    /// The most bytes of an oEmbed description read; a longer one is left out.
    static let maximumOEmbedSize = 256 * 1024

    /// Fetches the oEmbed description the page advertises and fills what the page's tags left out.
    func loadOEmbed(into metadata: inout LinkMetadata, deadline: ContinuousClock.Instant) async {
        guard let endpoint = metadata.oEmbedURL.flatMap(Self.jsonEndpoint), !Task.isCancelled else { return }
        var request = URLRequest(url: endpoint)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        guard let response = try? await follow(request, bodyLimit: Self.maximumOEmbedSize, deadline: deadline),
            !response.isTruncated,
            let description = OEmbedDescription(json: response.body)
        else { return }
        description.merge(into: &metadata, base: response.url)
    }

    /// The endpoint to ask for JSON: the advertised one, with `format=xml` made `format=json` (the
    /// providers that advertise XML serve both, oembed.com §2.2); `nil` for another format. An
    /// endpoint that answers XML anyway is left out: only JSON is read.
    static func jsonEndpoint(_ url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return nil }
        if let index = components.queryItems?.firstIndex(where: { $0.name == "format" }) {
            let format = components.queryItems?[index].value?.lowercased()
            guard format == "json" || format == "xml" else { return nil }
            components.queryItems?[index].value = "json"
        }
        return components.url
    }
}

/// An oEmbed response (oembed.com §2.3), the fields a preview uses; its `html` is not read.
struct OEmbedDescription {
    var type: String?
    var title: String?
    var authorName: String?
    var providerName: String?
    var thumbnailURL: String?
    var thumbnailWidth: Int?
    var thumbnailHeight: Int?
    /// A photo's own URL (type `photo`).
    var photoURL: String?
    var width: Int?
    var height: Int?

    /// The description in `json`, or `nil` when it is not a JSON object.
    init?(json: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any] else { return nil }
        func text(_ key: String) -> String? {
            guard let value = (object[key] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines),
                !value.isEmpty
            else { return nil }
            return value
        }
        func number(_ key: String) -> Int? {
            // Providers write numbers or strings ("480").
            let value = (object[key] as? NSNumber)?.intValue ?? (object[key] as? String).flatMap { Int($0) }
            return value.flatMap { (0...1_000_000).contains($0) ? $0 : nil }
        }
        type = text("type")?.lowercased()
        title = text("title")
        authorName = text("author_name")
        providerName = text("provider_name")
        thumbnailURL = text("thumbnail_url")
        thumbnailWidth = number("thumbnail_width")
        thumbnailHeight = number("thumbnail_height")
        photoURL = type == "photo" ? text("url") : nil
        width = number("width")
        height = number("height")
    }

    /// Fills what `metadata` lacks; images are added after the page's own.
    func merge(into metadata: inout LinkMetadata, base: URL) {
        func resolve(_ text: String?) -> URL? { text.flatMap { URLResolution.resolve($0, against: base) } }
        if metadata.title == nil { metadata.title = title }
        if metadata.author == nil { metadata.author = authorName }
        if metadata.siteName == nil { metadata.siteName = providerName }
        if metadata.type == nil, type == "video" { metadata.type = "video.other" }
        var additions: [LinkMetadata.Image] = []
        if let url = resolve(photoURL) { additions.append(LinkMetadata.Image(url: url, width: width, height: height)) }
        if let url = resolve(thumbnailURL) {
            additions.append(LinkMetadata.Image(url: url, width: thumbnailWidth, height: thumbnailHeight))
        }
        for image in additions where !metadata.images.contains(where: { $0.url == image.url }) {
            metadata.images.append(image)
        }
    }
}
