/// Writing JSON's scalars as bytes: strings escaped as Foundation escapes them, integers without a
/// `String` in between, floating-point numbers in their shortest form.
enum JSONTextWriting {
    /// Appends `bytes` to `output` as a JSON string, quotes included.
    static func appendString<Sink: ByteSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to output: inout Sink
    ) {
        output.append(UInt8(ascii: "\""))
        appendStringContents(bytes, escapingSlashes: escapingSlashes, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `string` as a JSON string, quotes included.
    static func appendString<Sink: ByteSink & ~Copyable>(
        _ string: String, escapingSlashes: Bool, to output: inout Sink
    ) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable {
            appendString($0, escapingSlashes: escapingSlashes, to: &output)
        }
        if done == nil {
            var copy = string
            copy.withUTF8 { appendString($0, escapingSlashes: escapingSlashes, to: &output) }
        }
    }

    /// Appends the escaped contents of a JSON string, runs of plain bytes copied whole and found
    /// sixteen bytes at a time (``JSONStringScan/firstToEscape(in:from:to:escapingSlashes:)``).
    static func appendStringContents<Sink: ByteSink & ~Copyable>(
        _ bytes: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to output: inout Sink
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        var mark = 0
        var index = 0
        while index < count {
            index = JSONStringScan.firstToEscape(in: base, from: index, to: count, escapingSlashes: escapingSlashes)
            guard index < count else { break }
            let byte = base[index]
            let escape: (UInt8, UInt8)?
            switch byte {
            case UInt8(ascii: "\""): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case UInt8(ascii: "/") where escapingSlashes: escape = (UInt8(ascii: "\\"), UInt8(ascii: "/"))
            case 0x08: escape = (UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: escape = (UInt8(ascii: "\\"), UInt8(ascii: "f"))
            case 0x0A: escape = (UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: escape = (UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: escape = (UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0..<0x20: escape = nil
            default:
                index += 1
                continue
            }
            if index > mark { output.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: index - mark)) }
            if let escape {
                output.append(escape.0)
                output.append(escape.1)
            } else {
                output.append(UInt8(ascii: "\\"))
                output.append(UInt8(ascii: "u"))
                output.append(UInt8(ascii: "0"))
                output.append(UInt8(ascii: "0"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
            index += 1
            mark = index
        }
        if count > mark { output.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: count - mark)) }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends an integer's decimal digits.
    static func appendInteger<T: FixedWidthInteger>(_ value: T, to output: inout [UInt8]) {
        if T.bitWidth <= 64 {
            if T.isSigned, value < 0 {
                output.append(UInt8(ascii: "-"))
                appendMagnitude(UInt64(value.magnitude), to: &output)
            } else {
                appendMagnitude(UInt64(value), to: &output)
            }
        } else {
            output.append(contentsOf: value.description.utf8)
        }
    }

    private static func appendMagnitude(_ value: UInt64, to output: inout [UInt8]) {
        if value < 10 {
            output.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            output.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// Appends a finite floating-point number as Foundation writes it: its description, without a
    /// trailing `.0`.
    static func appendFloatingPoint<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, to output: inout [UInt8]
    ) {
        var text = value.description
        text.withUTF8 { bytes in
            let trimmed =
                bytes.count > 2 && bytes[bytes.count - 2] == UInt8(ascii: ".")
                && bytes[bytes.count - 1] == UInt8(ascii: "0")
            output.append(
                contentsOf: UnsafeBufferPointer(rebasing: bytes[..<(trimmed ? bytes.count - 2 : bytes.count)]))
        }
    }
}
