import Synchronization

/// A type declared at run time, with its conformances resolved when it was registered.
final class RegisteredType: Sendable {
    let declaration: UTTypeDeclaration
    /// Position across all declared types: built-in types come first.
    let order: Int
    /// Orders of all strict ancestors, built-in and registered.
    let ancestors: Set<Int>
    /// Direct parents, resolved.
    let parents: [UTType]

    init(declaration: UTTypeDeclaration, order: Int, ancestors: Set<Int>, parents: [UTType]) {
        self.declaration = declaration
        self.order = order
        self.ancestors = ancestors
        self.parents = parents
    }

    var preference: TagPreference {
        TagPreference(
            isPublic: UTType.isPublicIdentifier(declaration.identifier),
            isExported: declaration.kind == .exported,
            ancestorCount: ancestors.count,
            order: order
        )
    }
}

/// The two layers of declared types: the immutable built-in table, read without a lock, and the
/// run-time declarations, kept behind a `Mutex`.
final class TypeRegistry: Sendable {
    static let shared = TypeRegistry()

    let builtIn = TypeTable.shared
    private let runtime = Mutex(RuntimeLayer())
    /// Lets readers skip the lock while nothing has been registered.
    private let isEmpty = Atomic<Bool>(true)

    /// The run-time layer: registered types by identifier and by tag.
    struct RuntimeLayer {
        var types: [RegisteredType] = []
        var byKey: [String: RegisteredType] = [:]
        var byTag: [UTTagClass: [String: [RegisteredType]]] = [:]
    }

    // MARK: Reading

    /// The run-time type with `identifier`, if one is registered.
    func registeredType(identifier: String) -> RegisteredType? {
        if isEmpty.load(ordering: .acquiring) { return nil }
        let key = Identifier.key(identifier)
        return runtime.withLock { $0.byKey[key] }
    }

    /// The declared type with `identifier`, built-in or registered.
    func declaredType(identifier: String) -> UTType? {
        if let index = builtIn.indexByKey[Identifier.key(identifier)] {
            return UTType(builtInIndex: index)
        }
        return registeredType(identifier: identifier).map(UTType.init(registered:))
    }

    /// Every registered type, in registration order.
    var registeredTypes: [RegisteredType] {
        if isEmpty.load(ordering: .acquiring) { return [] }
        return runtime.withLock { $0.types }
    }

    /// The declared types carrying a tag, preferred first.
    ///
    /// - Parameter key: The tag's key (``TagKey/make(_:_:)``).
    func declaredTypes(key: String, tagClass: UTTagClass) -> [UTType] {
        let builtInCandidates = builtIn.candidates(key: key, tagClass: tagClass)
        if isEmpty.load(ordering: .acquiring) {
            return builtInCandidates.map(UTType.init(builtInIndex:))
        }
        let registered = runtime.withLock { $0.byTag[tagClass]?[key] ?? [] }
        if registered.isEmpty { return builtInCandidates.map(UTType.init(builtInIndex:)) }
        var ranked: [(TagPreference, UTType)] = builtInCandidates.map {
            (TagPreference(builtIn.declarations[$0], ancestorCount: builtIn.ancestorCounts[$0], order: $0),
             UTType(builtInIndex: $0))
        }
        ranked += registered.map { ($0.preference, UTType(registered: $0)) }
        ranked.sort { $0.0 < $1.0 }
        return ranked.map(\.1)
    }

    /// The first declared type carrying a tag that conforms to `supertype`.
    ///
    /// - Parameters:
    ///   - key: The tag's key (``TagKey/make(_:_:)``).
    ///   - fastPath: The built-in fast-path index for the tag's class, if it has one.
    ///
    /// - Complexity: One hash probe and one bit test, when nothing is registered and the preferred
    ///   type fits; O(1) per further candidate.
    @inline(__always)
    func firstDeclaredType(
        key: String,
        tagClass: UTTagClass,
        fastPath: TypeTable.FastPath?,
        conformingTo supertype: UTType?
    ) -> UTType? {
        if let fastPath, isEmpty.load(ordering: .acquiring) {
            let table = builtIn
            let entry =
                switch fastPath {
                case .filenameExtension: table.preferredByExtension[key]
                case .mimeType: table.preferredByMIMEType[key]
                }
            guard let entry else { return nil }
            let index = Int(entry & ~TypeTable.hasMoreCandidates)
            guard let supertype else { return UTType(builtInIndex: index) }
            if case .builtIn(let target) = supertype.node {
                if index == Int(target) || table.isStrictSubtype(index, of: Int(target)) {
                    return UTType(builtInIndex: index)
                }
            } else if UTType(builtInIndex: index).conforms(to: supertype) {
                return UTType(builtInIndex: index)
            }
            guard entry & TypeTable.hasMoreCandidates != 0 else { return nil }
        }
        return declaredTypes(key: key, tagClass: tagClass).first { type in supertype.map(type.conforms(to:)) ?? true }
    }

    // MARK: Writing

    /// Registers valid declarations and reports every invalid one.
    ///
    /// The whole batch is checked and applied under one lock, so concurrent registrations each see
    /// a consistent tree, and declarations in one batch may refer to each other in any order.
    func register(_ declarations: [UTTypeDeclaration]) -> (registered: [UTType], problems: [UTTypeDeclarationError.Problem]) {
        runtime.withLock { layer in
            var problems: [UTTypeDeclarationError.Problem] = []
            var pending: [String: UTTypeDeclaration] = [:]
            var pendingOrder: [String] = []
            for declaration in declarations {
                let key = Identifier.key(declaration.identifier)
                if let reason = Identifier.problem(with: declaration.identifier) {
                    problems.append(.init(declaration.identifier, .malformedIdentifier, reason))
                    continue
                }
                if UTType.isDynamicIdentifier(declaration.identifier) {
                    problems.append(.init(declaration.identifier, .malformedIdentifier, "the dyn. prefix is reserved for dynamic types"))
                    continue
                }
                if let problem = declaration.tagProblem() {
                    problems.append(.init(declaration.identifier, .malformedTag, problem))
                    continue
                }
                let alreadyDeclared = builtIn.indexByKey[key] != nil || layer.byKey[key] != nil
                let existingIsExported =
                    builtIn.indexByKey[key].map { builtIn.declarations[$0].isExported }
                    ?? layer.byKey[key].map { $0.declaration.kind == .exported }
                if pending[key] != nil {
                    problems.append(.init(declaration.identifier, .duplicateIdentifier, "declared more than once in the same batch"))
                    continue
                }
                if alreadyDeclared {
                    // An import of a declared type defers to the existing declaration, as on Apple's
                    // platforms; exporting an identifier that is already exported is an error.
                    if declaration.kind == .exported, existingIsExported == true {
                        problems.append(.init(declaration.identifier, .duplicateIdentifier, "is already exported by another declaration"))
                    }
                    continue
                }
                pending[key] = declaration
                pendingOrder.append(key)
            }

            // Resolve in dependency order; whatever cannot be placed has an undeclared parent or a cycle.
            var registered: [UTType] = []
            var placedKeys: Set<String> = []
            var remaining = pendingOrder
            var progress = true
            while progress, !remaining.isEmpty {
                progress = false
                var stillRemaining: [String] = []
                for key in remaining {
                    let declaration = pending[key]!
                    let parentKeys = declaration.conformsTo.map(Identifier.key)
                    let unresolved = parentKeys.filter {
                        builtIn.indexByKey[$0] == nil && layer.byKey[$0] == nil
                    }
                    if !unresolved.isEmpty {
                        stillRemaining.append(key)
                        continue
                    }
                    let parents = declaration.conformsTo.map { parent -> UTType in
                        let key = Identifier.key(parent)
                        if let index = builtIn.indexByKey[key] { return UTType(builtInIndex: index) }
                        return UTType(registered: layer.byKey[key]!)
                    }
                    var ancestors: Set<Int> = []
                    for parent in parents {
                        switch parent.node {
                        case .builtIn(let index):
                            ancestors.insert(Int(index))
                            ancestors.formUnion(builtIn.ancestors(of: Int(index)))
                        case .registered(let type):
                            ancestors.insert(type.order)
                            ancestors.formUnion(type.ancestors)
                        case .dynamic, .undeclared:
                            break
                        }
                    }
                    let type = RegisteredType(
                        declaration: declaration,
                        order: builtIn.declarations.count + layer.types.count,
                        ancestors: ancestors,
                        parents: parents
                    )
                    layer.types.append(type)
                    layer.byKey[key] = type
                    for (tagClass, tags) in declaration.tags {
                        for tag in tags {
                            let tagKey = TagKey.make(tag, tagClass)
                            var list = layer.byTag[tagClass]?[tagKey] ?? []
                            list.append(type)
                            list.sort { $0.preference < $1.preference }
                            layer.byTag[tagClass, default: [:]][tagKey] = list
                        }
                    }
                    placedKeys.insert(key)
                    registered.append(UTType(registered: type))
                    progress = true
                }
                remaining = stillRemaining
            }
            for key in remaining {
                let declaration = pending[key]!
                let missing = declaration.conformsTo.filter {
                    let parentKey = Identifier.key($0)
                    return builtIn.indexByKey[parentKey] == nil && layer.byKey[parentKey] == nil
                        && pending[parentKey] == nil
                }
                if !missing.isEmpty {
                    problems.append(.init(declaration.identifier, .undeclaredParent, "conforms to \(missing.joined(separator: ", ")), which is not declared"))
                } else {
                    let blocked = declaration.conformsTo.filter { remaining.contains(Identifier.key($0)) }
                    let onCycle = TypeRegistry.isOnCycle(key, pending: pending, remaining: Set(remaining))
                    if onCycle {
                        problems.append(.init(declaration.identifier, .cycle, "its conformances form a cycle through \(blocked.joined(separator: ", "))"))
                    } else {
                        problems.append(.init(declaration.identifier, .undeclaredParent, "conforms to \(blocked.joined(separator: ", ")), which could not be declared"))
                    }
                }
            }
            if !layer.types.isEmpty { isEmpty.store(false, ordering: .releasing) }
            return (registered, problems)
        }
    }

    /// Whether `key` can reach itself through parents that are all still unplaced.
    private static func isOnCycle(_ key: String, pending: [String: UTTypeDeclaration], remaining: Set<String>) -> Bool {
        var stack = pending[key]?.conformsTo.map(Identifier.key) ?? []
        var seen: Set<String> = []
        while let next = stack.popLast() {
            if next == key { return true }
            guard remaining.contains(next), seen.insert(next).inserted else { continue }
            stack += pending[next]?.conformsTo.map(Identifier.key) ?? []
        }
        return false
    }
}
