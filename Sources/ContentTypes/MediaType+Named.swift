extension MediaType {
    /// `*/*`: every media type.
    public static let any = MediaType(type: "*", subtype: "*")
    /// `text/*`: every text media type.
    public static let anyText = MediaType(type: "text", subtype: "*")
    /// `image/*`: every image media type.
    public static let anyImage = MediaType(type: "image", subtype: "*")
    /// `audio/*`: every audio media type.
    public static let anyAudio = MediaType(type: "audio", subtype: "*")
    /// `video/*`: every video media type.
    public static let anyVideo = MediaType(type: "video", subtype: "*")

    /// `text/plain`.
    public static let plainText = MediaType(type: "text", subtype: "plain")
    /// `text/html`.
    public static let html = MediaType(type: "text", subtype: "html")
    /// `text/csv`.
    public static let csv = MediaType(type: "text", subtype: "csv")
    /// `text/uri-list`: URLs, one per line.
    public static let uriList = MediaType(type: "text", subtype: "uri-list")
    /// `application/json`.
    public static let json = MediaType(type: "application", subtype: "json")
    /// `application/xml`.
    public static let xml = MediaType(type: "application", subtype: "xml")
    /// `application/pdf`.
    public static let pdf = MediaType(type: "application", subtype: "pdf")
    /// `application/octet-stream`: bytes of no declared type.
    public static let octetStream = MediaType(type: "application", subtype: "octet-stream")
    /// `image/png`.
    public static let png = MediaType(type: "image", subtype: "png")
    /// `image/jpeg`.
    public static let jpeg = MediaType(type: "image", subtype: "jpeg")
    /// `image/gif`.
    public static let gif = MediaType(type: "image", subtype: "gif")
    /// `image/webp`.
    public static let webP = MediaType(type: "image", subtype: "webp")
    /// `image/svg+xml`.
    public static let svg = MediaType(type: "image", subtype: "svg+xml")
}
