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

/// Writes `contents` to a file named `name` in `directory`, a test's fixture directory.
func file(_ name: String, in directory: URL, contents: String) throws -> URL {
    let file = directory.appendingPathComponent(name)
    try Data(contents.utf8).write(to: file)
    return file
}

/// The files a test left in a fixture directory, sorted (the fixture's own folder left out).
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != ".transferkit" }
        .sorted()
}

/// Records values from `@Sendable` closures.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])

    func record(_ value: Value) { values.withLock { $0.append(value) } }
    var all: [Value] { values.withLock { $0 } }
}

/// A document that records the files its importer received, and can be told to fail: a text that
/// starts with "fail" throws, one that starts with "cancel" throws `CancellationError`. Tests run
/// in parallel, so each finds the file it sent by its own text (``receivedFile(holding:)``).
struct Document: Transferable {
    var text: String

    static let received = Recorder<(text: String, file: ReceivedTransferredFile)>()

    /// The file the importer received holding `text`.
    static func receivedFile(holding text: String) -> ReceivedTransferredFile? {
        received.all.last { $0.text == text }?.file
    }

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .plainText) { document in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).txt")
            try Data(document.text.utf8).write(to: file)
            return SentTransferredFile(file)
        } importing: { received in
            let text = try String(contentsOf: received.file, encoding: .utf8)
            Document.received.record((text, received))
            if text.hasPrefix("fail") { throw Failure() }
            if text.hasPrefix("cancel") { throw CancellationError() }
            return Document(text: text)
        }
    }

    struct Failure: Error {}
}

/// A file-backed item whose exporter may hand over its original.
struct Original: Transferable {
    let file: URL
    let allowOriginal: Bool

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .data) {
            SentTransferredFile($0.file, allowAccessingOriginalFile: $0.allowOriginal)
        }
    }
}

struct InPlace: Transferable {
    let received: ReceivedTransferredFile
    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(importedContentType: .data, shouldAttemptToOpenInPlace: true) { InPlace(received: $0) }
    }
}
