import Foundation
import Synchronization
import Testing
import TransferKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One row of the archives below.
private struct Entry: Codable, Hashable, Sendable {
    var id: Int
    var label: String
    var tags: [String]
}

/// Entries as CSV rows, a JSON array (compact or pretty-printed) and JSON Lines: all stream.
private struct Ledger: Transferable, Sendable {
    var entries: [Entry]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.entries) {
            Ledger(entries: $0)
        }
        RecordsRepresentation(contentType: .json, format: .jsonArray(), records: \.entries) { Ledger(entries: $0) }
        RecordsRepresentation(contentType: .jsonLines, format: .jsonLines(), records: \.entries) {
            Ledger(entries: $0)
        }
    }
}

private func entries(_ count: Int) -> [Entry] {
    (0..<count).map { index in
        Entry(
            id: index, label: index % 5 == 0 ? "line\none, \"quoted\"" : "entry \(index) — ünïcödé 🐙",
            tags: Array(["x", "y,z"].prefix(index % 3)))
    }
}

/// A pipe whose writing end a thread of its own fills with `data` and closes: what a reader gets
/// from `cat file |`. The reading end is the caller's to close.
private func pipe(feeding data: Data) throws -> Int32 {
    var ends: [Int32] = [0, 0]
    try #require(Glibc.pipe(&ends) == 0)
    // Closed on exec: a program another test starts must not hold the write end open.
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    let writer = ends[1]
    // A writer whose reader went away gets EPIPE, not a signal that would stop the test runner.
    signal(SIGPIPE, SIG_IGN)
    Thread.detachNewThread {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(writer, bytes.baseAddress! + offset, bytes.count - offset)
                if written <= 0 { break }  // The reader went away.
                offset += written
            }
        }
        close(writer)
    }
    return ends[0]
}

/// The output of converting `data` read from a pipe.
private func convertFromPipe(
    _ conversion: TransferConversion<Ledger>, _ data: Data, progress: TransferConversionProgress? = nil
) async throws -> Data {
    let reader = try pipe(feeding: data)
    defer { close(reader) }
    var output = Data()
    try await conversion.convert(readingFrom: reader, into: { output.append($0) }, progress: progress)
    return output
}

@Suite("TransferConversion from a pipe: the same stream, bytes and errors as from a file")
struct PipeConversionTests {
    /// Each input form, with the type it is read as.
    private static func inputs(_ ledger: Ledger) async throws -> [(name: String, type: UTType, data: Data)] {
        var pretty = JSONTextEncoder()
        pretty.outputFormatting = [.prettyPrinted]
        return [
            ("csv", .commaSeparatedText, try await ledger.exported(as: .commaSeparatedText)),
            ("json", .json, try await ledger.exported(as: .json)),
            ("pretty.json", .json, try pretty.encode(ledger.entries)),
            ("jsonl", .jsonLines, try await ledger.exported(as: .jsonLines)),
        ]
    }

    @Test("records stream from a pipe to the bytes the file gives, every form to every other", arguments: [0, 1, 3000])
    func pipeGivesTheFilesBytes(count: Int) async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let ledger = Ledger(entries: entries(count))
        for input in try await Self.inputs(ledger) {
            let file = try folder.file("ledger.\(input.name)", input.data)
            for target in [UTType.commaSeparatedText, .json, .jsonLines] where target != input.type {
                let conversion = try TransferConversion(Ledger.self, from: input.type, to: target)
                #expect(conversion.streamsRecords)
                var fromFile = Data()
                try await conversion.convert(contentsOf: file) { fromFile.append($0) }
                let fromPipe = try await convertFromPipe(conversion, input.data)
                #expect(fromPipe == fromFile, "\(input.name) → \(target.identifier)")
                #expect(fromFile == (try await ledger.exported(as: target)), "\(input.name) → \(target.identifier)")
            }
        }
    }

    @Test(
        "a bad record read from a pipe fails as from the file: stage, index, line and column",
        arguments: [0, 1700, 2999])
    func pipeErrorsAreTheFilesErrors(position: Int) async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let ledger = Ledger(entries: entries(3000))
        for input in try await Self.inputs(ledger) {
            // The bad record's id is a string.
            let text = String(decoding: input.data, as: UTF8.self)
            let bad: String
            switch input.name {
            case "csv": bad = text.replacingOccurrences(of: "\r\n\(position),", with: "\r\nx\(position),")
            case "pretty.json":
                bad = text.replacingOccurrences(of: "\"id\" : \(position),", with: "\"id\" : \"\(position)\",")
            default: bad = text.replacingOccurrences(of: "\"id\":\(position),", with: "\"id\":\"\(position)\",")
            }
            try #require(bad != text, "\(input.name)")
            let file = try folder.file("bad.\(input.name)", bad)
            let target: UTType = input.type == .commaSeparatedText ? .json : .commaSeparatedText
            let conversion = try TransferConversion(Ledger.self, from: input.type, to: target)
            let fromFile = await #expect(throws: TransferConversionError.self) {
                try await conversion.convert(contentsOf: file) { _ in }
            }
            let fromPipe = await #expect(throws: TransferConversionError.self) {
                _ = try await convertFromPipe(conversion, Data(bad.utf8))
            }
            let (expected, found) = (try #require(fromFile), try #require(fromPipe))
            #expect(found.description == expected.description, "\(input.name)")
            #expect(found.recordIndex == position && expected.recordIndex == position, "\(input.name)")
            #expect(found.line != nil && found.line == expected.line, "\(input.name)")
            #expect(found.column != nil && found.column == expected.column, "\(input.name)")
        }
    }

    @Test("malformed JSON from a pipe is named at the file's line and column")
    func pipeSyntaxErrorsAreTheFiles() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let text =
            "[\n  {\"id\": 1, \"label\": \"a\", \"tags\": []},\n  {\"id\": 2, \"label\": \"é\", \"tags\": [] x\n]"
        let file = try folder.file("broken.json", text)
        let conversion = try TransferConversion(Ledger.self, from: .json, to: .commaSeparatedText)
        let fromFile = await #expect(throws: (any Error).self) {
            try await conversion.convert(contentsOf: file) { _ in }
        }
        let fromPipe = await #expect(throws: (any Error).self) {
            _ = try await convertFromPipe(conversion, Data(text.utf8))
        }
        let described = "\(try #require(fromFile))"
        // Line 3's 38th character, counted in characters (the é is two bytes).
        #expect(described.contains("line 3, column 38"), "\(described)")
        #expect("\(try #require(fromPipe))" == described)
    }

    @Test("the counts: every byte read and every record written, from a file and from a pipe")
    func progressCountsBytesAndRecords() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let ledger = Ledger(entries: entries(2500))
        let csv = try await ledger.exported(as: .commaSeparatedText)
        let file = try folder.file("ledger.csv", csv)
        let conversion = try TransferConversion(Ledger.self, from: .commaSeparatedText, to: .jsonLines)
        let fromFile = TransferConversionProgress()
        try await conversion.convert(contentsOf: file, into: { _ in }, progress: fromFile)
        #expect(fromFile.bytesRead == csv.count)
        #expect(fromFile.recordsWritten == 2500)
        let fromPipe = TransferConversionProgress()
        _ = try await convertFromPipe(conversion, csv, progress: fromPipe)
        #expect(fromPipe.bytesRead == csv.count)
        #expect(fromPipe.recordsWritten == 2500)
    }

    /// The output's reader went away.
    private struct Gone: Error {}

    @Test(
        "an output that fails stops the conversion within a few batches, its error kept at the writing stage",
        arguments: [UTType.commaSeparatedText, .json])
    func failingOutputStopsTheWork(source: UTType) async throws {
        // About 40 MB: many times what the pipeline holds at once (a few batches a core).
        let ledger = Ledger(entries: entries(2000))
        let one = try await ledger.exported(as: source == .json ? .jsonLines : source)
        var input = Data()
        if source == .json {
            let line = one.split(separator: 0x0A).first!
            input = Data("[".utf8) + Data(Array(repeating: Data(line) + Data(",\n".utf8), count: 200_000).joined())
            input.append(contentsOf: line + Data("]".utf8))
        } else {
            let header = one.prefix(through: one.firstIndex(of: 0x0A)!)
            input = one + Data(Array(repeating: one.dropFirst(header.count), count: 200).joined())
        }
        let target: UTType = source == .json ? .commaSeparatedText : .json
        let conversion = try TransferConversion(Ledger.self, from: source, to: target)
        let progress = TransferConversionProgress()
        var pieces = 0
        let reader = try pipe(feeding: input)
        defer { close(reader) }
        let error = await #expect(throws: TransferConversionError.self) {
            try await conversion.convert(
                readingFrom: reader,
                into: { _ in
                    pieces += 1
                    if pieces == 2 { throw Gone() }
                }, progress: progress)
        }
        #expect(error?.stage == .writing)
        #expect(error?.underlyingError is Gone)
        #expect(pieces == 2)
        #expect(progress.bytesRead > 0)
        #expect(progress.bytesRead < input.count / 4, "read \(progress.bytesRead) of \(input.count) bytes")
    }
}
