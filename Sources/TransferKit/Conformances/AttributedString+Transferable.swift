#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

extension AttributedString: Transferable {
    /// An attributed string transfers as UTF-8 plain text (`public.utf8-plain-text`).
    ///
    /// Apple's framework also offers flat RTFD and RTF; this one offers their characters only, so
    /// attributes are not transferred. Importing plain text gives an attributed string with no
    /// attributes.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .utf8PlainText) { string in
            Data(String(string.characters).utf8)
        } importing: { data in
            AttributedString(try String.decodingUTF8(data, as: .utf8PlainText))
        }
    }
}
