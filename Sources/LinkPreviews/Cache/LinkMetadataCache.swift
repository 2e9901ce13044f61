public import FoundationEssentials

/// Where fetched link metadata is kept, keyed by the URL asked for (normalised: scheme and host in
/// lower case, the default port and the fragment dropped, an empty path made `/`).
///
/// ``MemoryLinkMetadataCache`` keeps the most recently used entries of one process;
/// ``DiskLinkMetadataCache`` keeps them across launches.
public protocol LinkMetadataCache: Sendable {
    /// The metadata stored for `url`, or `nil`.
    func metadata(for url: URL) -> LinkMetadata?
    /// Stores `metadata` for `url`, replacing what was there.
    func store(_ metadata: LinkMetadata, for url: URL)
    /// Removes what is stored for `url`.
    func removeMetadata(for url: URL)
}

/// The key of a URL in a cache.
enum LinkCacheKey {
    /// The URL normalised: scheme and host lower-cased, the default port and the fragment dropped, an
    /// empty path made `/`.
    static func normalized(_ url: URL) -> String {
        guard var components = URLComponents(url: url.absoluteURL, resolvingAgainstBaseURL: true) else {
            return url.absoluteString
        }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        if (components.scheme == "http" && components.port == 80)
            || (components.scheme == "https" && components.port == 443)
        {
            components.port = nil
        }
        components.fragment = nil
        if components.path.isEmpty, components.host != nil { components.path = "/" }
        return components.string ?? url.absoluteString
    }
}
