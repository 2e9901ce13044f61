extension Negotiation: Encodable {
    /// The keys of a negotiation's JSON.
    enum CodingKeys: String, CodingKey {
        case receiver
        case policy
        case candidates
        case rejections
    }

    /// Encodes the negotiation: `{"receiver": String, "policy": "sender" | "receiver" | "product",
    /// "candidates": [Candidate], "rejections": [Rejection]}`, the candidates best first and the
    /// rejections in the sender's order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(receiver, forKey: .receiver)
        try container.encode(policy, forKey: .policy)
        try container.encode(candidates, forKey: .candidates)
        try container.encode(rejections, forKey: .rejections)
    }
}

extension Negotiation.Candidate: Encodable {
    /// The keys of a candidate's JSON.
    enum CodingKeys: String, CodingKey {
        case offer
        case rule
        case distance
        case weight
        case consumption
        case note
    }

    /// Encodes the candidate:
    ///
    /// ```json
    /// {"offer": {…}, "rule": {"mediaRange": "text/html", "q": 0.9}, "distance": 0, "weight": 0.9,
    ///  "consumption": "ok"}
    /// ```
    ///
    /// `offer` is the ``Offer`` and `rule` the ``AcceptRule`` in their own JSON (a rule's weight is
    /// its `q`, left out when 1); `distance` is left out for a wildcard match; `weight` is the
    /// rule's weight, always present; `consumption` is ``outcome``'s name (`ok` or
    /// `addsPathToText`) and `note` its evidence, when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(offer, forKey: .offer)
        try container.encode(rule, forKey: .rule)
        try container.encodeIfPresent(distance, forKey: .distance)
        try container.encode(weight, forKey: .weight)
        try container.encode(outcome, forKey: .consumption)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

extension Negotiation.Rejection: Encodable {
    /// The keys of a rejection's JSON.
    enum CodingKeys: String, CodingKey {
        case offer
        case code
        case rule
        case consumption
        case visibility
        case note
        case reason
    }

    /// Encodes the rejection, its cause's particulars as fields of their own:
    ///
    /// ```json
    /// {"offer": {…}, "code": "excluded", "rule": {"type": "public.html", "q": 0}, "reason": "excluded by …"}
    /// ```
    ///
    /// `code` is the cause's ``Cause/Code/rawValue``; `rule` (an ``AcceptRule``, for
    /// `formNotAccepted` and `excluded`), `consumption` (the handler's outcome, for `consumption`),
    /// `visibility` (for `notVisible`) and `note` (the evidence, for `consumption`) appear when the
    /// cause has them; `reason` is ``reason``, the whole reason in words.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(offer, forKey: .offer)
        try container.encode(cause.code.rawValue, forKey: .code)
        try container.encodeIfPresent(cause.rule, forKey: .rule)
        try container.encodeIfPresent(cause.outcome, forKey: .consumption)
        try container.encodeIfPresent(cause.visibility, forKey: .visibility)
        try container.encodeIfPresent(cause.note, forKey: .note)
        try container.encode(reason, forKey: .reason)
    }
}
