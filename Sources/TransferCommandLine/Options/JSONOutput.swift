import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// JSON as the tool prints it: pretty, keys sorted, slashes unescaped, a line break at the end.
enum JSONOutput {
    /// The value as the tool prints it.
    static func text(_ value: some Encodable) throws -> String {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
