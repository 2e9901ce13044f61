public import FoundationEssentials

extension LinkMetadata {
    /// Extracts the metadata of a page from its bytes, with no I/O.
    ///
    /// The bytes are decoded as a browser decodes them: a byte order mark, else the `charset` of
    /// `contentType`, else a `<meta charset>` or `http-equiv` declaration in the first 1,024 bytes, else
    /// UTF-8; labels as the Encoding Standard names them (`latin1` and `ascii` are windows-1252;
    /// Shift_JIS, EUC-JP, ISO-2022-JP, GBK, gb18030, Big5, EUC-KR, UTF-16 and the single-byte encodings
    /// are decoded). Bytes that are not valid in the encoding become U+FFFD, never other characters.
    ///
    /// - Parameters:
    ///   - html: The page's bytes.
    ///   - url: The page's address: the base for relative URLs (unless the page has a `<base href>`)
    ///     and the metadata's ``url`` when the page declares no `og:url` or canonical link.
    ///   - contentType: The `Content-Type` the page was served with, if known.
    /// - Throws: ``LinkPreviewError`` with ``LinkPreviewError/Reason/unsupportedEncoding`` for a page in
    ///   an encoding that browsers refuse to decode (ISO-2022-KR, ISO-2022-CN, HZ-GB-2312).
    public init(html: some Sequence<UInt8>, url: URL, contentType: String? = nil) throws(LinkPreviewError) {
        let bytes = Array(html)
        self = try Self.extract(bytes, documentURL: url, originalURL: url, contentType: contentType)
    }

    /// The extraction behind every initializer: sniff, decode, tokenize, build.
    static func extract(
        _ bytes: [UInt8],
        documentURL: URL,
        originalURL: URL,
        contentType: String?
    ) throws(LinkPreviewError) -> LinkMetadata {
        let sniffed = bytes.withUnsafeBufferPointer { HTMLEncodingSniffer.sniff($0, contentType: contentType) }
        let body = sniffed.byteOrderMarkLength == 0 ? bytes : Array(bytes.dropFirst(sniffed.byteOrderMarkLength))
        let utf8 = try sniffed.encoding.decodeToUTF8(body) ?? body
        var extractor = HTMLMetadataExtractor()
        utf8.withUnsafeBufferPointer { buffer in
            var tokenizer = HTMLTokenizer(bytes: buffer)
            tokenizer.run(&extractor)
        }
        return extractor.metadata(documentURL: documentURL, originalURL: originalURL)
    }
}
