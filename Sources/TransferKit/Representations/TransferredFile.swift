#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A file an exporter hands over.
///
/// `SentTransferredFile` is `Sendable`.
public struct SentTransferredFile: Sendable, Hashable {
    /// The file's location.
    public let file: URL
    /// Whether receivers may be given the file itself rather than a copy.
    public let allowAccessingOriginalFile: Bool
    /// The private directory of a file made by ``temporaryFile(named:writing:)``, which the
    /// framework removes once the transfer is done with the file; `nil` for the exporter's own files.
    let temporaryDirectory: URL?

    /// Creates a file to send.
    ///
    /// - Parameters:
    ///   - file: The file's location. The exporter keeps ownership: the framework never removes it.
    ///   - allowAccessingOriginalFile: Whether receivers may be given the file itself. The default
    ///     is `false`: they get a copy.
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
        self.temporaryDirectory = nil
    }

    private init(temporary file: URL, in directory: URL) {
        self.file = file
        self.allowAccessingOriginalFile = false
        self.temporaryDirectory = directory
    }

    /// Makes a file for an exporter to write, which the framework owns: it is removed once the
    /// transfer is done with it — after it is read, copied, or handed to a `withExportedFile`
    /// handler that returns — and when the write throws or the transfer is cancelled.
    ///
    /// Apple's framework has no equivalent: there, a file an exporter makes on the fly stays behind
    /// in a temporary directory. Use it for content generated at export time, written as it is
    /// produced so that it never has to be in memory whole:
    ///
    /// ```swift
    /// FileRepresentation(exportedContentType: .commaSeparatedText) { archive in
    ///     try await .temporaryFile(named: "Profiles.csv") { url in try archive.writeCSV(to: url) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The file's name, in a new private directory.
    ///   - write: Writes the file at the URL it is given.
    /// - Returns: The file to send.
    /// - Throws: ``TransferError/Code/fileUnavailable`` when no temporary directory can be made;
    ///   what `write` throws, after the directory is removed.
    public static func temporaryFile(
        named name: String,
        writing write: (URL) async throws -> Void
    ) async throws -> SentTransferredFile {
        let directory = try TemporaryDirectory.make()
        let file = directory.appendingPathComponent(FileOperations.safeFileName(name) ?? "file")
        do {
            try await write(file)
            try Task.checkCancellation()
        } catch {
            TemporaryDirectory.remove(directory)
            throw error
        }
        return SentTransferredFile(temporary: file, in: directory)
    }

    /// Removes the file if the framework owns it.
    func discard() {
        if let temporaryDirectory { TemporaryDirectory.remove(temporaryDirectory) }
    }
}

/// A file an importer receives.
///
/// The file is guaranteed to exist only inside the importing closure; copy it there to keep it.
///
/// Unlike Apple's, this type has a public initializer, so importers can be called directly in
/// tests:
///
/// ```swift
/// let video = try await importer(ReceivedTransferredFile(file: fixtureURL, isOriginalFile: false))
/// ```
///
/// `ReceivedTransferredFile` is `Sendable`.
public struct ReceivedTransferredFile: Sendable, Hashable {
    /// The file's location.
    public let file: URL
    /// Whether the file is the sender's original rather than a copy.
    public let isOriginalFile: Bool

    /// Creates a received file.
    ///
    /// - Parameters:
    ///   - file: The file's location.
    ///   - isOriginalFile: Whether it is the sender's original.
    public init(file: URL, isOriginalFile: Bool) {
        self.file = file
        self.isOriginalFile = isOriginalFile
    }
}
