import Foundation
import Testing
import TransferCodecs

/// `JSONEncoder`'s strategies on the CSV coders: the same names, the same output for a field as
/// Foundation's `JSONEncoder` writes for the value (without the quotes), and back.
@Suite("CSV coders: Foundation's strategies")
struct CSVStrategiesTests {
    struct Order: Codable, Equatable {
        var id: Int
        var date: Date
        var note: String
    }

    struct Blob: Codable, Equatable {
        var bytes: Data
        var ratio: Double
    }

    static let date = Date(timeIntervalSince1970: 1_795_166_100)  // 2026-11-20T09:15:00Z

    /// A field as Foundation's JSON encoder writes the value, unquoted.
    static func foundationField(_ value: some Encodable, _ configure: (JSONEncoder) -> Void) throws -> String {
        let encoder = JSONEncoder()
        configure(encoder)
        let text = String(decoding: try encoder.encode([value]), as: UTF8.self).dropFirst().dropLast()
        return text.hasPrefix("\"") ? String(text.dropFirst().dropLast()) : String(text)
    }

    @Test("each date strategy writes Foundation's value and reads it back")
    func dateStrategies() throws {
        let cases:
            [(CSVEncoder.DateEncodingStrategy, CSVDecoder.DateDecodingStrategy, JSONEncoder.DateEncodingStrategy)] =
                [
                    (.deferredToDate, .deferredToDate, .deferredToDate),
                    (.secondsSince1970, .secondsSince1970, .secondsSince1970),
                    (.millisecondsSince1970, .millisecondsSince1970, .millisecondsSince1970),
                    (.iso8601, .iso8601, .iso8601),
                ]
        for (encoding, decoding, foundation) in cases {
            var encoder = CSVEncoder()
            encoder.dateEncodingStrategy = encoding
            var decoder = CSVDecoder()
            decoder.dateDecodingStrategy = decoding
            let orders = [Order(id: 1, date: Self.date, note: "a")]
            let csv = String(decoding: try encoder.encode(orders), as: UTF8.self)
            let expected = try Self.foundationField(Self.date) { $0.dateEncodingStrategy = foundation }
            #expect(csv == "id,date,note\r\n1,\(expected),a\r\n", "\(encoding)")
            #expect(try decoder.decode([Order].self, from: Data(csv.utf8)) == orders)
        }
    }

    @Test("ISO 8601 reads offsets and fractional seconds, as JSONDecoder does; a bad date names its line and column")
    func iso8601Reading() throws {
        var decoder = CSVDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let csv = "id,date,note\r\n1,2026-11-20T10:15:00+01:00,a\r\n2,2026-11-20T09:15:00.250Z,b\r\n3,20 Nov 2026,c\r\n"
        let error = #expect(throws: DecodingError.self) { try decoder.decode([Order].self, from: Data(csv.utf8)) }
        guard case .dataCorrupted(let context) = error else { return }
        let position = try #require(context.underlyingError as? CSVError)
        #expect(position.line == 4 && position.column == 3)
        #expect(position.reason == #"expected an ISO 8601 date such as 2026-11-20T09:15:00Z, found "20 Nov 2026""#)
        let good = try decoder.decode(
            [Order].self, from: Data(csv.replacingOccurrences(of: "3,20 Nov 2026,c\r\n", with: "").utf8))
        #expect(good.map(\.date) == [Self.date, Self.date.addingTimeInterval(0.25)])
    }

    @Test("a format style, and a custom closure, both ways")
    func formattedAndCustom() throws {
        let day = Date.ISO8601FormatStyle().year().month().day()
        var encoder = CSVEncoder()
        encoder.dateEncodingStrategy = .formatted(day)
        var decoder = CSVDecoder()
        decoder.dateDecodingStrategy = .formatted(day)
        let midnight = Date(timeIntervalSince1970: 1_795_132_800)  // 2026-11-20T00:00:00Z
        let csv = try encoder.encode([Order(id: 1, date: midnight, note: "x")])
        #expect(String(decoding: csv, as: UTF8.self) == "id,date,note\r\n1,2026-11-20,x\r\n")
        #expect(try decoder.decode([Order].self, from: csv).first?.date == midnight)

        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("day \(Int(date.timeIntervalSince1970 / 86_400))")
        }
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.hasPrefix("day "), let day = Double(text.dropFirst(4)) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a day"))
            }
            return Date(timeIntervalSince1970: day * 86_400)
        }
        let custom = try encoder.encode([Order(id: 1, date: midnight, note: "x")])
        #expect(String(decoding: custom, as: UTF8.self) == "id,date,note\r\n1,day 20777,x\r\n")
        #expect(try decoder.decode([Order].self, from: custom).first?.date == midnight)
        // The closure's own error gets the field's line and column.
        let error = #expect(throws: DecodingError.self) {
            try decoder.decode([Order].self, from: Data("id,date,note\r\n1,day 1,x\r\n2,week 3,y\r\n".utf8))
        }
        guard case .dataCorrupted(let context) = error else { return }
        let position = try #require(context.underlyingError as? CSVError)
        #expect((position.line, position.column) == (3, 3))
        #expect(context.codingPath.map(\.stringValue).last == "date")
    }

    @Test("data as Base64 by default (as JSONEncoder), or as its bytes; non-conforming floats by name")
    func dataAndFloats() throws {
        let blobs = [Blob(bytes: Data("hi!".utf8), ratio: .infinity), Blob(bytes: Data(), ratio: -.infinity)]
        var encoder = CSVEncoder()
        #expect(throws: EncodingError.self) { try encoder.encode(blobs) }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        let csv = try encoder.encode(blobs)
        #expect(String(decoding: csv, as: UTF8.self) == "bytes,ratio\r\naGkh,+Inf\r\n,-Inf\r\n")
        var decoder = CSVDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode([Blob].self, from: csv) }
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        #expect(try decoder.decode([Blob].self, from: csv) == blobs)
        let nan = try decoder.decode([Blob].self, from: Data("bytes,ratio\r\n,NaN\r\n".utf8))
        #expect(nan.first?.ratio.isNaN == true)

        encoder.dataEncodingStrategy = .deferredToData
        decoder.dataDecodingStrategy = .deferredToData
        let bytes = try encoder.encode([Blob(bytes: Data("hi".utf8), ratio: 1)])
        #expect(String(decoding: bytes, as: UTF8.self) == "bytes,ratio\r\n\"[104,105]\",1\r\n")
        #expect(try decoder.decode([Blob].self, from: bytes).first?.bytes == Data("hi".utf8))
        decoder.dataDecodingStrategy = .base64
        #expect(throws: DecodingError.self) {
            try decoder.decode([Blob].self, from: Data("bytes,ratio\r\n%%%,1\r\n".utf8))
        }
    }

    @Test("keys in snake case, both ways; nested values take the same strategies")
    func keysAndNestedValues() throws {
        struct Entry: Codable, Equatable {
            var firstName: String
            var visitedOn: [Date]
        }
        var encoder = CSVEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        var decoder = CSVDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        let entries = [Entry(firstName: "Ana", visitedOn: [Self.date])]
        let csv = try encoder.encode(entries)
        #expect(
            String(decoding: csv, as: UTF8.self)
                == "first_name,visited_on\r\nAna,\"[\"\"2026-11-20T09:15:00Z\"\"]\"\r\n")
        #expect(try decoder.decode([Entry].self, from: csv) == entries)
        #expect(throws: DecodingError.self) { try CSVDecoder().decode([Entry].self, from: csv) }
    }

    @Test("the strategies stream: RecordFormat.csv(encoder:decoder:) reads and writes records with them")
    func recordFormat() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strategies-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var encoder = CSVEncoder()
        encoder.dateEncodingStrategy = .iso8601
        var decoder = CSVDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let orders = (0..<5_000).map { Order(id: $0, date: Self.date.addingTimeInterval(Double($0)), note: "n\($0)") }
        let file = directory.appendingPathComponent("orders.csv")
        var pieces = Data()
        try encoder.encode(orders, inPieces: { pieces.append($0) })
        #expect(pieces == (try encoder.encode(orders)))
        try pieces.write(to: file)
        var read: [Order] = []
        try decoder.decodeElements(Order.self, contentsOf: file) { read.append($0) }
        #expect(read == orders)
    }
}
