public import Foundation
import TransferKit

/// Files a test left behind, found by ``withTemporaryDirectory(checkingForLeaks:_:)``.
///
/// `LeakedFilesError` is `Sendable`.
public struct LeakedFilesError: Error, Sendable, CustomStringConvertible {
    /// The leaked files and directories, relative to the fixture directory.
    public let paths: [String]

    /// `n file(s) leaked: …`.
    public var description: String {
        "\(paths.count) file(s) leaked: " + paths.joined(separator: ", ")
    }
}

/// Runs `body` with a fresh directory, and fails (throws ``LeakedFilesError``) if files leak.
///
/// Every temporary file TransferKit makes while `body` runs — in this task and its child tasks — is
/// made inside the fixture directory, so the check sees exactly this test's files, even when tests
/// run in parallel. Afterwards, any file TransferKit left is a leak; with `checkingForLeaks:
/// .everything`, so is any file the test itself left in the directory. The directory is removed
/// either way.
///
/// ```swift
/// @Test func importerCleansUp() async throws {
///     try await withTemporaryDirectory { directory in
///         _ = try await Video(importing: fixture, contentType: .mpeg4Movie)
///     }
/// }
/// ```
///
/// - Parameters:
///   - scope: What counts as a leak. The default, `.transferKit`, is files TransferKit made.
///   - body: The test, given the directory.
/// - Returns: What `body` returns.
/// - Throws: What `body` throws, or ``LeakedFilesError``.
public func withTemporaryDirectory<Result>(
    checkingForLeaks scope: LeakCheckScope = .transferKit,
    _ body: (URL) async throws -> Result
) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "TransferKitTesting-\(UUID().uuidString)")
    let transferKitFiles = directory.appendingPathComponent(".transferkit")
    try FileManager.default.createDirectory(at: transferKitFiles, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let result = try await TemporaryDirectory.$base.withValue(transferKitFiles) {
        try await body(directory)
    }
    var leaked =
        (try? FileManager.default.contentsOfDirectory(atPath: transferKitFiles.path))?.sorted().map {
            ".transferkit/\($0)"
        } ?? []
    if scope == .everything {
        leaked += ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0 != ".transferkit"
        }.sorted()
    }
    guard leaked.isEmpty else { throw LeakedFilesError(paths: leaked) }
    return result
}

/// What ``withTemporaryDirectory(checkingForLeaks:_:)`` counts as a leak.
///
/// A closed set, deliberately an enum: the fixture directory holds two kinds of files, those
/// TransferKit made and those the test made, and a scope is either the first or both.
///
/// `LeakCheckScope` is `Sendable`.
public enum LeakCheckScope: Sendable, Hashable {
    /// Temporary files TransferKit made and did not remove.
    case transferKit
    /// Those, and any file the test left in the fixture directory.
    case everything
}
