import Foundation
import Testing
import TransferCodecs

/// The line and column in error messages, when a type catches errors and decodes on: every caught
/// error still names its own place, in whatever order the type asks, in memory and in a file read
/// in pieces.
@Suite("JSON error positions")
struct JSONErrorPositionTests {
    /// An element that reads its two members as numbers, `b` first, and keeps the messages of the
    /// errors it catches: the members are strings, so both fail, `a`'s after `b`'s though it comes
    /// first in the text.
    struct Probe: Decodable {
        var messages: [String] = []

        enum CodingKeys: String, CodingKey { case a, b }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            for key in [CodingKeys.b, .a] {
                do {
                    _ = try container.decode(Int.self, forKey: key)
                } catch let DecodingError.typeMismatch(_, context) {
                    messages.append(context.debugDescription)
                }
            }
        }
    }

    /// A document of `count` probes over many lines, with characters of one to four bytes before
    /// them, and the position of each probe's `b` and `a` values counted as the document is written.
    /// `padding`, when given, is a member between the two, ignored by the probe: long lines of
    /// wide characters, over which the reader of a pipe counts columns as it passes.
    static func document(count: Int, padding: String = "") -> (text: String, positions: [[String]]) {
        var text = "[\n"
        var line = 2
        var column = 1
        var positions: [[String]] = []
        func write(_ piece: String) {
            text += piece
            for scalar in piece.unicodeScalars {
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            }
        }
        let characters = ["", " ", "é", "日本", "🙂 ", "ü"]
        let whitespace = ["", " ", "\t", "\n  ", "\r\n"]
        for index in 0..<count {
            write(index == 0 ? "" : (index % 3 == 0 ? ",\n" : ", "))
            write("{\"a\": ")
            let a = "line \(line), column \(column)"
            write("\"\(characters[index % characters.count])\",\(whitespace[(index / 2) % whitespace.count])")
            if !padding.isEmpty { write("\"p\": \"\(padding)\", ") }
            write("\"b\":  ")
            let b = "line \(line), column \(column)"
            write("\"x\"}")
            positions.append([b, a])
        }
        write("\n]\n")
        return (text, positions)
    }

    /// The positions in a probe's messages.
    static func positions(in probe: Probe) -> [String] {
        probe.messages.map { message in
            guard let range = message.range(of: #"line \d+, column \d+"#, options: .regularExpression) else {
                return message
            }
            return String(message[range])
        }
    }

    // More probes than positions are kept (4,096), so that some are counted on from ones forgotten.
    static let count = 10_000

    @Test("in memory: every caught error names its own line and column")
    func inMemory() throws {
        let (text, expected) = Self.document(count: Self.count)
        let probes = try JSONTextDecoder().decode([Probe].self, from: Data(text.utf8))
        #expect(probes.map(Self.positions) == expected)
    }

    @Test("in a file read in pieces: every caught error names its own line and column", arguments: [7, 1 << 20])
    func inAFile(chunkSize: Int) throws {
        let (text, expected) = Self.document(count: Self.count)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("positions-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var probes: [Probe] = []
        try JSONArrayDecoder(chunkSize: chunkSize).decodeElements(Probe.self, contentsOf: url) { probes.append($0) }
        #expect(probes.count == Self.count)
        #expect(probes.map(Self.positions) == expected)
    }

    @Test(
        "through a pipe, counted as it passes: every caught error names its own line and column",
        arguments: ["", String(repeating: "é日🙂a", count: 1_500) + "\\n" + String(repeating: "x", count: 4_100)])
    func throughAPipe(padding: String) throws {
        let (text, expected) = Self.document(count: padding.isEmpty ? Self.count : 300, padding: padding)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("positions-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("input.json")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // The writer's open waits for the reader's.
        let written = DispatchGroup()
        DispatchQueue.global().async(group: written) {
            let handle = FileHandle(forWritingAtPath: fifo.path)
            handle?.write(Data(text.utf8))
            try? handle?.close()
        }
        var probes: [Probe] = []
        try JSONArrayDecoder(chunkSize: 1 << 16).decodeElements(Probe.self, contentsOf: fifo) { probes.append($0) }
        written.wait()
        #expect(probes.count == expected.count)
        #expect(probes.map(Self.positions) == expected)
    }
}
