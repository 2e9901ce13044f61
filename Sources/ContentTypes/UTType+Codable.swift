extension UTType: Codable {
    /// Decodes a type from its identifier, encoded as a single string.
    ///
    /// A declared or dynamic identifier gives that type. A well-formed identifier that nothing
    /// declares gives an undeclared type that picks up a declaration registered later.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the identifier is empty or malformed.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let identifier = try container.decode(String.self)
        guard let type = UTType(identifier: identifier, allowUndeclared: true) else {
            let reason = Identifier.problem(with: identifier) ?? "not a valid type identifier"
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription:
                    "expected a type identifier such as \"public.png\", found \(identifier.debugDescription): \(reason)"
            )
        }
        self = type
    }

    /// Encodes the type as its identifier, a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
