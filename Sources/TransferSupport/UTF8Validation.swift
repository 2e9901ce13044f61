#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Where bytes stop being UTF-8: for parsers that must say where, which the standard library's
/// validation does not.
package enum UTF8Validation {
    /// The offset of the first byte that is not valid UTF-8, or `nil`.
    ///
    /// ASCII is skipped sixteen bytes at a time; a multi-byte sequence is checked by its lead byte's
    /// range (Unicode's table of well-formed sequences) without decoding the scalar.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        while index < count {
            // Text past ASCII comes in runs (a word in Cyrillic, a sentence in Japanese): a byte
            // past ASCII right after a sequence is looked at without a scan.
            if base[index] < 0x80 {
                // To the first byte past ASCII of the first block that has one: text with a word
                // past ASCII here and there was otherwise looked at byte by byte up to it.
                while index + 16 <= count {
                    let raw = UnsafeRawPointer(base + index)
                    let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self)) & 0x8080_8080_8080_8080
                    let high =
                        UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                        & 0x8080_8080_8080_8080
                    if low | high != 0 {
                        index += low != 0 ? low.trailingZeroBitCount >> 3 : 8 + high.trailingZeroBitCount >> 3
                        break
                    }
                    index += 16
                }
                while index < count, base[index] < 0x80 { index += 1 }
                guard index < count else { return nil }
            }
            let lead = base[index]
            switch lead {
            case 0xC2...0xDF:
                guard index + 1 < count, isContinuation(base[index + 1]) else { return index }
                index += 2
            case 0xE0...0xEF:
                guard index + 2 < count, isContinuation(base[index + 1]), isContinuation(base[index + 2]) else {
                    return index
                }
                let second = base[index + 1]
                // No overlong forms (E0 80–9F) and no surrogates (ED A0–BF).
                if lead == 0xE0, second < 0xA0 { return index }
                if lead == 0xED, second >= 0xA0 { return index }
                index += 3
            case 0xF0...0xF4:
                guard index + 3 < count, isContinuation(base[index + 1]), isContinuation(base[index + 2]),
                    isContinuation(base[index + 3])
                else { return index }
                let second = base[index + 1]
                // No overlong forms (F0 80–8F) and nothing past U+10FFFF (F4 90–BF).
                if lead == 0xF0, second < 0x90 { return index }
                if lead == 0xF4, second >= 0x90 { return index }
                index += 4
            default:
                return index
            }
        }
        return nil
    }

    /// The offset of the first byte of `data` that is not valid UTF-8, or `nil`.
    package static func firstInvalidByte(in data: Data) -> Int? {
        data.withUnsafeBytes { raw in firstInvalidByte(in: raw.bindMemory(to: UInt8.self)) }
    }

    /// The name of the encoding when `bytes` start like UTF-16 or UTF-32 (a byte-order mark, or
    /// the zero bytes an ASCII first character has in them), for an error that names it rather
    /// than a stray byte; `nil` otherwise.
    package static func utf16Or32(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let prefix = Array(bytes.prefix(4))
        if prefix.starts(with: [0x00, 0x00, 0xFE, 0xFF])
            || (prefix.count == 4 && prefix[0] == 0 && prefix[1] == 0 && prefix[2] == 0 && prefix[3] != 0)
        {
            return "UTF-32BE"
        }
        if prefix.starts(with: [0xFF, 0xFE, 0x00, 0x00])
            || (prefix.count == 4 && prefix[0] != 0 && prefix[1] == 0 && prefix[2] == 0 && prefix[3] == 0)
        {
            return "UTF-32LE"
        }
        if prefix.starts(with: [0xFE, 0xFF]) || (prefix.count >= 2 && prefix[0] == 0 && prefix[1] != 0) {
            return "UTF-16BE"
        }
        if prefix.starts(with: [0xFF, 0xFE]) || (prefix.count >= 2 && prefix[0] != 0 && prefix[1] == 0) {
            return "UTF-16LE"
        }
        return nil
    }
}
