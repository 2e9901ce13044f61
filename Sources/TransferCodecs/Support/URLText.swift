/// URLs checked as bytes, without making a `URL`: the record plans' fast path.
///
/// A URL already in the form Foundation would write it is moved from one format to the other as
/// its bytes; any other is given to `URL(string:)`, whose reading (percent-encoding, Punycode) and
/// refusals decide. The check accepts a deliberately small part of RFC 3986 — the shape of nearly
/// every URL in practice — so that whatever it accepts, `URL(string:)` reads and `absoluteString`
/// writes back unchanged (`URLTextTests` checks that over a large generated set).
package enum URLText {
    /// Whether `bytes` are a URL that `URL(string:)` reads and `absoluteString` writes back byte for
    /// byte: ASCII; a scheme (a letter, then letters, digits, `+`, `-`, `.`), `://`, a host of
    /// letters, digits, `-`, `.` and `_` (empty only for `file`), an optional port of up to five
    /// digits, then a path, a query and a fragment of RFC 3986's characters, each `%` followed by
    /// two hexadecimal digits, at most one `#` and no brackets.
    package static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        var index = 0
        // Scheme.
        guard count > 0, isLetter(bytes[0]) else { return false }
        index = 1
        while index < count, isSchemeByte(bytes[index]) { index += 1 }
        let schemeEnd = index
        guard index + 2 < count, bytes[index] == UInt8(ascii: ":"),
            bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
        else { return false }
        let isFile =
            schemeEnd == 4 && bytes[0] | 0x20 == UInt8(ascii: "f") && bytes[1] | 0x20 == UInt8(ascii: "i")
            && bytes[2] | 0x20 == UInt8(ascii: "l") && bytes[3] | 0x20 == UInt8(ascii: "e")
        index += 3
        // Host.
        let hostStart = index
        while index < count, isHostByte(bytes[index]) { index += 1 }
        guard index > hostStart || isFile else { return false }
        if index > hostStart {
            // Not starting or ending with a dot or hyphen, no empty label.
            let first = bytes[hostStart]
            let last = bytes[index - 1]
            guard first != UInt8(ascii: "."), first != UInt8(ascii: "-"), last != UInt8(ascii: "."),
                last != UInt8(ascii: "-")
            else { return false }
            var previous: UInt8 = 0
            for position in hostStart..<index {
                if bytes[position] == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
                previous = bytes[position]
            }
        }
        // Port.
        if index < count, bytes[index] == UInt8(ascii: ":") {
            guard index > hostStart else { return false }
            index += 1
            var port = 0
            let portStart = index
            while index < count, bytes[index] &- UInt8(ascii: "0") < 10 {
                port = port * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                if index - portStart > 5 { return false }
            }
            guard index > portStart, port <= 65535 else { return false }
        }
        // A path, which must start with "/" after an authority; then the query and fragment.
        guard
            index == count || bytes[index] == UInt8(ascii: "/") || bytes[index] == UInt8(ascii: "?")
                || bytes[index] == UInt8(ascii: "#")
        else { return false }
        var inFragment = false
        let classes = pathClasses.utf8Start
        while index < count {
            switch classes[Int(bytes[index])] {
            case UInt8(ascii: "1"):
                index += 1
            case UInt8(ascii: "2"):  // %
                guard index + 2 < count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return false
                }
                index += 3
            case UInt8(ascii: "3"):  // #
                if inFragment { return false }
                inFragment = true
                index += 1
            default:
                return false
            }
        }
        return true
    }

    @inline(__always)
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    @inline(__always)
    private static func isHostByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_")
    }

    /// What each byte is in a path, a query or a fragment, as a digit: `1` RFC 3986's `pchar`
    /// without `%` (unreserved, sub-delims, `:`, `@`) or `/` or `?`; `2` `%`; `3` `#`; `0` anything
    /// else. A static string, so that a lookup is one load, with no array to retain.
    private static let pathClasses: StaticString = """
        0000000000000000000000000000000001031211111111111111111111110101\
        1111111111111111111111111110000101111111111111111111111111100010\
        0000000000000000000000000000000000000000000000000000000000000000\
        0000000000000000000000000000000000000000000000000000000000000000
        """
}
