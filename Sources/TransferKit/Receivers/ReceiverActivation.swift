/// When a receiver is offered at all: what it accepts, how many of each kind, and whether every
/// item or only one must match.
///
/// This is what platforms let receivers declare (`NSExtensionActivationRule`, Android intent
/// filters, Web Share Target `accept` lists, HTTP `Accept`). A receiver read from a platform's
/// declaration also keeps the platform's own rule — ``predicate``, ``intentFilters`` or
/// ``webShareTarget`` — which then decides activation as that platform does; ``accepts`` and the
/// counts decide it for every other receiver.
///
/// `ReceiverActivation` is `Sendable`.
public struct ReceiverActivation: Sendable, Hashable, Codable {
    /// Whether every item of a share must be accepted, or any one of them.
    ///
    /// An open set (a struct, not an enum): platforms may add ways to match. Decoding accepts the known
    /// names only. `ItemMatching` is `Sendable`.
    public struct ItemMatching: NamedValue, Codable {
        /// The name, as profiles spell it.
        public let rawValue: String

        init(unchecked name: String) { rawValue = name }

        /// Every item must match an accept rule (iOS rule version 1, Web Share Target).
        public static let all = ItemMatching(unchecked: "all")
        /// At least one item must match (iOS rule version 2, Android).
        public static let any = ItemMatching(unchecked: "any")

        /// Every value this version knows, in the order above.
        public static let knownValues: [ItemMatching] = [.all, .any]

    }

    /// The accept rules, in the receiver's order of preference.
    public var accepts: [AcceptRule]
    /// The most items of each kind a share may hold; a kind not listed has no limit of its own.
    public var maxCounts: [ContentKind: Int]
    /// The fewest attachments a share must hold.
    public var minAttachments: Int?
    /// The most attachments a share may hold.
    public var maxAttachments: Int?
    /// Whether every item or any one must match.
    public var itemMatching: ItemMatching

    /// An iOS share extension's `NSExtensionActivationRule` predicate. When set, it alone decides
    /// whether the receiver is offered, evaluated literally as iOS evaluates it (the ``accepts``
    /// still decide which representation each item gives).
    public var predicate: String?
    /// An Android activity's share intent filters. When set, Android's intent resolution alone
    /// decides whether the receiver is offered: the sender's `ACTION_SEND` or
    /// `ACTION_SEND_MULTIPLE`, tested against each filter's action, category and data.
    public var intentFilters: [IntentFilter]?
    /// A web app's share target. When set, the Web Share Target specification's rules decide
    /// whether the receiver is offered: every file accepted by a `files` entry, text and links
    /// through the parameters.
    public var webShareTarget: WebShareTarget?
    /// Why the receiver is never offered, when it is not, such as `android:enabled="false"`.
    public var disabledReason: String?

    /// Creates an activation rule.
    ///
    /// - Parameters:
    ///   - accepts: The accept rules, in order of preference.
    ///   - maxCounts: The most items of each kind.
    ///   - minAttachments: The fewest attachments.
    ///   - maxAttachments: The most attachments.
    ///   - itemMatching: Whether every item or any one must match. The default is `.all`.
    public init(
        accepts: [AcceptRule],
        maxCounts: [ContentKind: Int] = [:],
        minAttachments: Int? = nil,
        maxAttachments: Int? = nil,
        itemMatching: ItemMatching = .all
    ) {
        self.accepts = accepts
        self.maxCounts = maxCounts
        self.minAttachments = minAttachments
        self.maxAttachments = maxAttachments
        self.itemMatching = itemMatching
    }

    enum CodingKeys: String, CodingKey {
        case accepts, maxCounts, minAttachments, maxAttachments, itemMatching, predicate, intentFilters,
            webShareTarget, disabledReason
    }

    /// Decodes an activation rule; `maxCounts` is keyed by kind name, `itemMatching` defaults to
    /// `all`; `predicate`, `intentFilters`, `webShareTarget` and `disabledReason` are optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        accepts = try container.decode([AcceptRule].self, forKey: .accepts)
        let counts = try container.decodeIfPresent([String: Int].self, forKey: .maxCounts) ?? [:]
        var maxCounts: [ContentKind: Int] = [:]
        for (name, count) in counts {
            guard let kind = ContentKind(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .maxCounts, in: container,
                    debugDescription:
                        "expected a content kind (\(ContentKind.allCases.map(\.rawValue).joined(separator: ", "))), found '\(name)'"
                )
            }
            maxCounts[kind] = count
        }
        self.maxCounts = maxCounts
        minAttachments = try container.decodeIfPresent(Int.self, forKey: .minAttachments)
        maxAttachments = try container.decodeIfPresent(Int.self, forKey: .maxAttachments)
        itemMatching = try container.decodeIfPresent(ItemMatching.self, forKey: .itemMatching) ?? .all
        predicate = try container.decodeIfPresent(String.self, forKey: .predicate)
        intentFilters = try container.decodeIfPresent([IntentFilter].self, forKey: .intentFilters)
        webShareTarget = try container.decodeIfPresent(WebShareTarget.self, forKey: .webShareTarget)
        disabledReason = try container.decodeIfPresent(String.self, forKey: .disabledReason)
    }

    /// Encodes the activation rule.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(accepts, forKey: .accepts)
        if !maxCounts.isEmpty {
            try container.encode(
                Dictionary(uniqueKeysWithValues: maxCounts.map { ($0.key.rawValue, $0.value) }), forKey: .maxCounts)
        }
        try container.encodeIfPresent(minAttachments, forKey: .minAttachments)
        try container.encodeIfPresent(maxAttachments, forKey: .maxAttachments)
        try container.encode(itemMatching, forKey: .itemMatching)
        try container.encodeIfPresent(predicate, forKey: .predicate)
        try container.encodeIfPresent(intentFilters, forKey: .intentFilters)
        try container.encodeIfPresent(webShareTarget, forKey: .webShareTarget)
        try container.encodeIfPresent(disabledReason, forKey: .disabledReason)
    }
}
