/// One way an item can be delivered: a content type in a payload form.
///
/// A `Transferable` item offers each of its flattened representations in each payload form, the
/// representation's own form first (see ``ShareItem``). Offers can also be written by hand, for a
/// sender that is not a `Transferable` type or for the `transfer negotiate` tool:
///
/// ```swift
/// [Offer(.png, form: .file), Offer(.jpeg, form: .data, representationIndex: 1)]
/// ```
///
/// An offer made by ``offers(for:forms:)`` (as ``ShareItem`` makes them) also carries an opaque
/// reference to the representation it names, so that delivering it exports through exactly that
/// representation, with no lookup by position in a list rebuilt later. Offers compare equal by what
/// they offer — type, media type, parameters, form, position, visibility, exportability — not by that
/// reference.
///
/// `Offer` is `Sendable`.
public struct Offer: Sendable, Hashable, CustomStringConvertible {
    /// The content type offered.
    public var contentType: UTType
    /// The payload form offered.
    public var form: TransferPayloadForm
    /// The media type offered, with its parameters (`text/plain;charset=utf-8`): the one the offer
    /// was made as (`text/xml`), or else the content type's preferred MIME type; `nil` for a content
    /// type without one. HTTP media ranges (`text/*`) match this media type only, as RFC 9110
    /// §12.5.1 says — not the other MIME types the content type carries (`public.xml` offered as
    /// `application/xml` is not `text/*`) — and a rule's parameters are looked for among its
    /// parameters.
    public var mediaType: MediaType?
    /// The position of the offered representation in the sender's order: 0 is the most preferred.
    /// Fixed when the offer is made: the sender's order is not the receiver's to change.
    public let representationIndex: Int
    /// The position of this form among the forms offered for the representation.
    public let formIndex: Int
    /// Who may see the representation.
    public var visibility: TransferRepresentationVisibility
    /// Whether the representation's exporting condition holds for the item.
    public var isExportable: Bool
    /// The representation the offer was made from, for offers made from a `Transferable` item;
    /// `nil` for hand-written offers, which can be negotiated but not delivered.
    private(set) var representation: OfferedRepresentation?

    /// Creates an offer.
    ///
    /// - Parameters:
    ///   - contentType: The content type.
    ///   - form: The payload form. The default is `.data`.
    ///   - mediaType: The media type the offer is made as, with its parameters
    ///     (`MediaType("text/html;level=1")`). The default is the content type's preferred MIME type
    ///     (`UTType.preferredMediaType`).
    ///   - representationIndex: The position in the sender's order. The default is 0.
    ///   - formIndex: The position among the representation's forms. The default is 0.
    ///   - visibility: Who may see it. The default is `.all`.
    ///   - isExportable: Whether its exporting condition holds. The default is `true`.
    public init(
        _ contentType: UTType,
        form: TransferPayloadForm = .data,
        mediaType: MediaType? = nil,
        representationIndex: Int = 0,
        formIndex: Int = 0,
        visibility: TransferRepresentationVisibility = .all,
        isExportable: Bool = true
    ) {
        self.contentType = contentType
        self.form = form
        self.mediaType = mediaType ?? contentType.preferredMediaType
        self.representationIndex = representationIndex
        self.formIndex = formIndex
        self.visibility = visibility
        self.isExportable = isExportable
        self.representation = nil
    }

    /// An offer of a media type as HTTP writes it — `Offer(mediaType: "text/html;level=1")` — for a
    /// sender that speaks in media types, such as a server's available representations.
    ///
    /// The content type is the one the media type's essence names (a dynamic type for one the tree
    /// does not know); the offer keeps the media type itself and its parameters (names lowercased,
    /// values unquoted, as RFC 9110 §5.6.6 reads them), so that media ranges match it exactly.
    ///
    /// - Parameters:
    ///   - mediaType: `type/subtype`, with parameters or not.
    ///   - form: The payload form. The default is `.data`.
    ///   - representationIndex: The position in the sender's order. The default is 0.
    /// - Returns: `nil` when `mediaType` is not a media type (`boom`, `text/`, an unterminated quote).
    public init?(mediaType: String, form: TransferPayloadForm = .data, representationIndex: Int = 0) {
        guard let parsed = MediaType(mediaType), !parsed.isRange, let type = UTType(mimeType: parsed.essence)
        else { return nil }
        self.init(type, form: form, mediaType: parsed, representationIndex: representationIndex)
    }

    init(
        _ entry: TransferRepresentationEntry<some Transferable>, form: TransferPayloadForm,
        representationIndex: Int, formIndex: Int, isExportable: Bool, representation: OfferedRepresentation
    ) {
        self.init(
            entry.contentType, form: form, representationIndex: representationIndex,
            formIndex: formIndex, visibility: entry.visibility, isExportable: isExportable)
        self.representation = representation
    }

    /// Whether two offers offer the same: every public property equal. The representation an offer
    /// was made from is how to deliver it, not what it offers, and is not compared.
    public static func == (lhs: Offer, rhs: Offer) -> Bool {
        lhs.contentType == rhs.contentType && lhs.form == rhs.form && lhs.mediaType == rhs.mediaType
            && lhs.representationIndex == rhs.representationIndex
            && lhs.formIndex == rhs.formIndex && lhs.visibility == rhs.visibility
            && lhs.isExportable == rhs.isExportable
    }

    /// Hashes what the offer offers, as ``==(_:_:)`` compares it.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(contentType)
        hasher.combine(form)
        hasher.combine(mediaType)
        hasher.combine(representationIndex)
        hasher.combine(formIndex)
        hasher.combine(visibility)
        hasher.combine(isExportable)
    }

    /// The offered type and form, such as `public.png as file` or `public.xml (text/xml) as data`:
    /// what the offer's media type says beyond the content type's preferred one — its essence when
    /// it is another, its parameters when they are others.
    public var description: String {
        var text = contentType.identifier
        if let essence = madeAsEssence { text += " (\(essence))" }
        for parameter in madeWithParameters ?? [] { text += ";\(parameter.name)=\(parameter.value)" }
        return "\(text) as \(form)"
    }

    /// The media type's essence when the offer was made as another than the content type's
    /// preferred MIME type (`text/xml` for `public.xml`); `nil` otherwise.
    var madeAsEssence: String? {
        guard let mediaType, mediaType.essence != contentType.preferredMediaType?.essence else { return nil }
        return mediaType.essence
    }

    /// The media type's parameters when they are not the preferred MIME type's
    /// (`level=1` for `text/html;level=1`); `nil` when they are (`charset=utf-8` for
    /// `public.utf8-plain-text`, which says it already) or there are none.
    var madeWithParameters: [MediaType.Parameter]? {
        guard let mediaType, !mediaType.parameters.isEmpty,
            mediaType.parameters != contentType.preferredMediaType?.parameters
        else { return nil }
        return mediaType.parameters
    }

    /// The offers of a `Transferable` item: each exportable representation in each form.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - forms: The forms to offer each representation in, in order. The default,
    ///     ``TransferPayloadFormOrder/representationFirst``, offers the representation's own form
    ///     first, then an in-memory value, then the other of data and file.
    /// - Returns: The offers in the sender's order. Representations whose exporting condition is
    ///   false are included with ``isExportable`` false, so that negotiation can report them.
    /// - Throws: ``TransferError`` when the type's representations cannot be flattened (a proxy cycle,
    ///   a representation with nothing to offer): the error it is, not an empty list of offers.
    public static func offers<Item: Transferable>(
        for item: Item, forms: TransferPayloadFormOrder = .representationFirst
    )
        throws(TransferError) -> [Offer]
    {
        let entries = try Item.flattenedRepresentations()
        var offers: [Offer] = []
        for (index, entry) in entries.enumerated() where entry.canExport {
            let exportable = entry.canExport(item)
            let representation = OfferedRepresentation(entry)
            for (formIndex, form) in forms.forms(native: entry.payloadForm).enumerated() {
                offers.append(
                    Offer(
                        entry, form: form, representationIndex: index, formIndex: formIndex,
                        isExportable: exportable, representation: representation))
            }
        }
        return offers
    }
}

/// The representation an offer was made from: the flattened entry itself, kept for delivery.
///
/// Immutable; shared by the offers of one representation in its several forms.
final class OfferedRepresentation: Sendable {
    /// The entry, a `TransferRepresentationEntry` of the item's type.
    let entry: any Sendable

    init<Item: Transferable>(_ entry: TransferRepresentationEntry<Item>) {
        self.entry = entry
    }

    /// The entry, when the offer was made from a representation of `Item`.
    func entry<Item: Transferable>(of _: Item.Type) -> TransferRepresentationEntry<Item>? {
        entry as? TransferRepresentationEntry<Item>
    }
}
