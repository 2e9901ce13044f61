public import FoundationEssentials
public import TransferKit

extension LinkMetadata {
    /// A kind of media attached to metadata: the icon, the image or the video.
    ///
    /// An open set (a struct, not an enum); the initializers take the known names only.
    /// `Attachment` is `Sendable`.
    public struct Attachment: NamedValue, CaseIterable {
        /// The attachment's name (`icon`, `image`, `video`).
        public let rawValue: String

        private init(unchecked name: String) { rawValue = name }

        /// The icon: the first of ``LinkMetadata/icons``, fetched.
        public static let icon = Attachment(unchecked: "icon")
        /// The image: the first of ``LinkMetadata/images``, fetched.
        public static let image = Attachment(unchecked: "image")
        /// A local video.
        public static let video = Attachment(unchecked: "video")

        /// Every attachment, in the order above.
        public static let allCases: [Attachment] = [.icon, .image, .video]

    }

    /// The bytes of an attachment and their content type.
    struct Media: Sendable, Hashable, Codable {
        var data: Data
        var contentType: UTType
    }

    /// Loads an attachment's media as `type`, importing its bytes through the type's representations.
    ///
    /// - Returns: `nil` when the metadata has no media for the attachment, or when `type` imports none
    ///   of the media's content type.
    public func media<Media: Transferable>(_ attachment: Attachment, as type: Media.Type) async throws -> Media? {
        guard let media = attachments[attachment],
            let imported = type.importedContentTypes().first(where: { media.contentType.conforms(to: $0) })
        else { return nil }
        // Imported as the type the representation declares, which the media's type conforms to.
        return try await Media(importing: media.data, contentType: imported)
    }

    /// Whether the metadata has media for the attachment that `type` can import.
    public func containsMedia(_ attachment: Attachment, exportableAs type: (some Transferable).Type) -> Bool {
        guard let media = attachments[attachment] else { return false }
        return type.importedContentTypes().contains { media.contentType.conforms(to: $0) }
    }

    /// Sets an attachment's media to the bytes of `media` in its first exported content type.
    ///
    /// Unlike Apple's `setMedia(_:for:)`, this exports the value, so it is `async throws`; the
    /// synchronous form takes bytes and their type: ``setMedia(_:contentType:for:)``.
    public mutating func setMedia(_ media: some Transferable, for attachment: Attachment) async throws {
        guard let contentType = media.exportedContentTypes().first else {
            throw TransferError(
                .exportNotSupported,
                itemType: Swift.type(of: media),
                reason: "\(Swift.type(of: media)) exports no content type, so it cannot be an attachment's media"
            )
        }
        attachments[attachment] = Media(data: try await media.exported(as: contentType), contentType: contentType)
    }

    /// Sets an attachment's media to `data` of `contentType`.
    public mutating func setMedia(_ data: Data, contentType: UTType, for attachment: Attachment) {
        attachments[attachment] = Media(data: data, contentType: contentType)
    }

    /// Removes an attachment's media.
    public mutating func removeMedia(for attachment: Attachment) {
        attachments[attachment] = nil
    }
}
