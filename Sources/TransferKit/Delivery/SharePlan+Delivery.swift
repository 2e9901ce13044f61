/// Delivery: the plan carried out.
extension SharePlan {
    /// Delivers the share as planned: each item that is delivered or transformed is exported
    /// through exactly the representation and form the plan chose, and `receive` gets its payload,
    /// in the share's order; dropped items are skipped.
    ///
    /// ```swift
    /// let plan = Negotiator().plan(share, for: mastodon)
    /// try await plan.deliver(share) { item, payload in
    ///     received.append((item.label, payload.contentType, payload.data))
    /// }
    /// ```
    ///
    /// Files exist only while `receive` runs, and every file made along the way is removed on every
    /// path out, including a thrown error or a cancellation.
    ///
    /// - Parameters:
    ///   - items: The share the plan was made for, in the same order.
    ///   - receive: Receives each item's plan and payload.
    /// - Throws: ``TransferError`` when `items` is not the share the plan was made for (the same
    ///   items by identity, ``ShareItem/id``, in the same order), an item
    ///   is made of hand-written offers, an item's type cannot be flattened
    ///   (``ShareItem/flatteningError``), or an export fails; what `receive` throws, unchanged;
    ///   `CancellationError` when the task is cancelled between items.
    public func deliver(_ items: [ShareItem], to receive: (ItemPlan, DeliveredPayload) async throws -> Void)
        async throws
    {
        guard items.count == self.items.count else {
            throw TransferError(
                .exportNotSupported, itemType: ShareItem.self,
                reason: "the share has \(items.count) item(s), not the \(self.items.count) the plan was made for")
        }
        if let position = items.indices.first(where: { items[$0].id != self.items[$0].itemID }) {
            throw TransferError(
                .exportNotSupported, itemType: ShareItem.self,
                reason:
                    "item \(position + 1) of the share (\(items[position].label)) is not the item the plan was made for"
                    + " (\(self.items[position].label)): deliver the very items that were planned, in order")
        }
        // An item whose type cannot be flattened fails the share with its error, before anything is sent.
        if let error = items.lazy.compactMap(\.flatteningError).first { throw error }
        for (item, plan) in zip(items, self.items) {
            guard let candidate = plan.delivered else { continue }
            try Task.checkCancellation()
            try await item.withPayload(for: candidate.offer) { payload in try await receive(plan, payload) }
        }
    }
}
