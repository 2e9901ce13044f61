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
            let text = "kept \(UUID())"
            let source = try file("in.txt", in: directory, contents: text)
            let document = try await Document(importing: source, contentType: nil)
            #expect(document.text == text)
            let received = try #require(Document.receivedFile(holding: text))
            #expect(!received.isOriginalFile)
            #expect(received.file != source)
            #expect(received.file.lastPathComponent == "in.txt")
            #expect(!FileManager.default.fileExists(atPath: received.file.path))
            #expect(FileManager.default.fileExists(atPath: source.path))
            #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
        }
    }

    @Test func receivedFilesAreRemovedWhenTheImporterThrows() async throws {
        let text = "fail \(UUID())"
        await #expect {
            try await Document(importing: Data(text.utf8), contentType: .plainText)
        } throws: { error in
            guard let error = error as? TransferError else { return false }
            return error.code == .importFailed && error.underlyingError is Document.Failure
        }
        let received = try #require(Document.receivedFile(holding: text))
        #expect(!FileManager.default.fileExists(atPath: received.file.path))
        #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
    }

    @Test func receivedFilesAreRemovedOnCancellation() async throws {
        let text = "cancel \(UUID())"
        await #expect {
            try await Document(importing: Data(text.utf8), contentType: .plainText)
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
        // The file the importer received, and its private directory, are gone once it threw.
        let received = try #require(Document.receivedFile(holding: text))
        #expect(!FileManager.default.fileExists(atPath: received.file.path))
        #expect(!FileManager.default.fileExists(atPath: received.file.deletingLastPathComponent().path))
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
