extension Negotiator {
    /// Plans a share of several items for a receiver.
    ///
    /// 1. Each item is negotiated on its own (see ``Negotiator``).
    /// 2. **Activation**: a receiver with a platform rule (``ReceiverActivation/predicate``,
    ///    ``ReceiverActivation/intentFilters``, ``ReceiverActivation/webShareTarget``) is offered
    ///    when that rule passes, as the platform applies it. For the others, with
    ///    ``ReceiverActivation/ItemMatching/all`` every item must have a
    ///    content type some rule accepts (with weight above 0), with ``ReceiverActivation/ItemMatching/any``
    ///    one must; the counts of each kind and of attachments must be within the limits. Otherwise
    ///    the receiver is not offered and every item is dropped.
    /// 3. **Consumption**, in this order: cross-item rules (a kind that makes the receiver fail next
    ///    to another is left out; a kind the receiver drops next to another is reported dropped);
    ///    the most items of each kind the handler takes; first-item-only handlers keep the first item
    ///    in their precedence order. A delivered item whose outcome adds its file path to the text
    ///    marks the text item as transformed.
    ///
    /// - Parameters:
    ///   - items: The share, in order.
    ///   - receiver: The receiver.
    /// - Returns: The plan.
    public func plan(_ items: [ShareItem], for receiver: ReceiverProfile) -> SharePlan {
        let compiled = CompiledReceiver(receiver)
        let negotiations = items.map { negotiate($0.offers, with: compiled) }
        var activation = Self.activation(of: items, for: receiver, compiled)
        guard activation.isOffered else {
            // Why, in the activation's own words: each step that failed (a rule not matched, a
            // count over its limit, the receiver disabled), so that the drop says it without the trace.
            let failed: Set<SharePlan.ActivationStep.Code> = [
                .offered, .ruleMatched, .platformIntent, .literalMeaningDiffers,
            ]
            let why = activation.steps.filter { !failed.contains($0.code) }.map { step in
                step.description + (step.rule.map { " [\($0)]" } ?? "")
            }
            let reason =
                "\(receiver.name) is not offered for this share"
                + (why.isEmpty ? "" : ": " + why.joined(separator: "; "))
            let plans = zip(items, negotiations).map { item, negotiation in
                SharePlan.ItemPlan(
                    itemID: item.id, label: item.label, kind: item.kind,
                    outcome: .dropped(.init(.receiverNotOffered, reason)), negotiation: negotiation)
            }
            return SharePlan(receiver: receiver.name, isOffered: false, activationTrace: activation.steps, items: plans)
        }
        activation.steps.append(
            .init(
                .offered,
                "offered: "
                    + (activation.byPlatformRule
                        ? "the platform's rule passes"
                        : receiver.activation.itemMatching == .all ? "every item matches" : "an item matches")))

        // What the handler is given decides what it does with it: an item is of the kind of the
        // representation delivered (a note offered as its own type, then as text, is text to a
        // receiver that takes the text), of its first offer's kind when nothing is delivered.
        let kinds = zip(items, negotiations).map { item, negotiation in
            negotiation.best.map { ContentKind($0.offer.contentType) } ?? item.kind
        }
        var consumption = Consumption(items: items, kinds: kinds, receiver: receiver)
        consumption.outcomes = negotiations.map { negotiation in
            if let best = negotiation.best { return .delivered(best) }
            return .dropped(
                .init(.noAcceptedOffer, "no offer \(receiver.name) accepts" + summary(of: negotiation.rejections)))
        }
        consumption.applyCrossItemRules()
        consumption.applyLimits()
        consumption.keepFirstItemOnly()
        consumption.markPathsAddedToText()
        let plans = items.indices.map { index in
            SharePlan.ItemPlan(
                itemID: items[index].id, label: items[index].label, kind: kinds[index],
                outcome: consumption.outcomes[index], negotiation: negotiations[index])
        }
        return SharePlan(receiver: receiver.name, isOffered: true, activationTrace: activation.steps, items: plans)
    }

    /// Plans a share for each of an app's share targets — the activities of an Android manifest,
    /// say — in their order: the platform presents every target whose plan is offered, and the
    /// first of them is the app's first entry in the share sheet.
    ///
    /// ```swift
    /// let targets = try ReceiverProfile.parse(androidManifest: manifest).map(\.profile)
    /// let plans = Negotiator().plans(share, for: targets)
    /// let chosen = plans.first(where: \.isOffered)
    /// ```
    ///
    /// - Parameters:
    ///   - items: The share, in order.
    ///   - receivers: The targets.
    /// - Returns: One plan per target, in the targets' order.
    public func plans(_ items: [ShareItem], for receivers: [ReceiverProfile]) -> [SharePlan] {
        receivers.map { plan(items, for: $0) }
    }

    /// A parsed declaration is not a receiver: its `profile` is.
    @available(*, unavailable, message: "pass the parsed receiver's .profile")
    public func plan(_ items: [ShareItem], for receiver: ParsedReceiver) -> SharePlan {
        plan(items, for: receiver.profile)
    }

    /// Step 2: whether the receiver is offered for the share, with the trace. Declared types only,
    /// whatever the form or the handler does.
    private static func activation(
        of items: [ShareItem], for receiver: ReceiverProfile, _ compiled: CompiledReceiver
    ) -> (isOffered: Bool, steps: [SharePlan.ActivationStep], byPlatformRule: Bool) {
        if let decision = receiver.activation.platformDecision(for: items, audience: receiver.audience) {
            return (decision.isOffered, decision.steps, true)
        }
        let name = receiver.name
        let (rule, source) = ReceiverActivation.Citation.generic(for: receiver)
        var steps: [SharePlan.ActivationStep] = []
        // A file of text or a link file is a file to a share extension's File key, not text.
        let takesFiles = receiver.platform == "iOS" && receiver.activation.maxCounts[.file] != nil
        func isTextFile(_ item: ShareItem) -> Bool {
            guard let first = item.offers.first(where: { $0.isExportable }) else { return false }
            return first.form == .file && [.text, .url].contains(ContentKind(first.contentType))
        }
        let activating = items.map { item in
            (takesFiles && isTextFile(item))
                || item.offers.contains { offer in
                    offer.isExportable && offer.visibility.isVisible(at: receiver.audience)
                        && compiled.activates(offer.contentType, mediaType: offer.mediaType)
                }
        }
        var offered = true
        switch receiver.activation.itemMatching {
        case .any:
            if !activating.contains(true) {
                offered = false
                steps.append(
                    .init(.noItemMatched, "no item matches an accept rule of \(name)", rule: rule, source: source))
            }
        default:
            // `.all`, and the strictest reading of a way of matching added later.
            for (item, activates) in zip(items, activating) where !activates {
                offered = false
                steps.append(
                    .init(
                        .itemNotMatched,
                        "\(item.label) (\(item.kind)) matches no accept rule of \(name), and every item must match",
                        item: item.id, rule: rule, source: source))
            }
        }
        var counts: [ContentKind: Int] = [:]
        for (item, activates) in zip(items, activating) where activates {
            counts[takesFiles && isTextFile(item) ? .file : item.kind, default: 0] += 1
        }
        for (kind, count) in counts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let limit = receiver.activation.maxCounts[kind], count > limit {
                offered = false
                steps.append(
                    .init(
                        .tooManyOfKind, "\(count) \(kind) item(s), but \(name) takes at most \(limit)", count: count,
                        limit: limit, rule: rule, source: source))
            }
        }
        let attachments = activating.filter { $0 }.count
        if let minimum = receiver.activation.minAttachments, attachments < minimum {
            offered = false
            steps.append(
                .init(
                    .tooFewAttachments, "\(attachments) attachment(s), but \(name) needs at least \(minimum)",
                    count: attachments, limit: minimum, rule: rule, source: source))
        }
        if let maximum = receiver.activation.maxAttachments, attachments > maximum {
            offered = false
            steps.append(
                .init(
                    .tooManyAttachments, "\(attachments) attachment(s), but \(name) takes at most \(maximum)",
                    count: attachments, limit: maximum, rule: rule, source: source))
        }
        return (offered, steps, false)
    }

    /// Step 3: what the receiver's handler does with the items it is given, one rule at a time.
    private struct Consumption {
        let items: [ShareItem]
        /// Each item's kind as delivered.
        let kinds: [ContentKind]
        let receiver: ReceiverProfile
        var outcomes: [SharePlan.ItemPlan.Outcome] = []

        private var name: String { receiver.name }

        private func isDelivered(_ index: Int) -> Bool {
            if case .dropped = outcomes[index] { return false }
            return true
        }

        /// A kind that makes the receiver fail next to another is left out; a kind it drops next to
        /// another is reported dropped.
        mutating func applyCrossItemRules() {
            for rule in receiver.consumption.crossItemRules {
                guard items.indices.contains(where: { isDelivered($0) && kinds[$0] == rule.with }) else {
                    continue
                }
                for index in items.indices
                where isDelivered(index) && kinds[index] == rule.affects && rule.affects != rule.with {
                    let why = rule.note.map { ": \($0)" } ?? ""
                    switch rule.effect {
                    case .dropped:
                        outcomes[index] = .dropped(
                            .init(
                                .ignoredWithOtherItem,
                                "\(name) drops \(rule.affects) that comes with \(Self.article(rule.with))\(why)"))
                    default:
                        // `.fails`, and the safest reading of an effect added later: leave the item out.
                        outcomes[index] = .dropped(
                            .init(
                                .failsWithOtherItem,
                                "left out: \(name) fails when \(rule.affects) comes with \(Self.article(rule.with))\(why)"
                            ))
                    }
                }
            }
        }

        /// The most items of each kind the handler takes.
        mutating func applyLimits() {
            var taken: [ContentKind: Int] = [:]
            for index in items.indices where isDelivered(index) {
                let kind = kinds[index]
                taken[kind, default: 0] += 1
                if let limit = receiver.consumption.maxTaken[kind], taken[kind, default: 0] > limit {
                    outcomes[index] = .dropped(.init(.overLimit, "\(name) takes at most \(limit) \(kind) item(s)"))
                }
            }
        }

        /// A first-item-only handler keeps the first item in its precedence order.
        mutating func keepFirstItemOnly() {
            guard receiver.consumption.reads == .firstItemOnly else { return }
            let order =
                receiver.consumption.precedence
                + ContentKind.allCases.filter { !receiver.consumption.precedence.contains($0) }
            func rank(_ index: Int) -> (Int, Int) { (order.firstIndex(of: kinds[index]) ?? order.count, index) }
            let delivered = items.indices.filter(isDelivered)
            guard let first = delivered.min(by: { rank($0) < rank($1) }) else { return }
            let sequence = receiver.consumption.precedence.map(\.rawValue).joined(separator: " → ")
            for index in delivered where index != first {
                outcomes[index] = .dropped(
                    .init(
                        .firstItemOnly,
                        "\(name) reads only the first attachment (in the order \(sequence)): \(items[first].label)"))
            }
        }

        /// A delivered item whose outcome adds its file path to the text marks the text item (or,
        /// without one, itself) as transformed.
        mutating func markPathsAddedToText() {
            for index in items.indices {
                guard case .delivered(let candidate) = outcomes[index], candidate.outcome == .addsPathToText else {
                    continue
                }
                let note = SharePlan.ItemPlan.Cause(
                    .addsPathToText,
                    "\(name) adds the file path of \(items[index].label) to the text"
                        + (candidate.note.map { " (\($0))" } ?? ""))
                if let text = items.indices.first(where: { kinds[$0] == .text && isDelivered($0) }),
                    case .delivered(let textCandidate) = outcomes[text]
                {
                    outcomes[text] = .transformed(textCandidate, note)
                } else {
                    outcomes[index] = .transformed(candidate, note)
                }
            }
        }

        static func article(_ kind: ContentKind) -> String {
            switch kind {
            case .image: "an image"
            case .movie: "a movie"
            case .url: "a link"
            case .audio: "audio"
            case .text: "text"
            case .file: "a file"
            default: "\(kind)"
            }
        }
    }

    /// The rejections grouped by type and reason: `: public.png (file, data): fails: …`.
    private func summary(of rejections: [Negotiation.Rejection]) -> String {
        var groups: [(type: String, why: String, forms: [String])] = []
        for rejection in rejections {
            var offer = rejection.offer
            offer.form = .data
            let type = String(offer.description.dropLast(" as data".count))
            let why = rejection.reason
            if let index = groups.firstIndex(where: { $0.type == type && $0.why == why }) {
                groups[index].forms.append(rejection.offer.form.description)
            } else {
                groups.append((type, why, [rejection.offer.form.description]))
            }
        }
        guard !groups.isEmpty else { return "" }
        return ": "
            + groups.prefix(4).map { "\($0.type) (\($0.forms.joined(separator: ", "))): \($0.why)" }.joined(
                separator: "; ")
    }
}
