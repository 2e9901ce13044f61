#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What a receiver is handed for one item: the content type and form a negotiation chose, and the
/// payload itself — bytes, a file, or the value.
///
/// ```swift
/// try await plan.deliver(share) { item, payload in
///     if let data = payload.data { … }          // the .data form: the exported bytes
///     if let file = payload.fileURL { … }       // the .file form: valid only during this call
///     if let value = payload.value { … }        // the .value form: the item (or its proxy's value)
/// }
/// ```
///
/// `DeliveredPayload` is `Sendable`.
public struct DeliveredPayload: Sendable {
    /// The item's label.
    public let label: String
    /// The content type delivered.
    public let contentType: UTType
    /// The form delivered: ``data``, ``fileURL`` or ``value`` holds the payload.
    public let form: TransferPayloadForm
    /// The exported bytes, for the `.data` form.
    public let data: Data?
    /// The exported file, for the `.file` form. It exists only while the closure that receives
    /// the payload runs; copy it to keep it.
    public let fileURL: URL?
    /// The value handed over in process, without serialisation, for the `.value` form: the item
    /// itself for its own representations, the proxy's value for one reached through a
    /// `ProxyRepresentation` (a `Photo` proxied to an `Image` hands over the `Image`).
    public let value: (any Sendable)?

    init(
        label: String, contentType: UTType, form: TransferPayloadForm, data: Data? = nil, fileURL: URL? = nil,
        value: (any Sendable)? = nil
    ) {
        self.label = label
        self.contentType = contentType
        self.form = form
        self.data = data
        self.fileURL = fileURL
        self.value = value
    }
}
