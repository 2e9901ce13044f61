#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// UniformTypeIdentifiers' additions to `URL`: a file name completed for a type (macOS 11, iOS 14;
/// `appending(component:conformingTo:)` macOS 13, iOS 16), with the semantics of Apple's header
/// (`UTAdditions.h`): the type's preferred extension is appended unless the name's own extension
/// already names a type that conforms to it — `puppy.jpg` stays `puppy.jpg` for `.image` and becomes
/// `puppy.jpg.txt` for `.plainText`; a type without a preferred extension leaves the URL as it is;
/// and the result is a directory URL when the type conforms to `.directory`.
///
/// Where the header is silent, this is what happens here: an extension "names a type" when a
/// declared type has it as a tag (a dynamic type does not count), compared without case; a URL
/// with an empty path is returned unchanged, as `appendingPathExtension(_:)` returns it.
extension URL {
    /// The URL with `contentType`'s preferred extension appended to its last path component, unless
    /// that component's extension is already one of a type conforming to `contentType`.
    ///
    /// - Parameter contentType: The type the file is to be of.
    /// - Returns: The URL, completed; unchanged when the type has no preferred extension.
    public func appendingPathExtension(for contentType: UTType) -> URL {
        guard let name = contentType.completedFileName(lastPathComponent), name != lastPathComponent else {
            return self
        }
        let directory = contentType.conforms(to: .directory)
        return deletingLastPathComponent().appendingPathComponent(name, isDirectory: directory)
    }

    /// Appends `contentType`'s preferred extension (see ``Foundation/URL/appendingPathExtension(for:)``).
    ///
    /// - Parameter contentType: The type the file is to be of.
    public mutating func appendPathExtension(for contentType: UTType) {
        self = appendingPathExtension(for: contentType)
    }

    /// The URL with `partialName` appended as a path component, completed with `contentType`'s
    /// preferred extension unless its own extension is already one of a type conforming to it.
    ///
    /// - Parameters:
    ///   - partialName: The file's name, with or without an extension.
    ///   - contentType: The type the file is to be of.
    /// - Returns: The URL; a directory URL when `contentType` conforms to `.directory`.
    public func appendingPathComponent(_ partialName: String, conformingTo contentType: UTType) -> URL {
        appendingPathComponent(
            contentType.completedFileName(partialName) ?? partialName, isDirectory: contentType.conforms(to: .directory)
        )
    }

    /// Appends `partialName`, completed for `contentType` (see
    /// ``Foundation/URL/appendingPathComponent(_:conformingTo:)``).
    ///
    /// - Parameters:
    ///   - partialName: The file's name, with or without an extension.
    ///   - contentType: The type the file is to be of.
    public mutating func appendPathComponent(_ partialName: String, conformingTo contentType: UTType) {
        self = appendingPathComponent(partialName, conformingTo: contentType)
    }

    /// The URL with `component` appended, completed with `contentType`'s preferred extension (the
    /// macOS 13 spelling of ``Foundation/URL/appendingPathComponent(_:conformingTo:)``).
    ///
    /// - Parameters:
    ///   - component: The file's name, with or without an extension.
    ///   - contentType: The type the file is to be of.
    /// - Returns: The URL.
    public func appending<S: StringProtocol>(component: S, conformingTo contentType: UTType) -> URL {
        appendingPathComponent(String(component), conformingTo: contentType)
    }

    /// Appends `component`, completed for `contentType`.
    ///
    /// - Parameters:
    ///   - component: The file's name, with or without an extension.
    ///   - contentType: The type the file is to be of.
    public mutating func append<S: StringProtocol>(component: S, conformingTo contentType: UTType) {
        self = appending(component: component, conformingTo: contentType)
    }
}

extension UTType {
    /// `name` with this type's preferred extension appended, unless its extension already names a
    /// declared type that conforms to this one; `nil` when this type has no preferred extension.
    package func completedFileName(_ name: String) -> String? {
        guard let preferred = preferredFilenameExtension else { return nil }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let existing = String(name[name.index(after: dot)...])
            if !existing.isEmpty,
                existing.lowercased() == preferred.lowercased()
                    || (UTType(filenameExtension: existing).map { $0.isDeclared && $0.conforms(to: self) } ?? false)
            {
                return name
            }
        }
        return name.isEmpty ? nil : "\(name).\(preferred)"
    }
}
