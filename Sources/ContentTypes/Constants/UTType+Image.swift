extension UTType {
    /// The type `public.image` (image).
    ///
    /// Conforms to `public.data`, `public.content`.
    public static let image = UTType(builtIn: "public.image")

    /// The type `public.jpeg` (JPEG image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `jpeg`, `jpg`, `jpe`; MIME types `image/jpeg`, `image/jpg`.
    public static let jpeg = UTType(builtIn: "public.jpeg")

    /// The type `public.tiff` (TIFF image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `tiff`, `tif`; MIME types `image/tiff`.
    public static let tiff = UTType(builtIn: "public.tiff")

    /// The type `com.compuserve.gif` (GIF image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `gif`; MIME types `image/gif`.
    public static let gif = UTType(builtIn: "com.compuserve.gif")

    /// The type `public.png` (PNG image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `png`; MIME types `image/png`.
    public static let png = UTType(builtIn: "public.png")

    /// The type `com.apple.icns` (Apple icon image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `icns`.
    public static let icns = UTType(builtIn: "com.apple.icns")

    /// The type `com.microsoft.bmp` (Windows BMP image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `bmp`, `dib`; MIME types `image/bmp`.
    public static let bmp = UTType(builtIn: "com.microsoft.bmp")

    /// The type `com.microsoft.ico` (Windows icon image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `ico`; MIME types `image/vnd.microsoft.icon`.
    public static let ico = UTType(builtIn: "com.microsoft.ico")

    /// The type `public.camera-raw-image` (camera raw image).
    ///
    /// Conforms to `public.image`.
    public static let rawImage = UTType(builtIn: "public.camera-raw-image")

    /// The type `public.heif`.
    ///
    /// Conforms to `public.heif-standard`.
    /// Tags: filename extensions `heif`, `hif`; MIME types `image/heif`.
    public static let heif = UTType(builtIn: "public.heif")

    /// The type `public.heic`.
    ///
    /// Conforms to `public.heif-standard`.
    /// Tags: filename extensions `heic`; MIME types `image/heic`.
    public static let heic = UTType(builtIn: "public.heic")

    /// The type `public.heics` (HEIF Image Sequence).
    ///
    /// Conforms to `public.heif-standard`.
    /// Tags: filename extensions `heics`; MIME types `image/heic-sequence`.
    public static let heics = UTType(builtIn: "public.heics")

    /// The type `org.webmproject.webp` (WebP Image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `webp`; MIME types `image/webp`.
    public static let webP = UTType(builtIn: "org.webmproject.webp")

    /// The type `com.ilm.openexr-image` (OpenEXR image).
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `exr`.
    public static let exr = UTType(builtIn: "com.ilm.openexr-image")

    /// The type `com.adobe.raw-image`.
    ///
    /// Conforms to `public.image`.
    /// Tags: filename extensions `dng`.
    public static let dng = UTType(builtIn: "com.adobe.raw-image")

    /// The type `public.jpeg-xl`.
    ///
    /// Conforms to `public.image`.
    public static let jpegxl = UTType(builtIn: "public.jpeg-xl")
}
