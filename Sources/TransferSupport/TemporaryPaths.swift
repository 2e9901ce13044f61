import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files and directories this process has made and not yet removed: the one
/// registry behind ``AtomicFile``'s temporary siblings and TransferKit's private directories, so
/// that a tool a signal stops removes them all in one call (``removeAll()``) and makes no more.
///
/// A path is made and registered under the lock that ``removeAll()`` closes the registry with, so
/// none is made after the ones removed there.
package enum TemporaryPaths {
    /// What a registered path is.
    package enum Kind: Sendable {
        /// A file, removed with `unlink`.
        case file
        /// A directory, removed with everything in it.
        case directory
    }

    private static let registry = Mutex<(paths: [String: Kind], isClosed: Bool)>(([:], false))

    /// Makes a path with `make` and registers it — both under the registry's lock — unless the
    /// registry is closed: then the calling thread waits for the process to end instead, since
    /// what it made would be left behind, and an error reported would race the signal's exit
    /// status.
    ///
    /// - Parameters:
    ///   - kind: What `make` makes.
    ///   - make: Makes the path: what it made and its path, or why it could not.
    /// - Returns: What `make` returned; the path is registered when it succeeded.
    package static func make<Value, Failure: Error>(
        _ kind: Kind, _ make: () -> Result<(value: Value, path: String), Failure>
    ) -> Result<Value, Failure> {
        let made: Result<(value: Value, path: String), Failure>? = registry.withLock { registry in
            guard !registry.isClosed else { return nil }
            let made = make()
            if case .success(let (_, path)) = made { registry.paths[path] = kind }
            return made
        }
        guard let made else { while true { pause() } }
        return made.map(\.value)
    }

    /// Forgets a path once its owner has removed it, or kept it (renamed into place).
    package static func forget(_ path: String) {
        _ = registry.withLock { $0.paths.removeValue(forKey: path) }
    }

    /// Whether `path` is inside one of the registered directories.
    package static func directoryHolds(_ path: String) -> Bool {
        registry.withLock { registry in
            registry.paths.contains { $0.value == .directory && path.hasPrefix($0.key + "/") }
        }
    }

    /// Removes every registered path, for a tool stopped by a signal while its other threads may
    /// still be writing; after it, ``make(_:_:)`` makes no more. A directory that a file was written
    /// into while it was being removed is removed again (five tries, 10 ms apart).
    package static func removeAll() {
        let paths = registry.withLock { registry in
            registry.isClosed = true
            return registry.paths
        }
        var directories: [String] = []
        for (path, kind) in paths {
            switch kind {
            case .file: unlink(path)
            case .directory: directories.append(path)
            }
        }
        for attempt in 0..<5 {
            directories.removeAll { path in
                try? FileManager.default.removeItem(atPath: path)
                return !FileManager.default.fileExists(atPath: path)
            }
            guard !directories.isEmpty else { return }
            if attempt < 4 { usleep(10_000) }
        }
    }
}
