public import FoundationEssentials

extension LinkMetadata {
    /// The metadata a share sheet shows while it fetches: the URL, and its host as the title — no
    /// image, no icon.
    public static func placeholder(for url: URL) -> LinkMetadata {
        var metadata = LinkMetadata(url: url)
        if let host = url.host, !host.isEmpty {
            metadata.title = host.hasPrefix("www.") ? String(host.dropFirst(4)) : host
        } else {
            metadata.title = url.absoluteString
        }
        return metadata
    }

    /// The previews of a link in the order a share sheet shows them: the placeholder at once, then
    /// the cached metadata if `cache` has it, then the fetched metadata, which is stored in `cache`.
    ///
    /// The sequence ends after the fetched metadata, or with the fetch's ``LinkPreviewError`` (the
    /// last preview yielded stays the one to show). Ending the iteration cancels the fetch.
    ///
    /// - Parameters:
    ///   - url: The link.
    ///   - cache: Where earlier metadata is looked up and the fetched metadata stored.
    ///   - fetcher: The fetcher and its limits.
    ///   - timeout: The fetch's deadline.
    ///   - includeSubresources: Whether the fetch loads the icon and the image.
    public static func previews(
        for url: URL,
        cache: (any LinkMetadataCache)? = nil,
        fetcher: LinkFetcher = LinkFetcher(),
        timeout: Duration = .seconds(30),
        includeSubresources: Bool = true
    ) -> AsyncThrowingStream<LinkMetadata, any Error> {
        AsyncThrowingStream { continuation in
            let task = Task {
                continuation.yield(placeholder(for: url))
                if let cached = cache?.metadata(for: url) { continuation.yield(cached) }
                do {
                    let fetched = try await fetcher.metadata(
                        for: url, timeout: timeout, includeSubresources: includeSubresources)
                    cache?.store(fetched, for: url)
                    continuation.yield(fetched)
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}
