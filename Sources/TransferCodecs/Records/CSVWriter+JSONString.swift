extension CSVWriter {
    /// Writes the value of a JSON string with escapes (its bytes between the quotes, as the parser
    /// checked them) as one field, as ``write(_:)`` writes the value `JSONTextDecoder` reads.
    ///
    /// One pass instead of three (resolve the escapes, look for what needs quoting, copy): the
    /// escapes are resolved straight into the output after an opening quote, quotes doubled as
    /// they come; the runs between escapes hold no quote, CR or LF (the parser refuses them raw),
    /// so only an escape can make one, and the delimiter is looked for only when none did. A field
    /// that needs no quotes loses its opening quote at the end.
    mutating func writeJSONString(_ raw: UnsafeBufferPointer<UInt8>) {
        guard let base = raw.baseAddress else { return }
        let start = output.count
        output.append(0x22)
        var quoted = false
        var mark = 0
        while let backslash = ByteSearch.first(UInt8(ascii: "\\"), in: base, from: mark, to: raw.count) {
            output.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: backslash - mark))
            let kind = base[backslash + 1]
            mark = backslash + 2
            switch kind {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "n"), UInt8(ascii: "r"):
                output.append(kind == UInt8(ascii: "n") ? 0x0A : 0x0D)
                quoted = true
            case UInt8(ascii: "u"):
                var scalar = JSONDecodingContext.hexValue(base + mark)
                mark += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = JSONDecodingContext.hexValue(base + mark + 2)
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    mark += 6
                }
                if scalar == 0x22 || scalar == 0x0A || scalar == 0x0D { quoted = true }
                if scalar == 0x22 { output.append(0x22) }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { output.append($0) }
            case UInt8(ascii: "\""):
                output.append(0x22)
                output.append(0x22)
                quoted = true
            default: output.append(kind)  // \ /
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(start: base + mark, count: raw.count - mark))
        let length = output.count - start - 1
        if !quoted {
            quoted = output.withUnsafeBytes { written in
                ByteSearch.first(format.delimiter, in: written.baseAddress!, from: start + 1, to: written.count) != nil
            }
        }
        if length > format.maximumFieldLength { wroteOverlongField = true }
        if quoted {
            output.append(0x22)
        } else {
            output.remove(at: start)
        }
    }
}
