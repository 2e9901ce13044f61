#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file ready for a handler, and how to dispose of it.
struct PreparedFile {
    let url: URL
    /// The private directory holding the file, removed with it; `nil` for an original file.
    let directory: URL?

    func cleanUp() {
        if let directory { TemporaryDirectory.remove(directory) }
    }

    /// A file named `name` in a new private directory, made by `make`; the directory is removed if
    /// `make` throws.
    static func inNewDirectory(named name: String, _ make: (URL) throws(TransferError) -> Void) throws(TransferError)
        -> PreparedFile
    {
        let directory = try TemporaryDirectory.make()
        do throws(TransferError) {
            let destination = directory.appendingPathComponent(name)
            try make(destination)
            return PreparedFile(url: destination, directory: directory)
        } catch {
            TemporaryDirectory.remove(directory)
            throw error
        }
    }
}
