#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension URL: Transferable {
    /// A URL transfers as `public.url`, and a file URL also as `public.file-url`, as with Apple's
    /// framework. The bytes are the URL's absolute string in UTF-8.
    ///
    /// Importing bytes that are not a URL fails with ``TransferError/Code/decodingFailed``; importing
    /// `public.file-url` bytes that are not a `file:` URL fails too.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .url) { url in
            Data(url.absoluteString.utf8)
        } importing: { data in
            try URL.decoding(data, as: .url)
        }
        DataRepresentation(contentType: .fileURL) { url in
            Data(url.absoluteString.utf8)
        } importing: { data in
            let url = try URL.decoding(data, as: .fileURL)
            guard url.isFileURL else {
                throw TransferError(
                    .decodingFailed, itemType: URL.self, requestedContentType: .fileURL,
                    reason: "Expected a file: URL for public.file-url, found \(url.absoluteString.debugDescription)")
            }
            return url
        }
        .exportingCondition { $0.isFileURL }
    }

    /// The URL in `data`: UTF-8 text with an absolute URL.
    static func decoding(_ data: Data, as contentType: UTType) throws(TransferError) -> URL {
        let text = String(
            try String.decodingUTF8(data, as: contentType)
                .trimmingPrefix(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard let url = URL(string: text), url.scheme != nil else {
            throw TransferError(
                .decodingFailed, itemType: URL.self, requestedContentType: contentType,
                reason:
                    "Expected an absolute URL for \(contentType.identifier), found \(text.prefix(200).debugDescription)"
            )
        }
        return url
    }
}
