// The concrete types the builder produces. They are public because they appear in the types of
// bodies, underscored because no one writes them by hand.

/// No representations: the body `{}`.
///
/// `_EmptyTransferRepresentation` is `Sendable`.
public struct _EmptyTransferRepresentation<Item>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    init() {}
}

extension _EmptyTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        []
    }
}

/// Two representations in order: `first`, then `second`.
///
/// `_TransferRepresentationPair` is `Sendable`.
public struct _TransferRepresentationPair<First: TransferRepresentation, Second: TransferRepresentation>:
    TransferRepresentation
where First.Item == Second.Item {
    /// The type both transfer.
    public typealias Item = First.Item
    /// A primitive: it has no body.
    public typealias Body = Never

    let first: First
    let second: Second
}

extension _TransferRepresentationPair: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        try Flattener.entries(of: first, &context) + Flattener.entries(of: second, &context)
    }
}

/// The representations of an `if` without `else`, or none.
///
/// `_OptionalTransferRepresentation` is `Sendable`.
public struct _OptionalTransferRepresentation<Wrapped: TransferRepresentation>: TransferRepresentation {
    /// The type the wrapped representation transfers.
    public typealias Item = Wrapped.Item
    /// A primitive: it has no body.
    public typealias Body = Never

    let wrapped: Wrapped?

    init(_ wrapped: Wrapped?) {
        self.wrapped = wrapped
    }
}

extension _OptionalTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        guard let wrapped else { return [] }
        return try Flattener.entries(of: wrapped, &context)
    }
}

/// The representations of one branch of an `if`–`else` or a `switch`.
///
/// `_EitherTransferRepresentation` is `Sendable`.
public struct _EitherTransferRepresentation<First: TransferRepresentation, Second: TransferRepresentation>:
    TransferRepresentation
where First.Item == Second.Item {
    /// The type both branches transfer.
    public typealias Item = First.Item
    /// A primitive: it has no body.
    public typealias Body = Never

    enum Branch: Sendable {
        case first(First)
        case second(Second)
    }

    let branch: Branch

    init(_ branch: Branch) {
        self.branch = branch
    }
}

extension _EitherTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        switch branch {
        case .first(let first): try Flattener.entries(of: first, &context)
        case .second(let second): try Flattener.entries(of: second, &context)
        }
    }
}

/// The representations of every iteration of a `for` loop, in order.
///
/// `_ArrayTransferRepresentation` is `Sendable`.
public struct _ArrayTransferRepresentation<Element: TransferRepresentation>: TransferRepresentation {
    /// The type the elements transfer.
    public typealias Item = Element.Item
    /// A primitive: it has no body.
    public typealias Body = Never

    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
    }
}

extension _ArrayTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        var result: [TransferRepresentationEntry<Item>] = []
        for element in elements {
            result += try Flattener.entries(of: element, &context)
        }
        return result
    }
}

/// A representation whose concrete type is hidden: what `if #available` produces, and a way to
/// choose among representations of different types at run time.
///
/// ```swift
/// let representation: AnyTransferRepresentation<Note> =
///     useMarkdown ? AnyTransferRepresentation(markdown) : AnyTransferRepresentation(plainText)
/// ```
///
/// `AnyTransferRepresentation` is `Sendable`.
public struct AnyTransferRepresentation<Item>: TransferRepresentation {
    /// A primitive: it has no body.
    public typealias Body = Never

    private let makeEntries:
        @Sendable (inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>]

    /// Wraps a representation of `Item`.
    ///
    /// - Parameter representation: The representation to wrap.
    public init<Wrapped: TransferRepresentation>(_ representation: Wrapped) where Wrapped.Item == Item {
        makeEntries = { (context: inout FlattenContext) throws(TransferError) in
            try Flattener.entries(of: representation, &context)
        }
    }
}

extension AnyTransferRepresentation: PrimitiveTransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>] {
        try makeEntries(&context)
    }
}
