extension UTType {
    /// The type `public.item` (item).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let item = UTType(builtIn: "public.item")

    /// The type `public.content` (content).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let content = UTType(builtIn: "public.content")

    /// The type `public.data` (data).
    ///
    /// Conforms to `public.item`.
    /// Tags: MIME types `application/octet-stream`.
    public static let data = UTType(builtIn: "public.data")

    /// The type `com.apple.resolvable` (resolvable).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let resolvable = UTType(builtIn: "com.apple.resolvable")

    /// The type `public.symlink` (symbolic link).
    ///
    /// Conforms to `public.item`, `com.apple.resolvable`.
    public static let symbolicLink = UTType(builtIn: "public.symlink")

    /// The type `public.executable` (executable).
    ///
    /// Conforms to `public.item`.
    public static let executable = UTType(builtIn: "public.executable")

    /// The type `com.apple.mount-point` (mount point).
    ///
    /// Conforms to `public.item`, `com.apple.resolvable`.
    public static let mountPoint = UTType(builtIn: "com.apple.mount-point")

    /// The type `com.apple.alias-file` (alias).
    ///
    /// Conforms to `public.data`, `com.apple.resolvable`.
    public static let aliasFile = UTType(builtIn: "com.apple.alias-file")

    /// The type `com.apple.bookmark` (bookmark).
    ///
    /// Conforms to `public.data`, `com.apple.resolvable`.
    public static let urlBookmarkData = UTType(builtIn: "com.apple.bookmark")

    /// The type `public.url` (URL).
    ///
    /// Conforms to `public.data`.
    public static let url = UTType(builtIn: "public.url")

    /// The type `public.file-url` (file URL).
    ///
    /// Conforms to `public.url`.
    public static let fileURL = UTType(builtIn: "public.file-url")

    /// The type `com.apple.property-list` (property list).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `plist`.
    public static let propertyList = UTType(builtIn: "com.apple.property-list")

    /// The type `com.apple.binary-property-list` (binary property list).
    ///
    /// Conforms to `com.apple.property-list`.
    /// Tags: filename extensions `plist`.
    public static let binaryPropertyList = UTType(builtIn: "com.apple.binary-property-list")

    /// The type `com.apple.live-photo` (Live Photo).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let livePhoto = UTType(builtIn: "com.apple.live-photo")

    /// The type `com.apple.reality` (Reality File).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `reality`; MIME types `model/vnd.reality`.
    public static let realityFile = UTType(builtIn: "com.apple.reality")

    /// The type `com.apple.arobject` (AR Reference Object).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `arobject`.
    public static let arReferenceObject = UTType(builtIn: "com.apple.arobject")

    /// The type `public.playlist` (playlist).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let playlist = UTType(builtIn: "public.playlist")

    /// The type `com.apple.application` (application).
    ///
    /// Conforms to `public.executable`.
    public static let application = UTType(builtIn: "com.apple.application")

    /// The type `public.unix-executable` (Unix executable).
    ///
    /// Conforms to `public.data`, `public.executable`.
    public static let unixExecutable = UTType(builtIn: "public.unix-executable")

    /// The type `com.microsoft.windows-executable` (Microsoft Windows application).
    ///
    /// Conforms to `public.data`, `public.executable`.
    /// Tags: filename extensions `exe`; MIME types `application/x-msdownload`.
    public static let exe = UTType(builtIn: "com.microsoft.windows-executable")

    /// The type `com.apple.internet-location` (internet location).
    ///
    /// Conforms to `public.stored-url`, `public.data`.
    public static let internetLocation = UTType(builtIn: "com.apple.internet-location")

    /// The type `com.microsoft.internet-shortcut` (Windows Internet shortcut).
    ///
    /// Conforms to `public.stored-url`, `public.data`.
    /// Tags: filename extensions `url`.
    public static let internetShortcut = UTType(builtIn: "com.microsoft.internet-shortcut")

    /// The type `public.bookmark` (Bookmark).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let bookmark = UTType(builtIn: "public.bookmark")

    /// The type `com.rsa.pkcs-12` (personal information exchange (PKCS#12)).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `p12`, `pfx`; MIME types `application/x-pkcs12`.
    public static let pkcs12 = UTType(builtIn: "com.rsa.pkcs-12")

    /// The type `public.x509-certificate` (certificate (X.509)).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `cer`, `der`, `crt`, `pem`; MIME types `application/x-x509-ca-cert`.
    public static let x509Certificate = UTType(builtIn: "public.x509-certificate")

    /// The type `public.log` (Log file).
    ///
    /// Conforms to `public.item`.
    public static let log = UTType(builtIn: "public.log")

    /// The type `com.apple.linkpresentation.metadata`.
    ///
    /// Conforms to `public.data`.
    public static let linkPresentationMetadata = UTType(builtIn: "com.apple.linkpresentation.metadata")

    /// The type `com.apple.shazamsignature` (Shazam Signature Data).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `shazamsignature`.
    public static let shazamSignature = UTType(builtIn: "com.apple.shazamsignature")

    /// The type `com.apple.shazamcatalog` (Shazam Catalog).
    ///
    /// Conforms to `public.data`.
    /// Tags: filename extensions `shazamcatalog`.
    public static let shazamCustomCatalog = UTType(builtIn: "com.apple.shazamcatalog")
}
