/// A receiver prepared for repeated negotiation: its rules resolved once.
///
/// `CompiledReceiver` is `Sendable`.
public struct CompiledReceiver: Sendable {
    /// The profile it was compiled from.
    public let profile: ReceiverProfile
    let rules: [AcceptRule]
    /// The rules' types, media ranges and wildcard, compiled for matching many offers.
    private let matcher: UTTypeMatcher
    /// Per rule, its parameters (values lowercased).
    private let parameters: [[(name: String, value: String)]]
    private let hasParameters: Bool
    private let readsEverythingAsIntended: Bool

    /// Compiles a profile.
    ///
    /// - Parameter profile: The receiver's profile.
    public init(_ profile: ReceiverProfile) {
        self.profile = profile
        self.rules = profile.activation.accepts
        self.matcher = UTTypeMatcher(profile.activation.accepts.map(\.pattern))
        self.parameters = profile.activation.accepts.map { rule in
            rule.parameters.map { ($0.key, $0.value.lowercased()) }
        }
        self.hasParameters = profile.activation.accepts.contains { !$0.parameters.isEmpty }
        self.readsEverythingAsIntended = profile.consumption.readings.isEmpty
    }

    enum Evaluation {
        case accepted(ruleIndex: Int, distance: Int?, outcome: ReceiverConsumption.Outcome, note: String?)
        case rejected(Negotiation.Rejection.Cause)
    }

    /// The most specific rule matching a content type offered as a media type (whose parameters a
    /// rule's must be among), ignoring forms and weights: its index and conformance distance (`nil`
    /// for the wildcard).
    func mostSpecificRule(for contentType: UTType, mediaType: MediaType?) -> (index: Int, distance: Int?)? {
        var best: (index: Int, distance: Int?, parameterCount: Int)?
        matcher.forEachMatch(of: contentType, mediaType: mediaType) { match in
            let index = match.index
            if hasParameters, !self.parameters[index].isEmpty {
                guard
                    let mediaType,
                    self.parameters[index].allSatisfy({ mediaType[parameter: $0.name]?.lowercased() == $0.value })
                else {
                    return
                }
            }
            let parameterCount = hasParameters ? self.parameters[index].count : 0
            guard let current = best else {
                best = (index, match.distance, parameterCount)
                return
            }
            // Explicit beats wildcard; nearer beats farther; more parameters beat fewer; earlier wins ties.
            switch (match.distance, current.distance) {
            case (nil, _):
                return
            case (.some, nil):
                best = (index, match.distance, parameterCount)
            case (.some(let new), .some(let old)):
                if new < old || (new == old && parameterCount > current.parameterCount) {
                    best = (index, match.distance, parameterCount)
                }
            }
        }
        return best.map { ($0.index, $0.distance) }
    }

    /// Filters one offer; see ``Negotiator``.
    func evaluate(_ offer: Offer) -> Evaluation {
        guard offer.isExportable else { return .rejected(.conditionFalse) }
        guard offer.visibility.isVisible(at: profile.audience) else { return .rejected(.notVisible(offer.visibility)) }
        guard
            let match = mostSpecificRule(for: offer.contentType, mediaType: offer.mediaType)
        else {
            return .rejected(.typeNotAccepted)
        }
        let rule = rules[match.index]
        guard rule.weight > 0 else { return .rejected(.excluded(rule)) }
        if !rule.forms.contains(offer.form) { return .rejected(.formNotAccepted(rule)) }
        if readsEverythingAsIntended {
            return .accepted(ruleIndex: match.index, distance: match.distance, outcome: .ok, note: nil)
        }
        let reading = profile.consumption.reading(for: ContentKind(offer.contentType), form: offer.form)
        guard reading.outcome.isDelivered else { return .rejected(.consumption(reading.outcome, note: reading.note)) }
        return .accepted(
            ruleIndex: match.index, distance: match.distance, outcome: reading.outcome,
            note: reading.outcome == .ok ? nil : reading.note)
    }

    /// Whether a content type offered as a media type activates the receiver: a rule with a weight
    /// above 0 accepts it.
    func activates(_ contentType: UTType, mediaType: MediaType?) -> Bool {
        guard let match = mostSpecificRule(for: contentType, mediaType: mediaType) else { return false }
        return rules[match.index].weight > 0
    }
}
