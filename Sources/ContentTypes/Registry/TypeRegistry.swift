import Synchronization

/// A type declared at run time, with its conformances resolved when it was registered.
///
/// What it stores is linear in its number of parents, so that a chain of any length costs memory in
/// proportion to its length: the depth, and the built-in ancestors as a bitset shared (copy on write)
/// with a registered parent that has the same ones.
final class RegisteredType: Sendable {
    let declaration: UTTypeDeclaration
    /// Position across all declared types: built-in types come first.
    let order: Int
    /// Direct parents, resolved.
    let parents: [UTType]
    /// The length of the longest conformance path up to a root.
    let depth: Int
    /// The built-in types among the ancestors, as a bitset over the built-in table's indexes.
    let builtInAncestors: [UInt64]

    init(declaration: UTTypeDeclaration, order: Int, parents: [UTType], table: TypeTable) {
        self.declaration = declaration
        self.order = order
        self.parents = parents
        var depth = 0
        var bits: [UInt64]? = nil
        for parent in parents {
            let parentBits: [UInt64]
            switch parent.node {
            case .builtIn(let index):
                depth = max(depth, table.depths[Int(index)] + 1)
                parentBits = table.ancestorBitsIncludingSelf(of: Int(index))
            case .registered(let type):
                depth = max(depth, type.depth + 1)
                parentBits = type.builtInAncestors
            case .dynamic, .undeclared:
                continue
            }
            if var union = bits {
                for word in union.indices { union[word] |= parentBits[word] }
                bits = union
            } else {
                bits = parentBits
            }
        }
        self.depth = depth
        self.builtInAncestors = bits ?? table.noAncestors
    }

    var preference: TagPreference {
        TagPreference(
            isPublic: UTType.isPublicIdentifier(declaration.identifier),
            isExported: declaration.kind == .exported,
            depth: depth,
            order: order
        )
    }

    /// Whether `ancestor`, a built-in type's index, is among this type's ancestors.
    ///
    /// - Complexity: O(1).
    func hasBuiltInAncestor(_ ancestor: Int) -> Bool {
        builtInAncestors[ancestor >> 6] & (1 << UInt64(ancestor & 63)) != 0
    }

    /// Whether `ancestor`, another registered type, is among this type's ancestors.
    ///
    /// - Complexity: O(*a*) for a type with *a* registered ancestors; the walk skips every type no
    ///   deeper than `ancestor`, which cannot lead to it.
    func hasRegisteredAncestor(_ ancestor: RegisteredType) -> Bool {
        guard ancestor.depth < depth else { return false }
        var stack: [RegisteredType] = [self]
        var seen: Set<Int> = [order]
        while let next = stack.popLast() {
            for case .registered(let parent) in next.parents.map(\.node) {
                if parent === ancestor { return true }
                if parent.depth > ancestor.depth, seen.insert(parent.order).inserted { stack.append(parent) }
            }
        }
        return false
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
        /// Registered types by the identifier key of each of their parents, built-in or registered.
        var children: [String: [RegisteredType]] = [:]
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

    /// The registered types that name the type with `identifier` as a direct parent.
    func registeredChildren(of identifier: String) -> [RegisteredType] {
        if isEmpty.load(ordering: .acquiring) { return [] }
        let key = Identifier.key(identifier)
        return runtime.withLock { $0.children[key] ?? [] }
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
            (
                TagPreference(builtIn.declarations[$0], depth: builtIn.depths[$0], order: $0),
                UTType(builtInIndex: $0)
            )
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
    func register(_ declarations: [UTTypeDeclaration]) -> (
        registered: [UTType], problems: [UTTypeDeclarationError.Problem]
    ) {
        runtime.withLock { layer in
            var problems: [UTTypeDeclarationError.Problem] = []
            // Room for the whole batch up front: growing the dictionaries rehashes every key.
            var pending: [String: UTTypeDeclaration] = [:]
            pending.reserveCapacity(declarations.count)
            var pendingOrder: [String] = []
            pendingOrder.reserveCapacity(declarations.count)
            layer.byKey.reserveCapacity(layer.byKey.count + declarations.count)
            layer.types.reserveCapacity(layer.types.count + declarations.count)
            layer.children.reserveCapacity(layer.children.count + declarations.count)
            for declaration in declarations {
                let key = Identifier.key(declaration.identifier)
                if let reason = Identifier.problem(with: declaration.identifier) {
                    problems.append(.init(declaration.identifier, .malformedIdentifier, reason))
                    continue
                }
                if UTType.isDynamicIdentifier(declaration.identifier) {
                    problems.append(
                        .init(
                            declaration.identifier, .malformedIdentifier,
                            "the dyn. prefix is reserved for dynamic types"))
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
                    problems.append(
                        .init(declaration.identifier, .duplicateIdentifier, "declared more than once in the same batch")
                    )
                    continue
                }
                if alreadyDeclared {
                    // An import of a declared type defers to the existing declaration, as on Apple's
                    // platforms; exporting an identifier that is already exported is an error.
                    if declaration.kind == .exported, existingIsExported == true {
                        problems.append(
                            .init(
                                declaration.identifier, .duplicateIdentifier,
                                "is already exported by another declaration"))
                    }
                    continue
                }
                pending[key] = declaration
                pendingOrder.append(key)
            }

            // Place in dependency order (Kahn's algorithm): a declaration is ready once every parent
            // is declared. Linear in the declarations and their conformances, in any input order.
            var waitingChildren: [String: [String]] = [:]
            var unplacedParents: [String: Int] = [:]
            var ready: [String] = []
            ready.reserveCapacity(pendingOrder.count)
            for key in pendingOrder {
                var count = 0
                var parentKeys: Set<String> = []
                for parent in pending[key]!.conformsTo {
                    let parentKey = Identifier.key(parent)
                    guard parentKeys.insert(parentKey).inserted else { continue }
                    if builtIn.indexByKey[parentKey] != nil || layer.byKey[parentKey] != nil { continue }
                    count += 1
                    // A parent neither declared nor pending never arrives: the count stays above 0.
                    if pending[parentKey] != nil { waitingChildren[parentKey, default: []].append(key) }
                }
                if count == 0 { ready.append(key) } else { unplacedParents[key] = count }
            }
            var registered: [UTType] = []
            var touchedTags: [UTTagClass: Set<String>] = [:]
            var next = 0
            while next < ready.count {
                let key = ready[next]
                next += 1
                let declaration = pending[key]!
                let parents = declaration.conformsTo.map { parent -> UTType in
                    let key = Identifier.key(parent)
                    if let index = builtIn.indexByKey[key] { return UTType(builtInIndex: index) }
                    return UTType(registered: layer.byKey[key]!)
                }
                let type = RegisteredType(
                    declaration: declaration,
                    order: builtIn.declarations.count + layer.types.count,
                    parents: parents,
                    table: builtIn
                )
                layer.types.append(type)
                layer.byKey[key] = type
                for parentKey in Set(parents.map { Identifier.key($0.identifier) }) {
                    layer.children[parentKey, default: []].append(type)
                }
                for (tagClass, tags) in declaration.tags {
                    for tag in tags {
                        let tagKey = TagKey.make(tag, tagClass)
                        layer.byTag[tagClass, default: [:]][tagKey, default: []].append(type)
                        touchedTags[tagClass, default: []].insert(tagKey)
                    }
                }
                registered.append(UTType(registered: type))
                for child in waitingChildren.removeValue(forKey: key) ?? [] {
                    unplacedParents[child]! -= 1
                    if unplacedParents[child] == 0 { ready.append(child) }
                }
            }
            // Each list a tag gained entries in is ranked once, whatever the number of entries.
            for (tagClass, keys) in touchedTags {
                for tagKey in keys {
                    layer.byTag[tagClass]![tagKey]!.sort { $0.preference < $1.preference }
                }
            }

            // Whatever was not placed has an undeclared parent, is on a cycle, or depends on one of those.
            let remaining = pendingOrder.filter { layer.byKey[$0] == nil }
            let onCycle = TypeRegistry.keysOnCycles(remaining, pending: pending)
            let remainingSet = Set(remaining)
            for key in remaining {
                let declaration = pending[key]!
                let missing = declaration.conformsTo.filter {
                    let parentKey = Identifier.key($0)
                    return builtIn.indexByKey[parentKey] == nil && layer.byKey[parentKey] == nil
                        && pending[parentKey] == nil
                }
                if !missing.isEmpty {
                    problems.append(
                        .init(
                            declaration.identifier, .undeclaredParent,
                            "conforms to \(missing.joined(separator: ", ")), which is not declared"))
                    continue
                }
                let blocked = declaration.conformsTo.filter { remainingSet.contains(Identifier.key($0)) }
                if onCycle.contains(key) {
                    problems.append(
                        .init(
                            declaration.identifier, .cycle,
                            "its conformances form a cycle through \(blocked.joined(separator: ", "))"))
                } else {
                    problems.append(
                        .init(
                            declaration.identifier, .undeclaredParent,
                            "conforms to \(blocked.joined(separator: ", ")), which could not be declared"))
                }
            }
            if !layer.types.isEmpty { isEmpty.store(false, ordering: .releasing) }
            return (registered, problems)
        }
    }

    /// The keys among `keys` that lie on a conformance cycle: in a strongly connected component of
    /// more than one declaration, or naming themselves as a parent.
    ///
    /// Tarjan's algorithm with an explicit stack, so that a chain of any length is safe.
    ///
    /// - Complexity: O(*n* + *e*) for *n* keys and *e* conformances among them.
    private static func keysOnCycles(_ keys: [String], pending: [String: UTTypeDeclaration]) -> Set<String> {
        guard !keys.isEmpty else { return [] }
        var indexOf: [String: Int] = [:]
        for (index, key) in keys.enumerated() { indexOf[key] = index }
        let edges: [[Int]] = keys.map { key in
            pending[key]!.conformsTo.compactMap { indexOf[Identifier.key($0)] }
        }
        let unvisited = -1
        var number = [Int](repeating: unvisited, count: keys.count)
        var lowLink = [Int](repeating: 0, count: keys.count)
        var onStack = [Bool](repeating: false, count: keys.count)
        var componentStack: [Int] = []
        var counter = 0
        var result: Set<String> = []
        for root in keys.indices where number[root] == unvisited {
            // Each frame: a vertex and the position of the next edge to follow.
            var frames: [(vertex: Int, edge: Int)] = [(root, 0)]
            number[root] = counter
            lowLink[root] = counter
            counter += 1
            componentStack.append(root)
            onStack[root] = true
            while let frame = frames.last {
                let vertex = frame.vertex
                if frame.edge < edges[vertex].count {
                    frames[frames.count - 1].edge += 1
                    let target = edges[vertex][frame.edge]
                    if number[target] == unvisited {
                        number[target] = counter
                        lowLink[target] = counter
                        counter += 1
                        componentStack.append(target)
                        onStack[target] = true
                        frames.append((target, 0))
                    } else if onStack[target] {
                        lowLink[vertex] = min(lowLink[vertex], number[target])
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.vertex { lowLink[parent] = min(lowLink[parent], lowLink[vertex]) }
                guard lowLink[vertex] == number[vertex] else { continue }
                var component: [Int] = []
                while let member = componentStack.popLast() {
                    onStack[member] = false
                    component.append(member)
                    if member == vertex { break }
                }
                if component.count > 1 || edges[vertex].contains(vertex) {
                    for member in component { result.insert(keys[member]) }
                }
            }
        }
        return result
    }
}
