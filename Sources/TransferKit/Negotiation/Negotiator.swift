/// Picks, for a receiver, the representation and payload form of each item it will accept, and
/// explains the choice.
///
/// For one item the negotiator filters, then ranks:
///
/// 1. **Filter.** An offer is rejected when its exporting condition is false, when it is not visible
///    to the receiver, when no accept rule matches its content type (by conformance: accepting
///    `public.image` takes `public.png`), when the *most specific* matching rule has weight 0 or does
///    not take the offer's form, or when the receiver's handler is known to misread, ignore or fail
///    on that kind of content in that form. Specificity: an exact type, then a nearer ancestor, then
///    a farther one (fewer conformance steps), then more MIME parameters; the wildcard last. So
///    `text/html;q=0, */*` never yields HTML, whatever the wildcard's weight.
/// 2. **Rank** the rest by ``NegotiationPolicy``: explicit matches before wildcard matches, content
///    shown as intended before content shown with side effects, then the policy's order, then the
///    sender's order.
///
/// ```swift
/// let receiver = try ReceiverProfile(acceptHeader: "text/html;q=0.9, */*;q=0.1")
/// let negotiation = Negotiator().negotiate(note, with: receiver)
/// negotiation.best?.offer.contentType   // public.html
/// ```
///
/// For a share of several items, ``plan(_:for:)`` also applies the receiver's activation rule and
/// consumption model: whether it is offered at all, what it reads, and what it drops.
///
/// `Negotiator` is `Sendable`; it holds only its policy.
public struct Negotiator: Sendable {
    /// How candidates are ranked.
    public var policy: NegotiationPolicy

    /// Creates a negotiator.
    ///
    /// - Parameter policy: How candidates are ranked. The default is ``NegotiationPolicy/senderOrder``.
    public init(policy: NegotiationPolicy = .senderOrder) {
        self.policy = policy
    }

    /// Negotiates one `Transferable` item with a receiver.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - receiver: The receiver.
    ///   - forms: The payload forms offered, in order; `nil` for each representation's own form,
    ///     then a value, then the other of data and file.
    /// - Returns: The ranked candidates and the rejected offers.
    public func negotiate<Item: Transferable>(
        _ item: Item,
        with receiver: ReceiverProfile,
        forms: [TransferPayloadForm]? = nil
    ) -> Negotiation {
        negotiate(Offer.offers(for: item, forms: forms), with: CompiledReceiver(receiver))
    }

    /// Negotiates offers with a receiver.
    ///
    /// - Parameters:
    ///   - offers: The offers, in the sender's order.
    ///   - receiver: The receiver.
    /// - Returns: The ranked candidates and the rejected offers.
    public func negotiate(_ offers: [Offer], with receiver: ReceiverProfile) -> Negotiation {
        negotiate(offers, with: CompiledReceiver(receiver))
    }

    /// Negotiates offers with a receiver compiled once, for repeated negotiations.
    ///
    /// - Parameters:
    ///   - offers: The offers, in the sender's order.
    ///   - receiver: The compiled receiver.
    /// - Returns: The ranked candidates and the rejected offers.
    /// - Complexity: O(*o* · *r*) for *o* offers and *r* rules, plus the sort of the candidates.
    public func negotiate(_ offers: [Offer], with receiver: CompiledReceiver) -> Negotiation {
        var scored: [(candidate: Negotiation.Candidate, key: RankKey)] = []
        var rejections: [Negotiation.Rejection] = []
        scored.reserveCapacity(offers.count)
        let representationCount = (offers.map(\.representationIndex).max() ?? 0) + 1
        for offer in offers {
            switch receiver.evaluate(offer) {
            case .rejected(let reason):
                rejections.append(Negotiation.Rejection(offer: offer, reason: reason))
            case .accepted(let candidate, let ruleIndex):
                scored.append((candidate, rankKey(candidate, ruleIndex: ruleIndex, representations: representationCount)))
            }
        }
        scored.sort { $0.key < $1.key }
        return Negotiation(
            receiver: receiver.profile.name, policy: policy, candidates: scored.map(\.candidate), rejections: rejections)
    }

    /// The sort key of a candidate under the policy; smaller ranks first.
    private func rankKey(_ candidate: Negotiation.Candidate, ruleIndex: Int, representations: Int) -> RankKey {
        let sender = (candidate.offer.representationIndex, candidate.offer.formIndex)
        let primary: Double
        switch policy.value {
        case .sender:
            primary = 0
        case .receiver:
            primary = -candidate.weight
        case .product:
            let senderWeight = Double(representations - candidate.offer.representationIndex) / Double(representations)
            primary = -(candidate.weight * senderWeight)
        }
        return RankKey(
            wildcard: candidate.distance == nil ? 1 : 0,
            degraded: candidate.outcome == .ok ? 0 : 1,
            primary: primary,
            specificity: policy.value == .sender ? 0 : (candidate.distance ?? Int.max),
            ruleIndex: policy.value == .sender ? 0 : ruleIndex,
            representation: sender.0,
            form: sender.1)
    }

    struct RankKey: Comparable {
        let wildcard: Int
        let degraded: Int
        let primary: Double
        let specificity: Int
        let ruleIndex: Int
        let representation: Int
        let form: Int

        static func < (lhs: RankKey, rhs: RankKey) -> Bool {
            if (lhs.wildcard, lhs.degraded, lhs.primary) != (rhs.wildcard, rhs.degraded, rhs.primary) {
                return (lhs.wildcard, lhs.degraded, lhs.primary) < (rhs.wildcard, rhs.degraded, rhs.primary)
            }
            return (lhs.specificity, lhs.ruleIndex, lhs.representation, lhs.form)
                < (rhs.specificity, rhs.ruleIndex, rhs.representation, rhs.form)
        }
    }
}

/// A receiver prepared for repeated negotiation: its rules resolved once.
///
/// `CompiledReceiver` is `Sendable`.
public struct CompiledReceiver: Sendable {
    /// The profile it was compiled from.
    public let profile: ReceiverProfile
    private let rules: [AcceptRule]

    /// Compiles a profile.
    ///
    /// - Parameter profile: The receiver's profile.
    public init(_ profile: ReceiverProfile) {
        self.profile = profile
        self.rules = profile.activation.accepts
    }

    enum Evaluation {
        case accepted(Negotiation.Candidate, ruleIndex: Int)
        case rejected(Negotiation.Rejection.Reason)
    }

    /// The most specific rule matching a content type with parameters, ignoring forms and weights:
    /// its index and conformance distance (`nil` for the wildcard).
    func mostSpecificRule(for contentType: UTType, parameters: [String: String]) -> (index: Int, distance: Int?)? {
        var best: (index: Int, distance: Int?, parameterCount: Int)?
        for (index, rule) in rules.enumerated() {
            let distance: Int?
            if let type = rule.contentType {
                guard contentType.conforms(to: type) else { continue }
                guard rule.parameters.allSatisfy({ parameters[$0.key]?.lowercased() == $0.value.lowercased() }) else { continue }
                distance = contentType.conformanceDistance(to: type)
            } else {
                distance = nil
            }
            guard let current = best else {
                best = (index, distance, rule.parameters.count)
                continue
            }
            // Explicit beats wildcard; nearer beats farther; more parameters beat fewer; earlier wins ties.
            switch (distance, current.distance) {
            case (nil, _):
                continue
            case (.some, nil):
                best = (index, distance, rule.parameters.count)
            case (.some(let new), .some(let old)):
                if new < old || (new == old && rule.parameters.count > current.parameterCount) {
                    best = (index, distance, rule.parameters.count)
                }
            }
        }
        return best.map { ($0.index, $0.distance) }
    }

    /// Filters one offer; see ``Negotiator``.
    func evaluate(_ offer: Offer) -> Evaluation {
        guard offer.isExportable else { return .rejected(.conditionFalse) }
        guard offer.visibility.isVisible(at: profile.audience) else { return .rejected(.notVisible(offer.visibility)) }
        guard let match = mostSpecificRule(for: offer.contentType, parameters: offer.parameters) else {
            return .rejected(.typeNotAccepted)
        }
        let rule = rules[match.index]
        guard rule.weight > 0 else { return .rejected(.excluded(rule)) }
        if let forms = rule.forms, !forms.contains(offer.form) { return .rejected(.formNotAccepted(rule)) }
        let reading = profile.consumption.reading(for: ContentKind(offer.contentType), form: offer.form)
        guard reading.outcome.isDelivered else { return .rejected(.consumption(reading.outcome, note: reading.note)) }
        let candidate = Negotiation.Candidate(
            offer: offer, rule: rule, distance: match.distance, outcome: reading.outcome,
            note: reading.outcome == .ok ? nil : reading.note)
        return .accepted(candidate, ruleIndex: match.index)
    }

    /// Whether a content type activates the receiver: a rule with a weight above 0 accepts it.
    func activates(_ contentType: UTType, parameters: [String: String]) -> Bool {
        guard let match = mostSpecificRule(for: contentType, parameters: parameters) else { return false }
        return rules[match.index].weight > 0
    }
}
