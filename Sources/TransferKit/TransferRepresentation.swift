/// A way to turn an item into data or a file and back, under one content type; or a composite of
/// such ways.
///
/// The primitives are ``DataRepresentation``, ``FileRepresentation``, ``CodableRepresentation``
/// and ``ProxyRepresentation``; their `Body` is `Never`. Build your own reusable representation
/// by composing them in ``body``:
///
/// ```swift
/// struct ImageRepresentations<Item: Transferable>: TransferRepresentation {
///     let export: @Sendable (Item) async throws -> Data
///
///     var body: some TransferRepresentation<Item> {
///         DataRepresentation(exportedContentType: .png, exporting: export)
///         DataRepresentation(exportedContentType: .data, exporting: export)
///     }
/// }
/// ```
///
/// `TransferRepresentation` refines `Sendable`: representations hold only `@Sendable` closures.
public protocol TransferRepresentation<Item>: Sendable {
    /// The type of item the representation transfers: a ``Transferable`` type.
    ///
    /// Unlike Apple's protocol, the associated type is not constrained to `Transferable` here (every
    /// representation type constrains it instead). With the constraint, a conformance written
    /// `static var transferRepresentation: some TransferRepresentation<Self>` fails to compile,
    /// since checking the constraint needs the conformance being declared; without it, both that
    /// spelling and `some TransferRepresentation` work.
    associatedtype Item
    /// The type of ``body``: `Never` for the primitive representations.
    associatedtype Body: TransferRepresentation

    /// The representations this one is made of, in order of preference.
    @TransferRepresentationBuilder<Item> var body: Body { get }
}

// MARK: - Never

extension Never: TransferRepresentation {
    /// `Never` transfers nothing.
    public typealias Item = Never
    /// `Never` has no body.
    public typealias Body = Never

    /// Never called: `Never` has no values.
    public var body: Never { fatalError("Never has no body") }
}

extension Never: Transferable {
    /// `Never` has no representations; it is the `Body` of the primitive representations.
    public static var transferRepresentation: Never { fatalError("Never has no representation") }
}

extension TransferRepresentation where Body == Never {
    /// A primitive representation has no body.
    public var body: Never { fatalError("\(Self.self) is a primitive representation: it has no body") }
}
