/// One row of the hand-written built-in tree.
///
/// The rows live in `TypeTable+*.swift`, grouped by kind of content, in Apple's declaration form:
/// identifier, parents in declaration order, filename extensions and MIME types with the preferred
/// one first, and the English description.
struct BuiltInDeclaration: Sendable {
    let identifier: String
    let parents: [String]
    let extensions: [String]
    let mimeTypes: [String]
    let description: String?
    let isExported: Bool

    /// A type the system exports: it owns the identifier.
    static func exported(
        _ identifier: String,
        _ parents: [String],
        extensions: [String] = [],
        mimeTypes: [String] = [],
        _ description: String? = nil
    ) -> BuiltInDeclaration {
        BuiltInDeclaration(
            identifier: identifier,
            parents: parents,
            extensions: extensions,
            mimeTypes: mimeTypes,
            description: description,
            isExported: true
        )
    }

    /// A type the system imports: declared by somebody else, described here so it can be used.
    static func imported(
        _ identifier: String,
        _ parents: [String],
        extensions: [String] = [],
        mimeTypes: [String] = [],
        _ description: String? = nil
    ) -> BuiltInDeclaration {
        BuiltInDeclaration(
            identifier: identifier,
            parents: parents,
            extensions: extensions,
            mimeTypes: mimeTypes,
            description: description,
            isExported: false
        )
    }
}
