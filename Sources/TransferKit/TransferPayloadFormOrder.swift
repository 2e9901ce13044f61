/// The payload forms a sender offers each representation in, and their order: what
/// ``Offer/offers(for:forms:)``, ``ShareItem/init(_:label:forms:)`` and
/// ``Negotiator/negotiate(_:with:forms:)`` take.
///
/// ```swift
/// Offer.offers(for: photo)                  // .representationFirst: a file first for a FileRepresentation
/// Offer.offers(for: photo, forms: [.data])  // every representation as data only
/// ```
///
/// An array literal is a ``fixed(_:)`` order.
///
/// `TransferPayloadFormOrder` is `Sendable`.
public enum TransferPayloadFormOrder: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Each representation's own form first — the form it was declared in: data, a file, or a
    /// value — then an in-memory value, then the other of data and file.
    case representationFirst
    /// These forms, in this order, for every representation.
    case fixed([TransferPayloadForm])

    /// A fixed order: `[.data, .file]`.
    public init(arrayLiteral forms: TransferPayloadForm...) {
        self = .fixed(forms)
    }

    /// The forms a representation declared in `native` form is offered in, in order.
    ///
    /// - Parameter native: The form the representation was declared in.
    /// - Returns: The forms, first preferred.
    public func forms(native: TransferPayloadForm) -> [TransferPayloadForm] {
        switch self {
        case .fixed(let forms): forms
        case .representationFirst:
            switch native {
            case .file: [.file, .value, .data]
            case .value: [.value, .data, .file]
            default: [.data, .value, .file]
            }
        }
    }
}
