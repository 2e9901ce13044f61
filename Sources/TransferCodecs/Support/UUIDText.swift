#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// UUIDs as text, in their 8-4-4-4-12 hexadecimal form, read and written without `Scanner` or
/// `String(format:)`: the codecs' one way.
enum UUIDText {
    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        // Branch-free: every digit is converted, and any invalid one marks the whole as invalid.
        var invalid: UInt8 = 0
        withUnsafeMutableBytes(of: &value) { result in
            var index = 0
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
                let high = hexDigit(bytes[index])
                let low = hexDigit(bytes[index + 1])
                invalid |= (high | low) & 0xF0
                result[byteIndex] = high << 4 | low & 0x0F
                index += 2
            }
        }
        return invalid == 0 ? UUID(uuid: value) : nil
    }

    /// Whether `bytes` are a UUID exactly as ``append(_:to:)`` writes it (upper-case 8-4-4-4-12
    /// hexadecimal), so that a converter can copy them instead of reading and writing the UUID.
    static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36, bytes[8] == UInt8(ascii: "-"), bytes[13] == UInt8(ascii: "-"),
            bytes[18] == UInt8(ascii: "-"), bytes[23] == UInt8(ascii: "-")
        else { return false }
        // Every digit looked up, the flags of those that are not upper-case hexadecimal gathered:
        // no branch on the bytes (a comparison per byte mispredicted: 5% of a conversion's samples).
        let table = notUpperHexDigit.utf8Start
        var flags: UInt8 = 0
        for index in 0..<8 { flags |= table[Int(bytes[index])] }
        for index in 9..<13 { flags |= table[Int(bytes[index])] }
        for index in 14..<18 { flags |= table[Int(bytes[index])] }
        for index in 19..<23 { flags |= table[Int(bytes[index])] }
        for index in 24..<36 { flags |= table[Int(bytes[index])] }
        return flags == UInt8(ascii: "0")
    }

    /// For each byte, `0` when it is an upper-case hexadecimal digit (`0`–`9`, `A`–`F`), `1`
    /// otherwise: a static string, so that a lookup is one load.
    private static let notUpperHexDigit: StaticString = """
        1111111111111111111111111111111111111111111111110000000000111111\
        1000000111111111111111111111111111111111111111111111111111111111\
        1111111111111111111111111111111111111111111111111111111111111111\
        1111111111111111111111111111111111111111111111111111111111111111
        """

    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case: the whole string, nothing before
    /// or after it (a NUL included).
    static func uuid(_ string: String) -> UUID? {
        var string = string
        return string.withUTF8 { uuid($0) }
    }

    /// The value of a hexadecimal digit in the low four bits; a high bit set when `byte` is not one.
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8 {
        let digit = byte &- 0x30
        let letter = (byte | 0x20) &- 0x61
        if digit < 10 { return digit }
        return letter < 6 ? letter &+ 10 : 0xF0
    }

    /// Appends a UUID's upper-case form, as `uuidString` gives it.
    static func append<Sink: ByteSink & ~Copyable>(_ uuid: UUID, to output: inout Sink) {
        let digits: StaticString = "0123456789ABCDEF"
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for (index, byte) in bytes.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { output.append(UInt8(ascii: "-")) }
                output.append(digits.utf8Start[Int(byte >> 4)])
                output.append(digits.utf8Start[Int(byte & 0x0F)])
            }
        }
    }

    /// A UUID's upper-case 8-4-4-4-12 form, as `uuidString` gives, without going through it.
    static func string(of uuid: UUID) -> String {
        let digits: StaticString = "0123456789ABCDEF"
        return withUnsafeBytes(of: uuid.uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { output in
                var position = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        output[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    output[position] = digits.utf8Start[Int(byte >> 4)]
                    output[position + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    position += 2
                }
                return 36
            }
        }
    }
}
