import Synchronization

/// What a flattening walk carries: the chain of types being expanded, to catch proxy cycles.
struct FlattenContext {
    var path: [(id: ObjectIdentifier, name: String)] = []
}

/// A representation that produces its entries itself: the four primitives, the builder's
/// plumbing and the modifiers. Anything else is a composite, flattened through its `body`.
protocol PrimitiveTransferRepresentation: TransferRepresentation {
    func entries(_ context: inout FlattenContext) throws(TransferError) -> [TransferRepresentationEntry<Item>]
}

enum Flattener {
    /// The entries of any representation: a primitive's own, or its body's.
    static func entries<R: TransferRepresentation>(
        of representation: R,
        _ context: inout FlattenContext
    ) throws(TransferError) -> [TransferRepresentationEntry<R.Item>] {
        if let primitive = representation as? any PrimitiveTransferRepresentation {
            let opened = try open(primitive, &context)
            // `primitive` is `representation`, so the element types agree.
            return opened as! [TransferRepresentationEntry<R.Item>]
        }
        let body = try entries(of: representation.body, &context)
        guard let same = body as? [TransferRepresentationEntry<R.Item>] else {
            // A body built by TransferRepresentationBuilder<Item> always has the same Item.
            throw TransferError(
                .invalidRepresentation, itemType: R.Item.self,
                reason: "the body of \(R.self) transfers \(R.Body.Item.self), not \(R.Item.self)")
        }
        return same
    }

    private static func open<P: PrimitiveTransferRepresentation>(
        _ primitive: P,
        _ context: inout FlattenContext
    ) throws(TransferError) -> Any {
        try primitive.entries(&context)
    }

    /// The entries of a whole type, from the cache or flattened now.
    static func entries<T: Transferable>(ofType type: T.Type, _ context: inout FlattenContext) throws(TransferError)
        -> [TransferRepresentationEntry<T>]
    {
        let id = ObjectIdentifier(type)
        if let cached = cache.withLock({ $0[id] }) as? Result<[TransferRepresentationEntry<T>], TransferError> {
            return try cached.get()
        }
        if let start = context.path.firstIndex(where: { $0.id == id }) {
            let chain = context.path[start...].map(\.name) + [String(describing: type)]
            throw TransferError(
                .proxyCycle, itemType: type,
                reason: "its proxy representations form a cycle: \(chain.joined(separator: " → "))")
        }
        context.path.append((id, String(describing: type)))
        defer { context.path.removeLast() }
        let result: Result<[TransferRepresentationEntry<T>], TransferError>
        do throws(TransferError) {
            let flattened = try entries(of: T.transferRepresentation, &context)
            guard let entries = flattened as? [TransferRepresentationEntry<T>] else {
                // The builder is generic over the type itself, so this holds for any declaration
                // written with it.
                throw TransferError(
                    .invalidRepresentation, itemType: type,
                    reason: "the transferRepresentation of \(type) transfers \(T.Representation.Item.self), not \(type)"
                )
            }
            result = .success(entries)
        } catch {
            result = .failure(error)
        }
        cache.withLock { $0[id] = result }
        return try result.get()
    }

    /// Flattened entries by type, computed once.
    private static let cache = Mutex<[ObjectIdentifier: any Sendable]>([:])
}

// MARK: - Public read-only view

extension Transferable {
    /// The type's representations, flattened into an ordered list.
    ///
    /// The representation tree is walked in order; each proxy is replaced in place by the proxied
    /// type's entries; modifiers are applied to the entries they wrap. The list is computed once per
    /// type and cached. Export, import and negotiation read only this list.
    ///
    /// ```swift
    /// try Video.flattenedRepresentations().map(\.contentType)
    /// // [public.mpeg-4, public.url, public.file-url]
    /// ```
    ///
    /// - Returns: The entries, most preferred first.
    /// - Throws: ``TransferError`` with code ``TransferError/Code/proxyCycle`` when proxies lead back
    ///   to a type being expanded (the error names the chain).
    public static func flattenedRepresentations() throws(TransferError) -> [TransferRepresentationEntry<Self>] {
        var context = FlattenContext()
        return try Flattener.entries(ofType: Self.self, &context)
    }
}
