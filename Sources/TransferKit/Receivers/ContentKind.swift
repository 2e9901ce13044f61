/// The kinds of content that share targets count and treat differently: text, links, images,
/// movies, audio and other files.
///
/// A content type's kind follows its place in the tree: a type conforming to `public.image` is an
/// image, to `public.movie` a movie, and so on; `public.url` is a link, other `public.text` is text,
/// and anything else is a file.
///
/// An open set (a struct, not an enum): platforms may come to treat more kinds apart (3D content,
/// PDF). Decoding accepts the known names only. `ContentKind` is `Sendable`.
public struct ContentKind: NamedValue, Codable, CaseIterable {
    /// The kind's name, as profiles spell it.
    public let rawValue: String

    init(unchecked name: String) { rawValue = name }

    /// Text: `public.text` that is not a URL.
    public static let text = ContentKind(unchecked: "text")
    /// A link: `public.url`, file URLs included.
    public static let url = ContentKind(unchecked: "url")
    /// An image: `public.image`.
    public static let image = ContentKind(unchecked: "image")
    /// A movie: `public.movie`.
    public static let movie = ContentKind(unchecked: "movie")
    /// Audio: `public.audio`.
    public static let audio = ContentKind(unchecked: "audio")
    /// Any other data: a document, an archive.
    public static let file = ContentKind(unchecked: "file")

    /// Every known kind, in the order above.
    public static let allCases: [ContentKind] = [.text, .url, .image, .movie, .audio, .file]

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

}
