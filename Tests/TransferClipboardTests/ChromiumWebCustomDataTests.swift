import Foundation
import Testing

@testable import TransferClipboard

/// Chromium's list of custom types, byte for byte as `base::Pickle` writes it (Chromium's
/// `base/pickle.h` and `ui/base/clipboard/custom_data_helper.cc`): written out here by hand.
@Suite("chromium/x-web-custom-data: Chromium's pickle of types and their text")
struct ChromiumWebCustomDataTests {
    @Test("one entry: the sizes, the UTF-16 units, and each string padded to four bytes")
    func oneEntry() {
        let expected: [UInt8] = [
            24, 0, 0, 0,  // the payload's size
            1, 0, 0, 0,  // one entry
            3, 0, 0, 0, 0x61, 0, 0x2F, 0, 0x62, 0, 0, 0,  // "a/b", padded
            1, 0, 0, 0, 0x78, 0, 0, 0,  // "x", padded
        ]
        #expect([UInt8](ChromiumWebCustomData.pickle([("a/b", "x")])) == expected)
    }

    @Test("no entry; a character outside the BMP is two UTF-16 units; two units need no padding")
    func edges() {
        #expect([UInt8](ChromiumWebCustomData.pickle([])) == [4, 0, 0, 0, 0, 0, 0, 0])
        let expected: [UInt8] = [
            20, 0, 0, 0, 1, 0, 0, 0,
            2, 0, 0, 0, 0x61, 0, 0x62, 0,  // "ab": four bytes, no padding
            2, 0, 0, 0, 0x3D, 0xD8, 0x00, 0xDE,  // "😀": U+D83D U+DE00
        ]
        #expect([UInt8](ChromiumWebCustomData.pickle([("ab", "😀")])) == expected)
        // And the reader the clipboard tests use gives back what was written.
        let entries = chromiumCustomData(ChromiumWebCustomData.pickle([("application/json", "{\"é\":1}"), ("t", "")]))
        #expect(entries?.map(\.type) == ["application/json", "t"])
        #expect(entries?.map(\.text) == ["{\"é\":1}", ""])
    }
}
