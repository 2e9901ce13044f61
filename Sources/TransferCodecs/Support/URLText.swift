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
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return false }
        let count = bytes.count
        let classes = byteClasses.utf8Start
        @inline(__always) func isIn(_ flag: UInt8, at index: Int) -> Bool { classes[Int(base[index])] & flag != 0 }
        // Scheme.
        guard isLetter(base[0]) else { return false }
        var index = 1
        while index < count, isIn(schemeByte, at: index) { index += 1 }
        let schemeEnd = index
        guard index + 2 < count, base[index] == UInt8(ascii: ":"),
            base[index + 1] == UInt8(ascii: "/"), base[index + 2] == UInt8(ascii: "/")
        else { return false }
        let isFile =
            schemeEnd == 4 && base[0] | 0x20 == UInt8(ascii: "f") && base[1] | 0x20 == UInt8(ascii: "i")
            && base[2] | 0x20 == UInt8(ascii: "l") && base[3] | 0x20 == UInt8(ascii: "e")
        index += 3
        // Host: no empty label (two dots in a row), and not starting or ending with a dot or hyphen.
        let hostStart = index
        var previous: UInt8 = 0
        while index < count, isIn(hostByte, at: index) {
            let byte = base[index]
            if byte == UInt8(ascii: "."), previous == UInt8(ascii: ".") { return false }
            previous = byte
            index += 1
        }
        guard index > hostStart || isFile else { return false }
        if index > hostStart {
            let first = base[hostStart]
            let last = base[index - 1]
            guard first != UInt8(ascii: "."), first != UInt8(ascii: "-"), last != UInt8(ascii: "."),
                last != UInt8(ascii: "-")
            else { return false }
        }
        // Port.
        if index < count, base[index] == UInt8(ascii: ":") {
            guard index > hostStart else { return false }
            index += 1
            var port = 0
            let portStart = index
            while index < count, base[index] &- UInt8(ascii: "0") < 10 {
                port = port * 10 + Int(base[index] - UInt8(ascii: "0"))
                index += 1
                if index - portStart > 5 { return false }
            }
            guard index > portStart, port <= 65535 else { return false }
        }
        // A path, which must start with "/" after an authority; then the query and fragment.
        guard
            index == count || base[index] == UInt8(ascii: "/") || base[index] == UInt8(ascii: "?")
                || base[index] == UInt8(ascii: "#")
        else { return false }
        var inFragment = false
        while index < count {
            // Runs of RFC 3986's `pchar` (without `%`), `/` and `?`, one load each: eight bytes'
            // classes gathered before one branch, then the rest one by one.
            while index &+ 8 <= count {
                var classes8 = classes[Int(base[index])]
                for offset in 1..<8 { classes8 &= classes[Int(base[index &+ offset])] }
                if classes8 & pathByte == 0 { break }
                index &+= 8
            }
            while index < count, isIn(pathByte, at: index) { index += 1 }
            guard index < count else { break }
            switch base[index] {
            case UInt8(ascii: "%"):
                guard index + 2 < count, isHexDigit(base[index + 1]), isHexDigit(base[index + 2]) else {
                    return false
                }
                index += 3
            case UInt8(ascii: "#"):
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

    /// What each byte may be, as flags in a digit: ``schemeByte`` (letters, digits, `+`, `-`, `.`),
    /// ``hostByte`` (letters, digits, `-`, `.`, `_`), ``pathByte`` (RFC 3986's `pchar` without `%`
    /// — unreserved, sub-delims, `:`, `@` — or `/` or `?`). A static string, so that a lookup is
    /// one load, with no array to retain.
    private static let byteClasses: StaticString = """
        0000000000000000000000000000000004004044444547747777777777440404\
        4777777777777777777777777770000607777777777777777777777777700040\
        0000000000000000000000000000000000000000000000000000000000000000\
        0000000000000000000000000000000000000000000000000000000000000000
        """
    private static let schemeByte: UInt8 = 1
    private static let hostByte: UInt8 = 2
    private static let pathByte: UInt8 = 4
}
