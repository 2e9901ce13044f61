import Synchronization

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
    /// stops it.
    private static let open = Mutex<Set<String>>([])

    /// Removes every directory made and not yet removed: for a tool stopped by a signal, while its
    /// other threads may still be making one, or writing into one. The directories' names carry the
    /// process's identifier, so those made but not yet registered are found too; a directory that
    /// a file was written into while it was being removed is removed again.
    package static func removeAllOpen() {
        let base = FileManager.default.temporaryDirectory.path
        let prefix = "TransferKit-\(getpid())-"
        for attempt in 0..<5 {
            var paths = open.withLock { $0 }
            let made =
                (try? FileManager.default.contentsOfDirectory(atPath: base))?.filter { $0.hasPrefix(prefix) } ?? []
            paths.formUnion(made.map { "\(base)/\($0)" })
            guard !paths.isEmpty else { return }
            for path in paths {
                try? FileManager.default.removeItem(atPath: path)
                if !FileManager.default.fileExists(atPath: path) { _ = open.withLock { $0.remove(path) } }
            }
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

    /// Makes a new private directory under the system's temporary directory.
    static func make() throws(TransferError) -> URL {
        let base = (TemporaryDirectory.base ?? FileManager.default.temporaryDirectory).path
        // The process's identifier in the name: a tool stopped by a signal finds its own.
        var template = Array("\(base)/TransferKit-\(getpid())-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else {
            let number = errno
            // The file system's error, as Foundation reports a directory it cannot create: a tool
            // can tell the environment (TMPDIR) from the data.
            let underlying = CocoaError(
                number == EACCES || number == EPERM ? .fileWriteNoPermission : .fileWriteUnknown,
                userInfo: [  // NSFilePathErrorKey and NSUnderlyingErrorKey, which FoundationEssentials lacks.
                    "NSFilePath": base,
                    "NSUnderlyingError": POSIXError(POSIXErrorCode(rawValue: number) ?? .EIO),
                ])
            throw TransferError(
                .fileUnavailable, itemType: Never.self,
                reason: "Cannot create a temporary directory in \(base): \(String(cString: strerror(number)))",
                underlyingError: underlying)
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = open.withLock { $0.insert(path) }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Removes a directory made by ``make()`` and everything in it; errors are ignored, since there
    /// is nothing more to do about them on the way out.
    static func remove(_ directory: URL) {
        try? FileManager.default.removeItem(at: directory)
        _ = open.withLock { $0.remove(directory.path) }
    }
}
