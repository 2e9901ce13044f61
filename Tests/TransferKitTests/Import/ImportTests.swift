import Foundation
import Testing
import TransferKit
import TransferKitTesting

@Suite("Import")
struct ImportTests {
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

    @Test func receivedFilesAreCopiesRemovedAfterTheImporterReturns() async throws {
        try await withTemporaryDirectory { directory in
            let source = try file("in.txt", in: directory, contents: "kept")
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
        try await withTemporaryDirectory { directory in
            let source = try file("big.bin", in: directory, contents: "data")
            let item = try await InPlace(importing: source, contentType: .data)
            #expect(item.received.isOriginalFile)
            #expect(item.received.file == source)
        }
    }

    @Test func importingAMissingFileOrADirectoryFails() async throws {
        try await withTemporaryDirectory { directory in
            await #expect {
                try await Document(importing: directory.appendingPathComponent("none.txt"), contentType: nil)
            } throws: { error in
                (error as? TransferError)?.code == .fileUnavailable
            }
            await #expect {
                try await Document(importing: directory, contentType: nil)
            } throws: { error in
                guard let error = error as? TransferError else { return false }
                return error.code == .fileUnavailable && error.reason.contains("directory")
            }
        }
    }
}
