// The bulk-file example of Docs/CSV.md ("A file of records, written and read in pieces"), as it is
// written there, between the markers; the test below runs it.
// BEGIN Docs/CSV.md
import Foundation
import Testing
import TransferCodecs

struct Reading: Codable, Sendable {
    var station: String
    var celsius: Double
}

func saveAndSum(_ readings: [Reading], to file: URL) throws -> Double {
    // Write: the rows come in pieces of a batch each (the header first), in order.
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
    }
    let handle = try FileHandle(forWritingTo: file)
    defer { try? handle.close() }
    try CSVEncoder().encode(readings, inPieces: { try handle.write(contentsOf: $0) })

    // Read: one record at a time, whatever the file's size.
    var total = 0.0
    try CSVDecoder().decodeElements(Reading.self, contentsOf: file) { reading in
        total += reading.celsius
    }
    return total
}
// END Docs/CSV.md

@Suite("Docs/CSV.md: a file of records, written and read in pieces")
struct BulkFileExampleTests {
    @Test("the example writes 25,000 readings and sums them back")
    func theExampleRuns() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readings-\(UUID()).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        let readings = (0..<25_000).map { Reading(station: "S\($0 % 7)", celsius: Double($0 % 40) - 10) }
        let total = try saveAndSum(readings, to: file)
        #expect(total == readings.reduce(0) { $0 + $1.celsius })
        #expect(try String(contentsOf: file, encoding: .utf8).hasPrefix("station,celsius\r\nS0,-10"))
    }

    @Test("the test holds the example exactly as the document writes it")
    func theExampleIsTheDocumentsOwn() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let document = try String(contentsOf: root.appendingPathComponent("Docs/CSV.md"), encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let inTest = try #require(source.firstRange(of: "// BEGIN Docs/CSV.md\n").map { source[$0.upperBound...] })
            .components(separatedBy: "// END Docs/CSV.md")[0]
        // Compared without the imports, which the formatter gathers at the top of this file.
        func code(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter {
                !$0.hasPrefix("import ")
            }
        }
        let block = try #require(
            document.components(separatedBy: "### A file of records, written and read in pieces").last?
                .components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "```").first)
        #expect(code(String(block)) == code(String(inTest)))
    }
}
