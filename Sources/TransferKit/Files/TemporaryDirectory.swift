import Synchronization
import TransferSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private directory for the files one transfer creates: mode 0700, unique, and removed with
/// everything in it on every way out of ``withTemporaryDirectory(_:)``: return, throw, cancellation.
package enum TemporaryDirectory {
    /// Where the private directories are made in the current task: the system's temporary
    /// directory, unless a test fixture (TransferKitTesting's leak check) sets its own.
    @TaskLocal package static var base: URL?

    /// Runs `body` with a new private directory, and removes the directory afterwards.
    static func withTemporaryDirectory<Result>(
        _ body: (URL) async throws -> Result
    ) async throws -> Result {
        let directory = try make()
        defer { remove(directory) }
        return try await body(directory)
    }

    /// Whether `url` is inside one of the private directories made and not yet removed: a copy a
    /// transfer made, not a file of the caller's.
    package static func holds(_ url: URL) -> Bool {
        TemporaryPaths.directoryHolds(url.standardizedFileURL.path)
    }

    /// Makes a new private directory under the system's temporary directory.
    ///
    /// After `TemporaryPaths.removeAll()` — a tool on its way out after a signal — the calling
    /// thread waits for the process to end instead: a directory made then would be left behind.
    package static func make() throws(TransferError) -> URL {
        let base = (TemporaryDirectory.base ?? FileManager.default.temporaryDirectory).path
        // The process's identifier in the name, to tell whose a directory left by a crash was.
        let template = "\(base)/TransferKit-\(getpid())-XXXXXX"
        let made = TemporaryPaths.make(.directory) {
            Result { () throws(Errno) in try SystemCalls.makeUniqueDirectory(template) }.map { ($0, $0) }
        }
        switch made {
        case .success(let path):
            return URL(fileURLWithPath: path, isDirectory: true)
        case .failure(let error):
            // The file system's error, as Foundation reports a directory it cannot create: a tool
            // can tell the environment (TMPDIR) from the data. A missing TMPDIR is a write that
            // failed (`fileWriteUnknown`), not a missing input file.
            let underlying = CocoaError(
                [EACCES, EPERM].contains(error.rawValue) ? .fileWriteNoPermission : .fileWriteUnknown,
                userInfo: [  // NSFilePathErrorKey and NSUnderlyingErrorKey, which FoundationEssentials lacks.
                    "NSFilePath": base,
                    "NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: error.rawValue) ?? .EIO),
                ])
            throw TransferError(
                .fileUnavailable, itemType: Never.self,
                reason: "Cannot create a temporary directory in \(base): \(error)", underlyingError: underlying)
        }
    }

    /// Removes a directory made by ``make()`` and everything in it; errors are ignored, since there
    /// is nothing more to do about them on the way out.
    package static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
        TemporaryPaths.forget(directory.path)
    }
}
