import Foundation
import Testing
import TransferKit
import TransferKitTesting

@Suite("Export")
struct ExportTests {
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
        try await withTemporaryDirectory { directory in
            let first = try await Note(title: "t", body: "b").export(to: directory, contentType: .testNote)
            let second = try await Note(title: "t", body: "b").export(to: directory, contentType: .testNote)
            #expect(first.lastPathComponent == "Note.json")  // org.transferkit.test.note → public.json
            #expect(second.lastPathComponent == "Note 2.json")
            #expect(fileNames(in: directory) == ["Note 2.json", "Note.json"])
            let file = try await Document(text: "x").export(to: directory, contentType: .plainText)
            #expect(try String(contentsOf: file, encoding: .utf8) == "x")
            #expect(fileNames(in: directory).allSatisfy { !$0.contains("partial") })
        }
    }

    @Test func exportToAMissingDirectoryFailsCleanly() async throws {
        await #expect {
            try await Note(title: "t", body: "b").export(
                to: URL(fileURLWithPath: "/nonexistent-\(UUID())"), contentType: nil)
        } throws: { error in
            (error as? TransferError)?.code == .fileUnavailable
        }
    }

    @Test("a temporary directory that cannot be made: the file system's error, its path and reason in words")
    func unusableTemporaryDirectory() async throws {
        try await withTemporaryDirectory { directory in
            // TransferKit's temporary files go to directory/.transferkit: take it away.
            let base = directory.appendingPathComponent(".transferkit")
            try FileManager.default.removeItem(at: base)
            do {
                _ = try await Original(file: directory, allowOriginal: false).withExportedFile(contentType: nil) { $0 }
                Issue.record("exported without a temporary directory")
            } catch let error as TransferError {
                var causes: [any Error] = [error]
                while let next = (causes.last as? TransferError)?.underlyingError { causes.append(next) }
                let fileError = try #require(causes.last as? CocoaError)
                #expect(fileError.code == .fileWriteUnknown)
                #expect((fileError.userInfo["NSUnderlyingError"] as? POSIXError)?.code == .ENOENT)
                #expect("\(error)".contains("\(base.path): No such file or directory"), "\(error)")
                #expect(!"\(error)".contains("Error Domain"), "\(error)")
            }
        }
    }

    @Test func originalFilesAreHandedOverOnlyWhenAllowed() async throws {
        try await withTemporaryDirectory { directory in
            let file = try file("movie.bin", in: directory, contents: "frames")
            let copied = try await Original(file: file, allowOriginal: false).withExportedFile(contentType: nil) { $0 }
            #expect(copied != file)
            #expect(!FileManager.default.fileExists(atPath: copied.path))
            let original = try await Original(file: file, allowOriginal: true).withExportedFile(contentType: nil) { $0 }
            #expect(original == file)
            // The original is never removed.
            #expect(FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func contentTypesAreListedInOrder() {
        #expect(Note.exportedContentTypes() == [.testNote, .html, .utf8PlainText])
        #expect(Note(title: "a", body: "b", isPrivate: true).exportedContentTypes() == [.testNote, .utf8PlainText])
        #expect(Note.importedContentTypes() == [.testNote])
        #expect(Note(title: "", body: "").importedContentTypes() == [.testNote])
    }
}
