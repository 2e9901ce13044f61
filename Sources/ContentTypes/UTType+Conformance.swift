extension UTType {
    /// Whether the type conforms to `type`: equals it, or is a subtype of it, directly or not.
    ///
    /// Conformance is reflexive and transitive, and follows every parent of a type declared with
    /// several:
    ///
    /// ```swift
    /// UTType.png.conforms(to: .png)        // true
    /// UTType.png.conforms(to: .data)       // true: png → image → data
    /// UTType.vCard.conforms(to: .contact)  // true: vcard → text, contact
    /// UTType.data.conforms(to: .png)       // false
    /// ```
    ///
    /// - Parameter type: The candidate supertype.
    /// - Returns: `true` if the type is `type` or conforms to it.
    /// - Complexity: O(1) between built-in types and from a registered type to a built-in one; O(*a*)
    ///   from a registered type with *a* registered ancestors to another registered type.
    public func conforms(to type: UTType) -> Bool {
        if case .builtIn(let index) = node, case .builtIn(let target) = type.node {
            return index == target || TypeTable.shared.isStrictSubtype(Int(index), of: Int(target))
        }
        if self == type { return true }
        return isStrictSubtype(of: type)
    }

    /// Whether the type conforms to `type` and is not `type`.
    ///
    /// - Parameter type: The candidate supertype.
    /// - Returns: `true` if `type` is a strict supertype.
    /// - Complexity: O(1) between built-in types and from a registered type to a built-in one; O(*a*)
    ///   from a registered type with *a* registered ancestors to another registered type.
    public func isSubtype(of type: UTType) -> Bool {
        self != type && isStrictSubtype(of: type)
    }

    /// Whether `type` conforms to this type and is not this type.
    ///
    /// - Parameter type: The candidate subtype.
    /// - Returns: `true` if `type` is a strict subtype.
    /// - Complexity: O(1) between built-in types and from a registered type to a built-in one; O(*a*)
    ///   from a registered type with *a* registered ancestors to another registered type.
    public func isSupertype(of type: UTType) -> Bool {
        type.isSubtype(of: self)
    }

    /// Every type this type conforms to, directly or not, excluding itself.
    ///
    /// ```swift
    /// UTType.png.supertypes   // [.image, .data, .content, .item]
    /// ```
    public var supertypes: Set<UTType> {
        var result: Set<UTType> = []
        var stack = directSupertypes
        while let next = stack.popLast() {
            if result.insert(next).inserted { stack += next.directSupertypes }
        }
        return result
    }

    /// The types this type conforms to directly — the parents it is declared with — in declaration
    /// order: the first step of ``supertypes``.
    ///
    /// ```swift
    /// UTType.png.directSupertypes   // [.image]
    /// UTType.image.directSupertypes // [.data, .content]
    /// ```
    public var directSupertypes: [UTType] {
        switch resolvedNode {
        case .builtIn(let index):
            return TypeTable.shared.parents[Int(index)].map(UTType.init(builtInIndex:))
        case .registered(let type):
            return type.parents
        case .dynamic(let type):
            return type.parents
        case .undeclared(let type):
            return type.fallbackParents
        }
    }

    /// The declared types that name this type as a direct parent: the built-in ones first, then
    /// the registered ones, each in declaration order. Dynamic types are not declared and are not
    /// listed.
    ///
    /// ```swift
    /// UTType.image.directSubtypes.contains(.png)   // true
    /// ```
    public var directSubtypes: [UTType] {
        var result: [UTType] = []
        if case .builtIn(let index) = resolvedNode {
            result = TypeTable.shared.children(of: Int(index)).map(UTType.init(builtInIndex:))
        }
        if isDeclared {
            result += TypeRegistry.shared.registeredChildren(of: identifier).map(UTType.init(registered:))
        }
        return result
    }

    /// Conformance without the equality check.
    private func isStrictSubtype(of type: UTType) -> Bool {
        switch (resolvedNode, type.resolvedNode) {
        case (.builtIn(let index), .builtIn(let target)):
            return TypeTable.shared.isStrictSubtype(Int(index), of: Int(target))
        case (.builtIn, _):
            // A built-in type has only built-in ancestors.
            return false
        case (.registered(let registered), .builtIn(let target)):
            return registered.hasBuiltInAncestor(Int(target))
        case (.registered(let registered), .registered(let target)):
            return registered.hasRegisteredAncestor(target)
        case (.registered, _):
            return false
        case (.dynamic(let dynamic), _):
            return dynamic.parents.contains { $0.conforms(to: type) }
        case (.undeclared(let undeclared), _):
            return undeclared.fallbackParents.contains { $0.conforms(to: type) }
        }
    }
}

// MARK: - Distance

extension UTType {
    /// The number of conformance steps from this type up to `supertype`: 0 for the type itself,
    /// 1 for a direct parent, and so on along the shortest path; `nil` when the type does not
    /// conform to `supertype`.
    ///
    /// ```swift
    /// UTType.png.conformanceDistance(to: .png)     // 0
    /// UTType.png.conformanceDistance(to: .image)   // 1
    /// UTType.png.conformanceDistance(to: .data)    // 2: png → image → data
    /// UTType.png.conformanceDistance(to: .text)    // nil
    /// ```
    ///
    /// Negotiation uses it to prefer a nearer match: an exact type before a parent before a
    /// farther ancestor. This is an addition to Apple's API.
    ///
    /// - Parameter supertype: The type to measure to.
    /// - Returns: The length of the shortest conformance path, or `nil`.
    /// - Complexity: O(*a*) for a type with *a* ancestors.
    package func conformanceDistance(to supertype: UTType) -> Int? {
        guard conforms(to: supertype) else { return nil }
        if self == supertype { return 0 }
        if case .builtIn(let start) = node, case .builtIn(let target) = supertype.node {
            return TypeTable.shared.distance(from: Int(start), to: Int(target))
        }
        var level = [self]
        var seen: Set<UTType> = [self]
        var distance = 0
        while !level.isEmpty {
            distance += 1
            var next: [UTType] = []
            for type in level {
                for parent in type.directSupertypes where seen.insert(parent).inserted {
                    if parent == supertype { return distance }
                    if parent.conforms(to: supertype) { next.append(parent) }
                }
            }
            level = next
        }
        return nil
    }
}

// MARK: - Package hooks for hot paths

extension UTType {
    /// The type's index in the built-in table, or `nil` for other types; for callers in this package
    /// that test conformance many times (negotiation), through ``builtInConforms(_:_:)``.
    package var builtInIndex: Int32? {
        if case .builtIn(let index) = node { return index }
        return nil
    }

    /// Whether the built-in type at `index` conforms to the one at `ancestor`: one bit test.
    @inline(__always)
    package static func builtInConforms(_ index: Int32, _ ancestor: Int32) -> Bool {
        index == ancestor || TypeTable.shared.isStrictSubtype(Int(index), of: Int(ancestor))
    }
}

extension UTType {
    /// For each of up to 64 built-in types (by index; negative entries are skipped), whether the
    /// built-in type at `index` conforms to it: bit *i* of the result is set when it conforms to
    /// `ancestors[i]`. One call tests a type against a whole rule list.
    package static func builtInConformance(of index: Int32, to ancestors: [Int32]) -> UInt64 {
        let table = TypeTable.shared
        var mask: UInt64 = 0
        for position in 0..<min(ancestors.count, 64) {
            let ancestor = ancestors[position]
            if ancestor >= 0, index == ancestor || table.isStrictSubtype(Int(index), of: Int(ancestor)) {
                mask |= 1 << UInt64(position)
            }
        }
        return mask
    }
}

extension UTType {
    /// The conformance distance between two built-in types, by index, when the first conforms to
    /// the second; see ``conformanceDistance(to:)``.
    package static func builtInDistance(from index: Int32, to ancestor: Int32) -> Int? {
        TypeTable.shared.distance(from: Int(index), to: Int(ancestor))
    }
}
