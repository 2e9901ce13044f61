/// The single-byte encodings of the Encoding Standard: ASCII below 0x80, a table above.
enum SingleByteEncoding: Hashable, Sendable {
    case ibm866
    case iso8859_2, iso8859_3, iso8859_4, iso8859_5, iso8859_6, iso8859_7, iso8859_8, iso8859_8I
    case iso8859_10, iso8859_13, iso8859_14, iso8859_15, iso8859_16
    case koi8R, koi8U, macintosh, windows874
    case windows1250, windows1251, windows1252, windows1253, windows1254, windows1255, windows1256
    case windows1257, windows1258, xMacCyrillic

    /// The encoding's name in the Encoding Standard.
    var name: String {
        switch self {
        case .ibm866: "IBM866"
        case .iso8859_2: "ISO-8859-2"
        case .iso8859_3: "ISO-8859-3"
        case .iso8859_4: "ISO-8859-4"
        case .iso8859_5: "ISO-8859-5"
        case .iso8859_6: "ISO-8859-6"
        case .iso8859_7: "ISO-8859-7"
        case .iso8859_8: "ISO-8859-8"
        case .iso8859_8I: "ISO-8859-8-I"
        case .iso8859_10: "ISO-8859-10"
        case .iso8859_13: "ISO-8859-13"
        case .iso8859_14: "ISO-8859-14"
        case .iso8859_15: "ISO-8859-15"
        case .iso8859_16: "ISO-8859-16"
        case .koi8R: "KOI8-R"
        case .koi8U: "KOI8-U"
        case .macintosh: "macintosh"
        case .windows874: "windows-874"
        case .windows1250: "windows-1250"
        case .windows1251: "windows-1251"
        case .windows1252: "windows-1252"
        case .windows1253: "windows-1253"
        case .windows1254: "windows-1254"
        case .windows1255: "windows-1255"
        case .windows1256: "windows-1256"
        case .windows1257: "windows-1257"
        case .windows1258: "windows-1258"
        case .xMacCyrillic: "x-mac-cyrillic"
        }
    }

    /// The code points of bytes 0x80–0xFF; zero where the encoding defines none.
    var upperHalf: [UInt16] {
        switch self {
        case .ibm866: Self.ibm866Table
        case .iso8859_2: Self.iso8859_2Table
        case .iso8859_3: Self.iso8859_3Table
        case .iso8859_4: Self.iso8859_4Table
        case .iso8859_5: Self.iso8859_5Table
        case .iso8859_6: Self.iso8859_6Table
        case .iso8859_7: Self.iso8859_7Table
        case .iso8859_8, .iso8859_8I: Self.iso8859_8Table
        case .iso8859_10: Self.iso8859_10Table
        case .iso8859_13: Self.iso8859_13Table
        case .iso8859_14: Self.iso8859_14Table
        case .iso8859_15: Self.iso8859_15Table
        case .iso8859_16: Self.iso8859_16Table
        case .koi8R: Self.koi8RTable
        case .koi8U: Self.koi8UTable
        case .macintosh: Self.macintoshTable
        case .windows874: Self.windows874Table
        case .windows1250: Self.windows1250Table
        case .windows1251: Self.windows1251Table
        case .windows1252: Self.windows1252Table
        case .windows1253: Self.windows1253Table
        case .windows1254: Self.windows1254Table
        case .windows1255: Self.windows1255Table
        case .windows1256: Self.windows1256Table
        case .windows1257: Self.windows1257Table
        case .windows1258: Self.windows1258Table
        case .xMacCyrillic: Self.xMacCyrillicTable
        }
    }
}
