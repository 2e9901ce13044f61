/// A type declaration, in the form of an `Info.plist` entry under `UTExportedTypeDeclarations` or
/// `UTImportedTypeDeclarations`.
///
/// Declarations describe your own types so that lookups by tag find them and conformance follows
/// their parents:
///
/// ```swift
/// let profile = UTTypeDeclaration(
///     identifier: "com.example.profile",
///     kind: .exported,
///     conformsTo: ["public.json"],
///     description: "Example profile",
///     tags: [.filenameExtension: ["exprofile"], .mimeType: ["application/x-example-profile"]]
/// )
/// try UTType.register([profile])
/// UTType(filenameExtension: "exprofile")?.conforms(to: .json)   // true
/// ```
///
/// Every declared type, built-in or registered, also reports its declaration through
/// ``UTType/declaration``.
///
/// `UTTypeDeclaration` is `Sendable`. It encodes with the keys of an `Info.plist`
/// (`UTTypeIdentifier`, `UTTypeConformsTo`, `UTTypeDescription`, `UTTypeTagSpecification`), so the
/// JSON declaration format is the property-list structure written as JSON.
public struct UTTypeDeclaration: Sendable, Hashable {
    /// Whether the declaring party owns the type or describes somebody else's.
    ///
    /// A closed set, deliberately an enum: Apple's declarations come in exactly these two lists,
    /// `UTExportedTypeDeclarations` and `UTImportedTypeDeclarations`.
    ///
    /// `Kind` is `Sendable`.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The declaring party owns the identifier (`UTExportedTypeDeclarations`). Exported
        /// declarations win over imported ones when both carry a tag.
        case exported
        /// The declaration describes a type owned by someone else (`UTImportedTypeDeclarations`).
        /// If the type is already declared, the existing declaration stays in force.
        case imported
    }

    /// The type's identifier, such as `com.example.profile`.
    public var identifier: String
    /// Whether the type is exported or imported.
    public var kind: Kind
    /// The identifiers of the types it conforms to directly, in order.
    public var conformsTo: [String]
    /// An English description, such as "Example profile".
    public var description: String?
    /// The type's tags by class, the preferred tag of each class first.
    public var tags: [UTTagClass: [String]]

    /// Creates a declaration.
    ///
    /// - Parameters:
    ///   - identifier: The type's identifier.
    ///   - kind: Whether the type is exported or imported.
    ///   - conformsTo: The identifiers of its direct parents, in order.
    ///   - description: An English description.
    ///   - tags: Tags by class, the preferred one first.
    public init(
        identifier: String,
        kind: Kind = .exported,
        conformsTo: [String] = [],
        description: String? = nil,
        tags: [UTTagClass: [String]] = [:]
    ) {
        self.identifier = identifier
        self.kind = kind
        self.conformsTo = conformsTo
        self.description = description
        self.tags = tags
    }

    /// Why one of the tags is malformed, or `nil`.
    func tagProblem() -> String? {
        for (tagClass, tags) in tags.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            for tag in tags {
                if let problem = Identifier.problem(withTag: tag, of: tagClass) {
                    return "tag \(tag.debugDescription) (\(tagClass.rawValue)): \(problem)"
                }
            }
        }
        return nil
    }
}

// MARK: - Codable

extension UTTypeDeclaration: Codable {
    enum CodingKeys: String, CodingKey {
        case identifier = "UTTypeIdentifier"
        case conformsTo = "UTTypeConformsTo"
        case description = "UTTypeDescription"
        case tags = "UTTypeTagSpecification"
        case kind = "UTTypeKind"
    }

    /// Decodes a declaration with `Info.plist` keys. `UTTypeConformsTo` and each tag list may be a
    /// single string or an array, as in property lists; a missing `UTTypeKind` means exported.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        kind = try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .exported
        conformsTo = try container.decodeIfPresent(StringOrArray.self, forKey: .conformsTo)?.values ?? []
        description = try container.decodeIfPresent(String.self, forKey: .description)
        let rawTags = try container.decodeIfPresent([String: StringOrArray].self, forKey: .tags) ?? [:]
        tags = Dictionary(uniqueKeysWithValues: rawTags.map { (UTTagClass(rawValue: $0.key), $0.value.values) })
    }

    /// Encodes the declaration with `Info.plist` keys.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(kind, forKey: .kind)
        try container.encode(conformsTo, forKey: .conformsTo)
        try container.encodeIfPresent(description, forKey: .description)
        if !tags.isEmpty {
            try container.encode(
                Dictionary(uniqueKeysWithValues: tags.map { ($0.key.rawValue, $0.value) }),
                forKey: .tags
            )
        }
    }
}

/// A property-list value that may be a string or an array of strings.
struct StringOrArray: Decodable {
    let values: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // Arrays first: they are the common case, and a failed attempt costs an error.
        if let list = try? container.decode([String].self) {
            values = list
        } else {
            values = [try container.decode(String.self)]
        }
    }
}
