public import Foundation
import TransferKit
import TransferSupport

/// A receiver you can share to in a test: the share is negotiated with its profile, delivered
/// through the representations chosen, and consumed as the receiver does — so a test sees what
/// the receiver ends up with.
///
/// ```swift
/// let mastodon = try SimulatedReceiver.named("Mastodon")
/// let shown = try await mastodon.receive([ShareItem(photo, label: "photo"), ShareItem("#sunset", label: "text")])
/// #expect(shown.images.first?.data == pngBytes)          // the bytes the exporter produced
/// #expect(shown.text?.hasPrefix("#sunset") == true)      // the post, as the receiver writes it
/// #expect(shown.dropped.isEmpty)
/// ```
///
/// `SimulatedReceiver` is `Sendable`.
public struct SimulatedReceiver: Sendable {
    /// The receiver's profile.
    public let profile: ReceiverProfile
    /// The policy used to choose representations.
    public var policy: NegotiationPolicy

    /// Simulates a receiver from its profile.
    ///
    /// - Parameters:
    ///   - profile: The profile.
    ///   - policy: The negotiation policy. The default is sender order.
    public init(_ profile: ReceiverProfile, policy: NegotiationPolicy = .senderOrder) {
        self.profile = profile
        self.policy = policy
    }

    /// A parsed declaration is not a receiver: its `profile` is.
    @available(*, unavailable, message: "pass the parsed receiver's .profile")
    public init(_ parsed: ParsedReceiver, policy: NegotiationPolicy = .senderOrder) {
        self.init(parsed.profile, policy: policy)
    }

    /// Simulates a built-in receiver by name, identifier or alias.
    ///
    /// - Parameter name: `Bluesky`, `org.joinmastodon.app.ShareActionExtension`, …
    /// - Returns: The simulated receiver.
    /// - Throws: `ReceiverDeclarationError` when no built-in profile matches.
    public static func named(_ name: String) throws(ReceiverDeclarationError) -> SimulatedReceiver {
        SimulatedReceiver(try ReceiverProfile.named(name))
    }

    /// What the receiver ends up with for a share: the plan, carried out.
    ///
    /// Each delivered item is exported through exactly the representation and form the plan chose
    /// (`SharePlan.deliver(_:to:)`); attachments keep the bytes received (read from the file
    /// while it exists, for the file form) or the value with the bytes its representation exports
    /// as data; text items become the post's text, to
    /// which the paths of files are added where the receiver does that. Items made of
    /// hand-written offers are reported by type and form only. No file outlives the call.
    ///
    /// - Parameter items: The share, in order.
    /// - Returns: The attachments, the text of the post, and what was dropped and why.
    /// - Throws: `TransferError` when an item's type cannot be flattened (a proxy cycle) or an export
    ///   fails.
    public func receive(_ items: [ShareItem]) async throws -> ReceivedShare {
        if let error = items.lazy.compactMap(\.flatteningError).first { throw error }
        let plan = Negotiator(policy: policy).plan(items, for: profile)
        // What each item delivered, by its position in the share: labels need not be unique (two
        // photos may both be "photo").
        var received: [Int: ReceivedShare.Attachment] = [:]
        // The plan's deliveries, item by item (SharePlan.deliver(_:to:) would refuse the items
        // made of hand-written offers, which have nothing to export).
        for (position, (item, itemPlan)) in zip(items, plan.items).enumerated() where item.isDeliverable {
            guard let candidate = itemPlan.delivered else { continue }
            // A value's bytes are what the same representation exports as data: the photo the
            // receiver shows, for a test to compare.
            var valueBytes: Data?
            if candidate.offer.form == .value,
                let asData = item.offers.first(where: {
                    $0.representationIndex == candidate.offer.representationIndex && $0.form == .data
                })
            {
                try await item.withPayload(for: asData) { valueBytes = $0.data }
            }
            try await item.withPayload(for: candidate.offer) { payload in
                var bytes = payload.data ?? valueBytes
                if let file = payload.fileURL { bytes = try ReadableFile.contents(of: file) }
                received[position] = ReceivedShare.Attachment(
                    label: itemPlan.label, kind: itemPlan.kind, contentType: payload.contentType, form: payload.form,
                    data: bytes, fileName: payload.fileURL?.lastPathComponent, filePath: payload.fileURL?.path,
                    value: payload.value(as: (any Sendable).self))
            }
        }
        var attachments: [ReceivedShare.Attachment] = []
        var texts: [String] = []
        for (position, itemPlan) in plan.items.enumerated() {
            guard let candidate = itemPlan.delivered else { continue }
            let attachment =
                received[position]
                ?? ReceivedShare.Attachment(
                    label: itemPlan.label, kind: itemPlan.kind, contentType: candidate.offer.contentType,
                    form: candidate.offer.form)
            if itemPlan.kind == .text {
                texts.append(attachment.text ?? itemPlan.label)
            } else {
                attachments.append(attachment)
            }
        }
        // Paths the receiver adds to the text: where the delivered file was.
        for (position, itemPlan) in plan.items.enumerated() where itemPlan.delivered?.outcome == .addsPathToText {
            texts.append(received[position]?.filePath ?? "<file path of \(itemPlan.label)>")
        }
        let text = texts.isEmpty ? nil : texts.joined(separator: "\n")
        let dropped = plan.items.compactMap { itemPlan -> ReceivedShare.Drop? in
            guard case .dropped(let cause) = itemPlan.outcome else { return nil }
            return ReceivedShare.Drop(label: itemPlan.label, cause: cause)
        }
        return ReceivedShare(
            receiver: profile.name, isOffered: plan.isOffered, attachments: attachments, text: text, dropped: dropped,
            plan: plan)
    }
}

/// What a simulated receiver ends up with for a share.
///
/// `ReceivedShare` is `Sendable`.
public struct ReceivedShare: Sendable, CustomStringConvertible {
    /// What the receiver got for one item.
    ///
    /// `Attachment` is `Sendable`.
    public struct Attachment: Sendable {
        /// The item's label.
        public let label: String
        /// Its kind of content.
        public let kind: ContentKind
        /// The content type delivered.
        public let contentType: UTType
        /// The form delivered.
        public let form: TransferPayloadForm
        /// The bytes received: the exported data, or the delivered file's contents; for a value,
        /// the bytes its representation exports as data (the photo the receiver shows); `nil` for
        /// an item of hand-written offers.
        public let data: Data?
        /// The delivered file's name, for the file form: the exporter's own file name unless a
        /// suggested file name overrides it.
        public let fileName: String?
        /// Where the delivered file was while the receiver had it, for the file form.
        public let filePath: String?
        /// The value handed over in process, for the value form.
        public let value: (any Sendable)?

        init(
            label: String, kind: ContentKind, contentType: UTType, form: TransferPayloadForm, data: Data? = nil,
            fileName: String? = nil, filePath: String? = nil, value: (any Sendable)? = nil
        ) {
            self.label = label
            self.kind = kind
            self.contentType = contentType
            self.form = form
            self.data = data
            self.fileName = fileName
            self.filePath = filePath
            self.value = value
        }

        /// The value handed over in process, when it is a `Value`: `attachment.value(as: Photo.self)`.
        ///
        /// - Parameter type: The type the test expects.
        /// - Returns: The value, or `nil` for the data and file forms and for a value of another type.
        public func value<Value>(as type: Value.Type = Value.self) -> Value? { value as? Value }

        /// The payload as text: UTF-8 bytes, or a `String` value.
        public var text: String? {
            if let data { return String(validating: data, as: UTF8.self) }
            return value as? String
        }
    }

    /// An item that does not reach the user.
    ///
    /// `Drop` is `Sendable`.
    public struct Drop: Sendable, Hashable {
        /// The item's label.
        public let label: String
        /// What dropped it: a code (`SharePlan.ItemPlan.Cause.code`) and the reason in words.
        public let cause: SharePlan.ItemPlan.Cause

        /// Why it was dropped, in words.
        public var reason: String { cause.reason }
    }

    /// The receiver's name.
    public let receiver: String
    /// Whether the receiver is offered for the share at all.
    public let isOffered: Bool
    /// The attachments received, in order.
    public let attachments: [Attachment]
    /// The text of the post, or `nil` when there is none. Made of, in this order: each delivered
    /// text item's text (its UTF-8 bytes or `String` value; its label when it delivered neither), in
    /// the share's order; then, for each item the receiver posts as a path
    /// (`ReceiverConsumption.Outcome.addsPathToText`), the delivered file's path — each part joined
    /// to the next by one line feed (`"\n"`), with nothing before the first or after the last.
    public let text: String?
    /// What was dropped, and why.
    public let dropped: [Drop]
    /// The plan behind the delivery.
    public let plan: SharePlan

    /// The image attachments.
    public var images: [Attachment] { attachments.filter { $0.kind == .image } }
    /// The movie attachments.
    public var movies: [Attachment] { attachments.filter { $0.kind == .movie } }

    /// What the receiver got, then what was dropped.
    public var description: String {
        var lines = ["\(receiver) " + (isOffered ? "received:" : "is not offered")]
        lines += attachments.map { attachment in
            "  \(attachment.kind) \(attachment.label): \(attachment.contentType.identifier) as \(attachment.form)"
                + (attachment.data.map { ", \($0.count) bytes" } ?? "")
                + (attachment.fileName.map { ", file \($0)" } ?? "")
        }
        if let text { lines.append("  text: \(text.debugDescription)") }
        lines += dropped.map { "  dropped \($0.label): \($0.reason)" }
        return lines.joined(separator: "\n")
    }
}
