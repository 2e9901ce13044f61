import Foundation
import Testing
import TransferCodecs

/// Every date and data strategy for values nested inside a CSV field — an array in a column, and
/// a structure in a column, which the field holds as JSON — written and read against CSV text
/// written here by hand: the nested value takes the strategy a top-level field takes.
@Suite("CSV coders: every strategy inside a nested value")
struct CSVStrategiesBoundaryTests {
    struct Span: Codable, Equatable {
        var start: Date
    }

    struct Visit: Codable, Equatable {
        var times: [Date]
        var span: Span
    }

    struct Inner: Codable, Equatable {
        var bytes: Data
    }

    struct Blob: Codable, Equatable {
        var chunks: [Data]
        var inner: Inner
    }

    /// 2026-11-20T09:15:00Z, and a quarter of a second after: both exact in binary, so that any
    /// number strategy writes them exactly.
    static let whole = Date(timeIntervalSince1970: 1_795_166_100)
    static let quarter = Date(timeIntervalSince1970: 1_795_166_100.25)
    /// 2026-11-20 and 2026-11-21 at midnight UTC, for the strategies of days.
    static let day1 = Date(timeIntervalSince1970: 1_795_132_800)
    static let day2 = Date(timeIntervalSince1970: 1_795_219_200)

    static let dayStyle = Date.ISO8601FormatStyle().year().month().day()

    /// The strategies by name, the visit each writes, and the CSV it is, written by hand.
    static func dateCase(_ name: String) -> (
        CSVEncoder.DateEncodingStrategy, CSVDecoder.DateDecodingStrategy, Visit, String
    ) {
        let header = "times,span\r\n"
        switch name {
        case "deferredToDate":
            // Seconds since 2001-01-01: 1,795,166,100 − 978,307,200.
            return (
                .deferredToDate, .deferredToDate, Visit(times: [whole, quarter], span: Span(start: quarter)),
                header + #""[816858900,816858900.25]","{""start"":816858900.25}""# + "\r\n"
            )
        case "secondsSince1970":
            return (
                .secondsSince1970, .secondsSince1970, Visit(times: [whole, quarter], span: Span(start: quarter)),
                header + #""[1795166100,1795166100.25]","{""start"":1795166100.25}""# + "\r\n"
            )
        case "millisecondsSince1970":
            return (
                .millisecondsSince1970, .millisecondsSince1970,
                Visit(times: [whole, quarter], span: Span(start: quarter)),
                header + #""[1795166100000,1795166100250]","{""start"":1795166100250}""# + "\r\n"
            )
        case "iso8601":
            let later = whole.addingTimeInterval(60)
            return (
                .iso8601, .iso8601, Visit(times: [whole, later], span: Span(start: later)),
                header
                    + #""[""2026-11-20T09:15:00Z"",""2026-11-20T09:16:00Z""]","{""start"":""2026-11-20T09:16:00Z""}""#
                    + "\r\n"
            )
        case "formatted":
            return (
                .formatted(dayStyle), .formatted(dayStyle), Visit(times: [day1, day2], span: Span(start: day2)),
                header + #""[""2026-11-20"",""2026-11-21""]","{""start"":""2026-11-21""}""# + "\r\n"
            )
        default:  // custom: "day N", days since 1970
            let encode: CSVEncoder.DateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("day \(Int(date.timeIntervalSince1970 / 86_400))")
            }
            let decode: CSVDecoder.DateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                guard text.hasPrefix("day "), let day = Double(text.dropFirst(4)) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: text))
                }
                return Date(timeIntervalSince1970: day * 86_400)
            }
            return (
                encode, decode, Visit(times: [day1, day2], span: Span(start: day2)),
                header + #""[""day 20777"",""day 20778""]","{""start"":""day 20778""}""# + "\r\n"
            )
        }
    }

    static let dateStrategies = [
        "deferredToDate", "secondsSince1970", "millisecondsSince1970", "iso8601", "formatted", "custom",
    ]

    @Test(
        "each date strategy writes a date inside an array and a structure as written by hand", arguments: dateStrategies
    )
    func nestedDatesEncode(strategy: String) throws {
        let (encoding, _, visit, csv) = Self.dateCase(strategy)
        var encoder = CSVEncoder()
        encoder.dateEncodingStrategy = encoding
        #expect(String(decoding: try encoder.encode([visit]), as: UTF8.self) == csv)
    }

    @Test(
        "each date strategy reads a date inside an array and a structure from text written by hand",
        arguments: dateStrategies)
    func nestedDatesDecode(strategy: String) throws {
        let (_, decoding, visit, csv) = Self.dateCase(strategy)
        var decoder = CSVDecoder()
        decoder.dateDecodingStrategy = decoding
        #expect(try decoder.decode([Visit].self, from: Data(csv.utf8)) == [visit])
    }

    @Test("the number strategies are not one another: each reads only its own text")
    func nestedDateNumbersAreTold() throws {
        let numbers: [String] = ["deferredToDate", "secondsSince1970", "millisecondsSince1970"]
        for writer in numbers {
            for reader in numbers where reader != writer {
                var decoder = CSVDecoder()
                decoder.dateDecodingStrategy = Self.dateCase(reader).1
                let read = try? decoder.decode([Visit].self, from: Data(Self.dateCase(writer).3.utf8))
                #expect(read != [Self.dateCase(writer).2], "\(writer) read by \(reader)")
            }
        }
    }

    /// The data strategies by name, and the CSV of `blob` each is, written by hand.
    static let blob = Blob(chunks: [Data("hi".utf8), Data("!".utf8), Data()], inner: Inner(bytes: Data("hi!".utf8)))

    static func dataCase(_ name: String) -> (CSVEncoder.DataEncodingStrategy, CSVDecoder.DataDecodingStrategy, String) {
        let header = "chunks,inner\r\n"
        switch name {
        case "deferredToData":
            return (
                .deferredToData, .deferredToData, header + #""[[104,105],[33],[]]","{""bytes"":[104,105,33]}""# + "\r\n"
            )
        case "base64":
            return (.base64, .base64, header + #""[""aGk="",""IQ=="",""""]","{""bytes"":""aGkh""}""# + "\r\n")
        default:  // custom: lower-case hexadecimal
            let encode: CSVEncoder.DataEncodingStrategy = .custom { data, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(data.map { String(format: "%02x", $0) }.joined())
            }
            let decode: CSVDecoder.DataDecodingStrategy = .custom { decoder in
                let text = Array(try decoder.singleValueContainer().decode(String.self).utf8)
                var bytes: [UInt8] = []
                for index in stride(from: 0, to: text.count, by: 2) {
                    guard index + 1 < text.count,
                        let byte = UInt8(String(decoding: text[index...index + 1], as: UTF8.self), radix: 16)
                    else {
                        throw DecodingError.dataCorrupted(
                            .init(codingPath: decoder.codingPath, debugDescription: "hex"))
                    }
                    bytes.append(byte)
                }
                return Data(bytes)
            }
            return (encode, decode, header + #""[""6869"",""21"",""""]","{""bytes"":""686921""}""# + "\r\n")
        }
    }

    static let dataStrategies = ["deferredToData", "base64", "custom"]

    @Test(
        "each data strategy writes bytes inside an array and a structure as written by hand", arguments: dataStrategies)
    func nestedDataEncode(strategy: String) throws {
        let (encoding, _, csv) = Self.dataCase(strategy)
        var encoder = CSVEncoder()
        encoder.dataEncodingStrategy = encoding
        #expect(String(decoding: try encoder.encode([Self.blob]), as: UTF8.self) == csv)
    }

    @Test(
        "each data strategy reads bytes inside an array and a structure from text written by hand",
        arguments: dataStrategies)
    func nestedDataDecode(strategy: String) throws {
        let (_, decoding, csv) = Self.dataCase(strategy)
        var decoder = CSVDecoder()
        decoder.dataDecodingStrategy = decoding
        #expect(try decoder.decode([Blob].self, from: Data(csv.utf8)) == [Self.blob])
        // And no other strategy reads it as the same bytes.
        for other in Self.dataStrategies where other != strategy {
            var wrong = CSVDecoder()
            wrong.dataDecodingStrategy = Self.dataCase(other).1
            #expect(
                (try? wrong.decode([Blob].self, from: Data(csv.utf8))) != [Self.blob], "\(strategy) read by \(other)")
        }
    }
}
