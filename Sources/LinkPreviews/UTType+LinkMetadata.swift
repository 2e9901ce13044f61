extension UTType {
    /// The type `org.transferkit.link-metadata`: TransferKit's link metadata (``LinkMetadata``),
    /// encoded as JSON.
    ///
    /// Conforms to `public.json`. Extension `linkmetadata`; MIME type
    /// `application/vnd.transferkit.link-metadata+json`. Not one of Apple's types: Apple's
    /// `com.apple.linkpresentation.metadata` is the payload of its archiver, which this is not.
    ///
    /// Declared by this module, which owns the type, when it is first used — by name, or by
    /// ``LinkMetadata``'s `Transferable` conformance: from then on its tags answer
    /// (`UTType(filenameExtension: "linkmetadata")`), as an app's exported declaration would.
    public static let linkMetadata: UTType = {
        let identifier = "org.transferkit.link-metadata"
        _ = try? UTType.register([
            UTTypeDeclaration(
                identifier: identifier, conformsTo: ["public.json"], description: "Link Metadata",
                tags: [
                    .filenameExtension: ["linkmetadata"], .mimeType: ["application/vnd.transferkit.link-metadata+json"],
                ])
        ])
        // The declaration is valid and the identifier ours: registration fails only when the type was
        // registered before, and then it is declared all the same.
        return UTType(exportedAs: identifier, conformingTo: .json)
    }()
}
