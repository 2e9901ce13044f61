/// A class of tags that identify a type outside the type system: filename extensions, MIME types.
///
/// Tag classes are themselves identified by strings, as on Apple's platforms, so declarations can
/// carry classes this module does not know (`com.apple.ostype`, say); lookups simply match them.
///
/// ```swift
/// UTType.png.tags[.filenameExtension]   // ["png"]
/// UTType(tag: "image/png", tagClass: .mimeType, conformingTo: nil) == .png   // true
/// ```
///
/// `UTTagClass` is `Sendable`.
public struct UTTagClass: RawRepresentable, Hashable, Sendable, Codable {
    /// The tag class's identifier, such as `public.filename-extension`.
    public let rawValue: String

    /// Creates a tag class from its identifier.
    ///
    /// - Parameter rawValue: The identifier, such as `public.mime-type`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Filename extensions, without the leading period: `png`, `tar`.
    public static let filenameExtension = UTTagClass(rawValue: "public.filename-extension")

    /// MIME types: `image/png`, `text/plain;charset=utf-8`.
    public static let mimeType = UTTagClass(rawValue: "public.mime-type")
}

// MARK: - CustomStringConvertible

extension UTTagClass: CustomStringConvertible {
    /// The tag class's identifier.
    public var description: String { rawValue }
}
