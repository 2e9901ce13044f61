import Foundation
import ProfileModels
import Testing
import TransferKit

/// Whatever the path and however far the reader runs ahead of the decoding, the error reported is
/// the input's first problem: a bad value in a record before a malformed row is reported, and a
/// malformed row before a bad value is.
@Suite("The first error first")
struct FirstErrorFirstTests {
    /// A problem put into one record of an archive.
    enum Problem: String, CaseIterable, CustomStringConvertible {
        case badValue, raggedRow, strayQuote, invalidUTF8, unterminatedQuote

        var description: String { rawValue }

        /// What the reported error says.
        var words: String {
            switch self {
            case .badValue: "expected a UUID"
            case .raggedRow: "expected 6 fields"
            case .strayQuote: "expected no quote inside an unquoted field"
            case .invalidUTF8: "expected UTF-8 text, found the byte 0xff"
            case .unterminatedQuote: "expected a closing quote"
            }
        }

        /// The record's CSV row made bad.
        func spoil(_ row: String, id: UUID) -> [UInt8] {
            switch self {
            case .badValue: Array(row.replacingOccurrences(of: id.uuidString, with: "not-a-uuid").utf8)
            case .raggedRow: Array("\(id.uuidString),only,three\r\n".utf8)
            case .strayQuote: Array("\(id.uuidString),a\"b,c,[],,\r\n".utf8)
            case .invalidUTF8: Array("\(id.uuidString),".utf8) + [0xFF] + Array(",c,[],,\r\n".utf8)
            case .unterminatedQuote: Array("\(id.uuidString),\"never closed,c,[],,\r\n".utf8)
            }
        }
    }

    /// An archive of `count` profiles as CSV rows with problems at some records, and the line
    /// each record starts on.
    static func archive(count: Int, problems: [Int: Problem]) throws -> (csv: Data, lines: [Int]) {
        let profiles = ProfileGenerator().profiles(count: count)
        var rowsOnly = CSVFormat()
        rowsOnly.hasHeader = false
        var bytes = Array("id,name,bio,funFacts,video,portrait\r\n".utf8)
        var lines: [Int] = []
        var line = 2
        for (index, profile) in profiles.enumerated() {
            var row = Array(try CSVEncoder(format: rowsOnly).encode([profile]))
            if let problem = problems[index] {
                row = problem.spoil(String(decoding: row, as: UTF8.self), id: profile.id)
            }
            lines.append(line)
            line += row.filter { $0 == 0x0A }.count
            bytes += row
        }
        return (Data(bytes), lines)
    }

    /// The error `transfer convert` reports for an archive, streamed and whole: they must agree.
    func reported(_ csv: Data, in directory: URL) async throws -> String {
        let input = directory.appendingPathComponent("in-\(UUID()).csv")
        try csv.write(to: input)
        var errors: [String] = []
        for mode in ["--stream", "--whole"] {
            let result = await transfer("convert", input.path, "--to", "json", mode)
            #expect(result.status == 65, "\(mode): \(result.error)")
            errors.append(result.error)
        }
        #expect(errors[0] == errors[1], "streamed and whole differ")
        // The library's in-memory decoder, too.
        do {
            _ = try CSVDecoder().decode([Profile].self, from: csv)
            Issue.record("decoded an archive with problems")
        } catch {
            let words = (error as? DecodingError).map(\.readableDescription) ?? "\(error)"
            #expect(errors[0].contains(words), "in memory: \(words)\nconvert: \(errors[0])")
        }
        return errors[0]
    }

    @Test(
        "the first of two problems is reported, in one window or far apart",
        arguments: [(4, 10), (4, 2_900), (2_000, 2_001)])
    func firstOfTwo(first: Int, second: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for earlier in Problem.allCases where earlier != .unterminatedQuote {
            for later in Problem.allCases where later != earlier {
                let (csv, lines) = try Self.archive(count: 3_000, problems: [first: earlier, second: later])
                let error = try await reported(csv, in: directory)
                #expect(error.contains(earlier.words), "\(earlier) then \(later): \(error)")
                #expect(error.contains("line \(lines[first]),"), "\(earlier) then \(later): \(error)")
            }
        }
    }

    @Test("a bad value after a malformed row is never reached")
    func malformedRowFirst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (csv, lines) = try Self.archive(count: 3_000, problems: [3: .raggedRow, 5: .badValue])
        let error = try await reported(csv, in: directory)
        #expect(error.contains("line \(lines[3]), column 1: expected 6 fields"), "\(error)")
    }

    @Test("JSON: a bad value before malformed JSON is reported, streamed and whole alike")
    func jsonBadValueBeforeSyntaxError() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("first-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let profiles = ProfileGenerator().profiles(count: 3_000)
        for (bad, broken) in [(4, 10), (4, 2_900)] {
            for name in ["in.json", "in.jsonl"] {
                let lines = name == "in.jsonl"
                var text = String(
                    decoding: try await ProfilesArchive(profiles: profiles).exported(as: lines ? .jsonLines : .json),
                    as: UTF8.self)
                text = text.replacingOccurrences(of: profiles[bad].id.uuidString, with: "not-a-uuid")
                text = text.replacingOccurrences(of: "\"\(profiles[broken].id.uuidString)\"", with: "{{")
                let input = directory.appendingPathComponent(name)
                try Data(text.utf8).write(to: input)
                var errors: [String] = []
                for mode in ["--stream", "--whole"] {
                    let result = await transfer("convert", input.path, "--to", "csv", mode)
                    #expect(result.status == 65)
                    errors.append(result.error)
                }
                #expect(errors[0] == errors[1], "\(name): streamed and whole differ")
                #expect(errors[0].contains("[\(bad)].id"), "\(name) \(bad), \(broken): \(errors[0])")
            }
        }
    }

    @Test("CSVRowReader hands out the rows before a problem, then throws it")
    func rowStreamRowsBeforeTheProblem() throws {
        for problem in [Problem.strayQuote, .invalidUTF8, .unterminatedQuote] {
            // A quote left open takes the rest of the input: it is the last record.
            let count = problem == .unterminatedQuote ? 41 : 50
            let (csv, lines) = try Self.archive(count: count, problems: [40: problem])
            let stream = try CSVRowReader(data: csv, chunkSize: 4096)
            var rows = 0
            do {
                while try stream.next() != nil { rows += 1 }
                Issue.record("\(problem): no error")
            } catch let error as CSVError {
                #expect(rows == 40, "\(problem)")
                #expect(error.line == lines[40], "\(problem): \(error)")
                #expect(error.description.contains(problem.words))
            }
        }
    }
}
