/// The outcome of negotiating one item with one receiver: the acceptable candidates, ranked, and
/// every rejected offer with the reason.
///
/// ```swift
/// let negotiation = Negotiator().negotiate(note, with: receiver)
/// negotiation.best?.offer          // public.html as data
/// print(negotiation)               // the trace
/// // Mastodon, policy sender:
/// //   1. public.png as data — matched public.image (distance 1, q=1)
/// //   rejected public.png as file: Mastodon adds the file's path to … (addsPathToText)
/// ```
///
/// `Negotiation` is `Sendable`.
public struct Negotiation: Sendable, CustomStringConvertible {
    /// An acceptable offer, with the rule that matched it.
    ///
    /// `Candidate` is `Sendable`.
    public struct Candidate: Sendable, Hashable, CustomStringConvertible {
        /// The offer.
        public let offer: Offer
        /// The most specific rule that matched it.
        public let rule: AcceptRule
        /// Conformance steps from the offered type to the rule's type: 0 for an exact match; `nil`
        /// for a wildcard match. For a media range (``AcceptRule/mediaRange``), 0 when it names the
        /// offered MIME type and 1 for `type/*`, its specificity in RFC 9110's sense.
        public let distance: Int?
        /// The matched rule's weight.
        public var weight: Double { rule.weight }
        /// What the receiver's handler does with it: ``ReceiverConsumption/Outcome/ok`` or
        /// ``ReceiverConsumption/Outcome/addsPathToText``.
        public let outcome: ReceiverConsumption.Outcome
        /// Why, when the outcome is not plain `ok`.
        public let note: String?

        /// `offer — matched rule (distance, q)`.
        public var description: String {
            let match =
                rule.mediaRange != nil
                ? (distance == 0 ? "exact" : "media range")
                : distance.map { $0 == 0 ? "exact" : "distance \($0)" } ?? "wildcard"
            var text = "\(offer) — matched \(rule) (\(match), q=\(Self.format(rule.weight)))"
            if outcome != .ok { text += " — \(outcome)" + (note.map { ": \($0)" } ?? "") }
            return text
        }

        static func format(_ value: Double) -> String {
            value == value.rounded() ? String(Int(value)) : String(value)
        }
    }

    /// A rejected offer.
    ///
    /// `Rejection` is `Sendable`.
    public struct Rejection: Sendable, Hashable, CustomStringConvertible {
        /// Why an offer was rejected.
        ///
        /// `Reason` is `Sendable`.
        public enum Reason: Sendable, Hashable {
            /// The representation's exporting condition is false for the item.
            case conditionFalse
            /// The representation is not visible to the receiver's audience.
            case notVisible(TransferRepresentationVisibility)
            /// No rule accepts the content type.
            case typeNotAccepted
            /// The most specific matching rule does not take this payload form.
            case formNotAccepted(AcceptRule)
            /// The most specific matching rule has weight 0.
            case excluded(AcceptRule)
            /// The receiver's handler misreads, ignores or fails on it.
            case consumption(ReceiverConsumption.Outcome, note: String?)
        }

        /// The offer.
        public let offer: Offer
        /// Why it was rejected.
        public let reason: Reason

        /// `offer: reason`.
        public var description: String { "\(offer): \(explanation)" }

        /// Why the offer was rejected, in words.
        public var explanation: String {
            let why: String
            switch reason {
            case .conditionFalse: why = "its exporting condition is false for this item"
            case .notVisible(let visibility): why = "visible only at \(visibility), not to this receiver"
            case .typeNotAccepted: why = "no rule accepts \(offer.contentType.identifier)"
            case .formNotAccepted(let rule):
                why =
                    "\(rule) does not take \(offer.form)"
                    + (rule.forms.map { " (only " + $0.map(\.description).joined(separator: ", ") + ")" } ?? "")
            case .excluded(let rule): why = "excluded by \(rule) (q=0)"
            case .consumption(let outcome, let note): why = "\(outcome)" + (note.map { ": \($0)" } ?? "")
            }
            return why
        }
    }

    /// The receiver's name.
    public let receiver: String
    /// The policy used.
    public let policy: NegotiationPolicy
    /// The acceptable candidates, best first.
    public let candidates: [Candidate]
    /// Every rejected offer, in the sender's order.
    public let rejections: [Rejection]

    /// The best candidate, if any offer is acceptable.
    public var best: Candidate? { candidates.first }

    /// The trace: the ranking and every rejection.
    public var description: String {
        var lines = ["\(receiver), policy \(policy):"]
        if candidates.isEmpty { lines.append("  no acceptable offer") }
        for (rank, candidate) in candidates.enumerated() {
            lines.append("  \(rank + 1). \(candidate)")
        }
        for rejection in rejections {
            lines.append("  rejected \(rejection)")
        }
        return lines.joined(separator: "\n")
    }
}
