/// The kinds of content that share targets count and treat differently: text, links, images,
/// movies, audio and other files.
///
/// A content type's kind follows its place in the tree: a type conforming to `public.image` is an
/// image, to `public.movie` a movie, and so on; `public.url` is a link, other `public.text` is text,
/// and anything else is a file.
///
/// `ContentKind` is `Sendable`.
public enum ContentKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// Text: `public.text` that is not a URL.
    case text
    /// A link: `public.url`, file URLs included.
    case url
    /// An image: `public.image`.
    case image
    /// A movie: `public.movie`.
    case movie
    /// Audio: `public.audio`.
    case audio
    /// Any other data: a document, an archive.
    case file

    /// The kind of a content type.
    ///
    /// - Parameter contentType: The content type.
    public init(_ contentType: UTType) {
        if contentType.conforms(to: .url) {
            self = .url
        } else if contentType.conforms(to: .image) {
            self = .image
        } else if contentType.conforms(to: .movie) {
            self = .movie
        } else if contentType.conforms(to: .audio) {
            self = .audio
        } else if contentType.conforms(to: .text) {
            self = .text
        } else {
            self = .file
        }
    }

    /// The kind's name.
    public var description: String { rawValue }
}
