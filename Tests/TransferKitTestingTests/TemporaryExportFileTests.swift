import Foundation
import Testing
import TransferKit
import TransferKitTesting

/// A report whose file is generated at export time, into a file the framework owns.
private struct GeneratedReport: Transferable {
    var lines: [String]
    var failsWhileWriting = false
    var cancelsWhileWriting = false

    static var transferRepresentation: some TransferRepresentation {
        FileRepresentation(exportedContentType: .plainText) { report in
            try await .temporaryFile(named: "report.txt") { url in
                try Data(report.lines.joined(separator: "\n").utf8).write(to: url)
                if report.failsWhileWriting { throw CocoaError(.fileWriteOutOfSpace) }
                if report.cancelsWhileWriting { withUnsafeCurrentTask { $0?.cancel() } }
            }
        }
    }
}

@Suite("Temporary export files")
struct TemporaryExportFileTests {
    private let report = GeneratedReport(lines: ["first", "second"])

    @Test func exportedDataRemovesTheFile() async throws {
        try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            let data = try await report.exported(as: .plainText)
            #expect(data == Data("first\nsecond".utf8))
        }
    }

    @Test func withExportedFileHandsOverTheFileAndRemovesIt() async throws {
        let seen = try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            try await report.withExportedFile(contentType: .plainText) { url in
                (url, try String(contentsOf: url, encoding: .utf8))
            }
        }
        #expect(seen.0.lastPathComponent == "report.txt")
        #expect(seen.1 == "first\nsecond")
        #expect(!FileManager.default.fileExists(atPath: seen.0.path))
    }

    @Test func exportToADirectoryLeavesOnlyTheDestination() async throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("destination-\(UUID())")
        try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: destination) }
        let file = try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            try await report.export(to: destination, contentType: .plainText)
        }
        // The file the exporter sent keeps its own name (no suggested name overrides it), as on
        // Apple's platforms, where the receiver gets the sent file itself.
        #expect(file.lastPathComponent == "report.txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "first\nsecond")
        #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["report.txt"])
    }

    @Test func itemProviderLoadsRemoveTheFile() async throws {
        try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            let provider = ItemProvider(report)
            #expect(try await provider.loadData(for: .plainText) == Data("first\nsecond".utf8))
            let progress = TransferProgress()
            let text = try await provider.loadFile(for: .plainText, progress: progress) { url in
                try String(contentsOf: url, encoding: .utf8)
            }
            #expect(text == "first\nsecond")
            #expect(progress.isFinished)
        }
    }

    @Test func aFailingWriteLeavesNothing() async throws {
        let failing = GeneratedReport(lines: ["x"], failsWhileWriting: true)
        try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            await #expect(throws: TransferError.self) { try await failing.exported(as: .plainText) }
            await #expect(throws: TransferError.self) {
                try await failing.withExportedFile(contentType: .plainText) { _ in Issue.record("no file expected") }
            }
        }
    }

    @Test func aCancelledExportLeavesNothing() async throws {
        try await withTemporaryDirectory(checkingForLeaks: .everything) { _ in
            // Cancelled from inside the write: the file exists by then, and must not stay.
            let cancelling = GeneratedReport(lines: ["x"], cancelsWhileWriting: true)
            let export = Task { try await cancelling.exported(as: .plainText) }
            let error = await #expect(throws: TransferError.self) { try await export.value }
            #expect(error?.code == .cancelled)
        }
    }
}
