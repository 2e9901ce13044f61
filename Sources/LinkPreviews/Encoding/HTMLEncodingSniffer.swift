internal import ContentTypes

/// Determines a page's character encoding as the HTML standard's "encoding sniffing algorithm" does.
///
/// In order: a byte order mark; the transport's `charset` (the `Content-Type` parameter); a prescan of
/// the first 1,024 bytes for `<meta charset>` or `<meta http-equiv="Content-Type" content="…charset=…">`;
/// then UTF-8. The standard's last step is a locale-dependent default (windows-1252 in most locales);
/// UTF-8 is chosen instead, as 98% of the web is UTF-8 and a server has no locale — documented in
/// `Docs/LinkPreviews.md`.
enum HTMLEncodingSniffer {
    /// What sniffing found: the encoding, how many bytes of byte order mark to skip, and whether the
    /// encoding is certain (a byte order mark or the transport said so) or only tentative (the
    /// prescan, or the default), which a `<meta>` declaration met later while parsing may change.
    struct Result: Equatable {
        var encoding: WebTextEncoding
        var byteOrderMarkLength: Int
        var isCertain = false
    }

    /// Sniffs `bytes`, given the transport's `Content-Type` header, if any.
    static func sniff(_ bytes: UnsafeBufferPointer<UInt8>, contentType: String?) -> Result {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            return Result(encoding: .utf8, byteOrderMarkLength: 3, isCertain: true)
        }
        if bytes.count >= 2, bytes[0] == 0xFE, bytes[1] == 0xFF {
            return Result(encoding: .utf16BigEndian, byteOrderMarkLength: 2, isCertain: true)
        }
        if bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xFE {
            return Result(encoding: .utf16LittleEndian, byteOrderMarkLength: 2, isCertain: true)
        }
        if let contentType, let label = charsetParameter(of: contentType),
            let encoding = WebTextEncoding(label: label)
        {
            return Result(encoding: encoding, byteOrderMarkLength: 0, isCertain: true)
        }
        if let encoding = prescan(UnsafeBufferPointer(rebasing: bytes.prefix(1024))) {
            return Result(encoding: encoding, byteOrderMarkLength: 0)
        }
        return Result(encoding: .utf8, byteOrderMarkLength: 0)
    }

    /// The `charset` parameter of a `Content-Type` header, or `nil`.
    static func charsetParameter(of contentType: String) -> String? {
        guard let mediaType = try? MediaType(parsing: contentType) else { return nil }
        return mediaType.parameters.first { $0.name == "charset" }?.value
    }

    // MARK: - The prescan

    /// The HTML standard's "prescan a byte stream to determine its encoding".
    static func prescan(_ bytes: UnsafeBufferPointer<UInt8>) -> WebTextEncoding? {
        var position = 0
        let end = bytes.count
        func startsWith(_ text: StaticString, at index: Int, caseInsensitive: Bool = false) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= end else { return false }
            let pattern = text.utf8Start
            for offset in 0..<count {
                let byte = caseInsensitive ? bytes[index + offset].asciiLowercased : bytes[index + offset]
                if byte != pattern[offset] { return false }
            }
            return true
        }
        while position < end {
            if startsWith("<!--", at: position) {
                // To the '>' of the first "-->" after the '<' (so "<!-->" is a whole comment).
                var index = position + 2
                while index + 2 < end, !(bytes[index] == 0x2D && bytes[index + 1] == 0x2D && bytes[index + 2] == 0x3E) {
                    index += 1
                }
                guard index + 2 < end else { return nil }
                position = index + 3
                continue
            }
            if startsWith("<meta", at: position, caseInsensitive: true), position + 5 < end,
                bytes[position + 5].isASCIIWhitespace || bytes[position + 5] == 0x2F
            {
                position += 6
                if let encoding = meta(bytes, position: &position) { return encoding }
                continue
            }
            if bytes[position] == 0x3C, position + 1 < end {
                let next = bytes[position + 1]
                let isTag = next.isASCIIAlpha
                let isEndTag = next == 0x2F && position + 2 < end && bytes[position + 2].isASCIIAlpha
                if isTag || isEndTag {
                    position += isEndTag ? 2 : 1
                    while position < end, !bytes[position].isASCIIWhitespace, bytes[position] != 0x3E { position += 1 }
                    while attribute(bytes, position: &position) != nil {}
                    position += 1
                    continue
                }
                if next == 0x21 || next == 0x2F || next == 0x3F {
                    while position < end, bytes[position] != 0x3E { position += 1 }
                    position += 1
                    continue
                }
            }
            position += 1
        }
        return nil
    }

    /// Reads a `<meta>` element's attributes and returns the encoding it declares, if any.
    private static func meta(_ bytes: UnsafeBufferPointer<UInt8>, position: inout Int) -> WebTextEncoding? {
        var seen: Set<[UInt8]> = []
        var gotPragma = false
        var needPragma: Bool?
        var charset: WebTextEncoding?
        var charsetFound = false
        while let (name, value) = attribute(bytes, position: &position) {
            guard seen.insert(name).inserted else { continue }
            switch String(decoding: name, as: UTF8.self) {
            case "http-equiv":
                if value == Array("content-type".utf8) { gotPragma = true }
            case "content":
                if !charsetFound, let label = charsetFromMetaContent(value) {
                    charset = WebTextEncoding(label: String(decoding: label, as: UTF8.self))
                    charsetFound = true
                    needPragma = true
                }
            case "charset":
                charset = WebTextEncoding(label: String(decoding: value, as: UTF8.self))
                charsetFound = true
                needPragma = false
            default:
                break
            }
        }
        guard let needPragma, !(needPragma && !gotPragma), let charset else { return nil }
        return declared(charset)
    }

    /// The encoding a `<meta>` declaration means: a UTF-16 label means UTF-8 (a page whose bytes
    /// could be read as ASCII to find the declaration is not UTF-16), `x-user-defined` means
    /// windows-1252 — the same in the prescan and in the standard's "change the encoding".
    static func declared(_ encoding: WebTextEncoding) -> WebTextEncoding {
        switch encoding {
        case .utf16BigEndian, .utf16LittleEndian: .utf8
        case .userDefined: .singleByte(.windows1252)
        default: encoding
        }
    }

    /// The encoding a `<meta>` start tag declares, as the tree builder reads it ("in head", for a
    /// `meta` element): its `charset` attribute when that is a known label, else the `charset=` in
    /// the `content` of an `http-equiv="Content-Type"`.
    static func declaration(charset: String?, httpEquiv: String?, content: String?) -> WebTextEncoding? {
        if let charset, let encoding = WebTextEncoding(label: charset) { return declared(encoding) }
        guard let httpEquiv, httpEquiv.trimmingASCIIWhitespace().lowercasedASCII() == "content-type",
            let content, let label = charsetFromMetaContent(Array(content.lowercasedASCII().utf8)),
            let encoding = WebTextEncoding(label: String(decoding: label, as: UTF8.self))
        else { return nil }
        return declared(encoding)
    }

    /// The standard's "get an attribute": a lower-cased name and value, or `nil` at '>' or the end.
    private static func attribute(
        _ bytes: UnsafeBufferPointer<UInt8>,
        position: inout Int
    ) -> (name: [UInt8], value: [UInt8])? {
        let end = bytes.count
        while position < end, bytes[position].isASCIIWhitespace || bytes[position] == 0x2F { position += 1 }
        guard position < end, bytes[position] != 0x3E else { return nil }
        var name: [UInt8] = []
        var value: [UInt8] = []
        // The name.
        while true {
            guard position < end else { return nil }
            let byte = bytes[position]
            if byte == 0x3D, !name.isEmpty {
                position += 1
                break
            }
            if byte.isASCIIWhitespace {
                while position < end, bytes[position].isASCIIWhitespace { position += 1 }
                guard position < end else { return nil }
                if bytes[position] != 0x3D { return (name, []) }
                position += 1
                break
            }
            if byte == 0x2F || byte == 0x3E { return (name, []) }
            name.append(byte.asciiLowercased)
            position += 1
        }
        // The value.
        while position < end, bytes[position].isASCIIWhitespace { position += 1 }
        guard position < end else { return nil }
        let first = bytes[position]
        if first == 0x22 || first == 0x27 {
            position += 1
            while position < end {
                let byte = bytes[position]
                position += 1
                if byte == first { return (name, value) }
                value.append(byte.asciiLowercased)
            }
            return nil
        }
        if first == 0x3E { return (name, []) }
        while position < end {
            let byte = bytes[position]
            if byte.isASCIIWhitespace || byte == 0x3E { return (name, value) }
            value.append(byte.asciiLowercased)
            position += 1
        }
        return nil
    }

    /// The standard's "extract a character encoding from a meta element": the label after `charset=`.
    static func charsetFromMetaContent(_ content: [UInt8]) -> ArraySlice<UInt8>? {
        let pattern = Array("charset".utf8)
        var position = 0
        while position + pattern.count <= content.count {
            guard content[position..<(position + pattern.count)].elementsEqual(pattern) else {
                position += 1
                continue
            }
            position += pattern.count
            while position < content.count, content[position].isASCIIWhitespace { position += 1 }
            guard position < content.count, content[position] == 0x3D else { continue }
            position += 1
            while position < content.count, content[position].isASCIIWhitespace { position += 1 }
            guard position < content.count else { return nil }
            let first = content[position]
            if first == 0x22 || first == 0x27 {
                guard let close = content[(position + 1)...].firstIndex(of: first) else { return nil }
                return content[(position + 1)..<close]
            }
            var end = position
            while end < content.count, !content[end].isASCIIWhitespace, content[end] != 0x3B { end += 1 }
            return content[position..<end]
        }
        return nil
    }
}
