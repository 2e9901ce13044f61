public import Foundation
public import TransferKit

/// UniformTypeIdentifiers' additions to `NSString` (macOS 11, iOS 14), with the semantics of
/// Apple's header and of `URL`'s (``Foundation/URL/appendingPathExtension(for:)``): the type's
/// preferred extension is appended unless the name's own extension already names a type that
/// conforms to it; a type without a preferred extension leaves the string as it is.
extension NSString {
    /// The path with `contentType`'s preferred extension appended, unless its extension is already
    /// one of a type conforming to `contentType` (`"puppy.jpg"` for `.image` stays as it is).
    ///
    /// - Parameter contentType: The type the file is to be of.
    /// - Returns: The completed path; the path as it is when it cannot be completed.
    public func appendingPathExtension(for contentType: UTType) -> String {
        let path = self as String
        let name = lastPathComponent
        guard let completed = contentType.completedFileName(name), completed != name else { return path }
        return deletingLastPathComponent.isEmpty
            ? completed : (deletingLastPathComponent as NSString).appendingPathComponent(completed)
    }

    /// The path with `partialName` appended as a component, completed with `contentType`'s
    /// preferred extension unless its own extension is already one of a type conforming to it.
    ///
    /// - Parameters:
    ///   - partialName: The file's name, with or without an extension.
    ///   - contentType: The type the file is to be of.
    /// - Returns: The path.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> String {
        appendingPathComponent(contentType.completedFileName(partialName) ?? partialName)
    }
}
