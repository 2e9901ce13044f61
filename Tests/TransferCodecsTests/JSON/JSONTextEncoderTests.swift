import Foundation
import Testing
import TransferCodecs

@Suite("JSONTextEncoder")
struct JSONTextEncoderTests {
    static let formattings: [JSONEncoder.OutputFormatting] = [
        [.sortedKeys], [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted],
        [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes],
    ]

    private func pair(_ formatting: JSONEncoder.OutputFormatting) -> (JSONTextEncoder, JSONEncoder) {
        var ours = JSONTextEncoder()
        ours.outputFormatting = formatting
        let foundation = JSONEncoder()
        foundation.outputFormatting = formatting
        return (ours, foundation)
    }

    @Test("random trees: byte for byte Foundation's output", arguments: formattings)
    func randomTreesMatchFoundation(formatting: JSONEncoder.OutputFormatting) throws {
        let (ours, foundation) = pair(formatting)
        var generator = JSONTreeGenerator(state: 11 &+ UInt64(formatting.rawValue))
        for _ in 0..<600 {
            let tree = generator.tree()
            let expected = try foundation.encode(tree)
            let actual = try ours.encode(tree)
            #expect(
                actual == expected,
                "\(String(decoding: actual, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))")
            if actual != expected { return }
        }
    }

    @Test("without sorted keys: the same values, members in encoding order")
    func unsortedOutputHasTheSameValues() throws {
        var generator = JSONTreeGenerator(state: 5)
        for _ in 0..<300 {
            let tree = generator.tree()
            let ours = try JSONDecoder().decode(JSONTree.self, from: JSONTextEncoder().encode(tree))
            let foundations = try JSONDecoder().decode(JSONTree.self, from: JSONEncoder().encode(tree))
            #expect(ours.normalized == foundations.normalized)
        }
        let ordered = JSONTree.object([
            .init(key: "z", value: .int(1)), .init(key: "a", value: .int(2)), .init(key: "m", value: .null),
        ])
        #expect(String(decoding: try JSONTextEncoder().encode(ordered), as: UTF8.self) == #"{"z":1,"a":2,"m":null}"#)
    }

    struct Typed: Codable, Equatable {
        var id: UUID
        var when: Date
        var blob: Data
        var link: URL
        var amount: Decimal
        var ratio: Float
        var small: Int8
        var big: UInt64
        var huge: Int128
        var optional: String?
        var missing: Int?
        var nested: [String: [Double]]
        var someURLProperty: Bool
        var _leading_Underscore: Int
    }

    static let typed = Typed(
        id: UUID(uuidString: "55E5DADE-5DB2-4ACC-96C8-C4971393AE1E")!,
        when: Date(timeIntervalSince1970: 1_700_000_000.25),
        blob: Data([0, 1, 2, 250, 255]), link: URL(string: "https://example.com/a/b?c=d&e=%20")!,
        amount: Decimal(string: "12345.6789")!,
        ratio: 0.1, small: -128, big: .max, huge: .min, optional: "x/y", missing: nil,
        nested: ["b/c": [1.5, -0.0, 1e300], "aKey": []],
        someURLProperty: true, _leading_Underscore: 3)

    @Test("types with strategies: byte for byte Foundation's output")
    func typedValuesWithStrategiesMatchFoundation() throws {
        let dates: [JSONEncoder.DateEncodingStrategy] = [
            .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
            .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("at \(date.timeIntervalSince1970)")
            },
            .custom { _, _ in },
        ]
        let datas: [JSONEncoder.DataEncodingStrategy] = [
            .base64, .deferredToData,
            .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
            },
        ]
        let keys: [JSONEncoder.KeyEncodingStrategy] = [
            .useDefaultKeys, .convertToSnakeCase,
            .custom { path in
                JSONTree.Key(stringValue: path.map(\.stringValue).joined(separator: ".").uppercased())
            },
        ]
        for formatting in Self.formattings {
            for date in dates {
                for data in datas {
                    for key in keys {
                        var (ours, foundation) = pair(formatting)
                        ours.dateEncodingStrategy = date
                        foundation.dateEncodingStrategy = date
                        ours.dataEncodingStrategy = data
                        foundation.dataEncodingStrategy = data
                        ours.keyEncodingStrategy = key
                        foundation.keyEncodingStrategy = key
                        let expected = try foundation.encode(Self.typed)
                        let actual = try ours.encode(Self.typed)
                        #expect(String(decoding: actual, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
                    }
                }
            }
        }
    }

    @Test(
        "snake case keys: Foundation's words",
        arguments: [
            "myProperty", "myURLProperty", "URLProperty", "url", "aB", "AB", "a", "", "_leading", "trailing_",
            "__both__", "already_snake",
            "HTTPSServer2Go", "x1Y2", "ünïCödé", "oneTwoThree", "ID", "userID", "a_B_c", "ÀÉÎ", "camelCase123Word",
        ])
    func snakeCaseMatchesFoundation(key: String) throws {
        var (ours, foundation) = pair([.sortedKeys])
        ours.keyEncodingStrategy = .convertToSnakeCase
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let tree = JSONTree.object([.init(key: key, value: .int(1))])
        // Keys of a keyed container: converted.
        #expect(try ours.encode(tree) == foundation.encode(tree))
        // Keys of a Dictionary: not converted.
        #expect(try ours.encode([key: 1]) == foundation.encode([key: 1]))
    }

    @Test("numbers at the edges: Foundation's digits")
    func numbersMatchFoundation() throws {
        let (ours, foundation) = pair([])
        let doubles: [Double] = [
            0, -0.0, 1, -1, 0.1, 1e-7, 1e15, 1e16, 1e21, 123456789012345680, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, .ulpOfOne, .pi,
        ]
        #expect(try ours.encode(doubles) == foundation.encode(doubles))
        let floats: [Float] = [0, 1, 0.1, .pi, 16_777_216, 1e10, .greatestFiniteMagnitude, .leastNonzeroMagnitude]
        #expect(try ours.encode(floats) == foundation.encode(floats))
        #expect(try ours.encode([Int.min, Int.max, 0]) == foundation.encode([Int.min, Int.max, 0]))
        #expect(try ours.encode([UInt64.max]) == foundation.encode([UInt64.max]))
        #expect(try ours.encode([Int8.min, Int8.max]) == foundation.encode([Int8.min, Int8.max]))
        var generator = JSONTreeGenerator(state: 3)
        for _ in 0..<2000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            #expect(try ours.encode(double) == foundation.encode(double))
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            guard float.isFinite else { continue }
            #expect(try ours.encode(float) == foundation.encode(float))
        }
    }

    @Test("NaN and infinities: thrown, or written as the strategy says")
    func nonConformingFloats() throws {
        #expect(throws: EncodingError.self) { try JSONTextEncoder().encode([Double.nan]) }
        #expect(throws: EncodingError.self) { try JSONTextEncoder().encode(["a": Float.infinity]) }
        var ours = JSONTextEncoder()
        ours.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        #expect(
            String(decoding: try ours.encode([Double.infinity, -Double.infinity, Double.nan]), as: UTF8.self)
                == #"["+inf","-inf","nan"]"#)
        do {
            _ = try JSONTextEncoder().encode(["a": [1, Double.nan]])
            Issue.record("NaN was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["a", "1"])
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Deep: Encodable {
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 0 { try container.encode(Deep(depth: depth - 1)) }
        }
    }

    @Test("a value that encodes nothing is {} inside, an error at the top; nesting is limited to 512")
    func emptyValuesAndNesting() throws {
        #expect(String(decoding: try JSONTextEncoder().encode(["a": Nothing()]), as: UTF8.self) == #"{"a":{}}"#)
        #expect(throws: EncodingError.self) { try JSONTextEncoder().encode(Nothing()) }
        #expect(throws: (any Error).self) { try JSONEncoder().encode(Nothing()) }
        #expect(try JSONTextEncoder().encode(Deep(depth: 510)) == JSONEncoder().encode(Deep(depth: 510)))
        #expect(throws: EncodingError.self) { try JSONTextEncoder().encode(Deep(depth: 512)) }
        #expect(throws: (any Error).self) { try JSONEncoder().encode(Deep(depth: 512)) }
    }

    class Animal: Encodable {
        var name = "Rex"
        enum CodingKeys: String, CodingKey { case name }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
        }
    }

    final class Dog: Animal {
        var breed = "collie"
        enum DogKeys: String, CodingKey { case breed, tricks }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: DogKeys.self)
            try super.encode(to: container.superEncoder())
            var tricks = container.nestedUnkeyedContainer(forKey: .tricks)
            try container.encode(breed, forKey: .breed)
            try tricks.encode("sit")
            var again = container.nestedUnkeyedContainer(forKey: .tricks)
            try again.encode("roll")
            try tricks.encode("stay")
        }
    }

    @Test("containers written in any order, super encoders, a nested container asked for twice")
    func interleavedContainers() throws {
        for formatting in Self.formattings {
            let (ours, foundation) = pair(formatting)
            #expect(try ours.encode(Dog()) == foundation.encode(Dog()))
            #expect(try ours.encode([Dog(), Dog()]) == foundation.encode([Dog(), Dog()]))
        }
    }
}
