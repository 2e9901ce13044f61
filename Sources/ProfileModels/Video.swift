public import Foundation
public import TransferKit

/// A video file. `Sendable`.
public struct Video: Transferable {
    /// The video's file.
    public let file: URL

    /// Creates a video for a file.
    public init(file: URL) {
        self.file = file
    }

    /// The movie file, then its URL.
    public static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .mpeg4Movie) {
            SentTransferredFile($0.file)
        } importing: { received in
            // The received file exists only inside this closure: keep a copy.
            let copy = try VideoLibrary.newFile(named: received.file.lastPathComponent)
            try FileManager.default.copyItem(at: received.file, to: copy)
            return Self.init(file: copy)
        }
        ProxyRepresentation(exporting: \.file)
    }
}

/// Where imported videos are kept: the role the app's documents directory plays in Apple's sample.
/// (A namespace: an enum without cases.)
public enum VideoLibrary {
    /// The library's folder.
    public static let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "TransferKit Example Videos")

    /// A new, unused location in the library for a file called `name`.
    public static func newFile(named name: String) throws -> URL {
        let folder = directory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }
}
