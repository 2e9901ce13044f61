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
}
