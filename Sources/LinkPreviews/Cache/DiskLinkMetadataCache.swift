internal import Foundation
public import FoundationEssentials
import TransferSupport

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A cache of link metadata on disk: one JSON file per normalised URL, in a directory only its owner
/// can read (mode 0700), that survives restarts.
///
/// - Files are named by a 64-bit FNV-1a hash of the URL and hold the URL itself, so that two URLs
///   with the same hash never answer for each other.
/// - Writes go to a temporary file in the same directory, then are renamed over the entry: a reader
///   never sees half an entry, and a crash leaves at most a temporary file, removed on the next start.
/// - Entries older than ``timeToLive`` are ignored and removed; so are entries that cannot be read
///   (a corrupt or truncated file) and entries of another ``schemaVersion``.
///
/// `Sendable`: it has no mutable state; concurrent writers of one entry leave one of their writes.
public final class DiskLinkMetadataCache: LinkMetadataCache {
    /// The version of the file format; entries of another version are ignored and removed.
    public static let schemaVersion = 1

    /// The directory of the entries.
    public let directory: URL
    /// How long an entry is used.
    public let timeToLive: Duration
    private let now: @Sendable () -> Date

    /// The file format.
    private struct Entry: Codable {
        var schemaVersion: Int
        var url: String
        var storedAt: Date
        var metadata: LinkMetadata
    }

    /// A cache in `directory`, created (mode 0700) if needed.
    ///
    /// - Parameters:
    ///   - directory: The directory; it should hold nothing else.
    ///   - timeToLive: How long an entry is used; the default is seven days.
    ///   - now: The clock, for tests.
    /// - Throws: `CocoaError` when the directory cannot be created, or exists and is not a directory.
    public init(
        directory: URL,
        timeToLive: Duration = .seconds(7 * 24 * 60 * 60),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws {
        self.directory = directory
        self.timeToLive = timeToLive
        self.now = now
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Temporary files left by a crash are removed: `.<entry>.<8 hex digits>.partial`, as every
        // atomic write in the package names them, and `.tmp-<UUID>`, as earlier versions did.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasPrefix(".tmp-") || (name.hasPrefix(".") && name.hasSuffix(".partial")) {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }

    /// The file of an entry.
    private func file(for key: String) -> URL {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let name = String(hash, radix: 16)
        return directory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".json")
    }

    /// The metadata stored for `url`, if it is there, readable and younger than ``timeToLive``.
    public func metadata(for url: URL) -> LinkMetadata? {
        let key = LinkCacheKey.normalized(url)
        let file = file(for: key)
        guard let data = try? ReadableFile.contents(of: file) else { return nil }
        guard let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.schemaVersion == Self.schemaVersion
        else {
            try? FileManager.default.removeItem(at: file)  // Corrupt, or of another version.
            return nil
        }
        guard entry.url == key else { return nil }  // Another URL with the same hash.
        let age = now().timeIntervalSince(entry.storedAt)
        let limit = Double(timeToLive.components.seconds) + Double(timeToLive.components.attoseconds) * 1e-18
        guard age <= limit, age >= -60 else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        return entry.metadata
    }

    /// Stores `metadata` for `url`, atomically. A failure to write (a full disk) leaves the cache as
    /// it was.
    public func store(_ metadata: LinkMetadata, for url: URL) {
        let key = LinkCacheKey.normalized(url)
        let entry = Entry(schemaVersion: Self.schemaVersion, url: key, storedAt: now(), metadata: metadata)
        guard let data = try? JSONEncoder().encode(entry) else { return }
        try? AtomicFile.write(data, to: file(for: key), mode: 0o600)
    }

    /// Removes what is stored for `url`.
    public func removeMetadata(for url: URL) {
        try? FileManager.default.removeItem(at: file(for: LinkCacheKey.normalized(url)))
    }
}
