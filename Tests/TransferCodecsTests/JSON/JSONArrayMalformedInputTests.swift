import Foundation
import Testing
import TransferCodecs
import TransferKitTesting

/// Random and hostile bytes through the JSON array reader: elements or a `DecodingError` that says
/// where, never a crash, and exactly the arrays Foundation's decoder accepts.
@Suite("Malformed JSON arrays")
struct JSONArrayMalformedInputTests {
    @Test func theReaderAgreesWithJSONDecoderAndOtherwiseSaysWhere() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("input.json")
            // Random bytes, half of them after an opening bracket so that the scanner gets past the
            // first byte, and a few valid arrays so that the comparison with JSONDecoder runs.
            let random = HostileInputs(count: 1500, seed: 4).enumerated().map {
                $0.offset.isMultiple(of: 2) ? Data("[".utf8) + $0.element : $0.element
            }
            let valid = ["[]", " [null] ", "[\"a,]\", null, \"\\\\\\\"\"]", "\u{FEFF}[\"é\"]"].map { Data($0.utf8) }
            var accepted = 0
            var refused = 0
            for input in random + valid {
                try input.write(to: file)
                for chunkSize in [1, 7] {
                    var elements: [String?] = []
                    do {
                        try JSONArrayDecoder(JSONTextDecoder(), chunkSize: chunkSize).decodeElements(
                            String?.self, contentsOf: file
                        ) { elements.append($0) }
                        accepted += 1
                        // Whatever the scanner accepts, JSONDecoder reads the same way.
                        #expect(try JSONDecoder().decode([String?].self, from: input) == elements)
                    } catch let error as DecodingError {
                        refused += 1
                        // Text that is not JSON is placed by line and column; a value of the wrong
                        // type by its index.
                        if case .dataCorrupted = error {
                            #expect(error.readableDescription.contains("line"), "\(error)")
                        } else {
                            #expect(error.readableDescription.contains("["), "\(error)")
                        }
                    }
                }
            }
            #expect(accepted >= valid.count * 2)
            #expect(refused > 1000)
        }
    }

    /// The reader splits the input where it finds each element's end, and the elements are parsed
    /// apart: wherever the pieces of the input fall, the error is the same words at the same line
    /// and column.
    @Test func theErrorDoesNotDependOnWhereThePiecesFall() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("input.json")
            let valid = Data(#"[{"a": "x,]}\"", "b": [1, -2.5e3, true, null]}, "é", 12, [[]], {}]"#.utf8)
            // Each byte of a valid array dropped, doubled or replaced: mismatched brackets, cut
            // strings and escapes, numbers ended by the wrong byte.
            var inputs: [Data] = []
            for index in valid.indices {
                var dropped = valid
                dropped.remove(at: index)
                var doubled = valid
                doubled.insert(valid[index], at: index)
                inputs += [dropped, doubled]
                for replacement in [UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "-"), 0xC3, 0x0A] {
                    var replaced = valid
                    replaced[index] = replacement
                    inputs.append(replaced)
                }
            }
            // Found by the `json-array` fuzz target: a high surrogate whose low one is cut by a quote
            // (`\ude"`), or is no escape at all; the parse looked six bytes past the surrogate, so
            // the error depended on whether the bytes after the string had been read.
            inputs += [
                #"["02}, \ud83d\ude"[0"#, #"["\ud83d\ude"]"#, #"["\ud83d\n", 1]"#, #"["\ud83d"]"#, #"["\ud83d\"#,
                #"["\u12"]"#, #"["\u12", 1]"#,
            ].map { Data($0.utf8) }
            var refused = 0
            for input in inputs {
                try input.write(to: file)
                var outcomes: Set<String> = []
                for chunkSize in [1, 3, 8, 1 << 16] {
                    do {
                        var count = 0
                        try JSONArrayDecoder(JSONTextDecoder(), chunkSize: chunkSize).decodeElements(
                            JSONTree.self, contentsOf: file
                        ) { _ in count += 1 }
                        outcomes.insert("\(count) elements")
                    } catch {
                        outcomes.insert("\(error)")
                    }
                }
                #expect(outcomes.count == 1, "\(String(decoding: input, as: UTF8.self)): \(outcomes)")
                if outcomes.first?.contains("not valid JSON") == true { refused += 1 }
            }
            #expect(refused > inputs.count / 2)
        }
    }
}
