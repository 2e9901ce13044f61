/// Character references (`&amp;`, `&#x26;`, `&#38;`) decoded as the HTML standard's tokenizer does.
enum HTMLCharacterReference {
    /// Every name of the table, with its semicolon where it has one, and the text it stands for.
    static let named: [String: String] = {
        var table: [String: String] = [:]
        table.reserveCapacity(2_300)
        for line in namedTable.split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            var text = ""
            for hex in parts[1].split(separator: ",") {
                if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                    text.unicodeScalars.append(scalar)
                }
            }
            table[String(parts[0])] = text
        }
        return table
    }()

    /// The longest name the table has without a semicolon ("frac34", "curren", …).
    private static let longestLegacyName = 6
    /// The longest name in the table ("CounterClockwiseContourIntegral;" without its semicolon).
    private static let longestName = 32

    /// The code points that numeric references to 0x80–0x9F stand for: windows-1252's characters, as
    /// browsers have always read them (zero: the control character itself).
    private static let windows1252Controls: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E,
        0x0178,
    ]

    /// Decodes the text of an attribute value or of RCDATA (a `<title>`), replacing ill-formed UTF-8
    /// and NUL with U+FFFD.
    ///
    /// - Parameter inAttribute: In attribute values, a reference without its semicolon followed by `=`
    ///   or a letter or digit is left as it is (`?a=1&copy=2` stays), as the standard says.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, inAttribute: Bool) -> String {
        guard bytes.contains(0x26) || bytes.contains(0) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        let end = bytes.count
        while index < end {
            let byte = bytes[index]
            if byte == 0 {
                output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                index += 1
                continue
            }
            guard byte == 0x26, index + 1 < end else {
                output.append(byte)
                index += 1
                continue
            }
            if bytes[index + 1] == 0x23 {
                index = decodeNumeric(bytes, at: index, into: &output)
            } else {
                index = decodeNamed(bytes, at: index, inAttribute: inAttribute, into: &output)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `&#…;` at `start`; returns the index after it (or after the '&' if it is not one).
    private static func decodeNumeric(
        _ bytes: UnsafeBufferPointer<UInt8>,
        at start: Int,
        into output: inout [UInt8]
    ) -> Int {
        var index = start + 2
        let end = bytes.count
        var hexadecimal = false
        if index < end, bytes[index] | 0x20 == 0x78 {
            hexadecimal = true
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < end {
            let byte = bytes[index]
            let digit: UInt32
            if (byte &- 0x30) < 10 {
                digit = UInt32(byte - 0x30)
            } else if hexadecimal, ((byte | 0x20) &- 0x61) < 6 {
                digit = UInt32((byte | 0x20) - 0x61 + 10)
            } else {
                break
            }
            // Saturates: any value past U+10FFFF is out of range whatever follows.
            value = min(value * (hexadecimal ? 16 : 10) + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart else {
            output.append(0x26)
            return start + 1
        }
        if index < end, bytes[index] == 0x3B { index += 1 }
        var scalar = value
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) {
            scalar = 0xFFFD
        } else if (0x80...0x9F).contains(value), windows1252Controls[Int(value) - 0x80] != 0 {
            scalar = windows1252Controls[Int(value) - 0x80]
        }
        WebTextEncoding.appendUTF8(scalar, to: &output)
        return index
    }

    /// Decodes `&name;` (or a legacy `&name`) at `start`; returns the index after what it consumed.
    private static func decodeNamed(
        _ bytes: UnsafeBufferPointer<UInt8>,
        at start: Int,
        inAttribute: Bool,
        into output: inout [UInt8]
    ) -> Int {
        let end = bytes.count
        var runEnd = start + 1
        while runEnd < end, runEnd - start <= longestName, bytes[runEnd].isASCIIAlphanumeric { runEnd += 1 }
        let run = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<runEnd])
        if run.isEmpty {
            output.append(0x26)
            return start + 1
        }
        if runEnd < end, bytes[runEnd] == 0x3B,
            let text = named[String(decoding: run, as: UTF8.self) + ";"]
        {
            output.append(contentsOf: text.utf8)
            return runEnd + 1
        }
        // The longest name without a semicolon that the run starts with.
        var length = min(run.count, longestLegacyName)
        while length > 1 {
            if let text = named[String(decoding: UnsafeBufferPointer(rebasing: run.prefix(length)), as: UTF8.self)] {
                let after = start + 1 + length
                if inAttribute, after < end, bytes[after] == 0x3D || bytes[after].isASCIIAlphanumeric {
                    break
                }
                output.append(contentsOf: text.utf8)
                return after
            }
            length -= 1
        }
        output.append(0x26)
        return start + 1
    }
}
