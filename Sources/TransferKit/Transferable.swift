/// A type that can be transferred: turned into data or a file, and back, for sharing, dragging,
/// copying or saving.
///
/// A conforming type declares its representations, most faithful first, in
/// ``transferRepresentation``. Whoever receives the item uses the first representation whose
/// content type it accepts:
///
/// ```swift
/// import TransferKit
///
/// struct Profile: Codable, Transferable {
///     var id: UUID
///     var name: String
///
///     static var transferRepresentation: some TransferRepresentation {
///         CodableRepresentation(contentType: .profile)   // a rich receiver gets JSON
///         ProxyRepresentation(exporting: \.name)         // anyone else gets the name as text
///     }
/// }
///
/// extension UTType {
///     static let profile = UTType(exportedAs: "com.example.profile")
/// }
///
/// let json = try await profile.exported(as: .profile)
/// let name = try await profile.exported(as: .plainText)
/// let copy = try await Profile(importing: json, contentType: .profile)
/// ```
///
/// The declaration is the same as with Apple's CoreTransferable: code written for Apple's
/// platforms compiles here with its import lines changed.
///
/// `Transferable` refines `Sendable`: items cross concurrency domains on their way out.
public protocol Transferable: Sendable {
    /// The type of the representation tree.
    associatedtype Representation: TransferRepresentation

    /// The representations of the type, in order of preference: the most faithful first, then
    /// more widely understood ones.
    ///
    /// The property is static: it describes the type. Per-item variation goes through
    /// ``TransferRepresentation/exportingCondition(_:)`` and
    /// ``TransferRepresentation/suggestedFileName(_:)-((Self.Item)->String?)``. The tree is read once per
    /// type and cached, so `if` and `for` in the builder see static state as it was on first use.
    @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}
