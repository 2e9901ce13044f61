extension WebTextEncoding {
    /// The Encoding Standard's Shift_JIS decoder.
    static func decodeShiftJIS(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var lead: UInt8 = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if lead != 0 {
                let pointerLead = Int(lead) - (lead < 0xA0 ? 0x81 : 0xC1)
                lead = 0
                if (0x40...0x7E).contains(byte) || (0x80...0xFC).contains(byte) {
                    let pointer = pointerLead * 188 + Int(byte) - (byte < 0x7F ? 0x40 : 0x41)
                    if (8836...10715).contains(pointer) {
                        appendUTF8(0xE000 - 8836 + UInt32(pointer), to: &output)
                        continue
                    }
                    if let codePoint = JIS0208.codePoint(at: pointer) {
                        appendUTF8(codePoint, to: &output)
                        continue
                    }
                }
                appendUTF8(0xFFFD, to: &output)
                if byte < 0x80 { index -= 1 }  // An ASCII byte is read again on its own.
            } else if byte <= 0x80 {
                output.append(byte < 0x80 ? byte : 0xC2)
                if byte == 0x80 { output.append(0x80) }
            } else if (0xA1...0xDF).contains(byte) {
                appendUTF8(0xFF61 - 0xA1 + UInt32(byte), to: &output)
            } else if (0x81...0x9F).contains(byte) || (0xE0...0xFC).contains(byte) {
                lead = byte
            } else {
                appendUTF8(0xFFFD, to: &output)
            }
        }
        if lead != 0 { appendUTF8(0xFFFD, to: &output) }
        return output
    }

    /// The Encoding Standard's EUC-JP decoder. JIS X 0212 characters (0x8F and two bytes) become
    /// U+FFFD: the index for them (`index-jis0212`) is not carried, a documented limit.
    static func decodeEUCJP(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        var lead: UInt8 = 0
        var jis0212 = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if lead == 0x8E, (0xA1...0xDF).contains(byte) {
                lead = 0
                appendUTF8(0xFF61 - 0xA1 + UInt32(byte), to: &output)
            } else if lead == 0x8F, (0xA1...0xFE).contains(byte) {
                jis0212 = true
                lead = byte
            } else if lead != 0 {
                let previous = lead
                lead = 0
                if (0xA1...0xFE).contains(previous), (0xA1...0xFE).contains(byte) {
                    if !jis0212,
                        let codePoint = JIS0208.codePoint(at: (Int(previous) - 0xA1) * 94 + Int(byte) - 0xA1)
                    {
                        appendUTF8(codePoint, to: &output)
                    } else {
                        appendUTF8(0xFFFD, to: &output)
                    }
                    jis0212 = false
                    continue
                }
                jis0212 = false
                appendUTF8(0xFFFD, to: &output)
                if byte < 0x80 { index -= 1 }
            } else if byte < 0x80 {
                output.append(byte)
            } else if byte == 0x8E || byte == 0x8F || (0xA1...0xFE).contains(byte) {
                lead = byte
            } else {
                appendUTF8(0xFFFD, to: &output)
            }
        }
        if lead != 0 { appendUTF8(0xFFFD, to: &output) }
        return output
    }

    /// The Encoding Standard's ISO-2022-JP decoder: ASCII, JIS X 0201 Roman and katakana, JIS X 0208,
    /// switched by escape sequences; anything else is U+FFFD. (Two escape sequences with nothing between
    /// them are not reported as an error here, unlike the standard's decoder: the text is the same.)
    static func decodeISO2022JP(_ bytes: [UInt8]) -> [UInt8] {
        enum State { case ascii, roman, katakana, leadByte }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var state = State.ascii
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x1B {
                // An escape sequence: ESC ( B, ESC ( J, ESC ( I, ESC $ @, ESC $ B.
                let first = index + 1 < bytes.count ? bytes[index + 1] : 0
                let second = index + 2 < bytes.count ? bytes[index + 2] : 0
                var next: State?
                switch (first, second) {
                case (0x28, 0x42): next = .ascii
                case (0x28, 0x4A): next = .roman
                case (0x28, 0x49): next = .katakana
                case (0x24, 0x40), (0x24, 0x42): next = .leadByte
                default: next = nil
                }
                if let next {
                    state = next
                    index += 3
                    continue
                }
                appendUTF8(0xFFFD, to: &output)
                index += 1
                continue
            }
            switch state {
            case .ascii:
                if byte == 0x0E || byte == 0x0F || byte >= 0x80 {
                    appendUTF8(0xFFFD, to: &output)
                } else {
                    output.append(byte)
                }
                index += 1
            case .roman:
                if byte == 0x5C {
                    appendUTF8(0xA5, to: &output)
                } else if byte == 0x7E {
                    appendUTF8(0x203E, to: &output)
                } else if byte == 0x0E || byte == 0x0F || byte >= 0x80 {
                    appendUTF8(0xFFFD, to: &output)
                } else {
                    output.append(byte)
                }
                index += 1
            case .katakana:
                if (0x21...0x5F).contains(byte) {
                    appendUTF8(0xFF61 - 0x21 + UInt32(byte), to: &output)
                } else {
                    appendUTF8(0xFFFD, to: &output)
                }
                index += 1
            case .leadByte:
                if (0x21...0x7E).contains(byte), index + 1 < bytes.count, (0x21...0x7E).contains(bytes[index + 1]) {
                    let pointer = (Int(byte) - 0x21) * 94 + Int(bytes[index + 1]) - 0x21
                    appendUTF8(JIS0208.codePoint(at: pointer) ?? 0xFFFD, to: &output)
                    index += 2
                } else {
                    appendUTF8(0xFFFD, to: &output)
                    index += 1
                }
            }
        }
        return output
    }
}
