import Foundation
import Testing
import TransferKit

/// Random and hostile inputs: every parser answers with a value or an error, never a crash.
@Suite("Malformed input never crashes")
struct MalformedInputTests {
    /// Deterministic bytes biased towards the characters parsers care about.
    static func inputs(count: Int, seed: UInt64) -> [Data] {
        var state = seed
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let alphabet: [UInt8] =
            Array("\",\r\n;=*/ aZ0\\q.{}[]:".utf8) + [0xC3, 0xA9, 0xFF, 0xE2, 0x82, 0x00, 0xEF, 0xBB, 0xBF]
        return (0..<count).map { _ in
            let length = Int(next() % 64)
            return Data((0..<length).map { _ in alphabet[Int(next() % UInt64(alphabet.count))] })
        }
    }

    @Test func csvDecoding() {
        for input in Self.inputs(count: 3000, seed: 1) {
            for format in [CSVFormat(hasHeader: false), CSVFormat(), CSVFormat(strictness: .lenient), CSVFormat.tsv] {
                _ = try? CSVDecoder(format: format).decode([[String]].self, from: input)
                _ = try? CSVDecoder(format: format).decode([Row].self, from: input)
            }
            if let reader = try? CSVRowReader(data: input, format: CSVFormat(strictness: .lenient)) {
                while let row = try? reader.next() { _ = row }
            }
        }
    }

    @Test func jsonArrays() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        // Random bytes, half of them after an opening bracket so that the scanner gets past the first
        // byte, and a few valid arrays so that the comparison with JSONDecoder runs.
        let random = Self.inputs(count: 1500, seed: 4).enumerated().map {
            $0.isMultiple(of: 2) ? Data("[".utf8) + $1 : $1
        }
        let valid = ["[]", " [null] ", "[\"a,]\", null, \"\\\\\\\"\"]", "\u{FEFF}[\"é\"]"].map { Data($0.utf8) }
        var accepted = 0
        for input in random + valid {
            try input.write(to: file)
            for chunkSize in [1, 7] {
                var elements: [String?] = []
                let decoded =
                    (try? JSONArrayDecoder(JSONTextDecoder(), chunkSize: chunkSize).decodeElements(
                        String?.self, contentsOf: file
                    ) {
                        elements.append($0)
                    }) != nil
                // Whatever the scanner accepts, JSONDecoder reads the same way.
                if decoded {
                    accepted += 1
                    #expect(try JSONDecoder().decode([String?].self, from: Data(contentsOf: file)) == elements)
                }
            }
        }
        #expect(accepted >= valid.count * 2)
    }

    @Test func receiverDeclarations() {
        for input in Self.inputs(count: 3000, seed: 2) {
            let text = String(decoding: input, as: UTF8.self)
            _ = try? ReceiverProfile.importing(acceptHeader: text)
            _ = try? ReceiverProfile.importing(activationRulePredicate: text, name: "x", identifier: "x")
            _ = try? ReceiverProfile.importing(webAppManifest: input)
            _ = try? ReceiverProfile.importing(androidManifest: input)
            _ = try? ReceiverProfile.importing(infoPlist: input)
            _ = try? ReceiverProfile.load(from: input)
        }
    }

    @Test func contentTypes() {
        for input in Self.inputs(count: 3000, seed: 3) {
            let text = String(decoding: input, as: UTF8.self)
            _ = UTType(text)
            _ = UTType("dyn.a" + text)
            _ = UTType(filenameExtension: text)
            _ = UTType(mimeType: text)
            _ = UTType.types(tag: text, tagClass: .mimeType, conformingTo: nil)
            _ = try? UTType.registerDeclarations(from: input)
        }
    }

    @Test func imports() async {
        for input in Self.inputs(count: 500, seed: 4) {
            _ = try? await String(importing: input, contentType: nil)
            _ = try? await URL(importing: input, contentType: nil)
            _ = try? await Note(importing: input, contentType: nil)
            _ = try? await AttributedString(importing: input, contentType: nil)
        }
    }
}
