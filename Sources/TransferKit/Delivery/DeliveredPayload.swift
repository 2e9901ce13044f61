#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What a receiver is handed for one item: the content type a negotiation chose, and the payload
/// itself in the chosen form — bytes, a file, or the value.
///
/// ```swift
/// try await plan.deliver(share) { item, payload in
///     switch payload.content {
///     case .data(let bytes): …       // the exported bytes
///     case .file(let url): …         // valid only during this call: copy it to keep it
///     case .value: …                 // payload.value(as: Photo.self), typed
///     }
/// }
/// ```
///
/// `DeliveredPayload` is `Sendable`.
public struct DeliveredPayload: Sendable {
    /// The payload in its form: exactly one of bytes, a file or a value.
    ///
    /// A closed set, deliberately an enum: the three payload forms of ``TransferPayloadForm`` that
    /// delivery produces. `Content` is `Sendable`.
    public enum Content: Sendable {
        /// The exported bytes, for the `.data` form.
        case data(Data)
        /// The exported file, for the `.file` form. It exists only while the closure that receives
        /// the payload runs; copy it to keep it.
        case file(URL)
        /// The value handed over in process, without serialisation, for the `.value` form: the item
        /// itself for its own representations, the proxy's value for one reached through a
        /// `ProxyRepresentation` (a `Photo` proxied to an `Image` hands over the `Image`).
        case value(any Sendable)
    }

    /// The identity of the item delivered: the ``ShareItem/id`` of the share item it came from.
    public let itemID: ShareItem.ID
    /// The item's label, for people: labels need not be unique.
    public let label: String
    /// The content type delivered.
    public let contentType: UTType
    /// The payload.
    public let content: Content
    /// Whether ``content``'s file is the sender's original — its exporter set
    /// `allowAccessingOriginalFile` — rather than a copy made for this delivery, as
    /// `ReceivedTransferredFile.isOriginalFile` says on the receiving side. A receiver that keeps the
    /// file's path (a clipboard's file list, for a file manager to paste) names the original; a copy
    /// is removed after the closure returns. `false` for bytes and values.
    public let isOriginalFile: Bool

    init(itemID: ShareItem.ID, label: String, contentType: UTType, content: Content, isOriginalFile: Bool = false) {
        self.itemID = itemID
        self.label = label
        self.contentType = contentType
        self.content = content
        self.isOriginalFile = isOriginalFile
    }

    /// The form delivered: `.data`, `.file` or `.value`, as ``content`` holds it.
    public var form: TransferPayloadForm {
        switch content {
        case .data: .data
        case .file: .file
        case .value: .value
        }
    }

    /// The bytes, for the `.data` form; `nil` for the others.
    public var data: Data? {
        if case .data(let data) = content { return data }
        return nil
    }

    /// The file, for the `.file` form; `nil` for the others. It exists only while the closure that
    /// receives the payload runs.
    public var fileURL: URL? {
        if case .file(let url) = content { return url }
        return nil
    }

    /// The value, for the `.value` form, when it is a `Value`: `payload.value(as: Photo.self)`.
    ///
    /// - Parameter type: The type the caller expects.
    /// - Returns: The value, or `nil` for the other forms and for a value of another type.
    public func value<Value>(as type: Value.Type = Value.self) -> Value? {
        if case .value(let value) = content { return value as? Value }
        return nil
    }
}
