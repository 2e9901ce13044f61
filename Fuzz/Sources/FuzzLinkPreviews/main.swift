// LinkMetadata(html:url:contentType:) on any bytes — encoding sniffing, decoding (late <meta charset>
// declarations re-decode the page), the tokenizer, JSON-LD blocks and the extraction rules — then its
// card (LinkPreviewCard), with the first byte choosing the transport's charset (none, or one of the Encoding
// Standard's families). Whatever the page, the metadata must hold only absolute http(s) URLs and
// whitespace-collapsed text, and survive a Codable round trip unchanged (checked for one input in four,
// chosen by the first byte's top bits: Foundation's JSON coders cost more than the extraction).
//
// TRANSFERKIT_FUZZ_PARSER chooses the target: `html` (the default, above); `pagedate`, the input as
// an `article:published_time` (a date read must be the same date when written in ISO 8601 and read
// again); `microdata`, the input inside an `itemscope` of a page (every text kept trimmed and
// collapsed, every URL http(s)).
import Foundation
import LinkPreviews

private let parser = ProcessInfo.processInfo.environment["TRANSFERKIT_FUZZ_PARSER"] ?? "html"

private let charsets: [String?] = [
    nil, "utf-8", "shift_jis", "euc-jp", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "utf-16le", "utf-16be",
    "windows-1252", "koi8-r", "iso-8859-7", "x-user-defined", "iso-2022-kr", "bogus",
]
private let pageURL = URL(string: "https://example.com/dir/page.html")!

private func checkText(_ text: String?) {
    guard let text else { return }
    let bytes = Array(text.utf8)
    precondition(!bytes.isEmpty, "empty text kept")
    let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
    precondition(!isSpace(bytes[0]) && !isSpace(bytes[bytes.count - 1]), "text not trimmed: \(text.debugDescription)")
    for index in 1..<bytes.count where isSpace(bytes[index]) {
        precondition(
            bytes[index] == 0x20 && !isSpace(bytes[index - 1]), "whitespace not collapsed: \(text.debugDescription)")
    }
}

private func checkURL(_ url: URL?) {
    guard let url else { return }
    let scheme = url.scheme?.lowercased()
    precondition(scheme == "http" || scheme == "https", "a URL that is not http(s): \(url)")
    precondition(!(url.host ?? "").isEmpty, "a URL without a host: \(url)")
}

/// libFuzzer's entry point: runs one input, trapping (a finding) when a property does not hold.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    switch parser {
    case "pagedate": return fuzzPageDate(UnsafeRawBufferPointer(start: start, count: count))
    case "microdata": return fuzzMicrodata(UnsafeRawBufferPointer(start: start, count: count))
    default: break
    }
    guard count > 0 else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let charset = charsets[Int(bytes[0]) % charsets.count]
    let html = bytes.dropFirst()
    guard
        let metadata = try? LinkMetadata(
            html: html, url: pageURL, contentType: charset.map { "text/html; charset=\($0)" })
    else { return 0 }
    for text in [metadata.title, metadata.summary, metadata.siteName, metadata.type, metadata.author] {
        checkText(text)
    }
    // The card of any page holds no markup of the page's: every value escaped, only http(s) URLs.
    let card = LinkPreviewCard(metadata).htmlDocument
    precondition(!card.lowercased().contains("<script"), "a script in the card")
    // The URLs the card writes (a value's text cannot hold `class="`: its quotes are escaped).
    for attribute in ["class=\"tk-link\" href=\"", "class=\"tk-image\" src=\"", "class=\"tk-icon\" src=\""] {
        for piece in card.components(separatedBy: attribute).dropFirst() {
            let value = piece.lowercased()
            precondition(
                value.hasPrefix("http:") || value.hasPrefix("https:") || value.hasPrefix("data:image/"),
                "a URL that is not http(s) or an inlined image in the card: \(piece.prefix(40))")
        }
    }
    for image in metadata.images {
        checkURL(image.url)
        checkText(image.alt)
        checkText(image.mimeType)
    }
    for video in metadata.videos { checkURL(video.url) }
    for icon in metadata.icons { checkURL(icon.url) }
    for url in [metadata.url, metadata.oEmbedURL] { checkURL(url) }
    precondition(metadata.originalURL == pageURL)
    guard bytes[0] >= 0xC0 else { return 0 }
    do {
        let data = try JSONEncoder().encode(metadata)
        let back = try JSONDecoder().decode(LinkMetadata.self, from: data)
        precondition(back == metadata, "the Codable round trip changed the metadata")
    } catch {
        preconditionFailure("the Codable round trip failed: \(error)")
    }
    return 0
}

/// The published date of a page whose `article:published_time` is `content`.
private func publishedDate(_ content: String) -> Date? {
    let escaped = content.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
    let html = #"<meta property="article:published_time" content=""# + escaped + #""><title>t</title>"#
    return (try? LinkMetadata(html: html, url: pageURL))?.publishedDate
}

private func fuzzPageDate(_ bytes: UnsafeRawBufferPointer) -> CInt {
    guard let date = publishedDate(String(decoding: bytes, as: UTF8.self)) else { return 0 }
    let written = date.formatted(
        .iso8601.year().month().day().time(includingFractionalSeconds: true).timeZone(separator: .omitted))
    let again = publishedDate(written)
    precondition(
        again.map { abs($0.timeIntervalSince(date)) < 0.001 } == true,
        "\(date) written as \(written) read as \(String(describing: again))")
    return 0
}

private func fuzzMicrodata(_ bytes: UnsafeRawBufferPointer) -> CInt {
    let html =
        #"<html><body><div itemscope itemtype="https://schema.org/Article">"#
        + String(decoding: bytes, as: UTF8.self) + "</div></body></html>"
    guard let metadata = try? LinkMetadata(html: html, url: pageURL) else { return 0 }
    for text in [metadata.title, metadata.summary, metadata.siteName, metadata.type, metadata.author] {
        checkText(text)
    }
    for image in metadata.images { checkURL(image.url) }
    checkURL(metadata.url)
    return 0
}
