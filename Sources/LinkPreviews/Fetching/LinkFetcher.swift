internal import ContentTypes
public import FoundationEssentials

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Fetches link metadata over HTTP(S) with limits: the engine behind
/// ``LinkMetadata/init(fetching:timeout:includeSubresources:)-(URL,_,_)`` and ``LPMetadataProvider``.
///
/// By default: http and https only; at most 5 redirects, each hop checked again; a 2 MiB body cap
/// (counted after content decoding); subresources (the first icon and image) capped at 5 MiB each and
/// only when asked; one deadline for the page and its subresources; and **private addresses refused**:
/// the host is resolved and a loopback, private, link-local, CGNAT, unique-local, multicast, mapped or
/// otherwise special address is refused, on every hop, unless ``allowsPrivateAddresses`` is set.
///
/// A fetcher shared by many tasks — a server rendering previews for its users — keeps at most
/// ``maximumConcurrentFetches`` requests under way, ``maximumConcurrentFetchesPerHost`` to one
/// host; the others wait their turn in order.
///
/// The default transport on Linux, ``CurlLinkTransport``, connects only to the addresses the check
/// allowed: the name is resolved once, and a name whose records change between the check and the
/// connection (DNS rebinding) cannot reach a private address. Another transport resolves the name
/// again when it connects, and that window stays open: `URLSession` cannot be told which address to
/// use.
public struct LinkFetcher: Sendable {
    /// Whether loopback and other private addresses may be fetched (for tests, or an intranet app).
    public var allowsPrivateAddresses = false
    /// The most redirects followed.
    public var maximumRedirects = 5
    /// The most bytes of a page read; a longer page fails with ``LinkPreviewError/Code/tooLarge``.
    public var maximumPageSize = 2 * 1024 * 1024
    /// The most bytes of an icon or image read; a longer one is left out of the metadata.
    public var maximumSubresourceSize = 5 * 1024 * 1024
    /// The `User-Agent` sent. Sites serve their Open Graph tags to crawlers that say so:
    /// `facebookexternalhit` is the token most of them look for.
    public var userAgent = "TransferKit-LinkPreviews/1.0 (compatible; facebookexternalhit/1.1)"
    /// The transport that sends each request.
    public var transport: any LinkTransport
    /// The most requests under way at once, for every copy of this fetcher together: further
    /// fetches wait for a turn (the wait counts against their timeout).
    public var maximumConcurrentFetches = 32
    /// The most requests to one host under way at once, for every copy of this fetcher together.
    public var maximumConcurrentFetchesPerHost = 4
    /// The requests under way, shared by the copies of this fetcher.
    let limiter = FetchLimiter()

    /// How names are resolved and addresses judged: the system's resolver and ``AddressPolicy``, or a
    /// test's own.
    package var addressCheck = AddressCheck.system

    /// A fetcher with the default limits, through `transport`.
    public init(transport: any LinkTransport = LinkFetcher.defaultTransport) {
        self.transport = transport
    }

    /// The transport a fetcher uses unless given another: ``CurlLinkTransport`` on Linux (where it
    /// closes gaps `URLSession` leaves open), ``URLSessionLinkTransport`` on Apple platforms.
    public static var defaultTransport: any LinkTransport {
        #if os(Linux)
            CurlLinkTransport()
        #else
            URLSessionLinkTransport()
        #endif
    }

    /// Fetches the metadata of the page at `url`; see ``metadata(for:timeout:includeSubresources:includeOEmbed:)-(URLRequest,_,_,_)``.
    public func metadata(
        for url: URL,
        timeout: Duration = .seconds(30),
        includeSubresources: Bool = true,
        includeOEmbed: Bool = false
    ) async throws(LinkPreviewError) -> LinkMetadata {
        try await metadata(
            for: URLRequest(url: url), timeout: timeout, includeSubresources: includeSubresources,
            includeOEmbed: includeOEmbed)
    }

    /// Fetches the metadata of the page `request` asks for.
    ///
    /// - Parameters:
    ///   - request: The page's request.
    ///   - timeout: One deadline for the page, its oEmbed description and its subresources together.
    ///   - includeSubresources: Whether to fetch the first icon and the first image.
    ///   - includeOEmbed: Whether to fetch the oEmbed description the page advertises (JSON) and fill
    ///     what the page's own tags leave out: title, author, provider as the site name, thumbnail as
    ///     an image. Under the same address checks, limits and deadline as the page; its `html` is
    ///     never kept. A description that fails to load or parse is left out.
    ///
    /// - Throws: ``LinkPreviewError``: ``LPError/Code/metadataFetchTimedOut`` when `timeout`
    ///   passes (page and subresources together), ``LPError/Code/metadataFetchCancelled`` when
    ///   the task is cancelled, ``LPError/Code/metadataFetchNotAllowed`` for a scheme other than
    ///   http(s) or a refused address, ``LPError/Code/metadataFetchFailed`` otherwise, each
    ///   with its ``LinkPreviewError/code``.
    public func metadata(
        for request: URLRequest,
        timeout: Duration = .seconds(30),
        includeSubresources: Bool = true,
        includeOEmbed: Bool = false
    ) async throws(LinkPreviewError) -> LinkMetadata {
        guard let originalURL = request.url else {
            throw LinkPreviewError(
                .unsupportedURL, lpErrorCode: .metadataFetchFailed,
                reason: "the request has no URL; expected an http or https URL")
        }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        do {
            return try await Self.withDeadline(deadline, url: originalURL, timeout: timeout) {
                var metadata = try await page(request, originalURL: originalURL, deadline: deadline)
                if includeOEmbed { await loadOEmbed(into: &metadata, deadline: deadline) }
                if includeSubresources { await loadSubresources(into: &metadata, deadline: deadline) }
                return metadata
            }
        } catch let error as LinkPreviewError {
            throw error
        } catch {
            throw Self.translate(error, url: originalURL, deadline: deadline, timeout: timeout)
        }
    }

    // MARK: - The page

    private func page(_ request: URLRequest, originalURL: URL, deadline: ContinuousClock.Instant) async throws
        -> LinkMetadata
    {
        var request = request
        request.setValue("text/html,application/xhtml+xml;q=0.9,*/*;q=0.1", forHTTPHeaderField: "Accept")
        let response = try await follow(request, bodyLimit: maximumPageSize, deadline: deadline)
        guard !response.isTruncated else {
            throw LinkPreviewError(
                .tooLarge, lpErrorCode: .metadataFetchFailed, url: response.url,
                reason: "the page is larger than \(maximumPageSize) bytes (the limit); expected a smaller page")
        }
        let contentType = response.value(forHeaderField: "content-type")
        let essence = Self.essence(of: response)
        switch essence {
        case .none, "text/html", "application/xhtml+xml":
            return try LinkMetadata.extract(
                Array(response.body), documentURL: response.url, originalURL: originalURL, contentType: contentType)
        case let essence? where essence.hasPrefix("image/"):
            // An image is its own preview, as Apple's fetcher makes it.
            var metadata = LinkMetadata(url: response.url)
            metadata.originalURL = originalURL
            metadata.images = [LinkMetadata.Image(url: response.url, mimeType: essence)]
            return metadata
        case let essence? where essence.hasPrefix("video/"):
            var metadata = LinkMetadata(url: response.url)
            metadata.originalURL = originalURL
            metadata.videos = [LinkMetadata.Video(url: response.url, mimeType: essence)]
            return metadata
        case let essence?:
            throw LinkPreviewError(
                .notHTML, lpErrorCode: .metadataFetchFailed, url: response.url,
                reason:
                    "the response is \(essence); expected text/html or application/xhtml+xml (or an image or a video)")
        }
    }

    /// The first icon and the first image, as attachments; each one that fails is left out.
    private func loadSubresources(into metadata: inout LinkMetadata, deadline: ContinuousClock.Instant) async {
        for (attachment, url) in [(LinkMetadata.Attachment.icon, metadata.iconURL), (.image, metadata.imageURL)] {
            guard let url, !Task.isCancelled else { continue }
            var request = URLRequest(url: url)
            request.setValue("image/*", forHTTPHeaderField: "Accept")
            guard let response = try? await follow(request, bodyLimit: maximumSubresourceSize, deadline: deadline),
                !response.isTruncated,
                let essence = Self.essence(of: response),
                essence.hasPrefix("image/"),
                let contentType = UTType(mimeType: essence)
            else { continue }
            metadata.setMedia(response.body, contentType: contentType, for: attachment)
        }
    }

    /// The `type/subtype` of a response's `Content-Type`, lower-cased; `nil` when absent or malformed.
    private static func essence(of response: LinkTransportResponse) -> String? {
        guard let text = response.value(forHeaderField: "content-type"),
            let mediaType = try? MediaType(parsing: text)
        else { return nil }
        return mediaType.essence
    }

    // MARK: - Redirects and addresses

    /// Sends `request`, following redirects up to the limit, checking each hop's scheme and address.
    func follow(_ request: URLRequest, bodyLimit: Int, deadline: ContinuousClock.Instant) async throws
        -> LinkTransportResponse
    {
        var request = request
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        var redirects = 0
        let origin = request.url ?? URL(fileURLWithPath: "/")
        while true {
            guard let url = request.url else {
                throw LinkPreviewError(
                    .invalidRedirect, lpErrorCode: .metadataFetchFailed, reason: "a request without a URL")
            }
            let addresses = try await check(url)
            // The deadline is ours; the transport's timer is only a backstop, a second later, in whole
            // seconds (FoundationNetworking truncates a fraction of a second to an immediate timeout).
            let remaining = ContinuousClock.now.duration(to: deadline)
            request.timeoutInterval = Double(max(remaining.components.seconds, 0) + 2)
            let response: LinkTransportResponse
            do {
                let host = url.host ?? ""
                try await limiter.acquire(
                    host: host, total: maximumConcurrentFetches, perHost: maximumConcurrentFetchesPerHost)
                defer { limiter.release(host: host) }
                if let curl = transport as? CurlLinkTransport {
                    // The address connected is the address checked.
                    response = try await curl.response(for: request, bodyLimit: bodyLimit, connectingTo: addresses)
                } else {
                    response = try await transport.response(for: request, bodyLimit: bodyLimit)
                }
            } catch let error as LinkPreviewError {
                throw error
            } catch
                where error is CancellationError || Task.isCancelled
                || ContinuousClock.now >= deadline.advanced(by: .milliseconds(-50))
            {
                throw error  // A cancellation or the deadline: `translate` says which.
            } catch {
                // Which host failed, and at which hop of a redirect chain, in words.
                let hop =
                    redirects == 0
                    ? "" : " (after \(redirects) redirect\(redirects == 1 ? "" : "s") from \(origin.absoluteString))"
                throw LinkPreviewError(
                    .network, lpErrorCode: .metadataFetchFailed, url: url,
                    reason: "\(url.host ?? "the server"): \(TransportFailure.words(for: error))\(hop)")
            }
            try Task.checkCancellation()
            guard [301, 302, 303, 307, 308].contains(response.statusCode) else {
                guard (200..<300).contains(response.statusCode) else {
                    throw LinkPreviewError(
                        .httpStatus, lpErrorCode: .metadataFetchFailed, url: url, statusCode: response.statusCode,
                        reason: "the server answered HTTP \(response.statusCode); expected 200–299")
                }
                return response
            }
            redirects += 1
            guard redirects <= maximumRedirects else {
                throw LinkPreviewError(
                    .tooManyRedirects, lpErrorCode: .metadataFetchFailed, url: url,
                    reason:
                        "more than \(maximumRedirects) redirects (the limit); the last went to \(url.absoluteString)")
            }
            guard let location = response.value(forHeaderField: "location"),
                let next = URLResolution.resolve(location, against: url)
                    ?? URL(string: location, relativeTo: url)?.absoluteURL
            else {
                throw LinkPreviewError(
                    .invalidRedirect, lpErrorCode: .metadataFetchFailed, url: url,
                    reason: "HTTP \(response.statusCode) without a usable Location header; expected a URL to follow")
            }
            request.url = next
            if response.statusCode == 303 { request.httpMethod = "GET"; request.httpBody = nil }
        }
    }

    /// Refuses a URL whose scheme is not http(s), or whose host resolves to a refused address.
    ///
    /// - Returns: The addresses checked, to connect to; `nil` when private addresses are allowed (any
    ///   address may be connected, and the transport resolves the name).
    private func check(_ url: URL) async throws -> [AddressPolicy.Address]? {
        guard URLResolution.isWebURL(url), let host = url.host else {
            throw LinkPreviewError(
                .unsupportedURL, lpErrorCode: .metadataFetchNotAllowed, url: url,
                reason:
                    "the scheme is \(url.scheme.map { "'\($0)'" } ?? "missing"); expected an http or https URL with a host"
            )
        }
        guard !allowsPrivateAddresses else { return nil }
        guard let addresses = await addressCheck.resolve(host) else {
            throw LinkPreviewError(
                .hostNotFound, lpErrorCode: .metadataFetchFailed, url: url,
                reason: "the host '\(host)' does not resolve; expected a host name with an address")
        }
        if let refused = addresses.first(where: { addressCheck.refusal($0.bytes) != nil }) {
            throw LinkPreviewError(
                .blockedAddress, lpErrorCode: .metadataFetchNotAllowed, url: url,
                reason:
                    "the host '\(host)' resolves to \(refused.text), which is \(addressCheck.refusal(refused.bytes) ?? "refused"); "
                    + "expected a public address (set allowsPrivateAddresses to fetch it anyway)")
        }
        return addresses
    }

    // MARK: - Deadline and errors

    /// Runs `operation`, cancelling it when `deadline` passes.
    private static func withDeadline<Result: Sendable>(
        _ deadline: ContinuousClock.Instant,
        url: URL,
        timeout: Duration,
        _ operation: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        try await withThrowingTaskGroup(of: Result.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(until: deadline, clock: .continuous)
                throw LinkPreviewError(
                    .timedOut, lpErrorCode: .metadataFetchTimedOut, url: url,
                    reason: "no metadata within \(timeout) (the timeout, for the page and its subresources together)")
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw CancellationError() }
            return first
        }
    }

    /// A transport's error as a link preview error.
    private static func translate(_ error: any Error, url: URL, deadline: ContinuousClock.Instant, timeout: Duration)
        -> LinkPreviewError
    {
        if error is CancellationError || Task.isCancelled {
            return LinkPreviewError(
                .cancelled, lpErrorCode: .metadataFetchCancelled, url: url, reason: "the fetch was cancelled")
        }
        // The transport's own timer (the request's timeout interval, the time left) may fire first.
        if ContinuousClock.now >= deadline.advanced(by: .milliseconds(-50)) {
            return LinkPreviewError(
                .timedOut, lpErrorCode: .metadataFetchTimedOut, url: url,
                reason: "no metadata within \(timeout) (the timeout, for the page and its subresources together)")
        }
        return LinkPreviewError(
            .network, lpErrorCode: .metadataFetchFailed, url: url,
            reason: "the request failed: \(TransportFailure.words(for: error))")
    }
}
