extension SharePlan: Encodable {
    /// The keys of a plan's JSON.
    enum CodingKeys: String, CodingKey {
        case receiver
        case offered
        case activation
        case items
    }

    /// Encodes the plan:
    ///
    /// ```json
    /// {"receiver": "Bluesky", "offered": true,
    ///  "activation": [{"code": "offered", "description": "…"}],
    ///  "items": [{"label": "photo", "kind": "image", "outcome": "delivered", …}]}
    /// ```
    ///
    /// `offered` is ``isOffered``; `activation` is ``activationTrace``, each ``ActivationStep`` in
    /// its own JSON, with the item it is about (if any) named by its label (`item`) and its position
    /// in `items` (`itemIndex`, from 0: labels need not be unique); `items` is each ``ItemPlan`` in
    /// its own JSON, in the share's order. An item's ``ShareItem/ID`` tells items apart within one
    /// process only, so it is not encoded: its position in `items` is its identity in the JSON.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(receiver, forKey: .receiver)
        try container.encode(isOffered, forKey: .offered)
        // Built once, and only when a step names an item: a lookup per step would be quadratic.
        var positions: [ShareItem.ID: Int] = [:]
        if activationTrace.contains(where: { $0.itemID != nil }) {
            for (index, item) in items.enumerated() where positions[item.itemID] == nil {
                positions[item.itemID] = index
            }
        }
        try container.encode(
            activationTrace.map { step in
                StepInPlan(
                    step: step,
                    item: step.itemID.flatMap { id in positions[id].map { (items[$0].label, $0) } })
            },
            forKey: .activation)
        try container.encode(items, forKey: .items)
    }

    /// An activation step with the label and position of the plan's item it names.
    private struct StepInPlan: Encodable {
        let step: ActivationStep
        let item: (label: String, index: Int)?

        func encode(to encoder: any Encoder) throws {
            try step.encode(to: encoder, item: item)
        }
    }
}

extension SharePlan.ActivationStep: Encodable {
    /// The keys of an activation step's JSON.
    enum CodingKeys: String, CodingKey {
        case code
        case description
        case item
        case itemIndex
        case count
        case limit
        case rule
        case source
    }

    /// Encodes the step:
    ///
    /// ```json
    /// {"code": "tooManyOfKind", "description": "2 image items; Instagram takes at most 1", "count": 2, "limit": 1}
    /// ```
    ///
    /// `code` is ``Code/rawValue``; `description` is the step in words; `count` and `limit` (the
    /// count codes), `rule` and `source` (a platform rule and the documentation that states it)
    /// appear when the step has them. Encoded as part of its ``SharePlan``, a step about an item
    /// also has `item`, the item's label, and `itemIndex`, its position in the plan's `items`; a
    /// step encoded on its own cannot name its item, so it has neither.
    public func encode(to encoder: any Encoder) throws {
        try encode(to: encoder, item: nil)
    }

    /// Encodes the step, with the label and position of the plan's item it names, if any.
    func encode(to encoder: any Encoder, item: (label: String, index: Int)?) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code.rawValue, forKey: .code)
        try container.encode(description, forKey: .description)
        if let item {
            try container.encode(item.label, forKey: .item)
            try container.encode(item.index, forKey: .itemIndex)
        }
        try container.encodeIfPresent(count, forKey: .count)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(rule, forKey: .rule)
        try container.encodeIfPresent(source, forKey: .source)
    }
}
