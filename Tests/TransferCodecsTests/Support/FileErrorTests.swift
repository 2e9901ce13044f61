import Foundation
import Testing
import TransferCodecs

private struct NamedRow: Codable, Sendable, Equatable {
    var name: String
}

/// A failure of the file system is the same error whatever the format: the `CocoaError` that
/// `Data(contentsOf:)` and `Data.write(to:)` throw, with the path and the system's error beneath —
/// never a `CSVError`, which is about the bytes.
@Suite("File errors: one shape for CSV and JSON")
struct FileErrorTests {
    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("file-errors-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Runs `body` and returns the `CocoaError` it throws; records an issue for any other outcome.
    private func cocoaError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> CocoaError?
    {
        do {
            try body()
            Issue.record("expected a CocoaError, nothing was thrown", sourceLocation: sourceLocation)
        } catch let error as CocoaError {
            return error
        } catch {
            Issue.record("expected a CocoaError, found \(type(of: error)): \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test("a missing file: fileReadNoSuchFile with its path, from every reader")
    func missingFile() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("missing.csv")
        let json = directory.appendingPathComponent("missing.json")
        let errors = [
            cocoaError { _ = try CSVRowReader(contentsOf: csv) },
            cocoaError { try CSVDecoder().decodeElements(NamedRow.self, contentsOf: csv) { _ in } },
            cocoaError { try JSONArrayDecoder().decodeElements(NamedRow.self, contentsOf: json) { _ in } },
        ]
        #expect(errors.map { $0?.code } == Array(repeating: .fileReadNoSuchFile, count: 3))
        #expect(errors.map { $0?.userInfo["NSFilePath"] as? String } == [csv.path, csv.path, json.path])
        #expect(errors.allSatisfy { ($0?.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code == .ENOENT })
    }

    @Test("a directory read as a file: the read fails the same way for CSV and JSON")
    func directoryAsFile() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("rows.csv")
        let json = directory.appendingPathComponent("rows.json")
        try FileManager.default.createDirectory(at: csv, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(at: json, withIntermediateDirectories: false)
        let errors = [
            cocoaError { _ = try CSVRowReader(contentsOf: csv) },
            cocoaError { try CSVDecoder().decodeElements(NamedRow.self, contentsOf: csv) { _ in } },
            cocoaError { try JSONArrayDecoder().decodeElements(NamedRow.self, contentsOf: json) { _ in } },
        ]
        #expect(errors.map { $0?.code } == Array(repeating: .fileReadUnknown, count: 3))
        #expect(errors.allSatisfy { ($0?.userInfo[NSUnderlyingErrorKey] as? POSIXError)?.code == .EISDIR })
    }

    @Test("a writer whose directory is missing: a write error, and nothing left behind")
    func writerWithoutDirectory() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("gone/rows.csv")
        let error = cocoaError { _ = try CSVRowWriter(writingTo: destination) }
        #expect(error?.code == .fileNoSuchFile)
        #expect(error?.userInfo["NSFilePath"] as? String == destination.path)
        // A writer that is cancelled, or dropped, leaves neither the file nor its temporary.
        let kept = directory.appendingPathComponent("rows.csv")
        do {
            let writer = try CSVRowWriter(writingTo: kept)
            try writer.write(["name"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("bad bytes are still a CSVError, with a position: only the file system's failures changed shape")
    func badBytesStayCSVErrors() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("rows.csv")
        try Data("name\r\n\"open\r\n".utf8).write(to: csv)
        #expect(throws: CSVError.self) { try CSVDecoder().decodeElements(NamedRow.self, contentsOf: csv) { _ in } }
        do {
            let reader = try CSVRowReader(contentsOf: csv)
            while try reader.next() != nil {}
            Issue.record("an unterminated quote was read")
        } catch let error as CSVError {
            #expect(error.code == .unterminatedQuote)
            #expect(error.line == 2)
        }
    }
}
