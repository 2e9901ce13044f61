internal import Foundation
internal import FoundationEssentials

extension WebTextEncoding {
    /// Decodes `bytes` to UTF-8, as a browser would: ill-formed sequences become U+FFFD.
    ///
    /// - Returns: `nil` for UTF-8, whose bytes are tokenized as they are.
    /// - Throws: ``LinkPreviewError/Reason/unsupportedEncoding`` for the `replacement` encoding.
    func decodeToUTF8(_ bytes: [UInt8]) throws(LinkPreviewError) -> [UInt8]? {
        switch self {
        case .utf8:
            return nil
        case .utf16BigEndian:
            return Self.decodeUTF16(bytes, bigEndian: true)
        case .utf16LittleEndian:
            return Self.decodeUTF16(bytes, bigEndian: false)
        case .singleByte(let encoding):
            return Self.decodeSingleByte(bytes, upperHalf: encoding.upperHalf)
        case .userDefined:
            // x-user-defined: 0x80–0xFF are U+F780–U+F7FF.
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            for byte in bytes {
                if byte < 0x80 { output.append(byte) } else { Self.appendUTF8(0xF700 + UInt32(byte), to: &output) }
            }
            return output
        case .shiftJIS:
            return Self.decodeShiftJIS(bytes)
        case .iso2022JP:
            return Self.decodeISO2022JP(bytes)
        case .eucJP:
            return Self.decodeEUCJP(bytes)
        case .gb18030:
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0632))
        case .big5:
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0A03))
        case .eucKR:
            // The Encoding Standard's EUC-KR is Microsoft's code page 949 (Unified Hangul Code).
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0422))
        case .replacement:
            throw LinkPreviewError(
                code: .metadataFetchFailed,
                reason: .unsupportedEncoding,
                message: "the page is encoded in \(name), which browsers refuse to decode; expected an encoding "
                    + "of the Encoding Standard other than ISO-2022-KR, ISO-2022-CN or HZ-GB-2312"
            )
        }
    }

    /// A Core Foundation encoding, by its `CFStringEncoding` value, as Foundation on Linux takes it.
    private static func coreFoundation(_ value: UInt) -> String.Encoding {
        String.Encoding(rawValue: 0x8000_0000 | value)
    }

    private static func decodeSingleByte(_ bytes: [UInt8], upperHalf: [UInt16]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        for byte in bytes {
            if byte < 0x80 {
                output.append(byte)
            } else {
                let scalar = upperHalf[Int(byte) - 0x80]
                appendUTF8(scalar == 0 ? 0xFFFD : UInt32(scalar), to: &output)
            }
        }
        return output
    }

    private static func decodeUTF16(_ bytes: [UInt8], bigEndian: Bool) -> [UInt8] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 0
        while index + 1 < bytes.count {
            let high = UInt16(bytes[index]), low = UInt16(bytes[index + 1])
            units.append(bigEndian ? high << 8 | low : low << 8 | high)
            index += 2
        }
        var output = Array(String(decoding: units, as: UTF16.self).utf8)
        // A trailing odd byte is an error, decoded as U+FFFD.
        if bytes.count % 2 == 1 { appendUTF8(0xFFFD, to: &output) }
        return output
    }

    /// Decodes with Foundation (Core Foundation's ICU converters on Linux). Foundation refuses a whole
    /// document for one ill-formed sequence, so a refused document is decoded again line by line, and a
    /// line that is still refused keeps its ASCII bytes with one U+FFFD for each run of other bytes: the
    /// markup survives, the broken text becomes replacement characters, never other characters.
    ///
    /// Splitting at line feeds is safe for every ASCII-compatible multibyte encoding here: none of their
    /// trailing bytes is below 0x30.
    private static func decodeWithFoundation(_ bytes: [UInt8], encoding: String.Encoding) -> [UInt8] {
        if let string = String(data: Data(bytes), encoding: encoding) { return Array(string.utf8) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            if end < bytes.count { end += 1 }
            let line = bytes[start..<end]
            if let string = String(data: Data(line), encoding: encoding) {
                output.append(contentsOf: string.utf8)
            } else {
                var inRun = false
                for byte in line {
                    if byte < 0x80 {
                        output.append(byte)
                        inRun = false
                    } else if !inRun {
                        appendUTF8(0xFFFD, to: &output)
                        inRun = true
                    }
                }
            }
            start = end
        }
        return output
    }

    /// Appends a scalar's UTF-8 bytes.
    @inline(__always)
    static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        UTF8.encode(scalar) { output.append($0) }
    }
}
