import Foundation
import TransferKit

/// A receiver you can share to in a test: its profile answers what it would show.
///
/// ```swift
/// let bluesky = try SimulatedReceiver.named("Bluesky")
/// let shown = await bluesky.receive([ShareItem(photo, label: "photo"), ShareItem("#sunset", label: "text")])
/// #expect(shown.attachments.map(\.form) == [.value])   // the image, as an object
/// #expect(shown.text == nil)                           // the text is left out…
/// #expect(shown.dropped.first?.label == "text")        // …and the report says why
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

    /// Simulates a built-in receiver by name, identifier or alias.
    ///
    /// - Parameter name: `Bluesky`, `org.joinmastodon.app.ShareActionExtension`, …
    /// - Returns: The simulated receiver.
    /// - Throws: `ReceiverDeclarationError` when no built-in profile matches.
    public static func named(_ name: String) throws(ReceiverDeclarationError) -> SimulatedReceiver {
        SimulatedReceiver(try ReceiverProfile.named(name))
    }

    /// What the receiver would show for a share.
    ///
    /// - Parameter items: The share, in order.
    /// - Returns: The attachments shown, the text of the post, and what was dropped and why.
    public func receive(_ items: [ShareItem]) async -> ReceivedShare {
        let plan = Negotiator(policy: policy).plan(items, for: profile)
        var attachments: [ReceivedShare.Attachment] = []
        var texts: [String] = []
        var dropped: [(label: String, reason: String)] = []
        for (item, itemPlan) in zip(items, plan.items) {
            switch itemPlan.outcome {
            case .dropped(let reason):
                dropped.append((item.label, reason))
            case .delivered(let candidate), .transformed(let candidate?, _):
                if itemPlan.kind == .text {
                    texts.append(await item.text?() ?? item.label)
                } else {
                    attachments.append(
                        .init(label: item.label, kind: itemPlan.kind, contentType: candidate.offer.contentType, form: candidate.offer.form))
                }
            case .transformed(nil, _):
                break
            }
        }
        // Paths a receiver adds to the text: the delivered file's location.
        for (item, itemPlan) in zip(items, plan.items) where itemPlan.delivered?.outcome == .addsPathToText {
            let path = await item.fileLocation?()?.path ?? "<file path of \(item.label)>"
            texts.append(path)
        }
        let text = texts.isEmpty ? nil : texts.joined(separator: "\n")
        return ReceivedShare(
            receiver: profile.name, isOffered: plan.isOffered, attachments: attachments, text: text,
            dropped: dropped.map { .init(label: $0.label, reason: $0.reason) }, plan: plan)
    }
}

/// What a simulated receiver shows for a share.
///
/// `ReceivedShare` is `Sendable`.
public struct ReceivedShare: Sendable, CustomStringConvertible {
    /// An attachment shown: an image, a movie, a file.
    ///
    /// `Attachment` is `Sendable`.
    public struct Attachment: Sendable, Hashable {
        /// The item's label.
        public let label: String
        /// Its kind of content.
        public let kind: ContentKind
        /// The content type delivered.
        public let contentType: UTType
        /// The form delivered.
        public let form: TransferPayloadForm
    }

    /// An item that does not reach the user.
    ///
    /// `Drop` is `Sendable`.
    public struct Drop: Sendable, Hashable {
        /// The item's label.
        public let label: String
        /// Why.
        public let reason: String
    }

    /// The receiver's name.
    public let receiver: String
    /// Whether the receiver is offered for the share at all.
    public let isOffered: Bool
    /// The attachments shown, in order.
    public let attachments: [Attachment]
    /// The text of the post: the delivered text items, then any file paths the receiver adds; `nil`
    /// when there is none.
    public let text: String?
    /// What was dropped, and why.
    public let dropped: [Drop]
    /// The plan behind the simulation.
    public let plan: SharePlan

    /// The image attachments.
    public var images: [Attachment] { attachments.filter { $0.kind == .image } }
    /// The movie attachments.
    public var movies: [Attachment] { attachments.filter { $0.kind == .movie } }

    /// What the receiver shows, then what was dropped.
    public var description: String {
        var lines = ["\(receiver) " + (isOffered ? "shows:" : "is not offered")]
        lines += attachments.map { "  \($0.kind) \($0.label): \($0.contentType.identifier) as \($0.form)" }
        if let text { lines.append("  text: \(text.debugDescription)") }
        lines += dropped.map { "  dropped \($0.label): \($0.reason)" }
        return lines.joined(separator: "\n")
    }
}
