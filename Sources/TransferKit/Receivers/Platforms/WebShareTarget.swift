/// A web app manifest's `share_target`, as the Web Share Target specification reads it: the method
/// and encoding, the parameters that carry a share's title, text and URL, and the `files` entries
/// with their `accept` lists.
///
/// ```swift
/// let target = WebShareTarget(
///     action: "/share", method: "POST", enctype: "multipart/form-data", text: "text", url: "link",
///     files: [.init(name: "photos", accept: ["image/*", ".heic"])])
/// ```
///
/// `WebShareTarget` is `Sendable`.
public struct WebShareTarget: Sendable, Hashable, Codable {
    /// A `params.files` entry: the form field and what it accepts.
    ///
    /// `File` is `Sendable`.
    public struct File: Sendable, Hashable, Codable {
        /// The form field's name.
        public var name: String
        /// `.ext`, `type/subtype`, `type/*` or `*/*` entries.
        public var accept: [String]

        /// Creates an entry.
        ///
        /// - Parameters:
        ///   - name: The form field's name.
        ///   - accept: What it accepts.
        public init(name: String, accept: [String]) {
            self.name = name
            self.accept = accept
        }

        /// Whether the entry accepts a file of `mimeType` named with `filenameExtension`: by
        /// extension (ignoring case), by the exact MIME type, by `type/*`, or by `*/*`.
        ///
        /// - Parameters:
        ///   - mimeType: The file's MIME type.
        ///   - filenameExtension: The file's extension, without the dot.
        /// - Returns: Whether it is accepted.
        public func accepts(mimeType: String?, filenameExtension: String?) -> Bool {
            accept.contains { entry in
                let criterion = entry.trimmingPrefix(while: \.isWhitespace).lowercased()
                if criterion.hasPrefix(".") {
                    return filenameExtension.map { ".\($0.lowercased())" == criterion } ?? false
                }
                guard let mimeType = mimeType?.lowercased() else { return criterion == "*/*" }
                if criterion == "*/*" || criterion == mimeType { return true }
                if criterion.hasSuffix("/*") { return mimeType.hasPrefix(criterion.dropLast()) }
                return false
            }
        }
    }

    /// The URL the share goes to.
    public var action: String
    /// `GET` or `POST`, upper-cased.
    public var method: String
    /// The encoding of a POST: `application/x-www-form-urlencoded` or `multipart/form-data`.
    public var enctype: String
    /// The parameter that carries the title, if any.
    public var title: String?
    /// The parameter that carries the text, if any.
    public var text: String?
    /// The parameter that carries the URL, if any.
    public var url: String?
    /// The `files` entries, in order: each file goes to the first that accepts it.
    public var files: [File]

    /// Creates a share target.
    ///
    /// - Parameters:
    ///   - action: The URL the share goes to.
    ///   - method: `GET` (the default) or `POST`.
    ///   - enctype: The encoding of a POST; the default is the specification's,
    ///     `application/x-www-form-urlencoded`.
    ///   - title: The title parameter.
    ///   - text: The text parameter.
    ///   - url: The URL parameter.
    ///   - files: The `files` entries.
    public init(
        action: String, method: String = "GET", enctype: String = "application/x-www-form-urlencoded",
        title: String? = nil, text: String? = nil, url: String? = nil, files: [File] = []
    ) {
        self.action = action
        self.method = method.uppercased()
        self.enctype = enctype.lowercased()
        self.title = title
        self.text = text
        self.url = url
        self.files = files
    }

    /// Whether the target can receive files at all: the specification allows `files` only with
    /// `POST` and `multipart/form-data`.
    public var takesFiles: Bool {
        !files.isEmpty && method == "POST" && enctype == "multipart/form-data"
    }
}
