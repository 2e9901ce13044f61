#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything known about a receiver: who it is, when it is offered, and what its handler does with
/// what it gets.
///
/// Profiles are data: JSON that TransferKit ships for common share targets (``builtIn``), that you
/// can write for your own, and that the declaration parsers produce from an HTTP `Accept` header,
/// an `NSExtensionActivationRule`, an Android manifest or a Web Share Target manifest.
///
/// ```swift
/// let mastodon = try ReceiverProfile.named("Mastodon")
/// let plan = Negotiator().plan([ShareItem(photo), ShareItem("#sunset")], for: mastodon)
/// plan.items[0].delivered?.form   // .data: Mastodon misreads file URLs and ignores image objects
/// ```
///
/// `ReceiverProfile` is `Sendable`.
public struct ReceiverProfile: Sendable, Hashable, Codable {
    /// Where a fact about the receiver comes from.
    ///
    /// `Evidence` is `Sendable`.
    public struct Evidence: Sendable, Hashable, Codable {
        /// When it was observed, as `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.
        public var date: String
        /// A link or citation.
        public var source: String
        /// What it shows.
        public var note: String?

        /// Creates a piece of evidence.
        ///
        /// - Parameters:
        ///   - date: When it was observed.
        ///   - source: A link or citation.
        ///   - note: What it shows.
        public init(date: String, source: String, note: String? = nil) {
            self.date = date
            self.source = source
            self.note = note
        }
    }

    /// A short name, such as `Bluesky`.
    public var name: String
    /// The receiver's identifier, such as its share extension's activity type.
    public var identifier: String
    /// Other identifiers it is known by: exact strings, or patterns with `*` for any run of
    /// characters (`com.burbn.instagram.*`). Matching ignores case.
    public var aliases: [String]
    /// The platform, such as `iOS`.
    public var platform: String?
    /// The app version the evidence is about.
    public var appVersion: String?
    /// Where the facts come from.
    public var evidence: [Evidence]
    /// When the receiver is offered.
    public var activation: ReceiverActivation
    /// What its handler does.
    public var consumption: ReceiverConsumption
    /// The audience the receiver belongs to: representations not visible at this level are never
    /// offered to it. Other apps see ``TransferRepresentationVisibility/all`` (the default).
    public var audience: TransferRepresentationVisibility

    /// Creates a profile.
    ///
    /// - Parameters:
    ///   - name: A short name.
    ///   - identifier: The receiver's identifier.
    ///   - aliases: Other identifiers or `*` patterns.
    ///   - platform: The platform.
    ///   - appVersion: The app version the evidence is about.
    ///   - evidence: Where the facts come from.
    ///   - activation: When it is offered.
    ///   - consumption: What its handler does. The default reads everything as intended.
    ///   - audience: The visibility level it belongs to. The default is `.all`.
    public init(
        name: String,
        identifier: String,
        aliases: [String] = [],
        platform: String? = nil,
        appVersion: String? = nil,
        evidence: [Evidence] = [],
        activation: ReceiverActivation,
        consumption: ReceiverConsumption = ReceiverConsumption(),
        audience: TransferRepresentationVisibility = .all
    ) {
        self.name = name
        self.identifier = identifier
        self.aliases = aliases
        self.platform = platform
        self.appVersion = appVersion
        self.evidence = evidence
        self.activation = activation
        self.consumption = consumption
        self.audience = audience
    }

    /// Whether `identifier` names this receiver: its name, its identifier, or one of its aliases.
    ///
    /// - Parameter identifier: An activity type, bundle identifier or name.
    /// - Returns: `true` on a match, ignoring case.
    public func matches(_ identifier: String) -> Bool {
        let candidate = identifier.lowercased()
        if candidate == name.lowercased() || candidate == self.identifier.lowercased() { return true }
        return aliases.contains { Self.glob($0.lowercased(), matches: candidate) }
    }

    /// Whether `pattern`, with `*` for any run of characters, matches `text`.
    static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard rest.hasPrefix(parts[0]) else { return false }
        rest = rest.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() {
            guard let range = rest.firstRange(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(parts[parts.count - 1])
    }

    enum CodingKeys: String, CodingKey {
        case name, identifier, aliases, platform, appVersion, evidence, activation, consumption, audience
    }

    /// Decodes a profile; `aliases`, `evidence`, `consumption` and `audience` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        identifier = try container.decode(String.self, forKey: .identifier)
        aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
        platform = try container.decodeIfPresent(String.self, forKey: .platform)
        appVersion = try container.decodeIfPresent(String.self, forKey: .appVersion)
        evidence = try container.decodeIfPresent([Evidence].self, forKey: .evidence) ?? []
        activation = try container.decode(ReceiverActivation.self, forKey: .activation)
        consumption =
            try container.decodeIfPresent(ReceiverConsumption.self, forKey: .consumption) ?? ReceiverConsumption()
        audience = try container.decodeIfPresent(TransferRepresentationVisibility.self, forKey: .audience) ?? .all
    }
}
