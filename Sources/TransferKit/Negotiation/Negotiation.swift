/// The outcome of negotiating one item with one receiver: the acceptable candidates, ranked, and
/// every rejected offer with the reason.
///
/// ```swift
/// let negotiation = try Negotiator().negotiate(note, with: receiver)
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
        /// for a wildcard match. For a media range (`UTTypeMatcher.Pattern.mediaRange`), 0 when it names the
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
            let match: String
            switch (rule.pattern, distance) {
            case (.mediaRange, 0): match = "exact"
            case (.mediaRange, _): match = "media range"
            case (_, 0): match = "exact"
            case (_, .some(let steps)): match = "distance \(steps)"
            case (_, nil): match = "wildcard"
            }
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
        /// What rejected an offer: a code, and what the code is about (the rule that excluded it,
        /// the consumption outcome, the visibility). ``Rejection/reason`` says it in words.
        ///
        /// An open set (a struct, not an enum): new causes get new codes without breaking a `switch`
        /// over ``code``. `Cause` is `Sendable`.
        public struct Cause: Sendable, Hashable, CustomStringConvertible {
            /// The kind of cause. New codes may be added.
            ///
            /// `Code` is `Sendable`.
            public struct Code: NamedValue {
                /// The name, camelCase, as programs and JSON output spell it: `typeNotAccepted`.
                public let rawValue: String

                init(unchecked rawValue: String) { self.rawValue = rawValue }

                /// The representation's exporting condition is false for the item.
                public static let conditionFalse = Code(unchecked: "conditionFalse")
                /// The representation is not visible to the receiver's audience (``Cause/visibility``).
                public static let notVisible = Code(unchecked: "notVisible")
                /// No rule accepts the content type.
                public static let typeNotAccepted = Code(unchecked: "typeNotAccepted")
                /// The most specific matching rule (``Cause/rule``) does not take this payload form.
                public static let formNotAccepted = Code(unchecked: "formNotAccepted")
                /// The most specific matching rule (``Cause/rule``) has weight 0.
                public static let excluded = Code(unchecked: "excluded")
                /// The receiver's handler misreads, ignores or fails on it (``Cause/outcome``).
                public static let consumption = Code(unchecked: "consumption")

                /// Every code this version knows, in the order above.
                public static let knownValues: [Code] = [
                    .conditionFalse, .notVisible, .typeNotAccepted, .formNotAccepted, .excluded, .consumption,
                ]

            }

            /// The kind of cause.
            public let code: Code
            /// The representation's visibility, for ``Code/notVisible``.
            public let visibility: TransferRepresentationVisibility?
            /// The rule that decided, for ``Code/formNotAccepted`` and ``Code/excluded``.
            public let rule: AcceptRule?
            /// What the handler does, for ``Code/consumption``.
            public let outcome: ReceiverConsumption.Outcome?
            /// The evidence for a consumption outcome.
            public let note: String?

            private init(
                _ code: Code,
                visibility: TransferRepresentationVisibility? = nil,
                rule: AcceptRule? = nil,
                outcome: ReceiverConsumption.Outcome? = nil,
                note: String? = nil
            ) {
                self.code = code
                self.visibility = visibility
                self.rule = rule
                self.outcome = outcome
                self.note = note
            }

            package static let conditionFalse = Cause(.conditionFalse)
            package static let typeNotAccepted = Cause(.typeNotAccepted)
            package static func notVisible(_ visibility: TransferRepresentationVisibility) -> Cause {
                Cause(.notVisible, visibility: visibility)
            }
            package static func formNotAccepted(_ rule: AcceptRule) -> Cause { Cause(.formNotAccepted, rule: rule) }
            package static func excluded(_ rule: AcceptRule) -> Cause { Cause(.excluded, rule: rule) }
            package static func consumption(_ outcome: ReceiverConsumption.Outcome, note: String?) -> Cause {
                Cause(.consumption, outcome: outcome, note: note)
            }

            /// The code's name.
            public var description: String { code.rawValue }
        }

        /// The offer.
        public let offer: Offer
        /// What rejected it: a code and its particulars.
        public let cause: Cause

        /// `offer: reason`.
        public var description: String { "\(offer): \(reason)" }

        /// Why the offer was rejected, in words.
        public var reason: String {
            let why: String
            switch cause.code {
            case .conditionFalse: why = "its exporting condition is false for this item"
            case .notVisible:
                why = "visible only at \(cause.visibility.map { "\($0)" } ?? "another level"), not to this receiver"
            case .typeNotAccepted: why = "no rule accepts \(offer.contentType.identifier)"
            case .formNotAccepted:
                let rule = cause.rule
                why =
                    "\(rule.map { "\($0)" } ?? "its rule") does not take \(offer.form)"
                    + (rule.map { " (only " + $0.forms.forms.map(\.description).joined(separator: ", ") + ")" } ?? "")
            case .excluded: why = "excluded by \(cause.rule.map { "\($0)" } ?? "its rule") (q=0)"
            case .consumption:
                why = "\(cause.outcome.map { "\($0)" } ?? "misread")" + (cause.note.map { ": \($0)" } ?? "")
            default: why = cause.code.rawValue
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

extension Negotiation.Rejection.Cause.Code {
    /// Matches a rejection of this code, in a `switch` over rejections:
    /// `case Negotiation.Rejection.Cause.Code.excluded: …`.
    public static func ~= (code: Negotiation.Rejection.Cause.Code, rejection: Negotiation.Rejection) -> Bool {
        rejection.cause.code == code
    }
}
