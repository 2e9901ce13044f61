import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON as the tool prints it: pretty, keys sorted, slashes unescaped, a line break at the end;
/// and the option of the commands that print a report as text or as JSON.
enum JSONOutput {
    /// `--format text|json`: the report as text (the default) or as JSON. One declaration for
    /// every command that takes it (`negotiate`, `receivers`, `types show`, `types lookup`,
    /// `clipboard list`).
    static let option = OptionDeclaration.choice("format", ["text", "json"], help: "text (default) or json.")

    /// The value as compact JSON on one line, without a line break.
    static func line(_ value: some Encodable) throws -> String {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The value as the tool prints it.
    static func text(_ value: some Encodable) throws -> String {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
