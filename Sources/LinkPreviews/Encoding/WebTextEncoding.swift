/// A character encoding of the WHATWG Encoding Standard, as a page names it.
///
/// Pages are decoded to UTF-8 before they are tokenized, as the HTML standard does; UTF-8 input is
/// tokenized as it is, with ill-formed sequences replaced when text is taken out of it.
enum WebTextEncoding: Hashable, Sendable {
    case utf8
    case utf16BigEndian
    case utf16LittleEndian
    /// One of the single-byte encodings (windows-1252, ISO-8859-x, KOI8, …), decoded by table.
    case singleByte(SingleByteEncoding)
    case shiftJIS
    case eucJP
    case iso2022JP
    /// GBK and gb18030, which the Encoding Standard decodes alike.
    case gb18030(name: String)
    case big5
    case eucKR
    /// The bytes are the user-defined range of windows-1252 (`x-user-defined`).
    case userDefined
    /// The Encoding Standard's `replacement`: ISO-2022-KR, HZ-GB-2312 and ISO-2022-CN, which a browser
    /// refuses to decode (their bytes can smuggle markup past filters).
    case replacement

    /// The encoding's name in the Encoding Standard.
    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16BigEndian: "UTF-16BE"
        case .utf16LittleEndian: "UTF-16LE"
        case .singleByte(let encoding): encoding.name
        case .shiftJIS: "Shift_JIS"
        case .eucJP: "EUC-JP"
        case .iso2022JP: "ISO-2022-JP"
        case .gb18030(let name): name
        case .big5: "Big5"
        case .eucKR: "EUC-KR"
        case .userDefined: "x-user-defined"
        case .replacement: "replacement"
        }
    }

    /// Finds the encoding a label names, as the Encoding Standard's "get an encoding" does: ASCII
    /// whitespace around the label is ignored and case does not matter.
    init?(label: some StringProtocol) {
        var key = ""
        key.reserveCapacity(label.utf8.count)
        for scalar in label.unicodeScalars {
            guard scalar.isASCII else { return nil }
            key.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
        }
        let trimmed = key.trimmingASCIIWhitespace()
        guard let encoding = Self.labels[trimmed] else { return nil }
        self = encoding
    }
}

extension StringProtocol {
    /// The string without ASCII whitespace (tab, line feed, form feed, carriage return, space) at
    /// either end.
    func trimmingASCIIWhitespace() -> String {
        let utf8 = Array(self.utf8)
        var start = 0
        var end = utf8.count
        while start < end, utf8[start].isASCIIWhitespace { start += 1 }
        while end > start, utf8[end - 1].isASCIIWhitespace { end -= 1 }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension UInt8 {
    /// Whether the byte is ASCII whitespace as the HTML and URL standards mean it.
    @inline(__always)
    var isASCIIWhitespace: Bool {
        self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0C || self == 0x0D
    }

    /// The byte with ASCII upper-case letters made lower-case.
    @inline(__always)
    var asciiLowercased: UInt8 {
        (self &- 0x41) < 26 ? self | 0x20 : self
    }

    /// Whether the byte is an ASCII letter.
    @inline(__always)
    var isASCIIAlpha: Bool {
        ((self | 0x20) &- 0x61) < 26
    }

    /// Whether the byte is an ASCII letter or digit.
    @inline(__always)
    var isASCIIAlphanumeric: Bool {
        isASCIIAlpha || (self &- 0x30) < 10
    }
}
