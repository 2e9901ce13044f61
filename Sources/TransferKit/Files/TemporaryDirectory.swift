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

    /// The directories made and not yet removed, for a process that must clean up when a signal
    /// stops it; closed once it has.
    private static let registry = Mutex(Registry())

    private struct Registry {
        var open: Set<String> = []
        var isClosed = false
    }

    /// Removes every directory made and not yet removed, for a tool stopped by a signal while its
    /// other threads may still be making one or writing into one; after it, ``make()`` makes no
    /// more. A directory is made and registered under the lock that closes the registry, so none
    /// is made after the ones removed here; one that a file was written into while it was being
    /// removed is removed again.
    package static func removeAllOpen() {
        var paths = registry.withLock { registry in
            registry.isClosed = true
            return registry.open
        }
        for attempt in 0..<5 {
            for path in paths {
                try? FileManager.default.removeItem(atPath: path)
                if !FileManager.default.fileExists(atPath: path) { paths.remove(path) }
            }
            guard !paths.isEmpty else { return }
            if attempt < 4 { usleep(10_000) }
        }
    }

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
        let path = url.standardizedFileURL.path
        return registry.withLock { registry in registry.open.contains { path.hasPrefix($0 + "/") } }
    }

    /// Makes a new private directory under the system's temporary directory.
    ///
    /// After ``removeAllOpen()`` — a tool on its way out after a signal — the calling thread waits
    /// for the process to end instead: a directory made then would be left behind.
    package static func make() throws(TransferError) -> URL {
        let base = (TemporaryDirectory.base ?? FileManager.default.temporaryDirectory).path
        // The process's identifier in the name, to tell whose a directory left by a crash was.
        let template = "\(base)/TransferKit-\(getpid())-XXXXXX"
        let made: Result<String, Errno>? = registry.withLock { registry in
            guard !registry.isClosed else { return nil }
            let made = Result { () throws(Errno) in try SystemCalls.makeUniqueDirectory(template) }
            if case .success(let path) = made { registry.open.insert(path) }
            return made
        }
        switch made {
        case .success(let path)?:
            return URL(fileURLWithPath: path, isDirectory: true)
        case .failure(let error)?:
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
        case nil:
            while true { pause() }
        }
    }

    /// Removes a directory made by ``make()`` and everything in it; errors are ignored, since there
    /// is nothing more to do about them on the way out.
    package static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
        _ = registry.withLock { $0.open.remove(directory.path) }
    }
}
