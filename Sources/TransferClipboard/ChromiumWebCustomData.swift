#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Chromium's `chromium/x-web-custom-data`: the one way a type a browser does not know reaches a
/// web page from another program on X11. Chromium passes a page's `dataTransfer` (and
/// `clipboardData`) only plain text, HTML, URLs and files, plus whatever this target holds: a
/// list of MIME types and their text, which the page then reads as `getData("application/json")`.
///
/// A copy or a drag offers it for the first item's text-based representations whose MIME type
/// Chromium does not map itself — JSON and CSV, say — so that a page can take a model as its JSON.
///
/// The bytes are a `base::Pickle`, in the machine's byte order: the payload's size as a 32-bit
/// integer, then the payload — the number of entries (32 bits), then each entry's type and text,
/// each as its length in UTF-16 code units (32 bits), the UTF-16 units, and zeros to a multiple of
/// four bytes.
enum ChromiumWebCustomData {
    /// The target's name.
    static let name = "chromium/x-web-custom-data"

    /// Whether Chromium reads `mimeType` from a target of its own (plain text in any charset,
    /// HTML, a URI list), so that the list leaves it out.
    static func isReadByChromium(_ mimeType: String) -> Bool {
        let essence = mimeType.prefix { $0 != ";" }.lowercased()
        return ["text/plain", "text/html", "text/uri-list"].contains(essence)
    }

    /// The pickle of `entries`, each a MIME type and its text, in order.
    static func pickle(_ entries: [(type: String, text: String)]) -> Data {
        var payload: [UInt8] = []
        func append(_ value: UInt32) { withUnsafeBytes(of: value) { payload += $0 } }
        func append(_ string: String) {
            let units = Array(string.utf16)
            append(UInt32(units.count))
            for unit in units { withUnsafeBytes(of: unit) { payload += $0 } }
            payload += repeatElement(0, count: (4 - payload.count % 4) % 4)
        }
        append(UInt32(entries.count))
        for entry in entries {
            append(entry.type)
            append(entry.text)
        }
        var data = Data()
        withUnsafeBytes(of: UInt32(payload.count)) { data.append(contentsOf: $0) }
        data.append(contentsOf: payload)
        return data
    }
}
