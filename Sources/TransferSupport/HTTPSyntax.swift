/// The pieces of HTTP's syntax (RFC 9110 §5.6) that the media type parser, the `Accept` header
/// reader, the type table and the test servers' request reader share, written once: a token's
/// bytes and optional whitespace.
package enum HTTPSyntax {
    /// Whether `byte` may appear in a token (`tchar`, RFC 9110 §5.6.2): a letter, a digit, or one
    /// of ``!#$%&'*+-.^_`|~``.
    package static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Whether `byte` is optional whitespace (`OWS`, RFC 9110 §5.6.3): a space or a tab.
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09
    }
}

extension StringProtocol {
    /// The text without the optional whitespace (spaces and tabs, ``HTTPSyntax/isWhitespace(_:)``)
    /// at its ends, as HTTP trims a field value or a list element.
    package func trimmingHTTPWhitespace() -> SubSequence {
        let isWhitespace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }), let last = lastIndex(where: { !isWhitespace($0) })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
