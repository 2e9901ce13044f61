/// A receiver profile parsed from a declaration (an `Accept` header, a web app manifest, an
/// Android manifest, an activation rule), with the problems found in it.
///
/// The parsers drop a malformed entry with a diagnostic and keep the rest; they throw
/// ``ReceiverDeclarationError`` only when nothing usable remains.
///
/// `ParsedReceiver` is `Sendable`.
public struct ParsedReceiver: Sendable {
    /// The profile made of the well-formed entries.
    public var profile: ReceiverProfile
    /// One diagnostic per dropped or doubtful entry.
    public var diagnostics: [ReceiverDeclarationError.Diagnostic]

    package init(profile: ReceiverProfile, diagnostics: [ReceiverDeclarationError.Diagnostic]) {
        self.profile = profile
        self.diagnostics = diagnostics
    }
}
