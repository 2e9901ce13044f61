internal import FoundationEssentials

/// Resolves URLs as a browser resolves an attribute's value against a document's base URL, close
/// enough for metadata: leading and trailing C0 controls and spaces removed, tabs and newlines
/// removed anywhere, backslashes read as slashes (http and https are "special" schemes), characters a
/// URL cannot hold percent-encoded as UTF-8 — which Foundation's parser would otherwise refuse — and
/// then Foundation's RFC 3986 resolution (dot segments, scheme-relative `//host/…`, query-only `?…`).
enum URLResolution {
    /// `reference` resolved against `base`, if the result is an http or https URL with a host.
    static func resolve(_ reference: String, against base: URL) -> URL? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reference.utf8.count)
        let utf8 = Array(reference.utf8)
        var start = 0
        var end = utf8.count
        while start < end, utf8[start] <= 0x20 { start += 1 }
        while end > start, utf8[end - 1] <= 0x20 { end -= 1 }
        guard start < end else { return nil }  // Empty strings are not made absolute.
        let hex: [UInt8] = Array("0123456789ABCDEF".utf8)
        for byte in utf8[start..<end] {
            switch byte {
            case 0x09, 0x0A, 0x0D:
                continue
            case 0x5C:
                bytes.append(0x2F)
            case 0x00...0x20, 0x22, 0x3C, 0x3E, 0x5E, 0x60, 0x7B, 0x7C, 0x7D, 0x7F...0xFF:
                bytes.append(0x25)
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let url = URL(string: text, relativeTo: base)?.absoluteURL else { return nil }
        return isWebURL(url) ? url : nil
    }

    /// Whether `url` is an absolute http or https URL with a host.
    static func isWebURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return false }
        guard let host = url.host, !host.isEmpty else { return false }
        return true
    }
}
