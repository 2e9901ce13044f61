import Foundation
import Testing
import TransferKit

/// One reading of a log: the record of the archives below.
private struct Reading: Codable, Hashable, Sendable {
    var id: Int
    var label: String
    var tags: [String]
    var link: URL?
    var at: UUID
}

/// A log of readings, as CSV rows and as a JSON array: both stream.
private struct ReadingLog: Transferable, Sendable {
    var readings: [Reading]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.readings) {
            ReadingLog(readings: $0)
        }
        RecordsRepresentation(contentType: .json, format: .jsonArray(encoder: sortedKeys), records: \.readings) {
            ReadingLog(readings: $0)
        }
    }

    static let sortedKeys: JSONTextEncoder = {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}

/// The same log, with JSON that cannot stream (pretty-printed) and CSV with an exporting condition.
private struct GuardedLog: Transferable, Sendable {
    var readings: [Reading]

    static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.readings) {
            GuardedLog(readings: $0)
        }
        .exportingCondition { !$0.readings.isEmpty }
        RecordsRepresentation(contentType: .json, format: .jsonArray(encoder: pretty), records: \.readings) {
            GuardedLog(readings: $0)
        }
        DataRepresentation(contentType: .utf8PlainText) { log in
            Data(log.readings.map(\.label).joined(separator: "\n").utf8)
        } importing: { data in
            GuardedLog(
                readings: String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated().map {
                    Reading(id: $0.offset, label: String($0.element), tags: [], link: nil, at: UUID())
                })
        }
    }

    static let pretty: JSONTextEncoder = {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return encoder
    }()
}

/// Readings that exercise both formats: quotes, commas, line breaks, non-ASCII, optional links.
private func readings(_ count: Int) -> [Reading] {
    (0..<count).map { index in
        Reading(
            id: index, label: index % 7 == 0 ? "say \"hi\", then\r\nleave" : "reading \(index) — 温度",
            tags: Array(["a", "b,c", "🐙"].prefix(index % 4)),
            link: index % 3 == 0 ? nil : URL(string: "https://example.com/r/\(index)?q=1"),
            at: UUID(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, UInt8(index % 256), UInt8(index / 256))))
    }
}

/// Runs a conversion and returns its output.
private func output<T: Transferable>(_ conversion: TransferConversion<T>, _ input: URL) async throws -> Data {
    var output = Data()
    try await conversion.convert(contentsOf: input) { output.append($0) }
    return output
}

@Suite("TransferConversion: records stream through the model's representations")
struct TransferConversionTests {
    @Test func plansStreamingBetweenRecordRepresentationsOnly() throws {
        let csvToJSON = try TransferConversion(ReadingLog.self, from: .commaSeparatedText, to: .json)
        #expect(csvToJSON.streamsRecords)
        #expect(csvToJSON.explanation.contains("Streams Reading records from CSV rows"))
        #expect(try TransferConversion(ReadingLog.self, from: .json, to: .commaSeparatedText).streamsRecords)
        #expect(try !TransferConversion(ReadingLog.self, from: .json, to: .json, mode: .whole).streamsRecords)

        // A pretty-printed array is written whole; an exporting condition needs the item; data
        // representations are not records.
        let pretty = try TransferConversion(GuardedLog.self, from: .commaSeparatedText, to: .json)
        #expect(!pretty.streamsRecords)
        #expect(pretty.explanation.contains("writes JSON array elements whole"))
        let guarded = try TransferConversion(GuardedLog.self, from: .json, to: .commaSeparatedText)
        #expect(!guarded.streamsRecords)
        #expect(guarded.explanation.contains("exporting condition"))
        #expect(try !TransferConversion(GuardedLog.self, from: .utf8PlainText, to: .json).streamsRecords)

        let refused = #expect(throws: TransferError.self) {
            try TransferConversion(GuardedLog.self, from: .utf8PlainText, to: .json, mode: .streaming)
        }
        #expect(refused?.reason.contains("public.utf8-plain-text representation is not a sequence of records") == true)
        let nothing = #expect(throws: TransferError.self) {
            try TransferConversion(ReadingLog.self, from: .png, to: .json)
        }
        #expect(nothing?.code == .noMatchingRepresentation)
    }

    @Test(
        "streamed and whole conversions give the same bytes, at every batch boundary, both ways",
        arguments: [0, 1, 2, 1023, 1024, 1025, 6000])
    func streamedAndWholeGiveTheSameBytes(count: Int) async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let log = ReadingLog(readings: readings(count))
        let csv = try await log.exported(as: .commaSeparatedText)
        let json = try await log.exported(as: .json)
        let csvFile = try folder.file("log.csv", csv)
        let jsonFile = try folder.file("log.json", json)

        for (input, from, to, expected) in [
            (csvFile, UTType.commaSeparatedText, UTType.json, json), (jsonFile, .json, .commaSeparatedText, csv),
        ] {
            let streamed = try TransferConversion(ReadingLog.self, from: from, to: to)
            let whole = try TransferConversion(ReadingLog.self, from: from, to: to, mode: .whole)
            #expect(streamed.streamsRecords && !whole.streamsRecords)
            #expect(try await output(streamed, input) == expected)
            #expect(try await output(whole, input) == expected)
            var fromBytes = Data()
            try await streamed.convert(try Data(contentsOf: input)) { fromBytes.append($0) }
            #expect(fromBytes == expected)
        }
        // The bytes are the codecs' own for the whole array.
        #expect(json == (try ReadingLog.sortedKeys.encode(log.readings)))
        #expect(csv == (try CSVEncoder().encode(log.readings)))
        #expect(try await ReadingLog(importing: csv, contentType: .commaSeparatedText).readings == log.readings)
        #expect(folder.names == ["log.csv", "log.json"])
    }

    @Test(
        "a bad record anywhere gives the same error streamed and whole: its line, column and index",
        arguments: [0, 1500, 5999])
    func badRecordsFailAlikeStreamedAndWhole(position: Int) async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let log = ReadingLog(readings: readings(6000))
        var csv = String(decoding: try await log.exported(as: .commaSeparatedText), as: UTF8.self)
        var json = String(decoding: try await log.exported(as: .json), as: UTF8.self)
        // The bad record's UUID is not one.
        let uuid = log.readings[position].at.uuidString
        csv = csv.replacingOccurrences(of: uuid, with: "not-a-uuid")
        json = json.replacingOccurrences(of: uuid, with: "not-a-uuid")
        let csvFile = try folder.file("bad.csv", Data(csv.utf8))
        let jsonFile = try folder.file("bad.json", Data(json.utf8))

        for (input, from, to) in [
            (csvFile, UTType.commaSeparatedText, UTType.json), (jsonFile, .json, .commaSeparatedText),
        ] {
            var errors: [TransferConversionError] = []
            var written: [Int] = []
            for mode in [TransferConversionMode.automatic, .whole] {
                let conversion = try TransferConversion(ReadingLog.self, from: from, to: to, mode: mode)
                var bytes = 0
                let error = await #expect(throws: TransferConversionError.self) {
                    try await conversion.convert(contentsOf: input) { bytes += $0.count }
                }
                errors += error.map { [$0] } ?? []
                written.append(bytes)
            }
            try #require(errors.count == 2)
            #expect(errors[0].stage == .decoding)
            #expect(errors[0].stage == errors[1].stage)
            #expect(errors[0].contentType == from && errors[1].contentType == from)
            #expect(errors[0].description == errors[1].description)
            let described = errors.map { String(describing: $0.underlyingError) }
            #expect(described[0] == described[1])
            #expect(errors[0].description.contains("line "), "\(errors[0])")
            // The record's index in the whole file, and its line, the same however it ran.
            #expect(errors.map(\.recordIndex) == [position, position])
            #expect(errors[0].line != nil && errors[0].line == errors[1].line)
            #expect(errors[0].column != nil && errors[0].column == errors[1].column)
            // The coding path starts at the record's index in the whole file.
            for error in errors {
                guard case .dataCorrupted(let context)? = error.underlyingError as? DecodingError else {
                    Issue.record("expected a DecodingError, found \(String(describing: error.underlyingError))")
                    continue
                }
                #expect(context.codingPath.first?.intValue == position)
                #expect(context.codingPath.last?.stringValue == "at")
            }
            // The whole conversion writes nothing; the streamed one nothing past the bad record.
            #expect(written[1] == 0)
        }
    }

    @Test func anEmptyTableMustStillBeTheRecords() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let header = try folder.file("header.csv", Data("id,label,tags,link,at\r\n".utf8))
        let other = try folder.file("other.csv", Data("name,size\r\n".utf8))
        for mode in [TransferConversionMode.automatic, .whole] {
            let conversion = try TransferConversion(ReadingLog.self, from: .commaSeparatedText, to: .json, mode: mode)
            #expect(try await output(conversion, header) == Data("[]".utf8))
            let error = await #expect(throws: TransferConversionError.self) { try await output(conversion, other) }
            #expect(error?.stage == .decoding)
            let csvError = try #require(error?.underlyingError as? CSVError)
            #expect(csvError.code == .invalidHeader)
            #expect(
                csvError.reason.contains(
                    "expected a header naming id, label, tags, at (and optionally link), found \"name\", \"size\"")
            )
        }
    }

    @Test func aFileIsWrittenWholeOrNotAtAll() async throws {
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let log = ReadingLog(readings: readings(3000))
        let input = try folder.file("log.csv", try await log.exported(as: .commaSeparatedText))
        let destination = try folder.file("log.json", Data("previous".utf8))
        let conversion = try TransferConversion(ReadingLog.self, from: .commaSeparatedText, to: .json)
        try await conversion.convert(contentsOf: input, to: destination)
        #expect(try Data(contentsOf: destination) == (try await log.exported(as: .json)))

        // A bad record in the last batch: the destination keeps what it had, nothing is left over.
        try Data("previous".utf8).write(to: destination)
        var csv = try String(contentsOf: input, encoding: .utf8)
        csv = csv.replacingOccurrences(of: log.readings[2999].at.uuidString, with: "x")
        try Data(csv.utf8).write(to: input)
        await #expect(throws: TransferConversionError.self) {
            try await conversion.convert(contentsOf: input, to: destination)
        }
        #expect(try String(contentsOf: destination, encoding: .utf8) == "previous")
        #expect(folder.names == ["log.csv", "log.json"])
    }

    @Test func theOutputsOwnErrorsPassThroughUnchanged() async throws {
        struct Full: Error {}
        let folder = try ConversionFolder()
        defer { folder.remove() }
        let input = try folder.file("log.json", try await ReadingLog(readings: readings(10)).exported(as: .json))
        for mode in [TransferConversionMode.automatic, .whole] {
            let conversion = try TransferConversion(ReadingLog.self, from: .json, to: .commaSeparatedText, mode: mode)
            let error = await #expect(throws: TransferConversionError.self) {
                try await conversion.convert(contentsOf: input) { _ in throw Full() }
            }
            #expect(error?.stage == .writing)
            #expect(error?.underlyingError is Full)
            #expect(error?.contentType == .commaSeparatedText)
        }
    }

    @Test func missingInputsAreNamed() async throws {
        let conversion = try TransferConversion(ReadingLog.self, from: .json, to: .commaSeparatedText)
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID()).json")
        let error = await #expect(throws: TransferConversionError.self) { try await output(conversion, missing) }
        #expect(error?.stage == .reading)
        #expect(error?.description == "cannot be read (\(missing.path): No such file or directory)")
        #expect((error?.underlyingError as? CocoaError)?.code == .fileReadNoSuchFile)
    }
}
