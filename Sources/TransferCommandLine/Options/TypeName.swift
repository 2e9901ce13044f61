import ContentTypes

/// A content type named on the command line: an identifier, `.ext`, a bare extension a declared
/// type carries (`png`), or `type/subtype` — what `--to`, `--offer`, `--conforming-to` and
/// `types show` take.
enum TypeName {
    /// The type named by an identifier, `.ext` or `type/subtype`.
    static func resolve(_ query: String) throws -> UTType {
        if query.hasPrefix(".") {
            guard let type = UTType(filenameExtension: String(query.dropFirst())) else {
                throw ToolError(.dataError, "'\(query)' is not a valid filename extension")
            }
            return type
        }
        if query.contains("/") {
            guard let type = UTType(mimeType: query) else {
                throw ToolError(.dataError, "'\(query)' is not a valid MIME type (expected type/subtype)")
            }
            return type
        }
        if let type = UTType(query) { return type }
        // A bare word that is not an identifier, such as `png`, is taken as a filename extension
        // when a declared type carries it.
        if !query.contains("."), let type = UTType(filenameExtension: query, conformingTo: .item), type.isDeclared {
            return type
        }
        do {
            throw ToolError(
                .dataError,
                "unknown type '\(query)': expected a declared identifier (see 'transfer types list'), .ext or type/subtype"
                    + (query.contains(".") && !query.hasPrefix(".")
                        ? "; a type an app declares in code is known to the tool from its declaration: "
                            + "--declarations FILE (the app's Info.plist, or the same structure as JSON)"
                        : "")
            )
        }
    }
}
