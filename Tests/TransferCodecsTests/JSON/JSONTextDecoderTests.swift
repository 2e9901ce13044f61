import Foundation
import Testing
import TransferCodecs

@Suite("JSONTextDecoder")
struct JSONTextDecoderTests {
    @Test(
        "random trees: the values Foundation decodes",
        arguments: [JSONEncoder.OutputFormatting.sortedKeys, .prettyPrinted])
    func randomTreesMatchFoundation(formatting: JSONEncoder.OutputFormatting) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = formatting
        var generator = JSONTreeGenerator(state: 29 &+ UInt64(formatting.rawValue))
        for _ in 0..<600 {
            let data = try encoder.encode(generator.tree())
            #expect(
                try JSONTextDecoder().decode(JSONTree.self, from: data).normalized
                    == JSONDecoder().decode(JSONTree.self, from: data).normalized)
        }
    }

    @Test("repeated keys: the first one wins, as with Foundation")
    func repeatedKeys() throws {
        struct One: Decodable, Equatable { var a: Int }
        let data = Data(#"{"a":1,"b":[],"a":"x"}"#.utf8)
        #expect(try JSONTextDecoder().decode(One.self, from: data) == One(a: 1))
        #expect(try JSONTextDecoder().decode(One.self, from: data) == JSONDecoder().decode(One.self, from: data))
        let many = "{" + (0..<40).map { "\"k\($0 % 20)\":\($0)" }.joined(separator: ",") + "}"
        #expect(
            try JSONTextDecoder().decode([String: Int].self, from: Data(many.utf8))
                == JSONDecoder().decode([String: Int].self, from: Data(many.utf8)))
    }

    @Test("types with strategies: the values Foundation decodes")
    func typedValuesWithStrategies() throws {
        let value = JSONTextEncoderTests.typed
        let dates: [(JSONEncoder.DateEncodingStrategy, JSONDecoder.DateDecodingStrategy)] = [
            (.deferredToDate, .deferredToDate), (.secondsSince1970, .secondsSince1970),
            (.millisecondsSince1970, .millisecondsSince1970),
            (.iso8601, .iso8601),
        ]
        let datas: [(JSONEncoder.DataEncodingStrategy, JSONDecoder.DataDecodingStrategy)] = [
            (.base64, .base64), (.deferredToData, .deferredToData),
        ]
        let keys: [(JSONEncoder.KeyEncodingStrategy, JSONDecoder.KeyDecodingStrategy)] = [
            (.useDefaultKeys, .useDefaultKeys), (.convertToSnakeCase, .convertFromSnakeCase),
        ]
        for date in dates {
            for data in datas {
                for key in keys {
                    let encoder = JSONEncoder()
                    encoder.dateEncodingStrategy = date.0
                    encoder.dataEncodingStrategy = data.0
                    encoder.keyEncodingStrategy = key.0
                    let json = try encoder.encode(value)
                    let foundation = JSONDecoder()
                    foundation.dateDecodingStrategy = date.1
                    foundation.dataDecodingStrategy = data.1
                    foundation.keyDecodingStrategy = key.1
                    var ours = JSONTextDecoder()
                    ours.dateDecodingStrategy = date.1
                    ours.dataDecodingStrategy = data.1
                    ours.keyDecodingStrategy = key.1
                    // `someURLProperty` does not survive snake case (it comes back `someUrlProperty`):
                    // both decoders then miss the key.
                    switch (Result { try foundation.decode(JSONTextEncoderTests.Typed.self, from: json) }) {
                    case .success(let expected):
                        #expect(try ours.decode(JSONTextEncoderTests.Typed.self, from: json) == expected)
                    case .failure(DecodingError.keyNotFound(let key, _)):
                        #expect(throws: DecodingError.self) {
                            try ours.decode(JSONTextEncoderTests.Typed.self, from: json)
                        }
                        #expect(key.stringValue == "someURLProperty")
                    case .failure(let error):
                        Issue.record(error)
                    }
                }
            }
        }
    }

    @Test(
        "snake case keys read back: Foundation's camel case",
        arguments: [
            "my_property", "my_url_property", "_leading", "trailing_", "__both__", "nounderscore", "a__b", "UPPER_CASE",
            "x_1_y", "ü_ö", "_",
        ])
    func camelCaseMatchesFoundation(key: String) throws {
        let data = Data("{\"\(key)\":1}".utf8)
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        var ours = JSONTextDecoder()
        ours.keyDecodingStrategy = .convertFromSnakeCase
        #expect(
            try ours.decode(JSONTree.self, from: data).normalized
                == foundation.decode(JSONTree.self, from: data).normalized)
        #expect(try ours.decode([String: Int].self, from: data) == foundation.decode([String: Int].self, from: data))
    }

    @Test("numbers: Foundation's rules for every type")
    func numbers() throws {
        func same<T: Decodable & Equatable>(_ text: String, _ type: T.Type) {
            let data = Data(text.utf8)
            let expected = Result { try JSONDecoder().decode(T.self, from: data) }
            let actual = Result { try JSONTextDecoder().decode(T.self, from: data) }
            switch (expected, actual) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(text) as \(T.self)")
            case (.failure, .failure): break
            default: Issue.record("\(text) as \(T.self): Foundation \(expected), ours \(actual)")
            }
        }
        let texts = [
            "0", "-0", "1", "-1", "1.0", "1e2", "1.5", "100e-2", "1.5e1", "1e19", "-1e19", "12345678901234567890.0",
            "9223372036854775807",
            "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
            "18446744073709551616", "300",
            "255", "-128", "-129", "1e400", "-1e-400", "0e-400", "1e-310", "4.9e-324", "2.4e-324",
            "1.7976931348623157e308",
            "1.7976931348623159e308", "3.4028235e38", "3.4028236e38", "1e-45", "1e-46", "0.1", "0.30000000000000004",
            "9007199254740993",
            "123456789.123456789e-5", "1E+2", "1E-2", "0.000000000000000000000000000001",
        ]
        for text in texts {
            same(text, Int.self)
            same(text, Int8.self)
            same(text, UInt8.self)
            same(text, Int64.self)
            same(text, UInt64.self)
            same(text, Double.self)
            same(text, Float.self)
            same(text, Decimal.self)
        }
        var generator = JSONTreeGenerator(state: 17)
        for _ in 0..<3000 {
            let double = Double(bitPattern: generator.next())
            guard double.isFinite else { continue }
            let float = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
            same(double.description, Double.self)
            same("\(double)", Float.self)
            if float.isFinite { same(float.description, Float.self) }
        }
    }

    struct Inner: Codable, Equatable { var values: [Int]; var name: String }
    struct Outer: Codable, Equatable { var inner: [Inner]; var flag: Bool?; var link: URL? }

    @Test(
        "errors: the kind and coding path Foundation gives",
        arguments: [
            #"{"inner":[{"values":[1,"x"],"name":"a"}]}"#,  // typeMismatch at inner.0.values.1
            #"{"inner":[{"values":[1],"name":null}]}"#,  // valueNotFound
            #"{"inner":[{"values":[1]}]}"#,  // keyNotFound
            #"{"inner":[{"values":[1e400],"name":"a"}]}"#,  // number does not fit
            #"{"inner":[{"values":[1.5],"name":"a"}]}"#,
            #"{"inner":{},"flag":true}"#,  // an object where an array belongs
            #"{"inner":[],"flag":1}"#,
            #"{"inner":[],"link":""}"#,  // invalid URL
            #"{"inner":[],"link":3}"#,
            #"{"inner":[[]]}"#,
            #"[]"#,
            #"null"#,
        ])
    func errorsMatchFoundation(json: String) throws {
        let data = Data(json.utf8)
        func describe(_ error: any Error) -> String {
            func path(_ context: DecodingError.Context) -> String {
                context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            }
            switch error as? DecodingError {
            case .typeMismatch(_, let context): return "typeMismatch " + path(context)
            case .valueNotFound(_, let context): return "valueNotFound " + path(context)
            case .keyNotFound(let key, let context): return "keyNotFound \(key.stringValue) " + path(context)
            // Foundation gives a number that does not fit no coding path; ours has one.
            case .dataCorrupted: return "dataCorrupted"
            default: return "\(error)"
            }
        }
        var expected = ""
        var actual = ""
        do { _ = try JSONDecoder().decode(Outer.self, from: data) } catch { expected = describe(error) }
        do { _ = try JSONTextDecoder().decode(Outer.self, from: data) } catch { actual = describe(error) }
        #expect(!expected.isEmpty)
        #expect(actual == expected)
    }

    @Test("a type error says where: line and column")
    func typeErrorsGiveTheirPosition() throws {
        let json = "{\n  \"inner\": [\n    {\"values\": [1, \"x\"], \"name\": \"a\"}\n  ]\n}"
        do {
            _ = try JSONTextDecoder().decode(Outer.self, from: Data(json.utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.debugDescription.contains("found a string"))
            #expect(context.debugDescription.contains("line 3, column 20"))
        }
    }

    @Test("unkeyed containers at their end, nested containers and super decoders keep their paths")
    func unkeyedAndNested() throws {
        struct Pair: Decodable {
            var first: Int
            var second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        do {
            _ = try JSONTextDecoder().decode([Pair].self, from: Data("[[1,2],[3]]".utf8))
            Issue.record("decoded")
        } catch DecodingError.valueNotFound(_, let context) {
            #expect(context.codingPath.map { $0.intValue ?? -1 } == [1, 1])
        }
        struct Wrapper: Decodable, Equatable {
            var deep: [String]
            var sup: Int
            enum Keys: String, CodingKey { case a, b, c, `super` }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                let nested = try container.nestedContainer(keyedBy: Keys.self, forKey: .a)
                var list = try nested.nestedUnkeyedContainer(forKey: .b)
                deep = []
                while !list.isAtEnd { deep.append(try list.decode(String.self)) }
                sup = try container.superDecoder().singleValueContainer().decode(Int.self)
            }
        }
        let json = Data(#"{"a":{"b":["x","y"]},"super":7}"#.utf8)
        #expect(
            try JSONTextDecoder().decode(Wrapper.self, from: json) == JSONDecoder().decode(Wrapper.self, from: json))
        do {
            _ = try JSONTextDecoder().decode(Wrapper.self, from: Data(#"{"a":{"b":["x",2]},"super":7}"#.utf8))
            Issue.record("decoded")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["a", "b", "1"])
        }
    }

    @Test("input that is not what it claims: never a crash")
    func mutatedInputNeverCrashesAndAgreesWithFoundation() throws {
        var generator = JSONTreeGenerator(state: 41)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        var accepted = 0
        for _ in 0..<1500 {
            var bytes = [UInt8](try encoder.encode(generator.tree()))
            for _ in 0..<(1 + generator.below(3)) where !bytes.isEmpty {
                let index = generator.below(bytes.count)
                switch generator.below(3) {
                case 0: bytes[index] = UInt8(truncatingIfNeeded: generator.next())
                case 1: bytes.remove(at: index)
                default: bytes.insert(Array(#"{}[],:"\ 0-eE.tfn"#.utf8)[generator.below(17)], at: index)
                }
            }
            let data = Data(bytes)
            // What we accept, Foundation accepts, with the same value; we may refuse what it
            // accepts only where it is laxer than RFC 8259.
            if let ours = try? JSONTextDecoder().decode(JSONTree.self, from: data) {
                accepted += 1
                #expect(
                    ours.normalized == (try? JSONDecoder().decode(JSONTree.self, from: data))?.normalized,
                    "\(String(decoding: data, as: UTF8.self))")
            }
        }
        #expect(accepted > 50)
    }
}

@Suite("JSONTextDecoder: the non-conforming floats and the user info, as JSONDecoder has them")
struct JSONTextDecoderOptionTests {
    private struct Reading: Decodable, Equatable {
        var value: Double
    }

    @Test("non-conforming floats: refused by default, read from the strings given, as Foundation does")
    func nonConformingFloats() throws {
        let text = Data(#"[{"value":"+inf"},{"value":"-inf"},{"value":"nan"},{"value":1.5}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONTextDecoder().decode([Reading].self, from: text) }
        var decoder = JSONTextDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let values = try decoder.decode([Reading].self, from: text).map(\.value)
        #expect(values[0] == .infinity && values[1] == -.infinity && values[2].isNaN && values[3] == 1.5)
        // The same answers as Foundation's decoder with the same strategy.
        let foundation = JSONDecoder()
        foundation.nonConformingFloatDecodingStrategy = decoder.nonConformingFloatDecodingStrategy
        let expected = try foundation.decode([Reading].self, from: text).map(\.value)
        #expect(values[0] == expected[0] && values[1] == expected[1] && expected[2].isNaN && values[3] == expected[3])
        // A string that is none of the three is still an error.
        #expect(throws: DecodingError.self) { try decoder.decode(Reading.self, from: Data(#"{"value":"inf"}"#.utf8)) }
    }

    @Test("userInfo reaches every init(from:), nested ones included")
    func userInfoReachesValues() throws {
        struct Scaled: Decodable {
            var value: Double
            init(from decoder: any Decoder) throws {
                let factor = decoder.userInfo[CodingUserInfoKey(rawValue: "factor")!] as? Double ?? 1
                value = try decoder.singleValueContainer().decode(Double.self) * factor
            }
        }
        struct Outer: Decodable {
            var items: [Scaled]
        }
        var decoder = JSONTextDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "factor")!] = 10.0
        let outer = try decoder.decode(Outer.self, from: Data(#"{"items":[1,2.5]}"#.utf8))
        #expect(outer.items.map(\.value) == [10, 25])
        #expect(try JSONTextDecoder().decode(Outer.self, from: Data(#"{"items":[1]}"#.utf8)).items.map(\.value) == [1])
    }
}
