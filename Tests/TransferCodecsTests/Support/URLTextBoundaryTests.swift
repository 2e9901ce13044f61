import Foundation
import Testing

@testable import TransferCodecs

/// A `%` in a URL is kept as it is only before two hexadecimal digits: any other byte in either
/// place (`%gg`, `%0:`, `` %`0 ``) is one `URL(string:)` rewrites (`%25gg`), so the check must not
/// accept it. Every byte, as the high digit and as the low one.
@Suite("URLText: a percent-escape's two digits")
struct URLTextBoundaryTests {
    static let hexDigits = Set("0123456789ABCDEFabcdef".utf8)

    @Test("a % is accepted before two hexadecimal digits only, every byte tried in each place")
    func percentEscapeNeedsTwoHexDigits() {
        for byte in UInt8.min...UInt8.max {
            for bytes in [
                Array("https://a.com/%".utf8) + [byte] + Array("0".utf8),
                Array("https://a.com/%0".utf8) + [byte],
                Array("https://a.com/?q=%".utf8) + [byte] + Array("a".utf8),
                Array("https://a.com/#%a".utf8) + [byte],
            ] {
                let accepted = bytes.withUnsafeBufferPointer { URLText.isCanonical($0) }
                #expect(accepted == Self.hexDigits.contains(byte), "byte \(byte) in \(bytes)")
                // What it accepts, Foundation keeps byte for byte.
                if accepted {
                    let text = String(decoding: bytes, as: UTF8.self)
                    #expect(URL(string: text)?.absoluteString == text)
                }
            }
        }
    }
}
