/// A type of data to load, send, or receive: an image, a text encoding, a file format, a directory.
///
/// `UTType` mirrors the structure of the same name in Apple's UniformTypeIdentifiers framework, so
/// code written against Apple's platforms compiles here with only its import lines changed. Each type
/// has a unique reverse-DNS ``identifier``, conforms to one or more parent types, and may carry tags
/// such as filename extensions and MIME types:
///
/// ```swift
/// import ContentTypes
///
/// let type = UTType(filenameExtension: "png")!
/// type == .png                      // true
/// type.conforms(to: .image)         // true: public.png → public.image
/// type.conforms(to: .content)       // true: public.image → public.content
/// type.preferredMIMEType            // "image/png"
/// ```
///
/// The well-known types are static members (``png``, ``plainText``, ``json``, ``mpeg4Movie``, …).
/// Add your own by declaring a constant, exactly as on Apple's platforms:
///
/// ```swift
/// extension UTType {
///     static let profile = UTType(exportedAs: "com.example.profile")
/// }
/// ```
///
/// and, to give it tags that lookups find, register a declaration with
/// ``register(_:)`` or ``registerDeclarations(contentsOf:)``.
///
/// Identifiers compare case-insensitively: `UTType("PUBLIC.PNG") == .png`. A type is equal to another
/// exactly when their identifiers are equal, whatever way each was created.
///
/// `UTType` is `Sendable`: a value is immutable and reads of the built-in tree take no lock.
public struct UTType: Sendable {
    /// Where the type's facts come from. A built-in type is a small index, so copying one costs
    /// no reference counting.
    let node: Node

    /// Creates a type from its facts; callers resolve `node` first.
    init(node: Node) {
        self.node = node
    }

    /// The type's unique identifier, such as `public.png`.
    ///
    /// For a declared type this is the identifier as declared, whatever case it was looked up with.
    public var identifier: String {
        switch node {
        case .builtIn(let index): TypeTable.shared.declarations[Int(index)].identifier
        case .registered(let type): type.declaration.identifier
        case .dynamic(let type): type.identifier
        case .undeclared(let type): type.identifier
        }
    }
}

// MARK: - Node

extension UTType {
    /// The source of a type's conformances and tags.
    enum Node: Sendable {
        /// A type of the built-in tree, by its index there.
        case builtIn(Int32)
        /// A type declared at run time.
        case registered(RegisteredType)
        /// A dynamic type made for a tag that no declared type carries.
        case dynamic(DynamicType)
        /// A type that is not declared (yet): `init(exportedAs:)` before registration, or a decoded
        /// identifier. Its fallback parents apply until a declaration with its identifier appears.
        case undeclared(UndeclaredType)
    }

    /// The facts in force for this type now: an undeclared type picks up a later registration.
    var resolvedNode: Node {
        guard case .undeclared(let type) = node else { return node }
        if let registered = TypeRegistry.shared.registeredType(identifier: type.identifier) {
            return .registered(registered)
        }
        return node
    }
}

/// An identifier nothing declared when the type was made, with the parents it was given.
final class UndeclaredType: Sendable {
    let identifier: String
    let fallbackParents: [UTType]

    init(identifier: String, fallbackParents: [UTType]) {
        self.identifier = identifier
        self.fallbackParents = fallbackParents
    }
}

// MARK: - Equatable and Hashable

extension UTType: Hashable {
    /// Two types are equal when their identifiers are equal, ignoring ASCII case.
    public static func == (lhs: UTType, rhs: UTType) -> Bool {
        if case .builtIn(let left) = lhs.node, case .builtIn(let right) = rhs.node {
            return left == right
        }
        return Identifier.equalIgnoringCase(lhs.identifier, rhs.identifier)
    }

    /// Hashes the identifier, ignoring ASCII case.
    public func hash(into hasher: inout Hasher) {
        Identifier.hashIgnoringCase(identifier, into: &hasher)
    }
}

// MARK: - CustomStringConvertible

extension UTType: CustomStringConvertible, CustomDebugStringConvertible {
    /// The type's identifier.
    public var description: String { identifier }

    /// The type's identifier, followed by its English description where it has one.
    public var debugDescription: String {
        if let localizedDescription {
            return "\(identifier) (\(localizedDescription))"
        }
        return identifier
    }
}
