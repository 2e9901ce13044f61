extension SharePlan.ItemPlan: Encodable {
    /// The keys of an item plan's JSON.
    enum CodingKeys: String, CodingKey {
        case label
        case kind
        case outcome
        case delivered
        case cause
        case candidates
        case rejections
    }

    /// Encodes the item's plan:
    ///
    /// ```json
    /// {"label": "text", "kind": "text", "outcome": "dropped",
    ///  "cause": {"code": "failsWithOtherItem", "reason": "…"}, "candidates": [Candidate], "rejections": [Rejection]}
    /// ```
    ///
    /// `kind` is the ``ContentKind``'s name; `outcome` is `delivered`, `dropped` or `transformed`;
    /// `delivered` (the ``Negotiation/Candidate`` delivered, for a delivered or transformed item) and
    /// `cause` (a ``Cause``, for a dropped or transformed one) appear when the item has them;
    /// `candidates` and `rejections` are the item's ``negotiation``'s, the candidates best first.
    /// The item's ``itemID`` is not encoded (it tells items apart within one process only); in a
    /// ``SharePlan``'s JSON an item's position in `items` identifies it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        let outcomeName =
            switch outcome {
            case .delivered: "delivered"
            case .dropped: "dropped"
            case .transformed: "transformed"
            }
        try container.encode(outcomeName, forKey: .outcome)
        try container.encodeIfPresent(delivered, forKey: .delivered)
        try container.encodeIfPresent(cause, forKey: .cause)
        try container.encode(negotiation.candidates, forKey: .candidates)
        try container.encode(negotiation.rejections, forKey: .rejections)
    }
}

extension SharePlan.ItemPlan.Cause: Encodable {
    /// The keys of a cause's JSON.
    enum CodingKeys: String, CodingKey {
        case code
        case reason
    }

    /// Encodes the cause: `{"code": "overLimit", "reason": "…"}`, the code's ``Code/rawValue`` and
    /// the reason in words.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(reason, forKey: .reason)
    }
}
