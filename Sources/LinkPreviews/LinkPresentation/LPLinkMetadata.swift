internal import ContentTypes
public import Foundation
internal import Synchronization
public import TransferKit

/// Apple's `LPLinkMetadata` — a class of optional properties with item providers for the media — as a
/// thin layer over ``LinkMetadata``, declared as Apple's SDK imports it: an open `NSObject` subclass
/// with `NSSecureCoding` and `NSCopying`, so that code written against LinkPresentation moves across,
/// caching through `NSKeyedArchiver` included.
///
/// New code should use ``LinkMetadata``, a `Codable` value type that publishes more (description,
/// every image, icons). The item providers are TransferKit's `ItemProvider` (`NSItemProvider` is its
/// name on Linux). Archiving keeps the URLs, the title and the media of providers made from a
/// ``LinkMetadata``; a provider set by hand is not archived, since its data loads asynchronously.
///
/// Not `Sendable`, as Apple's is not; the base class's properties are behind a `Mutex`. Convert it to
/// ``LinkMetadata`` (`Sendable`) to hand it across tasks.
open class LPLinkMetadata: NSObject, NSSecureCoding, NSCopying {
    private struct Properties {
        var originalURL: URL?
        var url: URL?
        var title: String?
        var remoteVideoURL: URL?
        var iconProvider: NSItemProvider?
        var imageProvider: NSItemProvider?
        var videoProvider: NSItemProvider?
        /// The media behind providers made from bytes, which archiving keeps.
        var media: [LinkMetadata.Attachment: LinkMetadata.Media] = [:]
    }

    private let properties = Mutex(Properties())

    /// Empty metadata: set at least ``originalURL`` and ``url`` to prefill a preview.
    public override init() {
        super.init()
    }

    /// The metadata of a ``LinkMetadata`` value, its media as item providers.
    public convenience init(_ metadata: LinkMetadata) {
        self.init()
        properties.withLock { properties in
            properties.originalURL = metadata.originalURL
            properties.url = metadata.url
            properties.title = metadata.title
            properties.remoteVideoURL = metadata.remoteVideo
            properties.media = metadata.attachments
            properties.iconProvider = Self.provider(metadata.attachments[.icon])
            properties.imageProvider = Self.provider(metadata.attachments[.image])
            properties.videoProvider = Self.provider(metadata.attachments[.video])
        }
    }

    private static func provider(_ media: LinkMetadata.Media?) -> NSItemProvider? {
        guard let media else { return nil }
        let provider = ItemProvider()
        let data = media.data
        provider.registerDataRepresentation(for: media.contentType) { data }
        return provider
    }

    /// The URL that was asked for.
    open var originalURL: URL? {
        get { properties.withLock { $0.originalURL } }
        set { properties.withLock { $0.originalURL = newValue } }
    }

    /// The URL that returned the metadata, taking redirects into account.
    open var url: URL? {
        get { properties.withLock { $0.url } }
        set { properties.withLock { $0.url = newValue } }
    }

    /// A representative title.
    open var title: String? {
        get { properties.withLock { $0.title } }
        set { properties.withLock { $0.title = newValue } }
    }

    /// A remote video a player can stream.
    open var remoteVideoURL: URL? {
        get { properties.withLock { $0.remoteVideoURL } }
        set { properties.withLock { $0.remoteVideoURL = newValue } }
    }

    /// The icon's bytes, loaded on demand.
    open var iconProvider: NSItemProvider? {
        get { properties.withLock { $0.iconProvider } }
        set { set(newValue, for: .icon) }
    }

    /// The image's bytes, loaded on demand.
    open var imageProvider: NSItemProvider? {
        get { properties.withLock { $0.imageProvider } }
        set { set(newValue, for: .image) }
    }

    /// A local video's bytes, loaded on demand.
    open var videoProvider: NSItemProvider? {
        get { properties.withLock { $0.videoProvider } }
        set { set(newValue, for: .video) }
    }

    private func set(_ provider: NSItemProvider?, for attachment: LinkMetadata.Attachment) {
        properties.withLock { properties in
            switch attachment {
            case .icon: properties.iconProvider = provider
            case .image: properties.imageProvider = provider
            default: properties.videoProvider = provider
            }
            // The media archived are those behind the provider made from them, and no other.
            properties.media[attachment] = nil
        }
    }

    /// The title and the URL.
    open override var description: String {
        properties.withLock { "LPLinkMetadata(\($0.title ?? "untitled"), \($0.url?.absoluteString ?? "no URL"))" }
    }

    // MARK: - NSSecureCoding and NSCopying

    /// `true`: archives are read with the classes they are expected to hold.
    public static var supportsSecureCoding: Bool { true }

    private enum Key {
        static let originalURL = "originalURL"
        static let url = "URL"
        static let title = "title"
        static let remoteVideoURL = "remoteVideoURL"
        static func data(_ attachment: LinkMetadata.Attachment) -> String { "\(attachment.rawValue)Data" }
        static func type(_ attachment: LinkMetadata.Attachment) -> String { "\(attachment.rawValue)Type" }
    }

    /// Writes the URLs, the title and the media of providers made from bytes.
    open func encode(with coder: NSCoder) {
        let properties = properties.withLock { $0 }
        if let url = properties.originalURL { coder.encode(url as NSURL, forKey: Key.originalURL) }
        if let url = properties.url { coder.encode(url as NSURL, forKey: Key.url) }
        if let title = properties.title { coder.encode(title as NSString, forKey: Key.title) }
        if let url = properties.remoteVideoURL { coder.encode(url as NSURL, forKey: Key.remoteVideoURL) }
        for (attachment, media) in properties.media.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            coder.encode(media.data as NSData, forKey: Key.data(attachment))
            coder.encode(media.contentType.identifier as NSString, forKey: Key.type(attachment))
        }
    }

    /// Reads what ``encode(with:)`` wrote; media of an unknown type are left out.
    public required init?(coder: NSCoder) {
        super.init()
        // Only keys that are there are read: Foundation on Linux marks the whole archive as damaged when
        // a missing key is asked for.
        func object<Object: NSObject & NSCoding>(_ type: Object.Type, _ key: String) -> Object? {
            coder.containsValue(forKey: key) ? coder.decodeObject(of: type, forKey: key) : nil
        }
        var restored = Properties()
        restored.originalURL = object(NSURL.self, Key.originalURL) as URL?
        restored.url = object(NSURL.self, Key.url) as URL?
        restored.title = object(NSString.self, Key.title) as String?
        restored.remoteVideoURL = object(NSURL.self, Key.remoteVideoURL) as URL?
        for attachment in [LinkMetadata.Attachment.icon, .image, .video] {
            guard let data = object(NSData.self, Key.data(attachment)) as Data?,
                let identifier = object(NSString.self, Key.type(attachment)) as String?,
                let contentType = UTType(identifier)
            else { continue }
            restored.media[attachment] = LinkMetadata.Media(data: data, contentType: contentType)
        }
        restored.iconProvider = Self.provider(restored.media[.icon])
        restored.imageProvider = Self.provider(restored.media[.image])
        restored.videoProvider = Self.provider(restored.media[.video])
        properties.withLock { $0 = restored }
    }

    /// A copy with the same properties; the item providers are shared, as Apple's copy shares them.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = LPLinkMetadata()
        let current = properties.withLock { $0 }
        copy.properties.withLock { $0 = current }
        return copy
    }

    /// Whether `object` is metadata with the same URLs, title and archived media.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? LPLinkMetadata else { return false }
        if other === self { return true }
        let (mine, theirs) = (properties.withLock { $0 }, other.properties.withLock { $0 })
        return mine.originalURL == theirs.originalURL && mine.url == theirs.url && mine.title == theirs.title
            && mine.remoteVideoURL == theirs.remoteVideoURL && mine.media == theirs.media
    }

    /// A hash consistent with ``isEqual(_:)``.
    open override var hash: Int {
        properties.withLock { properties in
            var hasher = Hasher()
            hasher.combine(properties.originalURL)
            hasher.combine(properties.url)
            hasher.combine(properties.title)
            return hasher.finalize()
        }
    }
}

extension LinkMetadata {
    /// The metadata of an `LPLinkMetadata`, or `nil` when it has neither an original URL nor a URL.
    ///
    /// The media of providers made from bytes come along; other providers' media are not loaded (that
    /// is asynchronous): use ``setMedia(_:contentType:for:)`` with their bytes.
    public init?(_ metadata: LPLinkMetadata) {
        guard let url = metadata.url ?? metadata.originalURL else { return nil }
        self.init(url: url)
        originalURL = metadata.originalURL ?? url
        title = metadata.title
        remoteVideo = metadata.remoteVideoURL
        attachments = metadata.archivedMedia
    }
}

extension LPLinkMetadata {
    /// The media behind providers made from bytes.
    fileprivate var archivedMedia: [LinkMetadata.Attachment: LinkMetadata.Media] {
        properties.withLock { $0.media }
    }
}
