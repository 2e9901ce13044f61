public import FoundationEssentials

extension LinkMetadata {
    /// An image of a page: an `og:image` group (`og:image`, `:url`, `:secure_url`, `:width`, `:height`,
    /// `:alt`, `:type`) or a `twitter:image`.
    public struct Image: Sendable, Hashable, Codable {
        /// The image's URL: its `og:image:secure_url` when it has an https one, else `og:image`.
        public var url: URL
        /// The width in pixels the page declares.
        public var width: Int?
        /// The height in pixels the page declares.
        public var height: Int?
        /// A description of the image for people who cannot see it.
        public var alt: String?
        /// The MIME type the page declares (`image/png`).
        public var mimeType: String?

        /// An image at `url`.
        public init(url: URL, width: Int? = nil, height: Int? = nil, alt: String? = nil, mimeType: String? = nil) {
            self.url = url
            self.width = width
            self.height = height
            self.alt = alt
            self.mimeType = mimeType
        }

        private enum CodingKeys: String, CodingKey {
            case url, width, height, alt, mimeType = "type"
        }
    }

    /// A video of a page: an `og:video` group or a `twitter:player:stream`.
    public struct Video: Sendable, Hashable, Codable {
        /// The video's URL: its `og:video:secure_url` when it has an https one, else `og:video`.
        public var url: URL
        /// The width in pixels the page declares.
        public var width: Int?
        /// The height in pixels the page declares.
        public var height: Int?
        /// The MIME type the page declares (`video/mp4`).
        public var mimeType: String?

        /// A video at `url`.
        public init(url: URL, width: Int? = nil, height: Int? = nil, mimeType: String? = nil) {
            self.url = url
            self.width = width
            self.height = height
            self.mimeType = mimeType
        }

        private enum CodingKeys: String, CodingKey {
            case url, width, height, mimeType = "type"
        }
    }

    /// An icon of a page: a `<link rel="apple-touch-icon">`, a `<link rel="icon">`, or the site's
    /// `/favicon.ico` when the page declares none.
    public struct Icon: Sendable, Hashable, Codable {
        /// The icon's URL.
        public var url: URL
        /// Which kind of declaration named the icon.
        public var kind: Kind
        /// The largest side of the sizes the page declares (`sizes="32x32 180x180"` → 180); `nil` when
        /// it declares none, or `sizes="any"` (a scalable icon, which ranks above every size).
        public var size: Int?
        /// The MIME type the page declares (`image/png`).
        public var mimeType: String?

        /// An icon at `url`.
        public init(url: URL, kind: Kind, size: Int? = nil, mimeType: String? = nil) {
            self.url = url
            self.kind = kind
            self.size = size
            self.mimeType = mimeType
        }

        private enum CodingKeys: String, CodingKey {
            case url, kind, size, mimeType = "type"
        }

        /// The declaration that named an icon. An open set (a struct, not an enum): more kinds
        /// (`mask-icon`, a web app manifest's icons) may be added. Decoding accepts the known names
        /// only. `Kind` is `Sendable`.
        public struct Kind: NamedValue, Codable, CaseIterable {
            /// The `rel` value, or `favicon.ico` for the implicit icon.
            public let rawValue: String

            private init(unchecked name: String) { rawValue = name }

            /// `<link rel="apple-touch-icon">`.
            public static let touchIcon = Kind(unchecked: "apple-touch-icon")
            /// `<link rel="apple-touch-icon-precomposed">`, which Apple prefers to a touch icon of
            /// the same size.
            public static let precomposedTouchIcon = Kind(unchecked: "apple-touch-icon-precomposed")
            /// `<link rel="icon">` (and `rel="shortcut icon"`).
            public static let icon = Kind(unchecked: "icon")
            /// The site's `/favicon.ico`, assumed when the page declares no icon.
            public static let defaultFavicon = Kind(unchecked: "favicon.ico")

            /// Every known kind, in the order above.
            public static let allCases: [Kind] = [.touchIcon, .precomposedTouchIcon, .icon, .defaultFavicon]

        }
    }
}
