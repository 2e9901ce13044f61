public import FoundationEssentials
internal import Synchronization
public import TransferKit

/// Apple's `LPLinkMetadata` — a class of optional properties with item providers for the media — as a
/// thin layer over ``LinkMetadata``, so that code written against LinkPresentation moves across.
///
/// New code should use ``LinkMetadata``, a value type that publishes more (description, every image,
/// icons). The item providers are TransferKit's `ItemProvider`. `Sendable`: its properties are
/// behind a `Mutex`.
public final class LPLinkMetadata: Sendable, CustomStringConvertible {
    private struct Properties {
        var originalURL: URL?
        var url: URL?
        var title: String?
        var remoteVideoURL: URL?
        var iconProvider: ItemProvider?
        var imageProvider: ItemProvider?
        var videoProvider: ItemProvider?
    }

    private let properties = Mutex(Properties())

    /// Empty metadata: set at least ``originalURL`` and ``url`` to prefill a preview.
    public init() {}

    /// The metadata of a ``LinkMetadata`` value, its media as item providers.
    public convenience init(_ metadata: LinkMetadata) {
        self.init()
        properties.withLock { properties in
            properties.originalURL = metadata.originalURL
            properties.url = metadata.url
            properties.title = metadata.title
            properties.remoteVideoURL = metadata.remoteVideo
            properties.iconProvider = Self.provider(metadata.attachments[.icon])
            properties.imageProvider = Self.provider(metadata.attachments[.image])
            properties.videoProvider = Self.provider(metadata.attachments[.video])
        }
    }

    private static func provider(_ media: LinkMetadata.Media?) -> ItemProvider? {
        guard let media else { return nil }
        let provider = ItemProvider()
        let data = media.data
        provider.registerDataRepresentation(for: media.contentType) { data }
        return provider
    }

    /// The URL that was asked for.
    public var originalURL: URL? {
        get { properties.withLock { $0.originalURL } }
        set { properties.withLock { $0.originalURL = newValue } }
    }

    /// The URL that returned the metadata, taking redirects into account.
    public var url: URL? {
        get { properties.withLock { $0.url } }
        set { properties.withLock { $0.url = newValue } }
    }

    /// A representative title.
    public var title: String? {
        get { properties.withLock { $0.title } }
        set { properties.withLock { $0.title = newValue } }
    }

    /// A remote video a player can stream.
    public var remoteVideoURL: URL? {
        get { properties.withLock { $0.remoteVideoURL } }
        set { properties.withLock { $0.remoteVideoURL = newValue } }
    }

    /// The icon's bytes, loaded on demand.
    public var iconProvider: ItemProvider? {
        get { properties.withLock { $0.iconProvider } }
        set { properties.withLock { $0.iconProvider = newValue } }
    }

    /// The image's bytes, loaded on demand.
    public var imageProvider: ItemProvider? {
        get { properties.withLock { $0.imageProvider } }
        set { properties.withLock { $0.imageProvider = newValue } }
    }

    /// A local video's bytes, loaded on demand.
    public var videoProvider: ItemProvider? {
        get { properties.withLock { $0.videoProvider } }
        set { properties.withLock { $0.videoProvider = newValue } }
    }

    /// The title and the URL.
    public var description: String {
        properties.withLock { "LPLinkMetadata(\($0.title ?? "untitled"), \($0.url?.absoluteString ?? "no URL"))" }
    }
}

extension LinkMetadata {
    /// The metadata of an `LPLinkMetadata`, or `nil` when it has neither an original URL nor a URL.
    ///
    /// The item providers' media are not loaded (that is asynchronous): use
    /// ``setMedia(_:contentType:for:)`` with their bytes.
    public init?(_ metadata: LPLinkMetadata) {
        guard let url = metadata.url ?? metadata.originalURL else { return nil }
        self.init(url: url)
        originalURL = metadata.originalURL ?? url
        title = metadata.title
        remoteVideo = metadata.remoteVideoURL
    }
}
