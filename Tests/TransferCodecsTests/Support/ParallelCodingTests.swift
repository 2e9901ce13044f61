import Foundation
import Synchronization
import Testing
import TransferCodecs

/// The codecs' work on several cores: the same values, bytes and errors as one core gives, in the
/// same order, and nothing running on after a call returns.
@Suite("Coding on several cores")
struct ParallelCodingTests {
    struct Record: Codable, Equatable, Sendable {
        var id: Int
        var name: String
        var tags: [String]
        var link: URL?
    }

    /// A record that is not `Sendable`: decoded on the caller's thread alone.
    final class Unshared: Decodable {
        let id: Int
        let name: String
    }

    static let records: [Record] = (0..<20_000).map { index in
        Record(
            id: index, name: "name \(index), \"quoted\"\r\nand more 日本 🙂", tags: (0..<(index % 4)).map { "t\($0)" },
            link: index % 3 == 0 ? nil : URL(string: "https://example.com/\(index)?q=\(index % 7)"))
    }

    private func file(_ data: Data, _ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID())-\(name)")
        try data.write(to: url)
        return url
    }

    @Test("CSV and JSON arrays encoded in pieces: the bytes of one encode")
    func piecesJoinToTheWholeEncoding() throws {
        for count in [0, 1, 1023, 1024, 1025, 5000] {
            let records = Array(Self.records.prefix(count))
            var sorted = JSONTextEncoder()
            sorted.outputFormatting = .sortedKeys
            var json = Data()
            try JSONArrayEncoder(sorted).encode(records, inPieces: { json.append($0) })
            #expect(json == (try sorted.encode(records)))
            let foundation = JSONEncoder()
            foundation.outputFormatting = .sortedKeys
            #expect(json == (try foundation.encode(records)))
            if count > 0 {
                var csv = Data()
                try CSVEncoder().encode(records, inPieces: { csv.append($0) })
                #expect(csv == (try CSVEncoder().encode(records)))
            }
        }
    }

    @Test("records and elements read on several cores: the values, in order, as on one")
    func readersDeliverInOrder() throws {
        let csv = try file(CSVEncoder().encode(Self.records), "r.csv")
        let json = try file(JSONTextEncoder().encode(Self.records), "r.json")
        defer {
            try? FileManager.default.removeItem(at: csv)
            try? FileManager.default.removeItem(at: json)
        }
        var fromCSV: [Record] = []
        try CSVDecoder().decodeElements(Record.self, contentsOf: csv) { fromCSV.append($0) }
        #expect(fromCSV == Self.records)
        var fromJSON: [Record] = []
        try JSONArrayDecoder().decodeElements(Record.self, contentsOf: json) { fromJSON.append($0) }
        #expect(fromJSON == Self.records)
        // A type that cannot cross threads is read on the caller's alone, with the same result.
        var unshared: [Int] = []
        try JSONArrayDecoder().decodeElements(Unshared.self, contentsOf: json) { unshared.append($0.id) }
        #expect(unshared == Self.records.map(\.id))

        // Batches transformed where they were decoded, delivered in order, and the index of each
        // batch's first record.
        let firsts = Mutex<[Int]>([])
        var joined: [Int] = []
        try CSVDecoder().decodeElements(
            Record.self, contentsOf: csv,
            transformingBatches: { records, first in
                firsts.withLock { $0.append(first) }
                return records.map(\.id)
            }
        ) { joined += $0 }
        #expect(joined == Self.records.map(\.id))
        #expect(firsts.withLock { $0.sorted() }.first == 0)
        var pieces: [Data] = []
        try JSONArrayDecoder().decodeElements(
            Record.self, contentsOf: json,
            transformingBatches: { records, first in
                try JSONArrayEncoder().encodeElements(records, firstIndex: first)
            }
        ) { pieces.append($0) }
        #expect(
            Data("[".utf8) + pieces.joined(separator: Data(",".utf8)) + Data("]".utf8) == (try Data(contentsOf: json)))
    }

    @Test("an error in a later batch: every value before it is delivered, then the error")
    func errorsComeAfterTheValuesBeforeThem() throws {
        var records = Self.records
        let bad = 15_000
        var json = try JSONTextEncoder().encode(records)
        records.removeAll()
        // Make element `bad`'s id a string.
        let marker = Data("\"id\":\(bad),".utf8)
        let range = try #require(json.range(of: marker))
        json.replaceSubrange(range, with: Data("\"id\":\"x\",".utf8))
        let url = try file(json, "bad.json")
        defer { try? FileManager.default.removeItem(at: url) }
        var count = 0
        do {
            try JSONArrayDecoder().decodeElements(Record.self, contentsOf: url) { _ in count += 1 }
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.first?.intValue == bad)
            #expect(context.codingPath.last?.stringValue == "id")
            #expect(context.debugDescription.contains("line 1, column"))
        }
        #expect(count == bad)
    }

    @Test("the body throws: the reading stops, and nothing runs on after the call")
    func aThrowingBodyStopsTheWork() throws {
        struct Stop: Error {}
        let json = try file(JSONTextEncoder().encode(Self.records), "stop.json")
        defer { try? FileManager.default.removeItem(at: json) }
        // Transforms started, finished, and started after the call returned.
        let transforms = Mutex((started: 0, finished: 0, afterReturn: 0, returned: false))
        var delivered = 0
        #expect(throws: Stop.self) {
            try JSONArrayDecoder().decodeElements(
                Record.self, contentsOf: json,
                transformingBatches: { records, _ in
                    transforms.withLock {
                        $0.started += 1
                        if $0.returned { $0.afterReturn += 1 }
                    }
                    defer { transforms.withLock { $0.finished += 1 } }
                    return records.count
                }
            ) { _ in
                delivered += 1
                if delivered == 2 { throw Stop() }
            }
        }
        // Nothing under way when the call returns: every transform that started has finished.
        let after = transforms.withLock { state in
            state.returned = true
            return state
        }
        #expect(after.started == after.finished)
        #expect(delivered == 2)
        // At most the batches in flight were decoded ahead: fewer than the file holds, counted by
        // reading it whole the same way (a reader that went on to the end would transform them all).
        // Meanwhile, no transform of the stopped call starts.
        let all = Mutex(0)
        try JSONArrayDecoder().decodeElements(
            Record.self, contentsOf: json,
            transformingBatches: { records, _ in
                all.withLock { $0 += 1 }
                return records.count
            }
        ) { _ in }
        let total = all.withLock { $0 }
        #expect(transforms.withLock { $0.afterReturn } == 0)
        #expect(total >= 4, "the file must hold more batches than a stopped reader decodes")
        #expect(after.started < total)
    }

    @Test("a cancelled task stops reading")
    func cancellationStopsTheReaders() async throws {
        let json = try file(JSONTextEncoder().encode(Self.records), "cancel.json")
        defer { try? FileManager.default.removeItem(at: json) }
        let task = Task {
            var count = 0
            try JSONArrayDecoder().decodeElements(Record.self, contentsOf: json) { _ in
                count += 1
                if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
