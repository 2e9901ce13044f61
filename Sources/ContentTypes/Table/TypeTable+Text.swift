// The built-in declarations for text and text-based formats (plain text, markup, property lists, JSON, contacts).
//
// Transcribed from Apple's CoreTypes declarations (identifiers, parents in declaration order, tags with the
// preferred tag first, English descriptions); see Docs/ContentTypes.md for the sources and their gaps.

extension TypeTable {
    static let textDeclarations: [BuiltInDeclaration] = [
        .exported(
            "public.geometry-definition-format", ["public.3d-content", "public.text"], extensions: ["obj"],
            "Geometry Definition File Format"),
        .exported(
            "com.apple.ical.vcs", ["public.text", "public.item", "public.calendar-event"], extensions: ["vcs", "vcal"],
            mimeTypes: ["text/x-vcalendar"], "VCS File"),
        .exported(
            "com.apple.ical.ics", ["public.text", "public.item", "public.calendar-event"], extensions: ["ics"],
            mimeTypes: ["text/calendar"], "ICS File"),
        .exported(
            "public.vcard", ["public.text", "public.contact"], extensions: ["vcf", "vcard"],
            mimeTypes: ["text/vcard", "text/directory", "text/x-vcard"], "electronic business card"),
        .exported("public.text", ["public.data", "public.content"], "text"),
        .exported("public.plain-text", ["public.text"], extensions: ["txt", "text"], mimeTypes: ["text/plain"]),
        .exported(
            "public.utf8-plain-text", ["public.plain-text"],
            mimeTypes: ["text/plain;charset=utf-8", "text/plain;charset=\"utf-8\""]),
        .exported("public.utf16-external-plain-text", ["public.plain-text"]),
        .exported(
            "public.utf16-plain-text", ["public.plain-text"],
            mimeTypes: ["text/plain;charset=utf-16", "text/plain;charset=\"utf-16\""]),
        .exported("com.apple.traditional-mac-plain-text", ["public.plain-text"]),
        .exported("public.case-insensitive-text", ["public.text"]),
        .exported("com.apple.log", ["public.plain-text", "public.log"], extensions: ["log"]),
        .exported(
            "com.apple.shutdownStall", ["public.utf8-plain-text", "public.log"], extensions: ["shutdownStall"],
            "Shutdown Stall"),
        .exported(
            "com.apple.gpuRestart", ["public.utf8-plain-text", "public.log"], extensions: ["gpuRestart"], "GPU Restart"),
        .exported(
            "com.apple.crashreport", ["public.utf8-plain-text", "public.log"], extensions: ["crash"], "Crash Report"),
        .exported(
            "com.apple.hangreport", ["public.utf8-plain-text", "public.log"], extensions: ["hang"], "Hang Report"),
        .exported(
            "com.apple.spinreport", ["public.utf8-plain-text", "public.log"], extensions: ["spin"], "Spin Report"),
        .exported(
            "com.apple.panicreport", ["public.utf8-plain-text", "public.log"], extensions: ["panic"], "Panic Report"),
        .exported("public.filename-extension", ["public.case-insensitive-text"], "file name extension"),
        .exported("public.mime-type", ["public.case-insensitive-text"], "MIME type"),
        .exported("com.apple.ostype", ["public.text"], "four-character code"),
        .exported("com.apple.nspboard-type", ["public.text"], "NSPasteboard type"),
        .exported("com.apple.device-model-code", ["public.text"], "device model code"),
        .exported("public.delimited-values-text", ["public.text"], "delimited text values"),
        .exported(
            "public.comma-separated-values-text", ["public.plain-text", "public.delimited-values-text"],
            extensions: ["csv"], mimeTypes: ["text/csv", "text/comma-separated-values"], "comma-separated values"),
        .exported(
            "public.tab-separated-values-text", ["public.plain-text", "public.delimited-values-text"],
            extensions: ["tsv"], mimeTypes: ["text/tab-separated-values"], "tab-separated values"),
        .exported(
            "public.utf8-tab-separated-values-text", ["public.tab-separated-values-text", "public.utf8-plain-text"]),
        .exported("public.rtf", ["public.text"], extensions: ["rtf"], mimeTypes: ["text/rtf"], "rich text (RTF)"),
        .exported(
            "public.html", ["public.text"], extensions: ["html", "htm", "shtml", "shtm"], mimeTypes: ["text/html"],
            "HTML text"),
        .exported(
            "public.xml", ["public.text"], extensions: ["xml"], mimeTypes: ["application/xml", "text/xml"], "XML text"),
        .exported(
            "public.xhtml", ["public.xml"], extensions: ["xhtml", "xhtm", "xht"], mimeTypes: ["application/xhtml+xml"],
            "XHTML"),
        .exported(
            "public.rss", ["public.xml"], extensions: ["rss"], mimeTypes: ["application/rss+xml"], "RSS web feed"),
        .exported("public.xfd", ["public.xml"], extensions: ["xfd"], "XML Form (XFD)"),
        .exported("public.css", ["public.text"], extensions: ["css"], mimeTypes: ["text/css"], "CSS"),
        .exported("public.patch-file", ["public.plain-text"], extensions: ["patch", "diff"], "patch file"),
        .exported("public.json", ["public.text"], extensions: ["json"], mimeTypes: ["application/json"], "JSON"),
        // Apple's tags first; then `jsonl` and `application/jsonl` (https://jsonlines.org, whose files
        // are the same format) and `application/x-jsonlines`, which tools also send.
        .exported(
            "public.ndjson", ["public.text"], extensions: ["ndjson", "jsonl"],
            mimeTypes: ["application/x-ndjson", "application/jsonl", "application/x-jsonlines"], "NDJSON"),
        // Apple's tags, then `application/yaml`, registered by RFC 9512 (2024), and `text/yaml`.
        .exported(
            "public.yaml", ["public.text"], extensions: ["yml", "yaml"],
            mimeTypes: ["application/x-yaml", "application/yaml", "text/yaml"], "YAML"),
        .exported("com.scenarist.closed-caption", ["public.text"], extensions: ["scc"], "Scenarist Closed Caption"),
        .exported("org.w3.webvtt", ["public.text"], extensions: ["vtt"], mimeTypes: ["text/vtt"], "WebVTT Format"),
        .exported(
            "com.apple.xml-property-list", ["public.xml", "com.apple.property-list"], extensions: ["plist"],
            "XML property list"),
        .exported(
            "com.apple.ascii-property-list", ["public.text", "com.apple.property-list"], extensions: ["plist"],
            "ascii property list"),
        .exported(
            "com.sun.java-web-start", ["public.xml"], extensions: ["jnlp"],
            mimeTypes: ["application/x-java-jnlp-file", "application/jnlp"], "Java web start"),
        .exported(
            "public.svg-image", ["public.image", "public.xml"], extensions: ["svg", "svgz"],
            mimeTypes: ["image/svg+xml"], "SVG image"),
        .exported(
            "com.apple.audio-unit-preset", ["com.apple.xml-property-list"], extensions: ["aupreset"],
            "audio unit preset"),
        .exported(
            "public.m3u-playlist", ["public.plain-text", "public.playlist"], extensions: ["m3u", "m3u8"],
            mimeTypes: ["audio/mpegurl", "application/vnd.apple.mpegurl", "audio/x-mpegurl"], "M3U Playlist"),
        .exported(
            "public.pls-playlist", ["public.text", "public.playlist"], extensions: ["pls"],
            mimeTypes: ["audio/x-scpls"], "PLS Playlist"),
        .exported("com.apple.scripting-definition", ["public.xml"], extensions: ["sdef"], "Scripting Definition"),
        .exported(
            "com.apple.mobileconfig", ["public.xml"], extensions: ["mobileconfig", "mobile"],
            mimeTypes: ["application/x-apple-aspen-config"], "mobile configuration"),
        .exported("com.apple.provisionprofile", ["public.xml"], extensions: ["provisionprofile"], "provision profile"),
        .exported("com.apple.configprofile", ["public.xml"], extensions: ["configprofile"], "configuration profile"),
        .exported("com.apple.structured-text", ["public.plain-text"], "Structured Text"),
        .exported("com.apple.structured-text.date", ["com.apple.structured-text"], "Date (Structured Text)"),
        .exported("com.apple.structured-text.address", ["com.apple.structured-text"], "Address (Structured Text)"),
        .exported(
            "com.apple.structured-text.telephone-number", ["com.apple.structured-text"],
            "Telephone Number (Structured Text)"),
        .exported(
            "com.apple.structured-text.transit-information", ["com.apple.structured-text"],
            "Transit Information (Structured Text)"),
        .imported(
            "com.microsoft.word.wordml", ["public.xml", "public.composite-content"], extensions: ["xml"],
            "Microsoft Word 2003 XML document"),
        .imported(
            "com.microsoft.advanced-stream-redirector", ["public.audiovisual-content", "public.xml"],
            extensions: ["asx"], mimeTypes: ["video/x-ms-asx"], "Advanced Stream Redirector"),
        .imported(
            "com.microsoft.windows-media-wmx", ["public.movie", "com.microsoft.advanced-stream-redirector"],
            extensions: ["wmx"], mimeTypes: ["video/x-ms-wmx"], "Windows media"),
        .imported(
            "com.microsoft.windows-media-wvx", ["public.movie", "com.microsoft.advanced-stream-redirector"],
            extensions: ["wvx"], mimeTypes: ["video/x-ms-wvx"], "Windows media"),
        .imported(
            "com.microsoft.windows-media-wax", ["public.audio", "com.microsoft.advanced-stream-redirector"],
            extensions: ["wax"], mimeTypes: ["video/x-ms-wax"], "Windows media audio"),
        .imported(
            "org.khronos.collada.digital-asset-exchange",
            ["public.xml", "public.audiovisual-content", "public.3d-content"], extensions: ["dae"],
            "Digital Asset Exchange (DAE)"),
        .imported(
            "com.apple.haptics.ahap", ["public.haptics-content", "public.json"], extensions: ["ahap"],
            "Apple Haptics Audio Pattern"),
        // Apple's 2026 SDKs declare the type without public tags; these are RFC 7763's (the media
        // type `text/markdown`, the extensions `md` and `markdown`).
        .exported(
            "net.daringfireball.markdown", ["public.utf8-plain-text"], extensions: ["md", "markdown"],
            mimeTypes: ["text/markdown"]),
        .exported("public.geojson", ["public.json"], extensions: ["geojson"], mimeTypes: ["application/geo+json"]),
    ]
}
