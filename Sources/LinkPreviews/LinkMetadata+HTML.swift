public import FoundationEssentials

extension LinkMetadata {
    /// Extracts the metadata of a page from its bytes, with no I/O.
    ///
    /// The bytes are decoded as a browser decodes them: a byte order mark, else the `charset` of
    /// `contentType`, else a `<meta charset>` or `http-equiv` declaration — in the first 1,024 bytes,
    /// or later in the page, which is then decoded again (the HTML standard's "change the encoding")
    /// — else UTF-8; labels as the Encoding Standard names them (`latin1` and `ascii` are windows-1252;
    /// Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5, EUC-KR, UTF-16 and the single-byte encodings
    /// are decoded). Bytes that are not valid in the encoding become U+FFFD, never other characters.
    ///
    /// - Parameters:
    ///   - html: The page's bytes.
    ///   - url: The page's address: the base for relative URLs (unless the page has a `<base href>`)
    ///     and the metadata's ``url`` when the page declares no `og:url` or canonical link.
    ///   - contentType: The `Content-Type` the page was served with, if known.
    /// - Throws: ``LinkPreviewError`` with ``LinkPreviewError/Code/unsupportedEncoding`` for a page in
    ///   an encoding that browsers refuse to decode (ISO-2022-KR, ISO-2022-CN, HZ-GB-2312).
    public init(html: some Sequence<UInt8>, url: URL, contentType: String? = nil) throws(LinkPreviewError) {
        let bytes = Array(html)
        self = try Self.extract(bytes, documentURL: url, originalURL: url, contentType: contentType)
    }

    /// Extracts the metadata of a page already decoded to text, with no I/O.
    ///
    /// The text is the page's characters, so no encoding is sniffed: a `<meta charset>` in it is
    /// ignored, as a browser ignores it in a document whose encoding the transport gave.
    ///
    /// ```swift
    /// let metadata = try LinkMetadata(html: "<title>ほげ</title>", url: URL(string: "https://example.com/")!)
    /// ```
    ///
    /// - Parameters:
    ///   - html: The page's text.
    ///   - url: The page's address: the base for relative URLs (unless the page has a `<base href>`)
    ///     and the metadata's ``url`` when the page declares no `og:url` or canonical link.
    public init(html: String, url: URL) throws(LinkPreviewError) {
        self = try Self.extract(
            Array(html.utf8), documentURL: url, originalURL: url, contentType: "text/html; charset=utf-8")
    }

    /// The extraction behind every initializer: sniff, decode, tokenize, build.
    ///
    /// While the encoding is only tentative (no byte order mark, no `charset` from the transport), a
    /// `<meta>` declaration met by the tokenizer anywhere in the page — after the prescan's 1,024
    /// bytes, after 100 KiB of scripts — decides it, as the HTML standard's "change the encoding"
    /// does: when it names another encoding, the page is decoded again in that one and read again.
    /// At most once, so the time stays linear. One exception: a page read as UTF-8 by default whose
    /// bytes are all valid UTF-8 stays UTF-8. Text in a legacy encoding is almost never valid UTF-8,
    /// while pages transcoded to UTF-8 with their old declaration left in are not rare (one of the 48
    /// saved pages we tried, a GBK `<meta charset>` at byte 149,437 of a UTF-8 file); browsers'
    /// detectors decide the same way.
    static func extract(
        _ bytes: [UInt8],
        documentURL: URL,
        originalURL: URL,
        contentType: String?
    ) throws(LinkPreviewError) -> LinkMetadata {
        let sniffed = bytes.withUnsafeBufferPointer { HTMLEncodingSniffer.sniff($0, contentType: contentType) }
        let body = sniffed.byteOrderMarkLength == 0 ? bytes : Array(bytes.dropFirst(sniffed.byteOrderMarkLength))
        var extractor = try read(body, as: sniffed.encoding)
        if !sniffed.isCertain, let declared = extractor.declaredEncoding, declared != sniffed.encoding,
            !(sniffed.encoding == .utf8 && String(validating: body, as: UTF8.self) != nil)
        {
            extractor = try read(body, as: declared)
        }
        return extractor.metadata(documentURL: documentURL, originalURL: originalURL)
    }

    /// Decodes `body` from `encoding` and tokenizes it.
    private static func read(_ body: [UInt8], as encoding: WebTextEncoding) throws(LinkPreviewError)
        -> HTMLMetadataExtractor
    {
        let utf8 = try encoding.decodeToUTF8(body) ?? body
        var extractor = HTMLMetadataExtractor()
        utf8.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(bytes: buffer)
            tokenizer.run(&extractor)
        }
        return extractor
    }
}
