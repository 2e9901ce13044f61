internal import Foundation
internal import FoundationEssentials

extension WebTextEncoding {
    /// Decodes `bytes` to UTF-8, as a browser would: ill-formed sequences become U+FFFD.
    ///
    /// - Returns: `nil` for UTF-8, whose bytes are tokenized as they are.
    /// - Throws: ``LinkPreviewError/Code/unsupportedEncoding`` for the `replacement` encoding.
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
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0632), shape: .gb18030)
        case .big5:
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0A03), shape: .big5)
        case .eucKR:
            // The Encoding Standard's EUC-KR is Microsoft's code page 949 (Unified Hangul Code).
            return Self.decodeWithFoundation(bytes, encoding: Self.coreFoundation(0x0422), shape: .eucKR)
        case .replacement:
            throw LinkPreviewError(
                .unsupportedEncoding, lpErrorCode: .metadataFetchFailed,
                reason: "the page is encoded in \(name), which browsers refuse to decode; expected an encoding "
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

    /// The multi-byte encodings Foundation decodes, by the shape of their byte sequences (the
    /// Encoding Standard's decoders): which bytes lead, which may follow.
    enum SequenceShape {
        /// gb18030 and GBK: two bytes (trail 0x40–0x7E, 0x80–0xFE) or four (0x30–0x39 second and
        /// fourth); 0x80 alone is the euro sign.
        case gb18030
        /// Big5: trail 0x40–0x7E, 0xA1–0xFE.
        case big5
        /// EUC-KR (code page 949): trail 0x41–0xFE.
        case eucKR

        /// The decoded text, with what the Encoding Standard's decoder would not give replaced: the
        /// user-defined areas of code page 949 and of Big5 (ICU maps them to the Private Use Area; the
        /// standard's EUC-KR and Big5 indexes have no Private Use entries, so they are errors, U+FFFD).
        func finished(_ utf8: [UInt8]) -> [UInt8] {
            guard self != .gb18030 else { return utf8 }
            // U+E000–U+F8FF are EE 80 80 … EF A3 BF in UTF-8.
            var index = 0
            var result: [UInt8]?
            while index < utf8.count {
                let byte = utf8[index]
                if byte == 0xEE || (byte == 0xEF && index + 1 < utf8.count && utf8[index + 1] <= 0xA3) {
                    if result == nil { result = Array(utf8[..<index]) }
                    WebTextEncoding.appendUTF8(0xFFFD, to: &result!)
                    index += 3
                    continue
                }
                result?.append(byte)
                index += 1
            }
            return result ?? utf8
        }

        /// The length of the sequence at `index`: 1 for ASCII or a lone byte, else 2 or 4.
        func length(of bytes: [UInt8], at index: Int) -> Int {
            let lead = bytes[index]
            guard lead >= 0x81, lead <= 0xFE, index + 1 < bytes.count else { return 1 }
            let trail = bytes[index + 1]
            switch self {
            case .gb18030:
                if trail >= 0x30, trail <= 0x39 {
                    guard index + 3 < bytes.count, (0x81...0xFE).contains(bytes[index + 2]),
                        (0x30...0x39).contains(bytes[index + 3])
                    else { return 1 }
                    return 4
                }
                return (0x40...0x7E).contains(trail) || (0x80...0xFE).contains(trail) ? 2 : 1
            case .big5:
                return (0x40...0x7E).contains(trail) || (0xA1...0xFE).contains(trail) ? 2 : 1
            case .eucKR:
                return (0x41...0xFE).contains(trail) ? 2 : 1
            }
        }
    }

    /// Decodes with Foundation (Core Foundation's ICU converters on Linux). Foundation refuses a whole
    /// document for one ill-formed sequence, so a refused stretch is split in halves at sequence
    /// boundaries and each half decoded again, down to single sequences: only the ill-formed ones become
    /// U+FFFD (an ASCII byte that followed a lead byte is kept, as the Encoding Standard re-reads it), and
    /// the rest of the page — its title line included — decodes as it is. Single sequences are
    /// remembered, so that a page of the same broken sequence repeated costs one call per distinct one.
    private static func decodeWithFoundation(
        _ bytes: [UInt8], encoding: String.Encoding, shape: SequenceShape
    ) -> [UInt8] {
        if let string = String(data: Data(bytes), encoding: encoding) { return shape.finished(Array(string.utf8)) }
        var boundaries: [Int] = []
        boundaries.reserveCapacity(bytes.count / 2 + 1)
        var index = 0
        while index < bytes.count {
            boundaries.append(index)
            index += shape.length(of: bytes, at: index)
        }
        boundaries.append(bytes.count)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3 / 2)
        var remembered: [ArraySlice<UInt8>: [UInt8]] = [:]

        func decodeSequence(_ sequence: ArraySlice<UInt8>) {
            if sequence.count == 1, sequence.first! < 0x80 {
                output.append(sequence.first!)
                return
            }
            if let known = remembered[sequence] {
                output.append(contentsOf: known)
                return
            }
            var decoded: [UInt8] = []
            if let string = String(data: Data(sequence), encoding: encoding), !string.isEmpty {
                decoded = Array(string.utf8)
            } else {
                appendUTF8(0xFFFD, to: &decoded)
                // A lead byte and an ASCII byte that is not a valid pair: the ASCII byte is re-read.
                if sequence.count == 2, let trail = sequence.last, trail < 0x80 { decoded.append(trail) }
            }
            if remembered.count < 65_536 { remembered[sequence] = decoded }
            output.append(contentsOf: decoded)
        }

        /// Decodes the sequences `first..<last` (indices into `boundaries`).
        func decode(_ first: Int, _ last: Int) {
            let slice = bytes[boundaries[first]..<boundaries[last]]
            if last - first == 1 {
                decodeSequence(slice)
            } else if last - first <= 32 {
                for sequence in first..<last { decodeSequence(bytes[boundaries[sequence]..<boundaries[sequence + 1]]) }
            } else if let string = String(data: Data(slice), encoding: encoding) {
                output.append(contentsOf: string.utf8)
            } else {
                let middle = (first + last) / 2
                decode(first, middle)
                decode(middle, last)
            }
        }
        decode(0, boundaries.count - 1)
        return shape.finished(output)
    }

    /// Appends a scalar's UTF-8 bytes.
    @inline(__always)
    static func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        UTF8.encode(scalar) { output.append($0) }
    }
}
