extension UTType {
    /// Creates the type with an identifier, if that type is declared or dynamic.
    ///
    /// The lookup ignores case, and the result carries the identifier as declared:
    ///
    /// ```swift
    /// UTType("PUBLIC.PNG") == .png       // true
    /// UTType("PUBLIC.PNG")?.identifier   // "public.png"
    /// UTType("com.example.unknown")      // nil: not declared
    /// ```
    ///
    /// - Parameter identifier: A type identifier such as `public.png`, or a `dyn.` identifier.
    /// - Returns: `nil` when the identifier is malformed, or neither declared nor a valid dynamic
    ///   identifier.
    public init?(_ identifier: String) {
        if let declared = TypeRegistry.shared.declaredType(identifier: identifier) {
            self = declared
        } else if let dynamic = DynamicType(decoding: identifier) {
            self.init(node: .dynamic(dynamic))
        } else {
            return nil
        }
    }

    /// Creates a type with an identifier, declared or not.
    ///
    /// With `allowUndeclared`, a well-formed identifier that nothing declares gives a type that is
    /// neither declared nor dynamic: it conforms only to itself until a declaration with its
    /// identifier is registered. This matches the initializer Apple adds in its 2026 SDKs.
    ///
    /// - Parameters:
    ///   - identifier: A type identifier.
    ///   - allowUndeclared: Whether to accept an identifier that nothing declares.
    /// - Returns: `nil` when the identifier is malformed, or undeclared and not allowed to be.
    public init?(identifier: String, allowUndeclared: Bool) {
        if let type = UTType(identifier) {
            self = type
        } else if allowUndeclared, Identifier.problem(with: identifier) == nil {
            self.init(node: .undeclared(UndeclaredType(identifier: identifier, fallbackParents: [])))
        } else {
            return nil
        }
    }

    /// Creates a type your program owns, as an `exportedAs` declaration does on Apple's platforms.
    ///
    /// When the identifier is declared (built in, or registered with ``register(_:)``), the
    /// declaration is used. Otherwise the type conforms to `parentType`, the way Apple treats a type
    /// missing from an app's `Info.plist`. Declare constants with `static let` in the Swift 6
    /// language mode:
    ///
    /// ```swift
    /// extension UTType {
    ///     static let profile = UTType(exportedAs: "com.example.profile", conformingTo: .json)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: The type's identifier.
    ///   - parentType: The type it conforms to when not declared. The default is ``data``.
    public init(exportedAs identifier: String, conformingTo parentType: UTType = .data) {
        self.init(ownedIdentifier: identifier, parentType: parentType)
    }

    /// Creates a type owned by someone else, as an `importedAs` declaration does on Apple's platforms.
    ///
    /// Behaves as ``init(exportedAs:conformingTo:)``: the declaration wins when there is one.
    ///
    /// - Parameters:
    ///   - identifier: The type's identifier.
    ///   - parentType: The type it conforms to when not declared. The default is ``data``.
    public init(importedAs identifier: String, conformingTo parentType: UTType = .data) {
        self.init(ownedIdentifier: identifier, parentType: parentType)
    }

    private init(ownedIdentifier identifier: String, parentType: UTType) {
        if let declared = TypeRegistry.shared.declaredType(identifier: identifier) {
            self = declared
        } else {
            self.init(node: .undeclared(UndeclaredType(identifier: identifier, fallbackParents: [parentType])))
        }
    }

    /// Whether the type is declared: built in or registered.
    public var isDeclared: Bool {
        switch resolvedNode {
        case .builtIn, .registered: true
        case .dynamic, .undeclared: false
        }
    }

    /// Whether the type is dynamic: made up for a tag no declared type carries (`dyn.` identifiers).
    public var isDynamic: Bool {
        if case .dynamic = node { return true }
        return false
    }

    /// Whether the type is public: its identifier is in the `public.` domain, reserved for types
    /// the system declares.
    public var isPublic: Bool { Self.isPublicIdentifier(identifier) }

    /// The type's English description, such as "PNG image"; `nil` for types without one.
    public var localizedDescription: String? { declaration?.description }

    /// The type's declaration: built in or registered; `nil` for dynamic and undeclared types.
    ///
    /// This is an addition to Apple's API: it gives a declared type's direct parents in order,
    /// its tags by class and whether it is exported or imported.
    public var declaration: UTTypeDeclaration? {
        switch resolvedNode {
        case .builtIn(let index):
            let row = TypeTable.shared.declarations[Int(index)]
            var tags: [UTTagClass: [String]] = [:]
            if !row.extensions.isEmpty { tags[.filenameExtension] = row.extensions }
            if !row.mimeTypes.isEmpty { tags[.mimeType] = row.mimeTypes }
            return UTTypeDeclaration(
                identifier: row.identifier,
                kind: row.isExported ? .exported : .imported,
                conformsTo: row.parents,
                description: row.description,
                tags: tags
            )
        case .registered(let type):
            return type.declaration
        case .dynamic, .undeclared:
            return nil
        }
    }

    // MARK: Internal

    static func isPublicIdentifier(_ identifier: String) -> Bool {
        identifier.utf8.count > 7 && Identifier.equalIgnoringCase(String(identifier.prefix(7)), "public.")
    }

    static func isDynamicIdentifier(_ identifier: String) -> Bool {
        identifier.utf8.count > 4 && Identifier.equalIgnoringCase(String(identifier.prefix(4)), "dyn.")
    }

    /// The built-in type at `index`.
    @inline(__always)
    init(builtInIndex index: Int) {
        self.init(node: .builtIn(Int32(truncatingIfNeeded: index)))
    }

    /// A registered type.
    init(registered type: RegisteredType) {
        self.init(node: .registered(type))
    }

    /// A built-in type by identifier, for the static constants; the table is ours and tests check
    /// that every constant is in it.
    init(builtIn identifier: String) {
        guard let index = TypeTable.shared.indexByKey[identifier] else {
            preconditionFailure("\(identifier) is missing from the built-in table")
        }
        self.init(builtInIndex: index)
    }
}
