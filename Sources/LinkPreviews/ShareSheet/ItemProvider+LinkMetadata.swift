public import TransferKit

extension ItemProvider {
    /// The link metadata a share sheet shows for the provider's item — the counterpart of Apple's
    /// `UIActivityItemSource.activityViewControllerLinkMetadata(_:)`: set it, and the preview needs no
    /// fetch. It travels beside the representations, not as one: receivers never get it as content.
    public var linkMetadata: LinkMetadata? {
        get { self[annotation: LinkMetadata.self] }
        set { self[annotation: LinkMetadata.self] = newValue }
    }
}
