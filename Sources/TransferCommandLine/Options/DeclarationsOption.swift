import ContentTypes

/// `--declarations FILE`: custom type declarations, loaded before a command runs.
enum DeclarationsOption {
    /// `--declarations FILE`, repeatable.
    static let option = OptionDeclaration.repeated(
        "declarations", "FILE",
        help: "Custom type declarations to load first: an Info.plist (XML or binary) or the same structure as JSON.")

    /// Loads every `--declarations FILE`, failing with all problems reported together.
    static func load(_ arguments: inout Arguments) throws {
        for path in try arguments.values(option) {
            try load(path)
        }
    }

    /// Loads one file of declarations.
    static func load(_ path: String) throws {
        let data = try InputFile.contents(of: path)
        // A problem's UTTypeDeclarationError names the file; ToolError(_:) makes it a 65.
        try UTType.registerDeclarations(from: data, file: path)
    }
}
