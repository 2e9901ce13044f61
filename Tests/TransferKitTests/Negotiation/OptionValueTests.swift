import Foundation
import Testing
import TransferKit

/// Option-like values have one shape: a name, every case, and initializers that take known names
/// only — in code, from text and from JSON.
@Suite("Option-like values: one shape")
struct OptionValueTests {
    @Test("negotiation policies: named, listed, read from text and JSON, unknown names refused")
    func policies() throws {
        #expect(NegotiationPolicy.allCases.map(\.rawValue) == ["sender", "receiver", "product"])
        #expect(NegotiationPolicy("receiver") == .receiverPreference)
        #expect(NegotiationPolicy(rawValue: "Receiver") == nil)
        let json = try JSONEncoder().encode(NegotiationPolicy.product)
        #expect(String(decoding: json, as: UTF8.self) == #""product""#)
        #expect(try JSONDecoder().decode(NegotiationPolicy.self, from: json) == .product)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NegotiationPolicy.self, from: Data(#""weights""#.utf8))
        }
    }

    @Test("conversion modes: the same shape")
    func modes() throws {
        #expect(TransferConversionMode.allCases.map(\.description) == ["automatic", "streaming", "whole"])
        #expect(TransferConversionMode("whole") == .whole)
        #expect(TransferConversionMode("fast") == nil)
        let json = try JSONEncoder().encode([TransferConversionMode.streaming])
        #expect(try JSONDecoder().decode([TransferConversionMode].self, from: json) == [.streaming])
    }
}
