#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads RTF into an attributed string: its text (Unicode escapes with their fallbacks skipped as
/// `\ucN` says, `\'hh` bytes as Windows-1252, the special-character control words), paragraph and
/// line breaks, tabs, and `HYPERLINK` fields as links. Formatting that Foundation has no attribute
/// for on every platform (fonts, sizes, colours, bold, italic) is read past, and so are the
/// destinations that hold no text (font and colour tables, style sheets, document information,
/// pictures, and any `\*` destination it does not know).
///
/// One pass over the bytes with an explicit group stack: no recursion, so no input can exhaust the
/// call stack. Malformed structure — no `{\rtf` header, an unbalanced brace, a bad `\'` escape —
/// is an ``RTFReader/Failure`` with the byte offset.
struct RTFReader {
    /// Why the input is not RTF this reader can read, and where.
    struct Failure: Error {
        let offset: Int
        let reason: String
    }

    /// The state a group opens with and restores when it closes.
    private struct Group {
        var destination = Destination.text
        /// How many characters of fallback follow each `\uN`.
        var unicodeSkip = 1
        /// The offset of the group's `{`, for errors.
        var start = 0
        /// Whether the group is a field, or a field's instruction or result, and which field.
        var field: Int?
        /// The link of the field whose result the group is in.
        var link: URL?
    }

    private enum Destination {
        case text
        /// Text not shown: a table, a picture, an unknown `\*` destination.
        case skipped
        /// A field's instruction, collected to find a link.
        case fieldInstruction
    }

    /// A field being read: its instruction text and the link it names, if any.
    private struct Field {
        var instruction = ""
        var link: URL?
    }

    private let bytes: [UInt8]
    private var index = 0
    private var stack: [Group] = []
    private var fields: [Field] = []
    /// The text so far, as runs of characters sharing a link.
    private var runs: [(text: String.UnicodeScalarView, link: URL?)] = []
    /// Fallback characters still to skip after a `\uN`.
    private var pendingSkip = 0
    /// A high surrogate from a `\uN`, waiting for its low half.
    private var pendingHighSurrogate: UInt16?

    /// Destinations whose text is never shown.
    private static let skippedDestinations: Set<String> = [
        "fonttbl", "colortbl", "expandedcolortbl", "stylesheet", "info", "pict", "object", "header",
        "headerl", "headerr", "headerf", "footer", "footerl", "footerr", "footerf", "footnote",
        "listtable", "listoverridetable", "rsidtbl", "revtbl", "filetbl", "generator", "themedata",
        "colorschememapping", "latentstyles", "datastore", "xmlnstbl", "mmathPr", "pgdsctbl",
        "nonshppict", "shp", "bkmkstart", "bkmkend", "xe", "tc", "txe",
    ]

    /// Control words that stand for one character.
    private static let characters: [String: Unicode.Scalar] = [
        "par": "\n", "sect": "\n", "page": "\n", "row": "\n", "line": "\u{2028}", "tab": "\t",
        "cell": "\t", "emdash": "\u{2014}", "endash": "\u{2013}", "emspace": "\u{2003}",
        "enspace": "\u{2002}", "bullet": "\u{2022}", "lquote": "\u{2018}", "rquote": "\u{2019}",
        "ldblquote": "\u{201C}", "rdblquote": "\u{201D}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// Windows-1252's characters for the bytes 0x80–0x9F (the rest are Latin-1's); `nil` where the
    /// code page has none.
    private static let windows1252: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil,
        0x017D, nil,
        nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, nil,
        0x017E, 0x0178,
    ]

    /// The deepest nesting of groups read: real documents nest a few dozen levels; past this the
    /// reader stops in words, as the JSON and property-list readers do, rather than holding a
    /// group for every `{` of a hostile input.
    static let maximumDepth = 512

    static func attributedString(fromRTF data: Data) throws(Failure) -> AttributedString {
        var reader = RTFReader(bytes: Array(data))
        return try reader.read()
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    private mutating func read() throws(Failure) -> AttributedString {
        // Leading white space is tolerated; then the header.
        while index < bytes.count, [0x20, 0x09, 0x0D, 0x0A].contains(bytes[index]) { index += 1 }
        guard bytes[index...].starts(with: Array(#"{\rtf"#.utf8)) else {
            let found = String(decoding: bytes[index..<min(bytes.count, index + 8)], as: UTF8.self)
            throw Failure(
                offset: index, reason: "expected RTF, which starts with '{\\rtf', found \(found.debugDescription)")
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"):
                guard stack.count < Self.maximumDepth else {
                    throw Failure(offset: index, reason: "nests groups more than \(Self.maximumDepth) levels deep")
                }
                var group = stack.last ?? Group()
                group.start = index
                stack.append(group)
                index += 1
                pendingSkip = 0
            case UInt8(ascii: "}"):
                guard !stack.isEmpty else {
                    throw Failure(offset: index, reason: "expected text or '{', found a '}' that closes no group")
                }
                flushSurrogate()
                closeField(stack.removeLast())
                index += 1
                pendingSkip = 0
                if stack.isEmpty { return finish() }  // what follows the document is not read
            case UInt8(ascii: "\\"):
                try readControl()
            case 0x0D, 0x0A, 0x00:
                index += 1  // line ends in the source are not text
            default:
                appendByte(byte)
                index += 1
            }
        }
        let open = stack.last?.start ?? 0
        throw Failure(
            offset: bytes.count,
            reason: "expected '}' to close the group opened at byte \(open), found the end of the input")
    }

    /// Reads a control word (`\word`, `\word-12`), a control symbol (`\{`, `\'e9`, `\~`), or an
    /// escaped line end, and acts on it.
    private mutating func readControl() throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else {
            throw Failure(
                offset: start, reason: "expected a control word or symbol after '\\', found the end of the input")
        }
        let first = bytes[index]
        guard isLetter(first) else {
            index += 1
            switch first {
            case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"): appendScalar(Unicode.Scalar(first))
            case 0x0D, 0x0A: appendScalar("\n")  // Cocoa's `\` + line end: a paragraph break
            case UInt8(ascii: "~"): appendScalar("\u{00A0}")
            case UInt8(ascii: "_"): appendScalar("\u{2011}")
            case UInt8(ascii: "-"): break  // an optional hyphen: shown only where a line breaks
            case UInt8(ascii: "*"):
                // An ignorable destination: read it only if the next word is one this reader knows.
                if !nextWordIsKnownDestination() { stack[stack.count - 1].destination = .skipped }
            case UInt8(ascii: "'"):
                guard index + 2 <= bytes.count, let high = Character(Unicode.Scalar(bytes[index])).hexDigitValue,
                    let low = Character(Unicode.Scalar(bytes[index + 1])).hexDigitValue
                else {
                    let found = String(decoding: bytes[index..<min(bytes.count, index + 2)], as: UTF8.self)
                    throw Failure(
                        offset: start,
                        reason: "expected two hexadecimal digits after \\', found \(found.debugDescription)")
                }
                index += 2
                appendByte(UInt8(high << 4 | low))
            default:
                break  // other control symbols have no text
            }
            return
        }
        var word = ""
        while index < bytes.count, isLetter(bytes[index]), word.utf8.count < 32 {
            word.unicodeScalars.append(Unicode.Scalar(bytes[index]))
            index += 1
        }
        var parameter: Int?
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var digits = 0
        var value = 0
        while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            if digits < 10 { value = value * 10 + Int(bytes[index] - 0x30) }
            digits += 1
            index += 1
        }
        if digits > 0 { parameter = negative ? -value : value }
        if index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }  // the delimiter
        apply(word, parameter)
    }

    private mutating func apply(_ word: String, _ parameter: Int?) {
        switch word {
        case "u":
            guard let parameter else { return }
            appendUTF16(UInt16(truncatingIfNeeded: parameter))
            pendingSkip = stack.last?.unicodeSkip ?? 1
        case "uc":
            stack[stack.count - 1].unicodeSkip = max(0, min(parameter ?? 1, 8))
        case "field":
            fields.append(Field())
            stack[stack.count - 1].field = fields.count - 1
        case "fldinst":
            if stack.last?.field != nil { stack[stack.count - 1].destination = .fieldInstruction }
        case "fldrslt":
            guard stack.last?.destination != .skipped else { return }
            stack[stack.count - 1].destination = .text
            if let field = stack.last?.field, let link = fields[field].link { stack[stack.count - 1].link = link }
        case "bin":
            // Binary data: that many bytes, which may hold anything, braces included.
            index = min(bytes.count, index + max(0, parameter ?? 0))
        case _ where Self.skippedDestinations.contains(word):
            stack[stack.count - 1].destination = .skipped
        default:
            if let scalar = Self.characters[word] { appendScalar(scalar) }
        }
    }

    /// Whether the control word after `\*` is a destination this reader reads.
    private func nextWordIsKnownDestination() -> Bool {
        var cursor = index
        while cursor < bytes.count, [0x20, 0x0D, 0x0A].contains(bytes[cursor]) { cursor += 1 }
        return bytes[cursor...].starts(with: Array(#"\fldinst"#.utf8))
    }

    /// When a field's group closes, its instruction is read for a link.
    private mutating func closeField(_ group: Group) {
        guard let field = group.field, group.destination == .fieldInstruction else { return }
        // `HYPERLINK "url"` or `HYPERLINK url`, with optional switches.
        let words = fields[field].instruction.split(separator: " ", omittingEmptySubsequences: true)
        guard let keyword = words.first, keyword.uppercased() == "HYPERLINK" else { return }
        let rest = fields[field].instruction.drop { $0 != "H" && $0 != "h" }.dropFirst("HYPERLINK".count)
        let target: Substring
        if let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest[rest.index(after: open)...]
            target = afterOpen.prefix { $0 != "\"" }
        } else {
            target = rest.split(separator: " ").first { !$0.hasPrefix("\\") } ?? ""
        }
        fields[field].link = URL(string: String(target))
    }

    private mutating func appendByte(_ byte: UInt8) {
        if byte < 0x80 {
            appendScalar(Unicode.Scalar(byte))
        } else if byte < 0xA0 {
            appendScalar(Self.windows1252[Int(byte - 0x80)].flatMap(Unicode.Scalar.init) ?? "\u{FFFD}")
        } else {
            appendScalar(Unicode.Scalar(byte))
        }
    }

    /// A high surrogate with no low half becomes a replacement character.
    private mutating func flushSurrogate() {
        guard pendingHighSurrogate != nil else { return }
        pendingHighSurrogate = nil
        emit("\u{FFFD}")
    }

    private mutating func appendUTF16(_ unit: UInt16) {
        if UTF16.isLeadSurrogate(unit) {
            flushSurrogate()
            pendingHighSurrogate = unit
            return
        }
        if UTF16.isTrailSurrogate(unit) {
            guard let high = pendingHighSurrogate else {
                emit("\u{FFFD}")
                return
            }
            pendingHighSurrogate = nil
            let value = 0x10000 + (UInt32(high - 0xD800) << 10) + UInt32(unit - 0xDC00)
            emit(Unicode.Scalar(value) ?? "\u{FFFD}")
            return
        }
        flushSurrogate()
        emit(Unicode.Scalar(unit) ?? "\u{FFFD}")
    }

    /// A character of text, unless it is a `\uN` fallback to skip.
    private mutating func appendScalar(_ scalar: Unicode.Scalar) {
        if pendingSkip > 0 {
            pendingSkip -= 1
            return
        }
        flushSurrogate()
        emit(scalar)
    }

    private mutating func emit(_ scalar: Unicode.Scalar) {
        guard let group = stack.last else { return }
        switch group.destination {
        case .skipped:
            return
        case .fieldInstruction:
            if let field = group.field { fields[field].instruction.unicodeScalars.append(scalar) }
            return
        case .text:
            break
        }
        let link = group.link
        if let last = runs.last, last.link == link {
            runs[runs.count - 1].text.append(scalar)
        } else {
            runs.append((String.UnicodeScalarView([scalar]), link))
        }
    }

    private func finish() -> AttributedString {
        var result = AttributedString()
        for run in runs {
            var piece = AttributedString(String(run.text))
            if let link = run.link { piece.link = link }
            result += piece
        }
        return result
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
