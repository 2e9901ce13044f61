internal import FoundationEssentials
public import TransferKit

extension LinkMetadata: Transferable {
    /// The metadata as JSON of TransferKit's own type (`org.transferkit.link-metadata`), then as its
    /// URL — a link (`public.url`) for receivers that take URLs only — then as the URL's text
    /// (`public.utf8-plain-text`) for receivers that take text only.
    ///
    /// Apple's `com.apple.linkpresentation.metadata` is not claimed: its payload is Apple's archive.
    public static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .linkMetadata)
        ProxyRepresentation(exporting: \.url)
        ProxyRepresentation(exporting: \.url.absoluteString)
    }
}
