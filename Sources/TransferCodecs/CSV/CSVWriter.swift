#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes CSV rows into a byte buffer, quoting as RFC 4180 requires.
struct CSVWriter: ~Copyable {
    let format: CSVFormat
    var output = ByteBuffer()
    /// Whether a field longer than the format's ``CSVFormat/maximumFieldLength`` was written: the
    /// decoder would refuse the output.
    var wroteOverlongField = false

    init(format: CSVFormat) {
        self.format = format
    }

    mutating func writeRow(_ fields: [String], columns: Int? = nil) {
        let count = columns ?? fields.count
        for index in 0..<count {
            if index > 0 { output.append(format.delimiter) }
            if index < fields.count { writeField(fields[index]) }
        }
        output.append(contentsOf: format.lineEnding.bytes)
    }

    mutating func writeField(_ field: String) {
        var field = field
        field.withUTF8 { write($0) }
    }

    /// Writes one field's bytes, quoted (and its quotes doubled) only when it holds the delimiter, a
    /// quote, CR or LF; runs between quotes are copied whole.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > format.maximumFieldLength / 2, Self.writtenLength(bytes) > format.maximumFieldLength {
            wroteOverlongField = true
        }
        guard let base = bytes.baseAddress, needsQuotes(bytes) else {
            output.append(contentsOf: bytes)
            return
        }
        output.append(0x22)
        var start = 0
        while start < bytes.count, let quote = memchr(base + start, 0x22, bytes.count - start) {
            let end = UnsafePointer(quote.assumingMemoryBound(to: UInt8.self)) - base + 1
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
            output.append(0x22)
            start = end
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(0x22)
    }

    /// Writes one field's bytes known to hold no quote, CR or LF (a JSON string without escapes,
    /// whose quotes and line breaks would be escaped): quoted only when it holds the delimiter,
    /// which `memchr` finds, with nothing to double.
    mutating func writePlain(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > format.maximumFieldLength { wroteOverlongField = true }
        guard let base = bytes.baseAddress,
            ByteSearch.first(format.delimiter, in: base, from: 0, to: bytes.count) != nil
        else { return output.append(contentsOf: bytes) }
        output.append(0x22)
        output.append(contentsOf: bytes)
        output.append(0x22)
    }

    /// The length of a field's text between its quotes as the writer writes it and the reader
    /// measures it: its bytes, with each quote doubled when quoting is needed.
    static func writtenLength(_ field: some Collection<UInt8>) -> Int {
        field.count + field.lazy.filter { $0 == UInt8(ascii: "\"") }.count
    }

    /// Whether `bytes` hold the delimiter, a quote, CR or LF: eight bytes at a time.
    private func needsQuotes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let delimiter = ones &* UInt64(format.delimiter)
        @inline(__always) func has(_ word: UInt64, _ mask: UInt64) -> Bool {
            let difference = word ^ mask
            return (difference &- ones) & ~difference & highs != 0
        }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if has(word, delimiter) || has(word, ones &* 0x22) || has(word, ones &* 0x0D) || has(word, ones &* 0x0A) {
                return true
            }
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == format.delimiter || byte == 0x22 || byte == 0x0D || byte == 0x0A { return true }
            index += 1
        }
        return false
    }
}
