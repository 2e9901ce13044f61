extension UTType {
    /// The type `public.text` (text).
    ///
    /// Conforms to `public.data`, `public.content`.
    public static let text = UTType(builtIn: "public.text")

    /// The type `public.plain-text`.
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `txt`, `text`; MIME types `text/plain`.
    public static let plainText = UTType(builtIn: "public.plain-text")

    /// The type `public.utf8-plain-text`.
    ///
    /// Conforms to `public.plain-text`.
    /// Tags: MIME types `text/plain;charset=utf-8`, `text/plain;charset="utf-8"`.
    public static let utf8PlainText = UTType(builtIn: "public.utf8-plain-text")

    /// The type `public.utf16-external-plain-text`.
    ///
    /// Conforms to `public.plain-text`.
    public static let utf16ExternalPlainText = UTType(builtIn: "public.utf16-external-plain-text")

    /// The type `public.utf16-plain-text`.
    ///
    /// Conforms to `public.plain-text`.
    /// Tags: MIME types `text/plain;charset=utf-16`, `text/plain;charset="utf-16"`.
    public static let utf16PlainText = UTType(builtIn: "public.utf16-plain-text")

    /// The type `public.delimited-values-text` (delimited text values).
    ///
    /// Conforms to `public.text`.
    public static let delimitedText = UTType(builtIn: "public.delimited-values-text")

    /// The type `public.comma-separated-values-text` (comma-separated values).
    ///
    /// Conforms to `public.plain-text`, `public.delimited-values-text`.
    /// Tags: filename extensions `csv`; MIME types `text/csv`, `text/comma-separated-values`.
    public static let commaSeparatedText = UTType(builtIn: "public.comma-separated-values-text")

    /// The type `public.tab-separated-values-text` (tab-separated values).
    ///
    /// Conforms to `public.plain-text`, `public.delimited-values-text`.
    /// Tags: filename extensions `tsv`; MIME types `text/tab-separated-values`.
    public static let tabSeparatedText = UTType(builtIn: "public.tab-separated-values-text")

    /// The type `public.utf8-tab-separated-values-text`.
    ///
    /// Conforms to `public.tab-separated-values-text`, `public.utf8-plain-text`.
    public static let utf8TabSeparatedText = UTType(builtIn: "public.utf8-tab-separated-values-text")

    /// The type `public.rtf` (rich text (RTF)).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `rtf`; MIME types `text/rtf`.
    public static let rtf = UTType(builtIn: "public.rtf")

    /// The type `public.html` (HTML text).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `html`, `htm`, `shtml`, `shtm`; MIME types `text/html`.
    public static let html = UTType(builtIn: "public.html")

    /// The type `public.xml` (XML text).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `xml`; MIME types `application/xml`, `text/xml`.
    public static let xml = UTType(builtIn: "public.xml")

    /// The type `public.yaml` (YAML).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `yml`, `yaml`; MIME types `application/x-yaml`, `application/yaml`
    /// (RFC 9512), `text/yaml`.
    public static let yaml = UTType(builtIn: "public.yaml")

    /// The type `public.css` (CSS).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `css`; MIME types `text/css`.
    public static let css = UTType(builtIn: "public.css")

    /// The type `public.json` (JSON).
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `json`; MIME types `application/json`.
    public static let json = UTType(builtIn: "public.json")

    /// The type `public.ndjson` (JSON Lines, also called NDJSON): one JSON value a line.
    ///
    /// Conforms to `public.text`.
    /// Tags: filename extensions `ndjson`, `jsonl`; MIME types `application/x-ndjson`,
    /// `application/jsonl`, `application/x-jsonlines`.
    ///
    /// Not one of Apple's constants (Apple's systems declare `public.ndjson` without a Swift
    /// name): on Apple's platforms, write `UTType("public.ndjson")!`.
    public static let jsonLines = UTType(builtIn: "public.ndjson")

    /// The type `net.daringfireball.markdown`.
    ///
    /// Conforms to `public.utf8-plain-text`.
    /// Tags: filename extensions `md`, `markdown`; MIME types `text/markdown` (RFC 7763; Apple's
    /// declaration names no public tags).
    public static let markdown = UTType(builtIn: "net.daringfireball.markdown")

    /// The type `com.apple.xml-property-list` (XML property list).
    ///
    /// Conforms to `public.xml`, `com.apple.property-list`.
    /// Tags: filename extensions `plist`.
    public static let xmlPropertyList = UTType(builtIn: "com.apple.xml-property-list")

    /// The type `public.svg-image` (SVG image).
    ///
    /// Conforms to `public.image`, `public.xml`.
    /// Tags: filename extensions `svg`, `svgz`; MIME types `image/svg+xml`.
    public static let svg = UTType(builtIn: "public.svg-image")

    /// The type `public.m3u-playlist` (M3U Playlist).
    ///
    /// Conforms to `public.plain-text`, `public.playlist`.
    /// Tags: filename extensions `m3u`, `m3u8`; MIME types `audio/mpegurl`, `application/vnd.apple.mpegurl`, `audio/x-mpegurl`.
    public static let m3uPlaylist = UTType(builtIn: "public.m3u-playlist")

    /// The type `public.vcard` (electronic business card).
    ///
    /// Conforms to `public.text`, `public.contact`.
    /// Tags: filename extensions `vcf`, `vcard`; MIME types `text/vcard`, `text/directory`, `text/x-vcard`.
    public static let vCard = UTType(builtIn: "public.vcard")

    /// The type `com.apple.haptics.ahap` (Apple Haptics Audio Pattern).
    ///
    /// Conforms to `public.haptics-content`, `public.json`.
    /// Tags: filename extensions `ahap`.
    public static let ahap = UTType(builtIn: "com.apple.haptics.ahap")

    /// The type `public.geojson`.
    ///
    /// Conforms to `public.json`.
    /// Tags: filename extensions `geojson`; MIME types `application/geo+json`.
    public static let geoJSON = UTType(builtIn: "public.geojson")
}
