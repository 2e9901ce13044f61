import Foundation
import Testing
import TransferKit
import TransferKitTesting

/// Random and hostile bytes through the importers of the built-in conformances and a Codable
/// model: a value, or a `TransferError` that says which representations were tried and why.
@Suite("Malformed imports")
struct ImportMalformedInputTests {
    @Test func importersAnswerWithAValueOrATransferError() async {
        var refused = 0
        func check(_ body: () async throws(TransferError) -> Void) async {
            do {
                try await body()
            } catch {
                refused += 1
                #expect([.decodingFailed, .noMatchingRepresentation, .importFailed].contains(error.code), "\(error)")
                #expect(!error.reason.isEmpty)
            }
        }
        for input in HostileInputs(count: 500, seed: 4) {
            await check { () async throws(TransferError) in _ = try await String(importing: input, contentType: nil) }
            await check { () async throws(TransferError) in _ = try await URL(importing: input, contentType: nil) }
            await check { () async throws(TransferError) in _ = try await Note(importing: input, contentType: nil) }
            await check { () async throws(TransferError) in
                _ = try await AttributedString(importing: input, contentType: nil)
            }
        }
        // Note (JSON) refuses nearly every input; URL refuses those that are not a URL.
        #expect(refused > 500)
    }
}
