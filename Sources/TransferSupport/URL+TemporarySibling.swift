#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

extension URL {
    /// A name for a temporary file beside this one, to be written and then renamed into place:
    /// hidden, unique, recognisably this file's, and always within the 255-byte limit most file
    /// systems put on a name, whatever this file's name.
    ///
    /// Every writer in the package that replaces a file whole uses it, so that a name the user may
    /// legally give (up to 255 bytes) never fails for the temporary's sake.
    package var temporarySibling: URL {
        let name = lastPathComponent
        let suffix = UUID().uuidString.prefix(8).lowercased()
        // 200 bytes of name + a dot, 8 hex digits and ".partial": 218 bytes at most.
        let temporaryName = name.utf8.count <= 200 ? ".\(name).\(suffix).partial" : ".transfer-\(suffix).partial"
        return deletingLastPathComponent().appendingPathComponent(temporaryName)
    }
}
