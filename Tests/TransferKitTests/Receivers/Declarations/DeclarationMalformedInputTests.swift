import Foundation
import Testing
import TransferKit
import TransferKitTesting

/// Random and hostile bytes through every receiver declaration reader: a profile, or a
/// `ReceiverDeclarationError` whose diagnostics each name an entry and say what was expected.
@Suite("Malformed receiver declarations")
struct DeclarationMalformedInputTests {
    @Test func everyReaderAnswersWithAProfileOrDiagnostics() {
        var refused = 0
        func check(_ body: () throws(ReceiverDeclarationError) -> Void) {
            do {
                try body()
            } catch {
                refused += 1
                #expect(!error.diagnostics.isEmpty)
                #expect(error.diagnostics.allSatisfy { !$0.entry.isEmpty && !$0.reason.isEmpty }, "\(error)")
                #expect(!error.description.contains("Swift."), "\(error)")
            }
        }
        for input in HostileInputs(count: 3000, seed: 2) {
            let text = String(decoding: input, as: UTF8.self)
            check { () throws(ReceiverDeclarationError) in _ = try ReceiverProfile.parse(acceptHeader: text) }
            check { () throws(ReceiverDeclarationError) in
                _ = try ReceiverProfile.parse(activationRulePredicate: text, name: "x", identifier: "x")
            }
            check { () throws(ReceiverDeclarationError) in
                _ = try ReceiverProfile.parse(activationRule: input, name: "x", identifier: "x")
            }
            check { () throws(ReceiverDeclarationError) in _ = try ReceiverProfile.parse(webAppManifest: input) }
            check { () throws(ReceiverDeclarationError) in _ = try ReceiverProfile.parse(androidManifest: input) }
            check { () throws(ReceiverDeclarationError) in _ = try ReceiverProfile.parse(infoPlist: input) }
            check { () throws(ReceiverDeclarationError) in _ = try ReceiverProfile.load(from: input) }
        }
        // Nearly all of these inputs are refused; the few that pass are Accept headers.
        #expect(refused > 3000 * 6)
    }
}
