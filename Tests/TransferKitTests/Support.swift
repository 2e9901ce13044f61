import Foundation
import Synchronization
import TransferKit

extension UTType {
    static let testNote = UTType(exportedAs: "org.transferkit.test.note", conformingTo: .json)
}

/// A note with text, used across the tests.
struct Note: Codable, Hashable, Transferable {
    var title: String
    var body: String
    var isPrivate = false

    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .testNote)
        DataRepresentation(exportedContentType: .html) { note in
            Data("<h1>\(note.title)</h1><p>\(note.body)</p>".utf8)
        }
        .exportingCondition { !$0.isPrivate }
        ProxyRepresentation(exporting: \.title)
    }
}

/// A directory the test owns, with a check that nothing was left in it.
struct ScratchDirectory: ~Copyable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("TransferKitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func file(_ name: String, contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file
    }

    var contents: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Records values from `@Sendable` closures.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}
