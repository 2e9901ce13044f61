#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension AttributedString: Transferable {
    /// An attributed string transfers as RTF (`public.rtf`), then as UTF-8 plain text
    /// (`public.utf8-plain-text`).
    ///
    /// Apple's framework offers flat RTFD (`com.apple.flat-rtfd`), RTF and plain text, in that order.
    /// This one offers RTF and plain text in the same order, but not flat RTFD, whose format Apple
    /// does not document; a receiver that takes only flat RTFD gets nothing here.
    ///
    /// The RTF carries the characters, paragraph and line breaks, tabs, and links (as `HYPERLINK`
    /// fields): the attributes Foundation has on every platform. Importing RTF reads the same, and
    /// reads past the formatting Foundation has no attribute for (fonts, sizes, colours, bold,
    /// italic), font and colour tables, pictures and other destinations without text. A CR LF, a
    /// lone CR and U+2029 all export as a paragraph break and import as a line feed. RTF that is
    /// malformed — no `{\rtf` header, unbalanced braces, a bad `\'` escape — fails with
    /// ``TransferError/Code/decodingFailed`` and the byte offset.
    ///
    /// Importing plain text gives an attributed string with no attributes; bytes that are not UTF-8
    /// fail with ``TransferError/Code/decodingFailed``.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .rtf) { string in
            RTFWriter.rtf(from: string)
        } importing: { data in
            do throws(RTFReader.Failure) {
                return try RTFReader.attributedString(fromRTF: data)
            } catch {
                throw TransferError(
                    .decodingFailed, itemType: AttributedString.self, requestedContentType: .rtf,
                    reason: "Expected RTF for public.rtf: \(error.reason), at byte \(error.offset)")
            }
        }
        DataRepresentation(contentType: .utf8PlainText) { string in
            Data(String(string.characters).utf8)
        } importing: { data in
            AttributedString(try String.decodingUTF8(data, as: .utf8PlainText))
        }
    }
}
