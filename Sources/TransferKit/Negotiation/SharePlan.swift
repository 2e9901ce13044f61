/// What a receiver will get from a share of several items: whether it is offered at all, and per
/// item whether it is delivered (in which representation and form), dropped (and why) or
/// transformed.
///
/// ```swift
/// let plan = Negotiator().plan([ShareItem(photo), ShareItem("#sunset")], for: bluesky)
/// print(plan)
/// // Bluesky: offered
/// //   Photo: delivered as public.png (value)
/// //   String: dropped — left out: Bluesky fails when text comes with an image (…)
/// ```
///
/// `SharePlan` is `Sendable`.
public struct SharePlan: Sendable, CustomStringConvertible {
    /// The plan for one item.
    ///
    /// `ItemPlan` is `Sendable`.
    public struct ItemPlan: Sendable, CustomStringConvertible {
        /// What happens to the item.
        ///
        /// A closed set, deliberately an enum: an item is delivered, dropped or delivered changed —
        /// there is no fourth fate. What may grow is *why*, and ``Cause`` is an open set of codes.
        /// `Outcome` is `Sendable`.
        public enum Outcome: Sendable {
            /// Delivered through this candidate.
            case delivered(Negotiation.Candidate)
            /// Not delivered, for this cause.
            case dropped(Cause)
            /// Delivered through the candidate (if any), changed as the cause says: text with a
            /// file path added.
            case transformed(Negotiation.Candidate?, Cause)
        }

        /// Why an item is dropped or transformed: a code for programs, and the reason in words for
        /// people.
        ///
        /// `Cause` is `Sendable`.
        public struct Cause: Sendable, Hashable, CustomStringConvertible {
            /// The kind of cause. New codes may be added.
            ///
            /// `Code` is `Sendable`.
            public struct Code: NamedValue {
                /// The name, camelCase, as programs and JSON output spell it: `overLimit`.
                public let rawValue: String

                init(unchecked rawValue: String) { self.rawValue = rawValue }

                /// The receiver is not offered for this share at all (its activation rule fails).
                public static let receiverNotOffered = Code(unchecked: "receiverNotOffered")
                /// No offer of the item is acceptable to the receiver.
                public static let noAcceptedOffer = Code(unchecked: "noAcceptedOffer")
                /// The receiver fails when this kind of item comes with another kind, so the sender
                /// leaves it out.
                public static let failsWithOtherItem = Code(unchecked: "failsWithOtherItem")
                /// The receiver ignores this kind of item when another kind comes with it.
                public static let ignoredWithOtherItem = Code(unchecked: "ignoredWithOtherItem")
                /// The receiver takes at most a number of items of this kind.
                public static let overLimit = Code(unchecked: "overLimit")
                /// The receiver reads only its first attachment.
                public static let firstItemOnly = Code(unchecked: "firstItemOnly")
                /// The receiver adds a file's path to the text (a transformation, not a drop).
                public static let addsPathToText = Code(unchecked: "addsPathToText")

                /// Every code this version knows, in the order above.
                public static let knownValues: [Code] = [
                    .receiverNotOffered, .noAcceptedOffer, .failsWithOtherItem, .ignoredWithOtherItem, .overLimit,
                    .firstItemOnly, .addsPathToText,
                ]

            }

            /// The kind of cause.
            public let code: Code
            /// The reason, in words.
            public let reason: String

            /// Creates a cause.
            ///
            /// - Parameters:
            ///   - code: The kind of cause.
            ///   - reason: The reason, in words.
            public init(_ code: Code, _ reason: String) {
                self.code = code
                self.reason = reason
            }

            /// The reason, in words.
            public var description: String { reason }
        }

        /// The identity of the item planned: the plan's items are the share's, in order, and
        /// ``SharePlan/deliver(_:to:)`` checks each by identity, never by label.
        public let itemID: ShareItem.ID
        /// The item's label, for people: labels need not be unique.
        public let label: String
        /// The item's kind of content as the receiver gets it: the kind of the representation
        /// delivered, or of the item's first offer when nothing is.
        public let kind: ContentKind
        /// What happens to it.
        public let outcome: Outcome
        /// The full negotiation for the item: ranking and rejections.
        public let negotiation: Negotiation

        /// The candidate delivered, if the item is delivered or transformed.
        public var delivered: Negotiation.Candidate? {
            switch outcome {
            case .delivered(let candidate): candidate
            case .transformed(let candidate, _): candidate
            case .dropped: nil
            }
        }

        /// Whether the item does not reach the receiver.
        public var isDropped: Bool {
            if case .dropped = outcome { return true }
            return false
        }

        /// What dropped or transformed it; `nil` when it is delivered as it is.
        public var cause: Cause? {
            switch outcome {
            case .delivered: nil
            case .dropped(let cause): cause
            case .transformed(_, let cause): cause
            }
        }

        /// Why it was dropped, or the note on its transformation, in words; `nil` when it is
        /// delivered as it is.
        public var reason: String? { cause?.reason }

        /// `label: delivered as type (form)`, `label: dropped — reason`, or `label: transformed — note`.
        public var description: String {
            switch outcome {
            case .delivered(let candidate):
                "\(label): delivered as \(candidate.offer.contentType.identifier) (\(candidate.offer.form))"
            case .dropped(let reason):
                "\(label): dropped — \(reason)"
            case .transformed(let candidate, let note):
                "\(label): transformed"
                    + (candidate.map { " (\($0.offer.contentType.identifier) as \($0.offer.form))" } ?? "")
                    + " — \(note)"
            }
        }
    }

    /// The receiver's name.
    public let receiver: String
    /// Whether the receiver is offered for this share at all.
    public let isOffered: Bool
    /// Why it is offered or not: the activation trace, with codes.
    public let activationTrace: [ActivationStep]

    /// Why it is offered or not: the activation trace in words.
    public var activation: [String] { activationTrace.map(\.description) }

    /// One step of the activation check: a code for programs, words for people.
    ///
    /// `ActivationStep` is `Sendable`.
    public struct ActivationStep: Sendable, Hashable, CustomStringConvertible {
        /// The kind of step. New codes may be added.
        ///
        /// `Code` is `Sendable`.
        public struct Code: NamedValue {
            /// The name, camelCase, as programs and JSON output spell it: `tooManyOfKind`.
            public let rawValue: String

            init(unchecked rawValue: String) { self.rawValue = rawValue }

            /// The receiver is offered: every item, or an item, matches its rules.
            public static let offered = Code(unchecked: "offered")
            /// An item matches no accept rule, and the receiver needs every item to match.
            public static let itemNotMatched = Code(unchecked: "itemNotMatched")
            /// No item matches an accept rule.
            public static let noItemMatched = Code(unchecked: "noItemMatched")
            /// More items of a kind than the receiver takes.
            public static let tooManyOfKind = Code(unchecked: "tooManyOfKind")
            /// Fewer attachments than the receiver needs.
            public static let tooFewAttachments = Code(unchecked: "tooFewAttachments")
            /// More attachments than the receiver takes.
            public static let tooManyAttachments = Code(unchecked: "tooManyAttachments")
            /// A platform rule (a predicate, an intent filter, a share target's files) passes.
            public static let ruleMatched = Code(unchecked: "ruleMatched")
            /// A platform rule does not pass.
            public static let ruleNotMatched = Code(unchecked: "ruleNotMatched")
            /// The receiver is disabled or cannot be started by other apps.
            public static let receiverDisabled = Code(unchecked: "receiverDisabled")
            /// What the platform sends for the share, such as Android's intent.
            public static let platformIntent = Code(unchecked: "platformIntent")
            /// A warning: the declaration's literal meaning, which the platform applies, differs from
            /// what its author likely meant.
            public static let literalMeaningDiffers = Code(unchecked: "literalMeaningDiffers")

            /// Every code this version knows, in the order above.
            public static let knownValues: [Code] = [
                .offered, .itemNotMatched, .noItemMatched, .tooManyOfKind, .tooFewAttachments, .tooManyAttachments,
                .ruleMatched, .ruleNotMatched, .receiverDisabled, .platformIntent, .literalMeaningDiffers,
            ]

        }

        /// The kind of step.
        public let code: Code
        /// The step in words.
        public let description: String
        /// The identity of the item concerned, for ``Code/itemNotMatched``: the ``ShareItem/id`` of
        /// one of the plan's items (``SharePlan/itemPlan(for:)`` finds it, label and all).
        public let itemID: ShareItem.ID?
        /// The count found and the limit, for the count codes.
        public let count: Int?
        /// The receiver's limit, for the count codes.
        public let limit: Int?
        /// The platform rule applied, such as `intent resolution: data test`, for the platform codes.
        public let rule: String?
        /// The platform documentation that states the rule.
        public let source: String?

        init(
            _ code: Code, _ description: String, item: ShareItem.ID? = nil, count: Int? = nil, limit: Int? = nil,
            rule: String? = nil, source: String? = nil
        ) {
            self.code = code
            self.description = description
            self.itemID = item
            self.count = count
            self.limit = limit
            self.rule = rule
            self.source = source
        }
    }
    /// The plan for each item, in the share's order.
    public let items: [ItemPlan]

    /// The plan for the share item with this identity, if it is one of the plan's.
    ///
    /// - Parameter id: A share item's ``ShareItem/id``.
    /// - Returns: Its plan, label and all.
    public func itemPlan(for id: ShareItem.ID) -> ItemPlan? {
        items.first { $0.itemID == id }
    }

    /// The plan: whether offered, then each item, then the activation trace.
    public var description: String {
        var lines = ["\(receiver): " + (isOffered ? "offered" : "not offered")]
        lines += items.map { "  \($0)" }
        lines += activationTrace.map { step in "  · \(step)" + (step.rule.map { " [\($0)]" } ?? "") }
        return lines.joined(separator: "\n")
    }
}

extension SharePlan.ItemPlan.Cause.Code {
    /// Matches a cause of this code, in a `switch` over causes:
    /// `case SharePlan.ItemPlan.Cause.Code.overLimit: …`.
    public static func ~= (code: SharePlan.ItemPlan.Cause.Code, cause: SharePlan.ItemPlan.Cause) -> Bool {
        cause.code == code
    }
}

extension SharePlan.ActivationStep.Code {
    /// Matches a step of this code, in a `switch` over the activation trace.
    public static func ~= (code: SharePlan.ActivationStep.Code, step: SharePlan.ActivationStep) -> Bool {
        step.code == code
    }
}
