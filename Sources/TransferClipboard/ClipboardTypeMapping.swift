public import TransferKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How content types become the names the Linux desktop's clipboards offer, and back.
///
/// | content | names offered, in this order |
/// |---|---|
/// | a type with a MIME type | its preferred MIME type (`image/png`, `application/json`) |
/// | a type without one | its identifier (`com.example.note`): apps of the same type tree read it |
/// | plain text | also `UTF8_STRING`, `text/plain;charset=utf-8`, `text/plain`, `TEXT`, and `STRING` (Latin-1, ICCCM) |
/// | a file | also `text/uri-list` (RFC 2483) and `x-special/gnome-copied-files` |
/// | text-based types with a MIME type Chromium does not read itself (JSON, CSV) | also, last, `chromium/x-web-custom-data`: their MIME types and text in one list, the way such types reach a web page |
///
/// Reading maps the other way: `UTF8_STRING`, `TEXT` and `STRING` to `public.utf8-plain-text`
/// (a value the owner types `STRING` is decoded from Latin-1 unless it is valid UTF-8, which xsel
/// sends typed `STRING`; the legacy names are tried after the UTF-8 ones), a MIME type to the type that declares it, an identifier to its type; the
/// protocol's own names (`TARGETS`, `TIMESTAMP`, `MULTIPLE`, `SAVE_TARGETS`, `DELETE`) map to
/// nothing.
public enum ClipboardTypeMapping {
    /// The legacy X11 names of UTF-8 text, in the order offered.
    public static let textNames = ["UTF8_STRING", "text/plain;charset=utf-8", "text/plain", "TEXT", "STRING"]
    /// A list of files as URIs, one a line, CRLF-terminated (RFC 2483).
    public static let uriList = "text/uri-list"
    /// GNOME's list of copied files: `copy`, then a URI a line, no final line break.
    public static let gnomeCopiedFiles = "x-special/gnome-copied-files"

    /// The names a content type is offered under, first the most specific.
    ///
    /// - Parameter contentType: The type.
    /// - Returns: Its names.
    public static func names(for contentType: UTType) -> [String] {
        var names = [contentType.preferredMIMEType ?? contentType.identifier]
        if contentType.conforms(to: .plainText) {
            names += textNames
        }
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// The content type a name offered maps to, or `nil`.
    ///
    /// - Parameter name: A target or MIME type name.
    /// - Returns: The type.
    public static func contentType(for name: String) -> UTType? {
        // TEXT is answered in an encoding the owner picks, STRING in Latin-1: both are read as UTF-8
        // text, converted from Latin-1 when the owner's answer is typed STRING.
        if ["UTF8_STRING", "TEXT", "STRING"].contains(name) { return .utf8PlainText }
        if name == uriList || name == gnomeCopiedFiles { return .fileURL }
        if name.contains("/") {
            let essence = name.split(separator: ";", maxSplits: 1)[0].trimmingPrefix(while: \.isWhitespace).lowercased()
            if essence == "text/plain" {
                return name.lowercased().contains("utf-8") || !name.contains(";") ? .utf8PlainText : .plainText
            }
            // A declared type for the whole name, else for its essence: parameters such as
            // `charset=` or `name=` do not make a type of their own.
            if let whole = UTType(mimeType: name), whole.isDeclared { return whole }
            return UTType(mimeType: String(essence)) ?? UTType(mimeType: name)
        }
        guard name.contains(".") else { return nil }
        return UTType(name)
    }

    /// The type offered under `name`, its content type as ``contentType(for:)`` maps it — but
    /// bytes of no stated type (`application/octet-stream`) typed by the name of the file they
    /// are: the file name a Direct Save drag's source gives them (`directSaveFileName`, XDS, as
    /// Chromium does for an image), or the type's own `name` parameter (Chromium's drags on
    /// Wayland: `application/octet-stream;name="photo.png"`). A name whose extension no type
    /// declares leaves them `public.data`.
    static func offered(_ name: String, directSaveFileName: String? = nil) -> ClipboardType {
        let mapped = contentType(for: name)
        guard mapped == .data, let media = MediaType(name), media.essence == "application/octet-stream",
            let fileName = directSaveFileName ?? media.parameters.first(where: { $0.name == "name" })?.value,
            let dot = fileName.lastIndex(of: "."),
            let named = UTType(filenameExtension: String(fileName[fileName.index(after: dot)...])),
            named.isDeclared
        else { return ClipboardType(name: name, contentType: mapped) }
        return ClipboardType(name: name, contentType: named)
    }

    /// The legacy text names, which a paste tries after every other name of the same type.
    static let legacyTextNames: Set<String> = ["TEXT", "STRING", "COMPOUND_TEXT"]

    /// `text/uri-list` for `files`.
    static func uriList(_ files: [URL]) -> [UInt8] {
        Array(files.map { $0.absoluteString + "\r\n" }.joined().utf8)
    }

    /// `x-special/gnome-copied-files` for `files`.
    static func gnomeCopiedFiles(_ files: [URL]) -> [UInt8] {
        Array((["copy"] + files.map(\.absoluteString)).joined(separator: "\n").utf8)
    }

    /// The file URLs of a `text/uri-list` or `x-special/gnome-copied-files` payload: comments,
    /// the `copy`/`cut` line and blank lines skipped; only `file:` URIs kept.
    ///
    /// - Parameter bytes: The payload, as pasted or dropped.
    /// - Returns: The files, in the payload's order.
    public static func files(in bytes: [UInt8]) -> [URL] {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .compactMap { line in
                let text = line.trimmingPrefix(while: \.isWhitespace)
                guard !text.hasPrefix("#"), let url = URL(string: String(text)), url.isFileURL else { return nil }
                return url
            }
    }

    /// UTF-8 text as ICCCM's `STRING` (ISO 8859-1): a character outside Latin-1 becomes `?`.
    static func latin1(_ utf8: [UInt8]) -> [UInt8] {
        String(decoding: utf8, as: UTF8.self).unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F }
    }

    /// ICCCM's `STRING` (ISO 8859-1) as UTF-8.
    static func utf8(fromLatin1 bytes: [UInt8]) -> [UInt8] {
        var text = ""
        text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
        return Array(text.utf8)
    }
}
