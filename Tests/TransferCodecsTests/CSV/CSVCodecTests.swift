import Foundation
import Testing
import TransferCodecs
import TransferKitTesting

struct Row: Codable, Equatable {
    var name: String
    var note: String
    var count: Int?
}

func rows(_ csv: String, format: CSVFormat = CSVFormat()) throws -> [[String]] {
    try CSVDecoder(format: format).decode([[String]].self, from: Data(csv.utf8))
}

/// The files a test left in a fixture directory, sorted (the fixture's own folder left out).
func fileNames(in directory: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0 != ".transferkit" }
        .sorted()
}

func csvError(_ body: () throws -> Void) -> CSVError? {
    do {
        try body()
        return nil
    } catch let error as CSVError {
        return error
    } catch let DecodingError.dataCorrupted(context) {
        return context.underlyingError as? CSVError
    } catch {
        return nil
    }
}

@Suite("CSV: RFC 4180")
struct CSVRFC4180Tests {
    let noHeader = CSVFormat(hasHeader: false)

    @Test("a record is never nil: an array of optional records reads every row as its record")
    func optionalRecordsAreRecords() throws {
        let csv = Data("name,note,count\r\nAda,,3\r\n,,\r\n".utf8)
        let records = try CSVDecoder().decode([Row?].self, from: csv)
        #expect(records == [Row(name: "Ada", note: "", count: 3), Row(name: "", note: "", count: nil)])
    }

    @Test func quotingDoubledQuotesAndLineBreaksInFields() throws {
        let csv = "a,\"b,c\",\"say \"\"hi\"\"\"\r\n\"line\r\nbreak\",\"lf\nonly\",\"cr\ronly\"\r\n"
        #expect(
            try rows(csv, format: noHeader) == [
                ["a", "b,c", "say \"hi\""], ["line\r\nbreak", "lf\nonly", "cr\ronly"],
            ])
    }

    @Test func lineEndingsCRLFLFAndCR() throws {
        #expect(try rows("a,b\r\nc,d\r\n", format: noHeader) == [["a", "b"], ["c", "d"]])
        #expect(try rows("a,b\nc,d\n", format: noHeader) == [["a", "b"], ["c", "d"]])
        #expect(try rows("a,b\rc,d", format: noHeader) == [["a", "b"], ["c", "d"]])
    }

    @Test func emptyFieldsAndTrailingEmptyFieldsWithoutAFinalLineBreak() throws {
        #expect(try rows("a,,c\r\n,,\r\n1,2,", format: noHeader) == [["a", "", "c"], ["", "", ""], ["1", "2", ""]])
    }

    @Test func combiningAccentsRightAfterAnOpeningQuoteOrAComma() throws {
        // "e" + U+0301 after a quote and after a comma: a character-based parser sees one grapheme.
        let csv = "\"\u{301}e\",\u{301}x,\"a\"\r\n"
        #expect(try rows(csv, format: noHeader) == [["\u{301}e", "\u{301}x", "a"]])
    }

    @Test func leadingAndTrailingSpacesInUnquotedFieldsAreKept() throws {
        #expect(try rows("  a , b  ,c\r\n", format: noHeader) == [["  a ", " b  ", "c"]])
    }

    @Test func unicodeAndByteOrderMark() throws {
        #expect(try rows("\u{FEFF}名前,Имя,😀\r\n", format: noHeader) == [["名前", "Имя", "😀"]])
    }

    @Test func headerMapsColumnsToKeysInAnyOrder() throws {
        let decoded = try CSVDecoder().decode([Row].self, from: Data("note,count,name\r\nhi,3,Ann\r\n,,Bo\r\n".utf8))
        #expect(decoded == [Row(name: "Ann", note: "hi", count: 3), Row(name: "Bo", note: "", count: nil)])
    }

    @Test func tsv() throws {
        let data = try CSVEncoder(format: .tsv).encode([Row(name: "a\tb", note: "c", count: 1)])
        #expect(String(decoding: data, as: UTF8.self) == "name\tnote\tcount\r\n\"a\tb\"\tc\t1\r\n")
        #expect(try CSVDecoder(format: .tsv).decode([Row].self, from: data) == [Row(name: "a\tb", note: "c", count: 1)])
    }

    @Test func encoderQuotesOnlyWhatNeedsIt() throws {
        let data = try CSVEncoder().encode([Row(name: "plain", note: "a,b \"c\"\r\nd", count: nil)])
        #expect(String(decoding: data, as: UTF8.self) == "name,note,count\r\nplain,\"a,b \"\"c\"\"\r\nd\",\r\n")
    }

    /// Random fields of letters, delimiters, quotes, CR, LF, tabs and non-ASCII, at every length up
    /// to 40 (so that the word-at-a-time scan meets them at every offset): the encoder quotes exactly
    /// the fields RFC 4180 says must be, doubles their quotes, and the decoder reads them back.
    @Test(arguments: [CSVFormat(), CSVFormat(delimiter: 0x09)])
    func encoderQuotingMatchesTheRuleAtEveryOffset(format: CSVFormat) throws {
        struct Line: Codable, Equatable {
            var a: String
            var b: String
        }
        let delimiter = String(UnicodeScalar(format.delimiter))
        let pieces = ["a", "b", "Z", " ", delimiter, "\"", "\r", "\n", "\t", "é", "山", "😀", ",", ";"]
        var state: UInt64 = 42
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        var lines: [Line] = []
        var expected = "a" + String(UnicodeScalar(format.delimiter)) + "b\r\n"
        for length in 0...40 {
            for _ in 0..<6 {
                var field = ""
                while field.utf8.count < length { field += pieces[next() % pieces.count] }
                // A first field that is never empty, so that no line is blank.
                let line = Line(a: "x", b: field)
                lines.append(line)
                let special = field.contains { [Character(delimiter), "\"", "\r", "\n", "\r\n"].contains($0) }
                expected +=
                    "x" + delimiter + (special ? "\"" + field.replacing("\"", with: "\"\"") + "\"" : field) + "\r\n"
            }
        }
        let data = try CSVEncoder(format: format).encode(lines)
        #expect(String(decoding: data, as: UTF8.self) == expected)
        #expect(try CSVDecoder(format: format).decode([Line].self, from: data) == lines)
    }

    @Test func nestedValuesAreJSONInsideTheField() throws {
        struct Nested: Codable, Equatable {
            var tags: [String]
            var scores: [Int]
            var point: [String: Double]
            var id: UUID
            var site: URL
        }
        let value = Nested(
            tags: ["a", "b,\"c\"", "é\n"], scores: [1, 2], point: ["x": 1.5], id: UUID(),
            site: URL(string: "https://e.com/a?b")!)
        let data = try CSVEncoder().encode([value])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("tags,scores,point,id,site\r\n"))
        #expect(text.contains(value.id.uuidString))
        #expect(try CSVDecoder().decode([Nested].self, from: data) == [value])
    }

    @Test func singleRecordAtTheTopLevel() throws {
        let data = try CSVEncoder().encode(Row(name: "one", note: "n", count: 1))
        #expect(try CSVDecoder().decode(Row.self, from: data) == Row(name: "one", note: "n", count: 1))
        #expect(throws: DecodingError.self) {
            try CSVDecoder().decode(Row.self, from: Data("name,note,count\r\na,b,1\r\nc,d,2\r\n".utf8))
        }
    }

    @Test func byteOrderMarkOnOutput() throws {
        let data = try CSVEncoder(format: CSVFormat(writesByteOrderMark: true, lineEnding: .lf)).encode([
            Row(name: "a", note: "b", count: 1)
        ])
        #expect(Array(data.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: data.dropFirst(3), as: UTF8.self) == "name,note,count\na,b,1\n")
        #expect(try CSVDecoder().decode([Row].self, from: data) == [Row(name: "a", note: "b", count: 1)])
    }
}

@Suite("CSV: bad input")
struct CSVBadInputTests {
    @Test func unterminatedQuoteSaysWhere() {
        let error = csvError { _ = try rows("a,b\r\nc,\"open", format: CSVFormat(hasHeader: false)) }
        #expect(error?.code == .unterminatedQuote)
        #expect(error?.line == 2)
        #expect(error?.column == 3)
    }

    @Test func strayQuotes() {
        let inside = csvError { _ = try rows("a,b\"c\r\n", format: CSVFormat(hasHeader: false)) }
        #expect(inside?.code == .strayQuote)
        #expect(inside?.line == 1)
        #expect(inside?.column == 4)
        let after = csvError { _ = try rows("\"ab\"c,d\r\n", format: CSVFormat(hasHeader: false)) }
        #expect(after?.code == .strayQuote)
        #expect(after?.column == 5)
    }

    @Test func raggedRows() {
        let error = csvError {
            _ = try CSVDecoder().decode([Row].self, from: Data("name,note,count\r\na,b,1\r\nc,d\r\n".utf8))
        }
        #expect(error?.code == .raggedRow)
        #expect(error?.line == 3)
        #expect(error?.reason == "expected 3 fields (as in the header), found 2")
    }

    @Test func invalidUTF8() {
        let error = csvError {
            _ = try CSVDecoder().decode([[String]].self, from: Data([0x61, 0x2C, 0x0A, 0x62, 0xC3, 0x28]))
        }
        #expect(error?.code == .invalidUTF8)
        #expect(error?.line == 2)
        #expect(error?.column == 2)
    }

    /// Random fields of well-formed and ill-formed UTF-8: the decoder accepts exactly what the
    /// standard library accepts, and reports the first bad byte where the standard library finds it.
    @Test func invalidUTF8IsFoundExactlyWhereTheStandardLibraryFindsIt() throws {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return }
        let pieces: [[UInt8]] = [
            [0x61], [0x7A], [0x20], Array("é".utf8), Array("Ж".utf8), Array("山".utf8), Array("😀".utf8),
            Array("\u{10FFFF}".utf8),
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xDF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
            [0xE0, 0xA0],
            [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80],
            [0xF4, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF5], [0xFF],
        ]
        var state: UInt64 = 2022
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
        }
        var invalidCases = 0
        for _ in 0..<3000 {
            // Sometimes long ASCII runs, so that the sixteen-byte skip is crossed.
            var field: [UInt8] = Array(repeating: UInt8(ascii: "x"), count: next() % 3 == 0 ? next() % 40 : 0)
            for _ in 0..<(1 + next() % 12) { field += pieces[next() % pieces.count] }
            let expected: Int?
            do throws(UTF8.ValidationError) {
                _ = try UTF8Span(validating: field.span)
                expected = nil
            } catch {
                expected = error.byteOffsets.lowerBound
            }
            // A first field, then the random one (quoted, with a doubled quote, every other time).
            let quoted = next() % 2 == 0
            let prefix = Array("a,".utf8) + (quoted ? Array("\"\"\"".utf8) : [])
            let data = Data(prefix + field + (quoted ? [0x22] : []) + [0x0D, 0x0A])
            let offset = prefix.count
            let error = csvError {
                _ = try CSVDecoder(format: CSVFormat(hasHeader: false)).decode([[String]].self, from: data)
            }
            let reader = try CSVRowReader(data: data, format: CSVFormat(hasHeader: false))
            var read: [[String]] = []
            let readerError = csvError { while let row = try reader.next() { read.append(row) } }
            if let expected {
                invalidCases += 1
                #expect(error?.code == .invalidUTF8, "\(field)")
                #expect(error?.column == offset + expected + 1, "\(field)")
                #expect(readerError?.code == .invalidUTF8, "\(field)")
                #expect(readerError?.column == offset + expected + 1, "\(field)")
            } else {
                #expect(error == nil, "\(field)")
                #expect(readerError == nil, "\(field)")
                let text = (quoted ? "\"" : "") + String(decoding: field, as: UTF8.self)
                let decoded = try CSVDecoder(format: CSVFormat(hasHeader: false)).decode([[String]].self, from: data)
                #expect(decoded == [["a", text]])
                #expect(read == [["a", text]])
            }
        }
        #expect(invalidCases > 500)
    }

    @Test func fieldOverTheLimit() {
        let format = CSVFormat(hasHeader: false, maximumFieldLength: 4)
        let error = csvError { _ = try rows("abcd,abcde\r\n", format: format) }
        #expect(error?.code == .fieldTooLong)
        #expect(error?.column == 6)
    }

    @Test func valuesThatDoNotParseSayWhere() {
        let error = csvError {
            _ = try CSVDecoder().decode([Row].self, from: Data("name,note,count\r\na,b,many\r\n".utf8))
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.line == 2)
        #expect(error?.column == 5)
        #expect(error?.reason == "expected an integer (Int), found \"many\"")
    }

    @Test func errorsCarryTheCodingPathOfTheRecordAndTheField() {
        func path(_ body: () throws -> Void) -> [String]? {
            do {
                try body()
                return nil
            } catch let DecodingError.dataCorrupted(context) {
                return context.codingPath.map { $0.intValue.map { "\($0)" } ?? $0.stringValue }
            } catch let DecodingError.typeMismatch(_, context) {
                return context.codingPath.map { $0.intValue.map { "\($0)" } ?? $0.stringValue }
            } catch {
                return nil
            }
        }
        // The third record's count.
        #expect(
            path {
                _ = try CSVDecoder().decode(
                    [Row].self, from: Data("name,note,count\r\na,b,1\r\nc,d,2\r\ne,f,x\r\n".utf8))
            } == ["2", "count"])
        // A record read by position: the record, then the field.
        #expect(
            path {
                _ = try CSVDecoder(format: CSVFormat(hasHeader: false)).decode(
                    [[Int]].self, from: Data("1,2\r\n3,y\r\n".utf8))
            } == ["1", "1"])
        // The single record at the top level has no index.
        #expect(
            path { _ = try CSVDecoder().decode(Row.self, from: Data("name,note,count\r\na,b,z\r\n".utf8)) } == ["count"]
        )
        // A value that decodes itself from the field keeps the key.
        struct Tagged: Decodable {
            enum Kind: String, Decodable { case small, large }
            var kind: Kind
        }
        #expect(
            path { _ = try CSVDecoder().decode([Tagged].self, from: Data("kind\r\nsmall\r\nhuge\r\n".utf8)) } == [
                "1", "kind",
            ])
    }

    @Test func missingColumnsAndDuplicateHeaders() {
        #expect(throws: DecodingError.self) {
            try CSVDecoder().decode([Row].self, from: Data("name,count\r\na,1\r\n".utf8))
        }
        let duplicate = csvError { _ = try CSVDecoder().decode([Row].self, from: Data("name,name\r\na,b\r\n".utf8)) }
        #expect(duplicate?.code == .invalidHeader)
        // The error points at the second mention: line 1, the byte column where it starts.
        #expect(duplicate?.line == 1)
        #expect(duplicate?.column == 6)
        let afterBOM = csvError { _ = try CSVDecoder().decode([[String]].self, from: Data("\u{FEFF}id,x,id\r\n".utf8)) }
        // A byte-order mark is not counted, as in every other CSV error (editors do not show it).
        #expect(afterBOM?.column == 6)
    }

    @Test func lenientModeAcceptsWhatItDocuments() throws {
        let lenient = CSVFormat(hasHeader: false, strictness: .lenient)
        #expect(try rows("a,b\"c\r\n", format: lenient) == [["a", "b\"c"]])
        #expect(try rows("\"ab\"c,d\r\n", format: lenient) == [["\"ab\"c", "d"]])
        #expect(try rows("x,\"open", format: lenient) == [["x", "open"]])
        let padded = try CSVDecoder(format: CSVFormat(strictness: .lenient)).decode(
            [Row].self, from: Data("name,note,count\r\na\r\n\r\nb,c,1,extra\r\n".utf8))
        #expect(padded == [Row(name: "a", note: "", count: nil), Row(name: "b", note: "c", count: 1)])
    }

    @Test func aQuoteAsDelimiterIsRefused() {
        let error = csvError {
            _ = try CSVEncoder(format: CSVFormat(delimiter: 0x22)).encode([Row(name: "a", note: "b", count: 1)])
        }
        #expect(error?.code == .invalidFormat)
    }
}

@Suite("CSV: streaming")
struct CSVStreamingTests {
    @Test func readsRowsAcrossSmallChunksWithQuotedLineBreaks() async throws {
        try await withTemporaryDirectory { directory in
            var text = "id,note\r\n"
            var expected: [[String]] = []
            for index in 0..<500 {
                let note = index % 3 == 0 ? "multi\r\nline, \"quoted\" \(index)" : "plain \(index) 😀"
                expected.append([String(index), note])
                text += "\(index)," + (index % 3 == 0 ? "\"multi\r\nline, \"\"quoted\"\" \(index)\"" : note) + "\r\n"
            }
            let url = directory.appendingPathComponent("rows.csv")
            try Data(text.utf8).write(to: url)
            let reader = try CSVRowReader(contentsOf: url, chunkSize: 4096)
            #expect(reader.header == ["id", "note"])
            var rows: [[String]] = []
            while let row = try reader.next() { rows.append(row) }
            #expect(rows == expected)
            // From memory, in chunks as small and as large as the file's.
            for chunkSize in [4096, 1 << 20] {
                let memory = try CSVRowReader(data: Data(text.utf8), chunkSize: chunkSize)
                #expect(memory.header == ["id", "note"])
                var fromMemory: [[String]] = []
                while let row = try memory.next() { fromMemory.append(row) }
                #expect(fromMemory == expected)
            }
        }
    }

    @Test(arguments: ["\r\n", "\n"])
    func streamingErrorsCarryTheLineInTheWholeFile(lineEnd: String) async throws {
        try await withTemporaryDirectory { directory in
            let text =
                "a,b" + lineEnd + String(repeating: "1,\"x\(lineEnd)y\"" + lineEnd, count: 1500) + "3,\"open" + lineEnd
            let url = directory.appendingPathComponent("bad.csv")
            try Data(text.utf8).write(to: url)
            let reader = try CSVRowReader(contentsOf: url, chunkSize: 4096)
            let error = csvError { while try reader.next() != nil {} }
            #expect(error?.code == .unterminatedQuote)
            #expect(error?.line == 3002)
            #expect(error?.column == 3)
            let memory = try CSVRowReader(data: Data(text.utf8), chunkSize: 4096)
            let memoryError = csvError { while try memory.next() != nil {} }
            #expect(memoryError?.code == .unterminatedQuote)
            #expect(memoryError?.line == 3002)
            #expect(memoryError?.column == 3)
        }
    }

    @Test func writerTakesAnyLegalNameItsTemporaryFileIncluded() async throws {
        try await withTemporaryDirectory { directory in
            // 250 bytes: legal, but a temporary name built by adding to it would pass 255.
            let url = directory.appendingPathComponent(String(repeating: "n", count: 246) + ".csv")
            let writer = try CSVRowWriter(writingTo: url)
            try writer.write(["a", "b"])
            try writer.finish()
            #expect(fileNames(in: directory) == [url.lastPathComponent])
            #expect(try Data(contentsOf: url) == Data("a,b\r\n".utf8))
        }
    }

    @Test func writerIsAtomic() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.csv")
            do {
                let writer = try CSVRowWriter(writingTo: url)
                try writer.write(["a", "b,c"])
                writer.cancel()
            }
            #expect(fileNames(in: directory).isEmpty)
            do {
                let writer = try CSVRowWriter(writingTo: url)
                try writer.write(["a", "b,c"])
                // Dropped without finishing: nothing is left.
            }
            #expect(fileNames(in: directory).isEmpty)
            let writer = try CSVRowWriter(writingTo: url)
            try writer.write(["a", "b,c"])
            try writer.write(["1", "2"])
            try writer.finish()
            #expect(try String(contentsOf: url, encoding: .utf8) == "a,\"b,c\"\r\n1,2\r\n")
            #expect(fileNames(in: directory) == ["out.csv"])
        }
    }

    @Test("a writer whose final rename fails (a directory holding a file there): the error, nothing else changed")
    func writerFailedRenameLeavesNothing() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("out.csv")
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("inside"), withIntermediateDirectories: true)
            let writer = try CSVRowWriter(writingTo: url)
            try writer.write(["a", "b"])
            let error = #expect(throws: CocoaError.self) { try writer.finish() }
            #expect(error?.userInfo["NSFilePath"] as? String == url.path)
            // The directory as it was, and no temporary file beside it.
            #expect(fileNames(in: directory) == ["out.csv"])
            #expect(fileNames(in: url) == ["inside"])
        }
    }
}

@Suite("CSV: large inputs")
struct CSVLargeInputTests {
    /// About 9 MB: the decoder parses it in several windows.
    static func largeCSV(rows: Int, tail: String = "") -> Data {
        var text = "name,note,count\r\n"
        let note = "\"" + String(repeating: "a, \"\"b\"\"\r\n", count: 30) + "\""
        for index in 0..<rows { text += "n\(index),\(note),\(index)\r\n" }
        return Data((text + tail).utf8)
    }

    @Test func decodesAcrossWindows() throws {
        let decoded = try CSVDecoder().decode([Row].self, from: Self.largeCSV(rows: 30_000))
        #expect(decoded.count == 30_000)
        #expect(decoded.last?.count == 29_999)
        #expect(decoded[12_345].note.hasPrefix("a, \"b\"\r\n"))
    }

    @Test func decodesRecordsFromAFileAcrossWindows() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("rows.csv")
            try Self.largeCSV(rows: 30_000).write(to: url)
            var decoded: [Row] = []
            try CSVDecoder().decodeElements(Row.self, contentsOf: url) { decoded.append($0) }
            #expect(decoded.count == 30_000)
            #expect(decoded == (try CSVDecoder().decode([Row].self, from: Self.largeCSV(rows: 30_000))))

            // A bad value after several windows: its record's index and its line in the whole file.
            try Self.largeCSV(rows: 30_000, tail: "x,y,many\r\n").write(to: url)
            var count = 0
            do {
                try CSVDecoder().decodeElements(Row.self, contentsOf: url) { _ in count += 1 }
                Issue.record("expected an error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.first?.intValue == 30_000)
                #expect(context.codingPath.last?.stringValue == "count")
                let error = context.underlyingError as? CSVError
                #expect(error?.line == 2 + 30_000 * 31)
                #expect(error?.column == 5)
            }
            #expect(count == 30_000)
        }
    }

    @Test func errorsInLaterWindowsHaveTheirLineInTheWholeInput() {
        // Each record spans 31 lines; the bad one follows 30,000 of them.
        let error = csvError {
            _ = try CSVDecoder().decode([Row].self, from: Self.largeCSV(rows: 30_000, tail: "x,y\r\n"))
        }
        #expect(error?.code == .raggedRow)
        #expect(error?.line == 2 + 30_000 * 31)
        let quote = csvError {
            _ = try CSVDecoder().decode([Row].self, from: Self.largeCSV(rows: 30_000, tail: "x,\"open,1\r\n"))
        }
        #expect(quote?.code == .unterminatedQuote)
        #expect(quote?.line == 2 + 30_000 * 31)
        #expect(quote?.column == 3)
    }
}
