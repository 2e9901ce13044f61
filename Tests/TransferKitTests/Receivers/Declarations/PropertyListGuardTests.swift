import Foundation
import Testing
import TransferKit

/// What the property-list guard lets through to Foundation's parser, at the smallest inputs and in
/// the encodings it reads: every input ends in a value or an error, never a trap.
@Suite("Property lists: the guard before Foundation's parser")
struct PropertyListGuardTests {
    @Test(
        "the shortest inputs are errors, not traps",
        arguments: [[], [0x3C], [0x00], [0xFF], [0xFE, 0xFF], [0xFF, 0xFE], [0x3C, 0x00], [0x00, 0x3C]] as [[UInt8]])
    func shortestInputs(bytes: [UInt8]) {
        #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.parse(infoPlist: Data(bytes)) }
        #expect(throws: UTTypeDeclarationError.self) { try UTType.registerDeclarations(from: Data(bytes)) }
    }

    @Test("UTF-16 without a byte-order mark is checked as the UTF-8 the parser makes of it, both byte orders")
    func utf16WithoutAMark() {
        let body = String(repeating: "<array>", count: 600) + String(repeating: "</array>", count: 600)
        let text = #"<plist version="1.0">"# + body + "</plist>"
        for bigEndian in [false, true] {
            let bytes = Data(
                text.utf16.flatMap {
                    bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)]
                })
            let error = #expect(throws: ReceiverDeclarationError.self) { try ReceiverProfile.parse(infoPlist: bytes) }
            #expect(error?.description.contains("more than 512 levels deep") == true, "\(String(describing: error))")
        }
    }
}
