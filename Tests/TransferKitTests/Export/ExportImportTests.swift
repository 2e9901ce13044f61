import Foundation
import Testing
import TransferKit

/// A document that records the files its importer received, and can be told to fail.
struct Document: Transferable {
    var text: String

    static let received = Recorder<ReceivedTransferredFile>()

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(contentType: .plainText) { document in
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("doc-\(UUID().uuidString).txt")
            try Data(document.text.utf8).write(to: file)
            return SentTransferredFile(file)
        } importing: { received in
            Document.received.record(received)
            let text = try String(contentsOf: received.file, encoding: .utf8)
            if text == "fail" { throw Failure() }
            if text == "cancel" { throw CancellationError() }
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

@Suite("Export and import")
struct ExportImportTests {
    @Test func orderDecides() async throws {
        let note = Note(title: "Groceries", body: "milk")
        #expect(try await note.exported(as: .plainText) == Data("Groceries".utf8))
        let json = try await note.exported(as: .testNote)
        #expect(try JSONDecoder().decode(Note.self, from: json) == note)
        // `public.json`: the note type conforms to it, so the first representation is used.
        #expect(try JSONDecoder().decode(Note.self, from: await note.exported(as: .json)) == note)
        // Nil: the first exportable representation.
        #expect(try JSONDecoder().decode(Note.self, from: await note.exported(as: nil)) == note)
    }

    @Test func matchingFollowsApplesMeasuredRules() async throws {
        #expect(try await "héllo".exported(as: .plainText) == Data("héllo".utf8))
        await #expect {
            try await Data([1, 2]).exported(as: .png)
        } throws: { error in
            (error as? TransferError)?.code == .noMatchingRepresentation
        }
        await #expect {
            try await Data(importing: Data([0x89, 0x50]), contentType: .png)
        } throws: { error in
            (error as? TransferError)?.code == .noMatchingRepresentation
        }
        #expect(try await Data(importing: Data([1]), contentType: .data) == Data([1]))
        await #expect(throws: TransferError.self) {
            try await String(importing: Data("https://e.com".utf8), contentType: .url)
        }
        await #expect(throws: TransferError.self) {
            try await URL.init(importing: Data("https://e.com".utf8), contentType: .plainText)
        }
        await #expect(throws: TransferError.self) {
            try await URL(string: "https://e.com")!.exported(as: .plainText)
        }
    }

    @Test func nilTriesImportersInOrder() async throws {
        // Note's only importer is JSON: plain text fails it, and the error lists the attempt.
        await #expect {
            try await Note(importing: Data("not json".utf8), contentType: nil)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .decodingFailed && error.attempts.contains { $0.contentType == .testNote }
        }
        #expect(try await Temperature(importing: Data("3".utf8), contentType: nil).celsius == 3)
    }

    @Test func errorsSayWhatWasAskedOfferedAndWhy() async throws {
        do {
            _ = try await Note(title: "a", body: "b").exported(as: .png)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .noMatchingRepresentation)
            #expect(error.itemType == "Note")
            #expect(error.requestedContentType == .png)
            #expect(error.offeredContentTypes == [.testNote, .html, .utf8PlainText])
            let text = error.description
            #expect(text.contains("Cannot export Note as public.png: no representation conforms to it"))
            #expect(text.contains("public.html (data): public.html does not conform to public.png"))
        }
    }

    @Test func dataRepresentationsServeFiles() async throws {
        let path = try await Note(title: "t", body: "b").withExportedFile(contentType: .plainText) {
            (url: URL) throws -> URL in
            #expect(try String(contentsOf: url, encoding: .utf8) == "t")
            #expect(url.lastPathComponent == "Note.txt")
            return url
        }
        #expect(!FileManager.default.fileExists(atPath: path.path))
        #expect(!FileManager.default.fileExists(atPath: path.deletingLastPathComponent().path))
    }

    @Test func fileRepresentationsServeData() async throws {
        #expect(try await Document(text: "hello").exported(as: .plainText) == Data("hello".utf8))
    }

    @Test func exportToLeavesTheFileToTheCallerAndNeverReplaces() async throws {
        let directory = try ScratchDirectory()
        let first = try await Note(title: "t", body: "b").export(to: directory.url, contentType: .testNote)
        let second = try await Note(title: "t", body: "b").export(to: directory.url, contentType: .testNote)
        #expect(first.lastPathComponent == "Note.json")  // org.transferkit.test.note → public.json
        #expect(second.lastPathComponent == "Note 2.json")
        #expect(directory.contents == ["Note 2.json", "Note.json"])
        let file = try await Document(text: "x").export(to: directory.url, contentType: .plainText)
        #expect(try String(contentsOf: file, encoding: .utf8) == "x")
        #expect(directory.contents.allSatisfy { !$0.contains("partial") })
    }

    @Test func exportToAMissingDirectoryFailsCleanly() async throws {
        await #expect {
            try await Note(title: "t", body: "b").export(
                to: URL(fileURLWithPath: "/nonexistent-\(UUID())"), contentType: nil)
        } throws: { error in
            (error as? TransferError)?.code == .fileUnavailable
        }
    }

    @Test func originalFilesAreHandedOverOnlyWhenAllowed() async throws {
        let directory = try ScratchDirectory()
        let file = try directory.file("movie.bin", contents: "frames")
        let copied = try await Original(file: file, allowOriginal: false).withExportedFile(contentType: nil) { $0 }
        #expect(copied != file)
        #expect(!FileManager.default.fileExists(atPath: copied.path))
        let original = try await Original(file: file, allowOriginal: true).withExportedFile(contentType: nil) { $0 }
        #expect(original == file)
        // The original is never removed.
        #expect(FileManager.default.fileExists(atPath: file.path))
    }

    @Test func receivedFilesAreCopiesRemovedAfterTheImporterReturns() async throws {
        let directory = try ScratchDirectory()
        let source = try directory.file("in.txt", contents: "kept")
        let document = try await Document(importing: source, contentType: nil)
        #expect(document.text == "kept")
        let received = try #require(Document.received.all.last)
        #expect(!received.isOriginalFile)
        #expect(received.file != source)
        #expect(received.file.lastPathComponent == "in.txt")
        #expect(!FileManager.default.fileExists(atPath: received.file.path))
        #expect(FileManager.default.fileExists(atPath: source.path))
        #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
    }

    @Test func receivedFilesAreRemovedWhenTheImporterThrows() async throws {
        await #expect {
            try await Document(importing: Data("fail".utf8), contentType: .plainText)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .importFailed && error.underlyingError is Document.Failure
        }
        let received = try #require(
            Document.received.all.last { (try? String(contentsOf: $0.file, encoding: .utf8)) == nil })
        #expect(!FileManager.default.fileExists(atPath: received.file.path))
        #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
    }

    @Test func receivedFilesAreRemovedOnCancellation() async throws {
        let count = Document.received.all.count
        await #expect {
            try await Document(importing: Data("cancel".utf8), contentType: .plainText)
        } throws: { error in
            (error as? TransferError)?.code == .cancelled
        }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await Document(importing: Data("never".utf8), contentType: .plainText)
        }
        await #expect {
            try await task.value
        } throws: { error in
            (error as? TransferError)?.code == .cancelled
        }
        // Every file the importer received, in this test and the others, is gone once it returned.
        #expect(Document.received.all.count > count)
        for received in Document.received.all {
            #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
        }
    }

    @Test func openInPlaceGivesTheOriginal() async throws {
        let directory = try ScratchDirectory()
        let source = try directory.file("big.bin", contents: "data")
        let item = try await InPlace(importing: source, contentType: .data)
        #expect(item.received.isOriginalFile)
        #expect(item.received.file == source)
    }

    @Test func importingAMissingFileOrADirectoryFails() async throws {
        let directory = try ScratchDirectory()
        await #expect {
            try await Document(importing: directory.url.appendingPathComponent("none.txt"), contentType: nil)
        } throws: { error in
            (error as? TransferError)?.code == .fileUnavailable
        }
        await #expect {
            try await Document(importing: directory.url, contentType: nil)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .fileUnavailable && error.reason.contains("directory")
        }
    }

    @Test func contentTypesAreListedInOrder() {
        #expect(Note.exportedContentTypes() == [.testNote, .html, .utf8PlainText])
        #expect(Note(title: "a", body: "b", isPrivate: true).exportedContentTypes() == [.testNote, .utf8PlainText])
        #expect(Note.importedContentTypes() == [.testNote])
        #expect(Note(title: "", body: "").importedContentTypes() == [.testNote])
    }
}

@Suite("Built-in conformances")
struct BuiltInConformanceTests {
    @Test func string() async throws {
        #expect(String.exportedContentTypes() == [.utf8PlainText])
        #expect(String.importedContentTypes() == [.utf8PlainText])
        #expect(try await String(importing: Data("å".utf8), contentType: .utf8PlainText) == "å")
        await #expect {
            try await String(importing: Data([0x61, 0xFF, 0x62]), contentType: .utf8PlainText)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .decodingFailed && error.reason.contains("at byte 1")
        }
    }

    @Test func data() async throws {
        #expect(Data.exportedContentTypes() == [.data])
        #expect(try await Data([9]).exported(as: .data) == Data([9]))
    }

    @Test func url() async throws {
        let web = URL(string: "https://example.com/a?b=c")!
        let file = URL(fileURLWithPath: "/tmp/x.txt")
        #expect(web.exportedContentTypes() == [.url])
        #expect(file.exportedContentTypes() == [.url, .fileURL])
        #expect(URL.importedContentTypes() == [.url, .fileURL])
        #expect(try await web.exported(as: .url) == Data(web.absoluteString.utf8))
        #expect(try await file.exported(as: .fileURL) == Data(file.absoluteString.utf8))
        await #expect {
            try await web.exported(as: .fileURL)
        } throws: { error in
            (error as? TransferError)?.code == .conditionNotMet
        }
        #expect(
            try await URL(importing: Data("https://e.com/x".utf8), contentType: .url) == URL(string: "https://e.com/x"))
        await #expect(throws: TransferError.self) {
            try await URL(importing: Data("https://e.com".utf8), contentType: .fileURL)
        }
        await #expect(throws: TransferError.self) {
            try await URL(importing: Data("no scheme".utf8), contentType: .url)
        }
    }

    @Test func attributedString() async throws {
        let text = AttributedString("Hello, world")
        #expect(AttributedString.exportedContentTypes() == [.rtf, .utf8PlainText])
        #expect(AttributedString.importedContentTypes() == [.rtf, .utf8PlainText])
        #expect(try await text.exported(as: .plainText) == Data("Hello, world".utf8))
        #expect(
            try await AttributedString(importing: Data("Hi".utf8), contentType: .utf8PlainText)
                == AttributedString("Hi"))
    }
}
