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

    /// Creates a file to send.
    ///
    /// - Parameters:
    ///   - file: The file's location. The exporter keeps ownership: the framework never removes it.
    ///   - allowAccessingOriginalFile: Whether receivers may be given the file itself. The default
    ///     is `false`: they get a copy.
    public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
        self.file = file
        self.allowAccessingOriginalFile = allowAccessingOriginalFile
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
