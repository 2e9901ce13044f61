import ContentTypes
import Foundation
import Testing
import TransferKitTesting

/// Random and hostile text through every lookup and the declaration reader: an answer or `nil`,
/// and for declarations a `UTTypeDeclarationError` whose problems each name an entry.
@Suite("Malformed identifiers, tags and declarations")
struct UTTypeMalformedInputTests {
    @Test func lookupsAnswerOrReturnNil() {
        for input in HostileInputs(count: 3000, seed: 3) {
            let text = String(decoding: input, as: UTF8.self)
            // Whatever is found is a well-formed type that round-trips through its identifier.
            for type in [UTType(text), UTType("dyn.a" + text), UTType(filenameExtension: text), UTType(mimeType: text)]
            {
                if let type { #expect(UTType(type.identifier) == type) }
            }
            #expect(
                UTType.types(tag: text, tagClass: .mimeType, conformingTo: nil).allSatisfy { !$0.identifier.isEmpty })
        }
    }

    @Test func declarationsAreRegisteredOrRefusedWithProblems() {
        var refused = 0
        for input in HostileInputs(count: 3000, seed: 5) {
            do {
                _ = try UTType.registerDeclarations(from: input, file: "hostile.plist")
            } catch {
                refused += 1
                #expect(error.file == "hostile.plist")
                #expect(!error.problems.isEmpty)
                #expect(error.problems.allSatisfy { !$0.entry.isEmpty && !$0.reason.isEmpty }, "\(error)")
            }
        }
        #expect(refused > 2900)
    }
}
