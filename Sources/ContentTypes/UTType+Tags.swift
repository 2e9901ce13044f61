extension UTType {
    /// The type's tags by class, the preferred tag of each class first.
    ///
    /// ```swift
    /// UTType.jpeg.tags[.filenameExtension]   // ["jpeg", "jpg", "jpe"]
    /// UTType.jpeg.tags[.mimeType]            // ["image/jpeg", "image/jpg"]
    /// ```
    ///
    /// A dynamic type carries the tag it was made for.
    public var tags: [UTTagClass: [String]] {
        switch resolvedNode {
        case .dynamic(let dynamic): dynamic.tags
        default: declaration?.tags ?? [:]
        }
    }

    /// The preferred filename extension, without the period: `jpeg` for ``jpeg``.
    public var preferredFilenameExtension: String? { preferredTag(of: .filenameExtension) }

    /// The preferred MIME type: `image/jpeg` for ``jpeg``.
    public var preferredMIMEType: String? { preferredTag(of: .mimeType) }

    private func preferredTag(of tagClass: UTTagClass) -> String? {
        switch resolvedNode {
        case .builtIn(let index):
            let row = TypeTable.shared.declarations[Int(index)]
            return tagClass == .filenameExtension ? row.extensions.first : row.mimeTypes.first
        case .registered(let type):
            return type.declaration.tags[tagClass]?.first
        case .dynamic(let dynamic):
            return dynamic.tags[tagClass]?.first
        case .undeclared:
            return nil
        }
    }

    /// Creates the type for a filename extension.
    ///
    /// The preferred declared type carrying the extension and conforming to `supertype` wins (see
    /// ``types(tag:tagClass:conformingTo:)`` for the order). When no declared type fits, the result
    /// is a dynamic type that remembers the extension and conforms to `supertype`:
    ///
    /// ```swift
    /// UTType(filenameExtension: "PNG") == .png                              // true
    /// UTType(filenameExtension: "mp4") == .mpeg4Movie                       // true
    /// UTType(filenameExtension: "mp4", conformingTo: .audio) == .mpeg4Audio // true
    /// UTType(filenameExtension: "xyz")?.isDynamic                           // true
    /// ```
    ///
    /// - Parameters:
    ///   - filenameExtension: The extension, without the leading period.
    ///   - supertype: The type the result must conform to. The default is ``data``.
    /// - Returns: `nil` when the extension is empty, contains `/` or a control character.
    /// - Complexity: One hash probe, plus O(1) per candidate, when no types are registered.
    public init?(filenameExtension: String, conformingTo supertype: UTType = .data) {
        let key = Identifier.key(filenameExtension)
        if let type = TypeRegistry.shared.firstDeclaredType(
            key: key, tagClass: .filenameExtension, fastPath: .filenameExtension, conformingTo: supertype)
        {
            self = type
        } else {
            self.init(dynamicTag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype)
        }
    }

    /// Creates the type for a MIME type.
    ///
    /// ```swift
    /// UTType(mimeType: "image/PNG") == .png               // true
    /// UTType(mimeType: "text/plain; charset=utf-8") == .utf8PlainText   // true
    /// ```
    ///
    /// - Parameters:
    ///   - mimeType: The MIME type; case and white space around parameters are ignored.
    ///   - supertype: The type the result must conform to. The default is ``data``.
    /// - Returns: `nil` when the MIME type is empty, lacks `/` or has a control character.
    public init?(mimeType: String, conformingTo supertype: UTType = .data) {
        // Most MIME types come without white space around parameters: fold case only, and
        // normalize parameters only when that misses.
        let registry = TypeRegistry.shared
        let key = Identifier.key(mimeType)
        if let type = registry.firstDeclaredType(
            key: key, tagClass: .mimeType, fastPath: .mimeType, conformingTo: supertype)
        {
            self = type
        } else if case let normalized = TagKey.mimeType(mimeType), normalized != key,
            let type = registry.firstDeclaredType(
                key: normalized, tagClass: .mimeType, fastPath: .mimeType, conformingTo: supertype)
        {
            self = type
        } else {
            self.init(dynamicTag: mimeType, tagClass: .mimeType, conformingTo: supertype)
        }
    }

    /// Creates the type for a tag of any class.
    ///
    /// - Parameters:
    ///   - tag: The tag.
    ///   - tagClass: Its class.
    ///   - supertype: The type the result must conform to, or `nil` for any type. A dynamic type
    ///     made for an unknown tag conforms to `supertype`; without one it conforms to nothing else.
    /// - Returns: `nil` when the tag is malformed for its class.
    public init?(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        let key = TagKey.make(tag, tagClass)
        let fastPath: TypeTable.FastPath? =
            tagClass == .filenameExtension ? .filenameExtension : tagClass == .mimeType ? .mimeType : nil
        if let declared = TypeRegistry.shared.firstDeclaredType(
            key: key, tagClass: tagClass, fastPath: fastPath, conformingTo: supertype)
        {
            self = declared
        } else {
            self.init(dynamicTag: tag, tagClass: tagClass, conformingTo: supertype)
        }
    }

    /// The dynamic type for a tag no declared type carries; `nil` for a malformed tag.
    private init?(dynamicTag tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        guard Identifier.problem(withTag: tag, of: tagClass) == nil else { return nil }
        self.init(node: .dynamic(DynamicType(tag: tag, tagClass: tagClass, conformingTo: supertype)))
    }

    /// Every type for a tag, preferred first.
    ///
    /// When several declared types carry the same tag, they rank as follows:
    /// 1. a `public.*` type before any other;
    /// 2. an exported declaration before an imported one;
    /// 3. the more general type first: the one nearer a root (its longest conformance path up to a
    ///    root is shorter), so a type precedes its own subtypes;
    /// 4. earlier declaration first: built-in types in table order, then registered types in the
    ///    order they were registered.
    ///
    /// So `mp4` gives ``mpeg4Movie`` before ``mpeg4Audio`` (both public and exported; the audio type
    /// is a subtype of the movie type), and `plist` gives ``propertyList`` before ``xmlPropertyList``
    /// and ``binaryPropertyList`` (both are its subtypes).
    ///
    /// When no declared type fits, the result holds one dynamic type, as
    /// ``init(tag:tagClass:conformingTo:)`` makes it; for a malformed tag it is empty.
    ///
    /// - Parameters:
    ///   - tag: The tag.
    ///   - tagClass: Its class.
    ///   - supertype: The type every result must conform to, or `nil` for any type.
    /// - Returns: The matching types, preferred first.
    public static func types(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) -> [UTType] {
        guard Identifier.problem(withTag: tag, of: tagClass) == nil else { return [] }
        let declared = TypeRegistry.shared.declaredTypes(key: TagKey.make(tag, tagClass), tagClass: tagClass).filter {
            supertype.map($0.conforms(to:)) ?? true
        }
        if !declared.isEmpty { return declared }
        return UTType(tag: tag, tagClass: tagClass, conformingTo: supertype).map { [$0] } ?? []
    }
}
