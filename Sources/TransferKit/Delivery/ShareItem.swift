#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One item of a share: a `Transferable` value, or hand-written offers.
///
/// ```swift
/// let share = [ShareItem(photo), ShareItem("#sunset #sea")]
/// ```
///
/// An item made of a value can be delivered (``withPayload(for:_:)``, ``SharePlan/deliver(_:to:)``):
/// exported through exactly the representation and form an offer names. One made of hand-written
/// offers can be negotiated but not delivered.
///
/// `ShareItem` is `Sendable`.
public struct ShareItem: Sendable, CustomStringConvertible {
    /// A name for the item in plans and traces.
    public let label: String
    /// Its offers, in the sender's order.
    public let offers: [Offer]
    /// Exports the item through an offer and runs the body with the payload; `nil` for
    /// hand-written offers.
    let export: (@Sendable (Offer, (DeliveredPayload) async throws -> Void) async throws -> Void)?
    /// Why the item's type could not be flattened (a proxy cycle), if it could not: the item then
    /// offers nothing, and delivering it throws this error.
    public let flatteningError: TransferError?

    /// An item made of a `Transferable` value.
    ///
    /// When the value's type cannot be flattened (a proxy cycle), the item offers nothing and keeps
    /// the error in ``flatteningError``; ``SharePlan/deliver(_:to:)`` and ``withPayload(for:_:)``
    /// throw it.
    ///
    /// - Parameters:
    ///   - item: The value.
    ///   - label: A name for plans; the default is the type's name.
    ///   - forms: The payload forms offered, in order; `nil` for each representation's own form,
    ///     then a value, then the other of data and file.
    public init<Item: Transferable>(_ item: Item, label: String? = nil, forms: [TransferPayloadForm]? = nil) {
        let label = label ?? String(describing: Item.self)
        self.label = label
        do throws(TransferError) {
            self.offers = try Offer.offers(for: item, forms: forms)
            self.flatteningError = nil
        } catch {
            self.offers = []
            self.flatteningError = error
        }
        self.export = { offer, body in
            try await item.deliver(offer, label: label, body)
        }
    }

    /// An item made of hand-written offers: it can be negotiated, not delivered.
    ///
    /// - Parameters:
    ///   - label: A name for plans.
    ///   - offers: The offers, in the sender's order.
    public init(label: String, offers: [Offer]) {
        self.label = label
        self.offers = offers
        self.export = nil
        self.flatteningError = nil
    }

    /// The item's kind of content: the kind of its first offer.
    public var kind: ContentKind {
        offers.first.map { ContentKind($0.contentType) } ?? .file
    }

    /// Whether the item can be delivered: it is made of a value.
    public var isDeliverable: Bool { export != nil }

    /// The item's offer of exactly `contentType` in `form` — the representation of that type, in that
    /// form — or `nil` when it makes none: `item.offer(.png, form: .file)` for "the PNG as a file".
    ///
    /// - Parameters:
    ///   - contentType: The representation's content type (compared exactly, not by conformance).
    ///   - form: The payload form.
    public func offer(_ contentType: UTType, form: TransferPayloadForm) -> Offer? {
        offers.first { $0.contentType == contentType && $0.form == form }
    }

    /// Exports the item through exactly the representation and form `offer` names, and runs `body`
    /// with the payload: the bytes, a file, or the value itself.
    ///
    /// A file exists only while `body` runs, as on Apple's platforms: copy it to keep it. Every
    /// file and directory made along the way is removed when `body` returns or throws.
    ///
    /// - Parameters:
    ///   - offer: One of the item's offers, as a negotiation chose it.
    ///   - body: Receives the payload.
    /// - Returns: What `body` returns.
    /// - Throws: ``TransferError`` when the item is made of hand-written offers, the offer is not
    ///   one of its representations, or the export fails; what `body` throws, unchanged.
    public func withPayload<Result>(for offer: Offer, _ body: (DeliveredPayload) async throws -> Result) async throws
        -> Result
    {
        if let flatteningError { throw flatteningError }
        guard let export else {
            throw TransferError(
                .exportNotSupported, itemType: ShareItem.self,
                reason: "\(label) is made of hand-written offers: there is nothing to export")
        }
        var result: Result?
        try await export(offer) { payload in result = try await body(payload) }
        guard let result else {
            throw TransferError(
                .exportNotSupported, itemType: ShareItem.self, reason: "\(label) delivered nothing for \(offer)")
        }
        return result
    }

    /// The label.
    public var description: String { label }
}

extension Transferable {
    /// Exports the item through the entry and form `offer` names and hands `body` the payload.
    func deliver(_ offer: Offer, label: String, _ body: (DeliveredPayload) async throws -> Void) async throws {
        let entries = try Self.flattenedRepresentations()
        guard entries.indices.contains(offer.representationIndex), entries[offer.representationIndex].canExport,
            entries[offer.representationIndex].contentType == offer.contentType
        else {
            throw TransferError(
                .exportNotSupported, itemType: Self.self, requestedContentType: offer.contentType,
                reason:
                    "\(label) has no representation \(offer.representationIndex) exporting \(offer.contentType.identifier)"
            )
        }
        let entry = entries[offer.representationIndex]
        guard entry.canExport(self) else {
            throw TransferError(
                .exportNotSupported, itemType: Self.self, requestedContentType: offer.contentType,
                reason: "the exporting condition of \(entry) is false for \(label)")
        }
        switch offer.form {
        case .file:
            let prepared = try await prepareFile(through: entry)
            defer { prepared.cleanUp() }
            try await body(
                DeliveredPayload(label: label, contentType: entry.contentType, form: .file, fileURL: prepared.url))
        case .value:
            let value: any Sendable
            if let valueExporter = entry.valueExporter {
                value = try await Self.running(entry, .export) { try await valueExporter(self) }
            } else {
                value = self
            }
            try await body(DeliveredPayload(label: label, contentType: entry.contentType, form: .value, value: value))
        default:
            let data = try await exportData(through: entry)
            try await body(DeliveredPayload(label: label, contentType: entry.contentType, form: .data, data: data))
        }
    }
}
