public import FoundationEssentials

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension LinkMetadata {
    /// Fetches the metadata of the page at `url`, with ``LinkFetcher``'s default limits: private
    /// addresses refused, at most 5 redirects, a 2 MiB page.
    ///
    /// Supports task cancellation (``LPError/Code/metadataFetchCancelled``).
    ///
    /// - Parameters:
    ///   - url: The page.
    ///   - timeout: One deadline for the page and its subresources.
    ///   - includeSubresources: Whether to fetch the first icon and image as ``Attachment/icon`` and
    ///     ``Attachment/image`` media.
    public init(
        fetching url: URL,
        timeout: Duration = .seconds(30),
        includeSubresources: Bool = true
    ) async throws(LinkPreviewError) {
        self = try await LinkFetcher().metadata(for: url, timeout: timeout, includeSubresources: includeSubresources)
    }

    /// Fetches the metadata of the page `request` asks for; see ``init(fetching:timeout:includeSubresources:)-(URL,_,_)``.
    public init(
        fetching request: URLRequest,
        timeout: Duration = .seconds(30),
        includeSubresources: Bool = true
    ) async throws(LinkPreviewError) {
        self = try await LinkFetcher().metadata(
            for: request, timeout: timeout, includeSubresources: includeSubresources)
    }
}
