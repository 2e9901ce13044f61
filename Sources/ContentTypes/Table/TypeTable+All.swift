extension TypeTable {
    /// Every built-in declaration, group by group; a type's position here is its index.
    static var allDeclarations: [BuiltInDeclaration] {
        baseDeclarations + textDeclarations + sourceCodeDeclarations + documentDeclarations + imageDeclarations
            + threeDContentDeclarations + audioVisualDeclarations + archiveDeclarations + directoryDeclarations
            + deviceDeclarations
    }
}
