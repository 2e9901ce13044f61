/// Problems found reading a receiver declaration: an `Accept` header, an activation rule, a
/// manifest, a profile file.
///
/// The parsers drop a malformed entry with a diagnostic and keep the rest; they throw only when
/// nothing usable remains. The diagnostics of an import that succeeded are returned with its result.
///
/// `ReceiverDeclarationError` is `Sendable`.
public struct ReceiverDeclarationError: Error, Sendable, CustomStringConvertible {
    /// One problem: the entry at fault and what was expected.
    ///
    /// `Diagnostic` is `Sendable`.
    public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
        /// The entry at fault, as written, or its position.
        public let entry: String
        /// What was expected and what was found.
        public let reason: String

        /// Creates a diagnostic.
        ///
        /// - Parameters:
        ///   - entry: The entry at fault.
        ///   - reason: What was expected and what was found.
        package init(entry: String, reason: String) {
            // An entry written empty (a key "", a media range between two commas) is shown as "".
            self.entry = entry.isEmpty ? "\"\"" : entry
            self.reason = reason
        }

        /// `entry: reason`.
        public var description: String { "\(entry): \(reason)" }
    }

    /// The declaration's source: a file, or the kind of declaration.
    public let source: String
    /// Every problem found.
    public let diagnostics: [Diagnostic]

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - source: The declaration's source.
    ///   - diagnostics: The problems.
    package init(source: String, diagnostics: [Diagnostic]) {
        self.source = source
        self.diagnostics = diagnostics
    }

    /// One line per problem, prefixed with the source; a problem whose entry is the source itself
    /// (a name that matches no profile) or the whole file is not prefixed twice.
    public var description: String {
        diagnostics.map { diagnostic in
            diagnostic.entry == source || diagnostic.entry == "file"
                ? "\(source): \(diagnostic.reason)" : "\(source): \(diagnostic)"
        }.joined(separator: "\n")
    }
}
