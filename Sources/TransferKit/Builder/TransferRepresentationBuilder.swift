/// Builds a type's representations from a list written one per line, in order of preference.
///
/// Beyond Apple's builder, which takes at most ten plain statements, this one takes any number,
/// and `if`, `if`–`else`, `switch`, `for` and `if #available`:
///
/// ```swift
/// static var transferRepresentation: some TransferRepresentation {
///     CodableRepresentation(contentType: .profile)
///     if Settings.offersCSV {
///         DataRepresentation(exportedContentType: .commaSeparatedText) { try $0.csv() }
///     }
///     for format in ImageFormat.allCases {
///         DataRepresentation(exportedContentType: format.contentType) { try $0.render(format) }
///     }
///     ProxyRepresentation(exporting: \.name)
/// }
/// ```
///
/// `transferRepresentation` is static, and its tree is read once per type: conditions in the
/// builder see static state as it is on first use. Per-item choices belong in
/// ``TransferRepresentation/exportingCondition(_:)``.
///
/// An enum without cases, as Apple declares it: a namespace for the builder's static methods, with
/// nothing to make and no set of cases to grow.
@resultBuilder
public enum TransferRepresentationBuilder<Item> {
    /// Accepts a representation of `Item` as a statement.
    public static func buildExpression<Content: TransferRepresentation>(_ content: Content) -> Content
    where Content.Item == Item {
        content
    }

    /// An empty body: no representations.
    public static func buildBlock() -> _EmptyTransferRepresentation<Item> {
        _EmptyTransferRepresentation()
    }

    /// The first statement of a block.
    public static func buildPartialBlock<Content: TransferRepresentation>(first content: Content) -> Content
    where Content.Item == Item {
        content
    }

    /// Each further statement of a block, after the ones before it: there is no limit on their number.
    public static func buildPartialBlock<Accumulated: TransferRepresentation, Next: TransferRepresentation>(
        accumulated: Accumulated,
        next: Next
    ) -> _TransferRepresentationPair<Accumulated, Next> where Accumulated.Item == Item, Next.Item == Item {
        _TransferRepresentationPair(first: accumulated, second: next)
    }

    /// `if` without `else`: the representations when the condition held, none otherwise.
    public static func buildOptional<Content: TransferRepresentation>(
        _ content: Content?
    ) -> _OptionalTransferRepresentation<Content> where Content.Item == Item {
        _OptionalTransferRepresentation(content)
    }

    /// The `if` branch of `if`–`else`, or the first cases of a `switch`.
    public static func buildEither<First: TransferRepresentation, Second: TransferRepresentation>(
        first content: First
    ) -> _EitherTransferRepresentation<First, Second> where First.Item == Item, Second.Item == Item {
        _EitherTransferRepresentation(.first(content))
    }

    /// The `else` branch of `if`–`else`, or the later cases of a `switch`.
    public static func buildEither<First: TransferRepresentation, Second: TransferRepresentation>(
        second content: Second
    ) -> _EitherTransferRepresentation<First, Second> where First.Item == Item, Second.Item == Item {
        _EitherTransferRepresentation(.second(content))
    }

    /// `for … in …`: the representations of every iteration, in order.
    public static func buildArray<Element: TransferRepresentation>(
        _ elements: [Element]
    ) -> _ArrayTransferRepresentation<Element> where Element.Item == Item {
        _ArrayTransferRepresentation(elements)
    }

    /// `if #available`: the type is erased, so that the body's type does not depend on a newer
    /// platform's types.
    public static func buildLimitedAvailability<Content: TransferRepresentation>(
        _ content: Content
    ) -> AnyTransferRepresentation<Item> where Content.Item == Item {
        AnyTransferRepresentation(content)
    }
}
