import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A well-formedness-checking reader of the element structure of an XML document: start tags with
/// their attributes, and end tags. Text, comments, CDATA sections, processing instructions and a
/// document type declaration are read past.
///
/// It exists so that the declaration parsers do not hand untrusted bytes to Foundation's `XMLParser`,
/// which on Linux traps or crashes on some malformed documents (a name that is not UTF-8, a
/// processing instruction without data), and needs libxml2. It is a single pass with an explicit
/// element stack (no recursion), and it expands only XML's five predefined entities and character
/// references, so no document can make it recurse or expand without bound.
struct XMLElementReader {
    /// Why the document is not well-formed XML, and on which line.
    struct SyntaxError: Error {
        let line: Int
        let reason: String
    }

    /// What the reader reports.
    enum Event {
        /// A start tag, or an empty-element tag (followed at once by its `.end`).
        case start(name: String, attributes: [String: String], line: Int)
        case end(name: String)
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// Reads `data` (UTF-8, with or without a byte-order mark) and hands each event to `body`.
    static func read(_ data: Data, _ body: (Event) -> Void) throws(SyntaxError) {
        var reader = XMLElementReader(bytes: Array(data))
        try reader.read(body)
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    private mutating func read(_ body: (Event) -> Void) throws(SyntaxError) {
        if let invalid = bytes[index...].withUnsafeBufferPointer({ UTF8Validation.firstInvalidByte(in: $0) }) {
            let position = index + invalid
            let lines = 1 + bytes[..<position].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw SyntaxError(
                line: lines,
                reason:
                    "expected UTF-8 text, found the byte 0x\(String(bytes[position], radix: 16, uppercase: true)) (byte \(position))"
            )
        }
        var open: [String] = []
        var sawRoot = false
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<") else {
                if byte == 0x0A { line += 1 }
                if open.isEmpty, !Self.isSpace(byte) {
                    throw SyntaxError(
                        line: line, reason: "expected only white space outside the root element, found text")
                }
                index += 1
                continue
            }
            if looking(at: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if looking(at: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if looking(at: "<![CDATA[") {
                guard !open.isEmpty else {
                    throw SyntaxError(
                        line: line, reason: "expected a CDATA section inside an element, found one outside")
                }
                try skip(past: "]]>", what: "CDATA section")
            } else if looking(at: "<!DOCTYPE") {
                guard !sawRoot, open.isEmpty else {
                    throw SyntaxError(line: line, reason: "expected the document type before the root element")
                }
                try skipDocumentType()
            } else if looking(at: "</") {
                index += 2
                let name = try readName()
                skipSpace()
                try expect(">", after: "the name of an end tag")
                guard let expected = open.popLast() else {
                    throw SyntaxError(
                        line: line, reason: "expected no end tag after the root element, found </\(name)>")
                }
                guard expected == name else {
                    throw SyntaxError(line: line, reason: "expected </\(expected)>, found </\(name)>")
                }
                body(.end(name: name))
            } else {
                let startLine = line
                index += 1
                let name = try readName()
                guard open.isEmpty ? !sawRoot : true else {
                    throw SyntaxError(line: line, reason: "expected one root element, found a second: <\(name)>")
                }
                var attributes: [String: String] = [:]
                while true {
                    let hadSpace = skipSpace()
                    guard index < bytes.count else {
                        throw SyntaxError(
                            line: line, reason: "expected '>' to end <\(name)>, found the end of the input")
                    }
                    if looking(at: "/>") {
                        index += 2
                        body(.start(name: name, attributes: attributes, line: startLine))
                        body(.end(name: name))
                        if open.isEmpty { sawRoot = true }
                        break
                    }
                    if bytes[index] == UInt8(ascii: ">") {
                        index += 1
                        body(.start(name: name, attributes: attributes, line: startLine))
                        open.append(name)
                        sawRoot = true
                        break
                    }
                    guard hadSpace else {
                        throw SyntaxError(
                            line: line,
                            reason: "expected white space, '>' or '/>' after <\(name), found '\(character(at: index))'")
                    }
                    let attribute = try readName()
                    skipSpace()
                    try expect("=", after: "the attribute \(attribute)")
                    skipSpace()
                    let value = try readAttributeValue(of: attribute)
                    guard attributes.updateValue(value, forKey: attribute) == nil else {
                        throw SyntaxError(
                            line: line, reason: "expected each attribute once, found \(attribute) twice in <\(name)>")
                    }
                }
            }
        }
        if let unclosed = open.last {
            throw SyntaxError(line: line, reason: "expected </\(unclosed)>, found the end of the input")
        }
        guard sawRoot else { throw SyntaxError(line: line, reason: "expected a root element, found none") }
    }

    private func looking(at text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: count)
        return bytes[index..<(index + count)].elementsEqual(pattern)
    }

    /// Moves past the next `terminator`, counting lines.
    private mutating func skip(past terminator: StaticString, what: String) throws(SyntaxError) {
        let startLine = line
        while index < bytes.count {
            if looking(at: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        throw SyntaxError(
            line: startLine, reason: "expected the \(what) that starts here to end, found the end of the input")
    }

    /// Moves past `<!DOCTYPE …>`, with its internal subset in brackets (whose declarations are not
    /// used: no entity it declares is expanded).
    private mutating func skipDocumentType() throws(SyntaxError) {
        let startLine = line
        var depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { line += 1 }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0: return
            default: break
            }
        }
        throw SyntaxError(
            line: startLine,
            reason: "expected the document type declaration that starts here to end, found the end of the input")
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return index > start
    }

    private mutating func expect(_ character: Unicode.Scalar, after what: String) throws(SyntaxError) {
        guard index < bytes.count else {
            throw SyntaxError(line: line, reason: "expected '\(character)' after \(what), found the end of the input")
        }
        guard bytes[index] == UInt8(character.value) else {
            throw SyntaxError(
                line: line, reason: "expected '\(character)' after \(what), found '\(self.character(at: index))'")
        }
        index += 1
    }

    /// A name: up to white space or one of `/>=<"'`; its first character not one that cannot
    /// start an XML name.
    private mutating func readName() throws(SyntaxError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isSpace(byte) || "/>=<\"'".utf8.contains(byte) { break }
            index += 1
        }
        guard index > start else {
            let found = index < bytes.count ? "'\(character(at: index))'" : "the end of the input"
            throw SyntaxError(line: line, reason: "expected a name, found \(found)")
        }
        let first = bytes[start]
        if (0x30...0x39).contains(first) || first == UInt8(ascii: "-") || first == UInt8(ascii: ".") {
            throw SyntaxError(
                line: line, reason: "expected a name, found one that starts with '\(character(at: start))'")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A quoted attribute value, its entity and character references expanded.
    private mutating func readAttributeValue(of attribute: String) throws(SyntaxError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            let found = index < bytes.count ? "'\(character(at: index))'" : "the end of the input"
            throw SyntaxError(line: line, reason: "expected a quoted value for \(attribute), found \(found)")
        }
        let quote = bytes[index]
        index += 1
        var value: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "<"):
                throw SyntaxError(line: line, reason: "expected no '<' in the value of \(attribute), found one")
            case UInt8(ascii: "&"):
                value += try readReference(in: attribute)
                continue
            case 0x0A:
                line += 1
                value.append(0x20)  // XML normalizes line ends in attribute values to spaces
            case 0x09, 0x0D:
                value.append(0x20)
            default:
                value.append(byte)
            }
            index += 1
        }
        guard index < bytes.count else {
            throw SyntaxError(
                line: line,
                reason: "expected the closing quote of the value of \(attribute), found the end of the input")
        }
        index += 1
        return String(decoding: value, as: UTF8.self)
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#N;` or `&#xH;`, as UTF-8.
    private mutating func readReference(in attribute: String) throws(SyntaxError) -> [UInt8] {
        let start = index
        guard let semicolon = bytes[index..<min(bytes.count, index + 12)].firstIndex(of: UInt8(ascii: ";")) else {
            throw SyntaxError(
                line: line, reason: "expected an entity such as &amp; in the value of \(attribute), found a bare '&'")
        }
        let entity = String(decoding: bytes[(start + 1)..<semicolon], as: UTF8.self)
        index = semicolon + 1
        if let byte = Self.predefinedEntities[entity] { return [byte] }
        if entity.hasPrefix("#") {
            let digits = entity.dropFirst()
            let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            if let value, let scalar = Unicode.Scalar(value), value != 0 {
                return Array(String(Character(scalar)).utf8)
            }
        }
        throw SyntaxError(
            line: line,
            reason:
                "expected &amp;, &lt;, &gt;, &quot;, &apos; or a character reference in the value of \(attribute), found &\(entity);"
        )
    }

    private func character(at position: Int) -> String {
        String(decoding: bytes[position..<min(bytes.count, position + 1)], as: UTF8.self)
    }

    /// XML's five predefined entities.
    private static let predefinedEntities: [String: UInt8] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27,
    ]

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
