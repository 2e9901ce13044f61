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
/// let receiver = try ReceiverProfile.parse(acceptHeader: "text/html;q=0.9, */*;q=0.1").profile
/// let negotiation = try Negotiator().negotiate(note, with: receiver)
/// negotiation.best?.offer.contentType   // public.html, when the note offers HTML
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
    ///   - forms: The payload forms offered, in order. The default,
    ///     ``TransferPayloadFormOrder/representationFirst``, is each representation's own form, then
    ///     a value, then the other of data and file.
    /// - Returns: The ranked candidates and the rejected offers.
    /// - Throws: ``TransferError`` when the item's representations cannot be flattened (a proxy
    ///   cycle).
    public func negotiate<Item: Transferable>(
        _ item: Item,
        with receiver: ReceiverProfile,
        forms: TransferPayloadFormOrder = .representationFirst
    ) throws(TransferError) -> Negotiation {
        negotiate(try Offer.offers(for: item, forms: forms), with: CompiledReceiver(receiver))
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
        var accepted:
            [(offer: Int, rule: Int, distance: Int?, outcome: ReceiverConsumption.Outcome, note: String?, key: RankKey)] =
                []
        var rejections: [Negotiation.Rejection] = []
        accepted.reserveCapacity(offers.count)
        var representationCount = 1
        for offer in offers where offer.representationIndex >= representationCount {
            representationCount = offer.representationIndex + 1
        }
        for index in offers.indices {
            switch receiver.evaluate(offers[index]) {
            case .rejected(let cause):
                rejections.append(Negotiation.Rejection(offer: offers[index], cause: cause))
            case .accepted(let rule, let distance, let outcome, let note):
                let key = rankKey(
                    offers[index], weight: receiver.rules[rule].weight, distance: distance, outcome: outcome,
                    ruleIndex: rule,
                    representations: representationCount)
                accepted.append((index, rule, distance, outcome, note, key))
            }
        }
        accepted.sort { $0.key < $1.key }
        let candidates = accepted.map {
            Negotiation.Candidate(
                offer: offers[$0.offer], rule: receiver.rules[$0.rule], distance: $0.distance, outcome: $0.outcome,
                note: $0.note)
        }
        return Negotiation(
            receiver: receiver.profile.name, policy: policy, candidates: candidates, rejections: rejections)
    }

    /// The sort key of a candidate under the policy; smaller ranks first.
    private func rankKey(
        _ offer: Offer, weight: Double, distance: Int?, outcome: ReceiverConsumption.Outcome, ruleIndex: Int,
        representations: Int
    ) -> RankKey {
        let primary: Double
        switch policy {
        case .receiverPreference:
            primary = -weight
        case .product:
            let senderWeight = Double(representations - offer.representationIndex) / Double(representations)
            primary = -(weight * senderWeight)
        default:
            primary = 0  // The sender's order: its representations' and forms' order alone.
        }
        // The sender's order ignores how near a rule is and which rule it was.
        let nearness: RankKey.Nearness =
            distance.map { .explicit(steps: policy == .senderOrder ? 0 : $0) } ?? .wildcard
        return RankKey(
            nearness: nearness,
            degraded: outcome == .ok ? 0 : 1,
            primary: primary,
            ruleIndex: policy == .senderOrder ? 0 : ruleIndex,
            representation: offer.representationIndex,
            form: offer.formIndex)
    }

    struct RankKey: Comparable {
        /// How near the matched rule is: an explicit match by its conformance steps (fewer first),
        /// then a wildcard match.
        enum Nearness: Comparable {
            case explicit(steps: Int)
            case wildcard
        }

        let nearness: Nearness
        let degraded: Int
        let primary: Double
        let ruleIndex: Int
        let representation: Int
        let form: Int

        /// A wildcard match ranks after every explicit one; then an undegraded reading, the
        /// policy's weight; then nearness, the rule's, representation's and form's order.
        static func < (lhs: RankKey, rhs: RankKey) -> Bool {
            let (left, right) = (lhs.nearness == .wildcard, rhs.nearness == .wildcard)
            if (left, lhs.degraded, lhs.primary) != (right, rhs.degraded, rhs.primary) {
                return (left ? 1 : 0, lhs.degraded, lhs.primary) < (right ? 1 : 0, rhs.degraded, rhs.primary)
            }
            return (lhs.nearness, lhs.ruleIndex, lhs.representation, lhs.form)
                < (rhs.nearness, rhs.ruleIndex, rhs.representation, rhs.form)
        }
    }
}
