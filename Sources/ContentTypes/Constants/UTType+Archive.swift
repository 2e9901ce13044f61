extension UTType {
    /// The type `public.disk-image` (disk image).
    ///
    /// Conforms to `public.archive`.
    public static let diskImage = UTType(builtIn: "public.disk-image")

    /// The type `public.archive` (file archive).
    ///
    /// A root of the tree: it conforms to no other type.
    public static let archive = UTType(builtIn: "public.archive")

    /// The type `org.gnu.gnu-zip-archive` (GZip archive).
    ///
    /// Conforms to `public.data`, `public.archive`.
    /// Tags: filename extensions `gz`, `gzip`; MIME types `application/x-gzip`, `application/gzip`.
    public static let gzip = UTType(builtIn: "org.gnu.gnu-zip-archive")

    /// The type `public.bzip2-archive` (Bzip2 archive).
    ///
    /// Conforms to `public.data`, `public.archive`.
    /// Tags: filename extensions `bz2`, `bz`; MIME types `application/x-bzip2`, `application/x-bzip`, `application/bzip2`, `application/bzip`, `application/x-bz2`.
    public static let bz2 = UTType(builtIn: "public.bzip2-archive")

    /// The type `public.zip-archive` (Zip archive).
    ///
    /// Conforms to `com.pkware.zip-archive`.
    /// Tags: filename extensions `zip`; MIME types `application/zip`, `application/x-zip-compressed`.
    public static let zip = UTType(builtIn: "public.zip-archive")

    /// The type `com.apple.archive` (Apple Archive).
    ///
    /// Conforms to `public.data`, `public.archive`.
    /// Tags: filename extensions `aar`, `yaa`.
    public static let appleArchive = UTType(builtIn: "com.apple.archive")

    /// The type `public.tar-archive` (tar archive).
    ///
    /// Conforms to `org.gnu.gnu-tar-archive`.
    /// Tags: filename extensions `tar`; MIME types `application/x-tar`, `application/tar`.
    public static let tarArchive = UTType(builtIn: "public.tar-archive")
}
