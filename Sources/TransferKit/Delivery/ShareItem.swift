import Synchronization

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
/// Each item has an identity of its own (``id``): a plan knows its items by identity and position,
/// never by label, so two items of one type — or with one label — stay two items.
///
/// `ShareItem` is `Sendable`.
public struct ShareItem: Sendable, Identifiable, CustomStringConvertible {
    /// An item's identity: unique to the item made by one call of an initializer, and shared by
    /// its copies.
    ///
    /// `ID` is `Sendable`.
    public struct ID: Sendable, Hashable, CustomStringConvertible {
        private static let next = Atomic<UInt64>(1)
        private let value: UInt64

        fileprivate static func make() -> ID {
            ID(value: next.wrappingAdd(1, ordering: .relaxed).oldValue)
        }

        /// `item` followed by a number that tells items apart within the process.
        public var description: String { "item \(value)" }
    }

    /// The item's identity.
    public let id: ID
    /// A name for the item in plans and traces. Labels need not be unique.
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
    ///   - forms: The payload forms offered, in order. The default,
    ///     ``TransferPayloadFormOrder/representationFirst``, is each representation's own form, then
    ///     a value, then the other of data and file.
    public init<Item: Transferable>(
        _ item: Item, label: String? = nil, forms: TransferPayloadFormOrder = .representationFirst
    ) {
        let label = label ?? String(describing: Item.self)
        let id = ID.make()
        self.id = id
        self.label = label
        do throws(TransferError) {
            self.offers = try Offer.offers(for: item, forms: forms)
            self.flatteningError = nil
        } catch {
            self.offers = []
            self.flatteningError = error
        }
        self.export = { offer, body in
            try await item.deliver(offer, as: id, label: label, body)
        }
    }

    /// An item made of hand-written offers: it can be negotiated, not delivered.
    ///
    /// - Parameters:
    ///   - label: A name for plans.
    ///   - offers: The offers, in the sender's order.
    public init(label: String, offers: [Offer]) {
        self.id = .make()
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
    /// - Throws: ``TransferError`` when the item is made of hand-written offers, the offer was not
    ///   made from one of its type's representations (a hand-written offer, or one of another
    ///   type's), or the export fails; what `body` throws, unchanged.
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
    /// Exports the item through the representation and form `offer` names and hands `body` the payload.
    ///
    /// The offer carries the representation it was made from: nothing is flattened or looked up
    /// again.
    func deliver(
        _ offer: Offer, as itemID: ShareItem.ID, label: String, _ body: (DeliveredPayload) async throws -> Void
    ) async throws {
        guard let entry = offer.representation?.entry(of: Self.self), entry.canExport else {
            throw TransferError(
                .exportNotSupported, itemType: Self.self, requestedContentType: offer.contentType,
                reason:
                    offer.representation == nil
                    ? "\(offer) was written by hand: it names no representation of \(label) to export"
                    : "\(offer) was made from a representation of another type, not of \(label)")
        }
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
                DeliveredPayload(
                    itemID: itemID, label: label, contentType: entry.contentType, content: .file(prepared.url),
                    isOriginalFile: prepared.directory == nil))
        case .value:
            let value: any Sendable
            if let valueExporter = entry.valueExporter {
                value = try await Self.running(entry, .export) { try await valueExporter(self) }
            } else {
                value = self
            }
            try await body(
                DeliveredPayload(itemID: itemID, label: label, contentType: entry.contentType, content: .value(value)))
        default:
            let data = try await exportData(through: entry)
            try await body(
                DeliveredPayload(itemID: itemID, label: label, contentType: entry.contentType, content: .data(data)))
        }
    }
}
