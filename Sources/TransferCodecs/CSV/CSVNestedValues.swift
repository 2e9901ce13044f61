#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON that holds nested values inside a CSV field, for the common case of an array of
/// strings, read and written without a JSON coder.
enum CSVNestedValues {
    /// `["a","b"]` → `["a", "b"]`; `nil` when the text is not a JSON array of strings.
    static func decodeStringArray(_ text: String) -> [String]? {
        Array(text.utf8).withUnsafeBufferPointer(decodeStringArray)
    }

    /// `["a","b"]` → `["a", "b"]`, from UTF-8 bytes.
    static func decodeStringArray(_ bytes: UnsafeBufferPointer<UInt8>) -> [String]? {
        var utf8 = bytes[...]
        func skipSpace() {
            while let byte = utf8.first, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                utf8.removeFirst()
            }
        }
        skipSpace()
        guard utf8.popFirst() == UInt8(ascii: "[") else { return nil }
        var result: [String] = []
        skipSpace()
        if utf8.first == UInt8(ascii: "]") {
            utf8.removeFirst()
            skipSpace()
            return utf8.isEmpty ? result : nil
        }
        while true {
            skipSpace()
            guard utf8.popFirst() == UInt8(ascii: "\"") else { return nil }
            // Fast path: a string without escapes is one slice of the input.
            if let end = utf8.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
                utf8[end] == UInt8(ascii: "\"")
            {
                result.append(
                    String(decoding: UnsafeBufferPointer(rebasing: utf8[utf8.startIndex..<end]), as: UTF8.self))
                utf8 = utf8[(end + 1)...]
                skipSpace()
                guard let next = utf8.popFirst() else { return nil }
                if next == UInt8(ascii: "]") { break }
                guard next == UInt8(ascii: ",") else { return nil }
                continue
            }
            var bytes: [UInt8] = []
            while true {
                guard let byte = utf8.popFirst() else { return nil }
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return nil }
                guard byte == UInt8(ascii: "\\") else {
                    bytes.append(byte)
                    continue
                }
                guard let escape = utf8.popFirst() else { return nil }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(escape)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(&utf8) else { return nil }
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard utf8.popFirst() == UInt8(ascii: "\\"), utf8.popFirst() == UInt8(ascii: "u"),
                            let low = hex4(&utf8), (0xDC00...0xDFFF).contains(low)
                        else { return nil }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return nil }
                    bytes += Array(String(Character(unicode)).utf8)
                default:
                    return nil
                }
            }
            result.append(String(decoding: bytes, as: UTF8.self))
            skipSpace()
            guard let next = utf8.popFirst() else { return nil }
            if next == UInt8(ascii: "]") { break }
            guard next == UInt8(ascii: ",") else { return nil }
        }
        skipSpace()
        return utf8.isEmpty ? result : nil
    }

    private static func hex4(_ utf8: inout Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = utf8.popFirst(), let digit = Character(Unicode.Scalar(byte)).hexDigitValue else {
                return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `["a", "b"]` → `["a","b"]`, escaping as JSON does (`"`, `\\`, and control characters).
    static func encodeStringArray(_ strings: [String]) -> String {
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        let hex: StaticString = "0123456789abcdef"
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\""))
            for byte in string.utf8 {
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                case 0x0A:
                    output.append(UInt8(ascii: "\\"))
                    output.append(UInt8(ascii: "n"))
                case 0x0D:
                    output.append(UInt8(ascii: "\\"))
                    output.append(UInt8(ascii: "r"))
                case 0x09:
                    output.append(UInt8(ascii: "\\"))
                    output.append(UInt8(ascii: "t"))
                case 0x00..<0x20:
                    for escaped in [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")] {
                        output.append(escaped)
                    }
                    output.append(hex.utf8Start[Int(byte >> 4)])
                    output.append(hex.utf8Start[Int(byte & 0xF)])
                default:
                    output.append(byte)
                }
            }
            output.append(UInt8(ascii: "\""))
        }
        output.append(UInt8(ascii: "]"))
        return String(decoding: output, as: UTF8.self)
    }
}
