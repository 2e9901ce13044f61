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
        var result: [String] = []
        let valid = forEachString(in: bytes) { text, _ in result.append(String(decoding: text, as: UTF8.self)) }
        return valid ? result : nil
    }

    /// Appends the JSON array of strings in `bytes` to `output` as `JSONTextEncoder` writes a
    /// `[String]`: what decoding the array and encoding the strings gives, without making them.
    /// `false` (and `output` left part-written) when the text is not a JSON array of strings.
    static func appendStringArrayAsJSON<Sink: ByteSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to output: inout Sink
    ) -> Bool {
        output.append(UInt8(ascii: "["))
        var first = true
        let valid = forEachString(in: bytes) { text, isRaw in
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            if isRaw, !escapingSlashes {
                // Without escapes there is no quote, backslash or control in it: written as it is.
                output.append(UInt8(ascii: "\""))
                output.append(contentsOf: text)
                output.append(UInt8(ascii: "\""))
            } else {
                JSONTextWriting.appendString(text, escapingSlashes: escapingSlashes, to: &output)
            }
        }
        output.append(UInt8(ascii: "]"))
        return valid
    }

    /// Reads a JSON array of strings, handing each element to `body`: its bytes as they are in the
    /// input when it has no escapes (`isRaw`), else its decoded bytes. `false` when the text is not
    /// a JSON array of strings.
    static func forEachString(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ text: UnsafeBufferPointer<UInt8>, _ isRaw: Bool) -> Void
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let count = bytes.count
        var index = 0
        func skipSpace() {
            while index < count {
                switch base[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }
        func next() -> UInt8? {
            guard index < count else { return nil }
            index += 1
            return base[index - 1]
        }
        skipSpace()
        guard next() == UInt8(ascii: "[") else { return false }
        skipSpace()
        if index < count, base[index] == UInt8(ascii: "]") {
            index += 1
            skipSpace()
            return index == count
        }
        var decoded: [UInt8] = []
        while true {
            skipSpace()
            guard next() == UInt8(ascii: "\"") else { return false }
            // Fast path: a string without escapes is one slice of the input, found sixteen bytes
            // at a time (the bytes a writer would escape are the ones that end it).
            let end = JSONStringScan.firstToEscape(in: base, from: index, to: count, escapingSlashes: false)
            if end < count, base[end] == UInt8(ascii: "\"") {
                body(UnsafeBufferPointer(start: base + index, count: end - index), true)
                index = end + 1
                skipSpace()
                guard let separator = next() else { return false }
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else { return false }
                continue
            }
            decoded.removeAll(keepingCapacity: true)
            while true {
                guard let byte = next() else { return false }
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return false }
                guard byte == UInt8(ascii: "\\") else {
                    decoded.append(byte)
                    continue
                }
                guard let escape = next() else { return false }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    guard var scalar = hex4(base, count, &index) else { return false }
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard next() == UInt8(ascii: "\\"), next() == UInt8(ascii: "u"),
                            let low = hex4(base, count, &index), (0xDC00...0xDFFF).contains(low)
                        else { return false }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { return false }
                    decoded += Array(String(Character(unicode)).utf8)
                default:
                    return false
                }
            }
            decoded.withUnsafeBufferPointer { body($0, false) }
            skipSpace()
            guard let separator = next() else { return false }
            if separator == UInt8(ascii: "]") { break }
            guard separator == UInt8(ascii: ",") else { return false }
        }
        skipSpace()
        return index == count
    }

    /// The value of the four hexadecimal digits at `index`, stepping over them; `nil` when there
    /// are not four there.
    private static func hex4(_ base: UnsafePointer<UInt8>, _ count: Int, _ index: inout Int) -> UInt32? {
        guard index + 4 <= count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = JSONParser.hexValue(base[index + offset]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }

    /// `["a", "b"]` → `["a","b"]`, escaping as JSON does (`"`, `\\`, and control characters).
    static func encodeStringArray(_ strings: [String]) -> String {
        var output: [UInt8] = [UInt8(ascii: "[")]
        output.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            var string = string
            string.withUTF8 { appendString($0, to: &output) }
        }
        output.append(UInt8(ascii: "]"))
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends a string's UTF-8 as an element of ``encodeStringArray(_:)``'s array: quoted, with
    /// `"` and `\\` escaped, `\\n`, `\\r`, `\\t`, and other control characters as `\\u00XX`.
    static func appendString(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        let hex: StaticString = "0123456789abcdef"
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
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
}
