import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A JSON document checked against RFC 8259 and laid out flat: one token per value, containers
/// before their contents, so that decoding walks an array instead of a tree.
///
/// An object's tokens are its members' key and value tokens in turn. Strings and numbers keep
/// their bytes where they are in the input; nothing is converted until a decoder asks for it.
struct JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, `true`, `false`, null
    }

    struct Token {
        /// Strings: the first byte after the opening quote; other values: their first byte.
        var start: UInt32
        /// Strings: the closing quote; numbers and literals: the byte after them; containers: the
        /// index of the token after the container's contents.
        var end: UInt32
        /// Containers: how many elements (arrays) or members (objects) they hold.
        var count: UInt32
        var kind: Kind
        /// Strings: 1 when they hold escapes. Numbers: 1 when they have a fraction or an exponent.
        var flags: UInt8
    }

    var tokens: [Token] = []

    /// The deepest nesting of arrays and objects accepted, as with Foundation's `JSONDecoder`.
    static let maximumDepth = 512
    /// The largest document: token offsets are 32 bits.
    static let maximumSize = Int(UInt32.max) - 1
}

/// What is wrong with a document, and the byte offset where it was found.
struct JSONSyntaxError: Error {
    var offset: Int
    var message: String
    /// Whether the input ended where more was needed: with more input, the value might be valid.
    var atEnd = false
}

extension JSONTape {
    /// Parses `bytes` as one JSON text (RFC 8259), a UTF-8 byte-order mark allowed before it.
    ///
    /// - Throws: `JSONSyntaxError` at the first thing RFC 8259 does not allow: invalid UTF-8 (or
    ///   UTF-16/32), a control character in a string, an unknown escape, a lone surrogate, a leading
    ///   zero, a trailing comma, a missing value, anything after the value, nesting deeper than 512.
    init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) {
        guard bytes.count <= Self.maximumSize else {
            throw JSONSyntaxError(offset: 0, message: "the document is larger than 4 GiB")
        }
        if let encoding = UTF8Validation.utf16Or32(bytes) {
            throw JSONSyntaxError(offset: 0, message: "the document is \(encoding); JSON must be UTF-8 (RFC 8259 §8.1)")
        }
        if let invalid = UTF8Validation.firstInvalidByte(in: bytes) {
            throw JSONSyntaxError(
                offset: invalid, message: "invalid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)))"
            )
        }
        var parser = JSONParser(bytes: bytes)
        tokens.reserveCapacity(max(16, bytes.count / 24))
        try parser.parse(into: &tokens)
    }

    /// Parses one value at the start of `bytes` (no whitespace before it) onto `tokens`, for
    /// readers of a document that arrives in pieces, and returns the offset after it; `nil` when
    /// `bytes` ends before the value does and more input may follow (`isFinal` false).
    ///
    /// The value's bytes are not checked as UTF-8: the caller checks the range it gets back.
    static func parseValue(_ bytes: UnsafeBufferPointer<UInt8>, isFinal: Bool, into tokens: inout [Token])
        throws(JSONSyntaxError) -> Int?
    {
        var parser = JSONParser(bytes: bytes)
        do {
            try parser.parseValue(into: &tokens)
        } catch  where error.atEnd && !isFinal {
            return nil
        }
        // A number or literal that reaches the end of the input may go on in the next piece.
        if parser.position == bytes.count, !isFinal, let last = tokens.last,
            last.kind == .number || tokens.count == 1 && last.kind != .string
        {
            return nil
        }
        return parser.position
    }

}

/// The parser behind `JSONTape(parsing:)`: iterative, so nesting costs no stack.
struct JSONParser {
    let base: UnsafePointer<UInt8>
    let count: Int
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
        base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = bytes.count
    }

    mutating func parse(into tokens: inout [JSONTape.Token]) throws(JSONSyntaxError) {
        if count >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF { position = 3 }
        skipWhitespace()
        try parseValue(into: &tokens)
        skipWhitespace()
        if position < count {
            throw unexpected("the end of the document after the value")
        }
    }

    /// One value and everything in it, at `position`.
    mutating func parseValue(into tokens: inout [JSONTape.Token]) throws(JSONSyntaxError) {
        // The open containers: their token indexes.
        var open: [Int] = []
        try value(into: &tokens, open: &open)
        while let container = open.last {
            skipWhitespace()
            let isObject = tokens[container].kind == .object
            guard position < count else {
                throw JSONSyntaxError(
                    offset: position, message: "unexpected end of input: expected ',' or '\(isObject ? "}" : "]")'",
                    atEnd: true)
            }
            let byte = base[position]
            if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                position += 1
                tokens[container].end = UInt32(tokens.count)
                open.removeLast()
                continue
            }
            guard byte == UInt8(ascii: ",") else {
                throw unexpected("',' or '\(isObject ? "}" : "]")'")
            }
            position += 1
            skipWhitespace()
            if isObject {
                try member(into: &tokens)
            } else if position < count, base[position] == UInt8(ascii: "]") {
                throw JSONSyntaxError(offset: position, message: "a trailing comma: expected a value after ','")
            }
            tokens[container].count += 1
            try value(into: &tokens, open: &open)
        }
    }

    /// An object member's key and colon, after `{` or `,`.
    private mutating func member(into tokens: inout [JSONTape.Token]) throws(JSONSyntaxError) {
        guard position < count, base[position] == UInt8(ascii: "\"") else {
            if position < count, base[position] == UInt8(ascii: "}") {
                throw JSONSyntaxError(offset: position, message: "a trailing comma: expected a member after ','")
            }
            throw unexpected("a string key")
        }
        try string(into: &tokens)
        skipWhitespace()
        guard position < count, base[position] == UInt8(ascii: ":") else { throw unexpected("':' after the key") }
        position += 1
        skipWhitespace()
    }

    /// One value; a container is opened and left on `open` with its first element parsed.
    private mutating func value(into tokens: inout [JSONTape.Token], open: inout [Int]) throws(JSONSyntaxError) {
        while true {
            guard position < count else {
                throw JSONSyntaxError(
                    offset: position, message: "unexpected end of input: expected a value", atEnd: true)
            }
            let byte = base[position]
            switch byte {
            case UInt8(ascii: "\""):
                try string(into: &tokens)
                return
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < JSONTape.maximumDepth else {
                    throw JSONSyntaxError(
                        offset: position, message: "more than \(JSONTape.maximumDepth) levels of nesting")
                }
                let isObject = byte == UInt8(ascii: "{")
                tokens.append(
                    JSONTape.Token(
                        start: UInt32(position), end: 0, count: 0, kind: isObject ? .object : .array, flags: 0))
                position += 1
                skipWhitespace()
                let container = tokens.count - 1
                if position < count, base[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    position += 1
                    tokens[container].end = UInt32(tokens.count)
                    return
                }
                open.append(container)
                tokens[container].count = 1
                if isObject { try member(into: &tokens) }
                // Parse the first element in this loop.
                continue
            case UInt8(ascii: "t"):
                try literal("true", .true, into: &tokens)
                return
            case UInt8(ascii: "f"):
                try literal("false", .false, into: &tokens)
                return
            case UInt8(ascii: "n"):
                try literal("null", .null, into: &tokens)
                return
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number(into: &tokens)
                return
            default:
                throw unexpected("a value")
            }
        }
    }

    private mutating func literal(_ word: StaticString, _ kind: JSONTape.Kind, into tokens: inout [JSONTape.Token])
        throws(JSONSyntaxError)
    {
        let length = word.utf8CodeUnitCount
        guard position + length <= count, memcmp(base + position, word.utf8Start, length) == 0 else {
            var error = unexpected("a value")
            // "tru" at the end of a piece may be "true" with the next.
            error.atEnd = position + length > count && memcmp(base + position, word.utf8Start, count - position) == 0
            throw error
        }
        tokens.append(
            JSONTape.Token(start: UInt32(position), end: UInt32(position + length), count: 0, kind: kind, flags: 0))
        position += length
        try expectDelimiter()
    }

    private mutating func number(into tokens: inout [JSONTape.Token]) throws(JSONSyntaxError) {
        let start = position
        var flags: UInt8 = 0
        if base[position] == UInt8(ascii: "-") { position += 1 }
        guard position < count, isDigit(base[position]) else { throw unexpected("a digit") }
        if base[position] == UInt8(ascii: "0") {
            position += 1
            if position < count, isDigit(base[position]) {
                throw JSONSyntaxError(offset: position - 1, message: "a number with a leading zero")
            }
        } else {
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] == UInt8(ascii: ".") {
            flags = 1
            position += 1
            guard position < count, isDigit(base[position]) else { throw unexpected("a digit after the decimal point") }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        if position < count, base[position] | 0x20 == UInt8(ascii: "e") {
            flags = 1
            position += 1
            if position < count, base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < count, isDigit(base[position]) else { throw unexpected("a digit in the exponent") }
            while position < count, isDigit(base[position]) { position += 1 }
        }
        tokens.append(
            JSONTape.Token(start: UInt32(start), end: UInt32(position), count: 0, kind: .number, flags: flags))
        try expectDelimiter()
    }

    /// Steps over a string, checking it: the first quote with no escape before it ends it; a
    /// control character is an error; bytes past ASCII must be UTF-8. One pass over its bytes,
    /// sixteen at a time past the ordinary ones (``JSONStringScan/firstStop(in:from:to:)``),
    /// stopping only at a byte that needs a look.
    private mutating func string(into tokens: inout [JSONTape.Token]) throws(JSONSyntaxError) {
        let start = position + 1
        var flags: UInt8 = 0
        var index = start
        while true {
            // Text past ASCII comes in runs (a word in Cyrillic, a sentence in Japanese): a byte
            // past ASCII right after a sequence is looked at without a scan that would stop there.
            if index >= count || base[index] < 0x80 {
                index = JSONStringScan.firstStop(in: base, from: index, to: count)
            }
            guard index < count else {
                position = count
                throw JSONSyntaxError(offset: start - 1, message: "a string that is never closed", atEnd: true)
            }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                tokens.append(
                    JSONTape.Token(start: UInt32(start), end: UInt32(index), count: 0, kind: .string, flags: flags))
                position = index + 1
                return
            }
            if byte == UInt8(ascii: "\\") {
                flags = 1
                position = index
                try escape()
                index = position
                continue
            }
            if byte < 0x20 {
                position = index
                throw JSONSyntaxError(
                    offset: index,
                    message: "a control character (U+\(hex4(UInt16(byte)))) in a string: it must be escaped")
            }
            // The common two- and three-byte forms here; the others, and errors, by the full rules.
            if byte >= 0xC2, byte <= 0xDF, index &+ 1 < count, base[index &+ 1] & 0xC0 == 0x80 {
                index &+= 2
            } else if byte >= 0xE1, byte <= 0xEF, byte != 0xED, index &+ 2 < count,
                base[index &+ 1] & 0xC0 == 0x80, base[index &+ 2] & 0xC0 == 0x80
            {
                index &+= 3
            } else {
                position = index
                index &+= try utf8Sequence(stringStart: start)
            }
        }
    }

    /// The length of the UTF-8 sequence at `position`, in a string: a byte that is not UTF-8 is an
    /// error at that byte (overlong forms, surrogates and code points past U+10FFFF included); a
    /// sequence cut by the end of the input is a string not yet closed, for a reader that has more.
    private func utf8Sequence(stringStart start: Int) throws(JSONSyntaxError) -> Int {
        let lead = base[position]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF  // no overlong forms
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F  // no surrogates
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF  // no overlong forms
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F  // nothing past U+10FFFF
        case 0xF1...0xF3: length = 4
        default: throw invalidUTF8()
        }
        for offset in 1..<length {
            guard position + offset < count else {
                throw JSONSyntaxError(offset: start - 1, message: "a string that is never closed", atEnd: true)
            }
            let byte = base[position + offset]
            guard offset == 1 ? secondRange.contains(byte) : byte & 0xC0 == 0x80 else { throw invalidUTF8() }
        }
        return length
    }

    /// The error for the byte at `position`, which is not UTF-8.
    private func invalidUTF8() -> JSONSyntaxError {
        JSONSyntaxError(
            offset: position, message: "invalid UTF-8 (byte 0x\(String(base[position], radix: 16, uppercase: true)))")
    }

    /// Checks one escape sequence at `position` (a backslash) and steps over it.
    private mutating func escape() throws(JSONSyntaxError) {
        let backslash = position
        guard position + 1 < count else {
            throw JSONSyntaxError(offset: backslash, message: "a string that is never closed", atEnd: true)
        }
        switch base[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexEscape(at: backslash)
            position += 6
            if (0xD800...0xDBFF).contains(unit) {
                // Decided by the bytes there are, one at a time: the end of the input where a byte
                // is needed (more may follow), or the first byte that is not `\u` and a low
                // surrogate. Looking further than the byte that decides would make the error
                // depend on how much of the input was read (a reader in pieces parses a value
                // with only the bytes the scan gave it).
                if position == count || base[position] == UInt8(ascii: "\\") && position + 1 == count {
                    throw JSONSyntaxError(offset: backslash, message: "a string that is never closed", atEnd: true)
                }
                guard base[position] == UInt8(ascii: "\\"), base[position + 1] == UInt8(ascii: "u"),
                    (0xDC00...0xDFFF).contains(try hexEscape(at: position))
                else {
                    throw JSONSyntaxError(
                        offset: backslash,
                        message: "a lone high surrogate (\\u\(hex4(unit))) without a low surrogate after it")
                }
                position += 6
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(offset: backslash, message: "a lone low surrogate (\\u\(hex4(unit)))")
            }
        default:
            throw JSONSyntaxError(
                offset: backslash,
                message: "an unknown escape sequence: expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    /// The code unit of the `\uXXXX` escape at `offset`.
    private func hexEscape(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
        guard offset + 6 <= count else {
            throw JSONSyntaxError(offset: offset, message: "a \\u escape without four hexadecimal digits", atEnd: true)
        }
        var unit: UInt16 = 0
        for index in (offset + 2)..<(offset + 6) {
            guard let digit = JSONParser.hexValue(base[index]) else {
                throw JSONSyntaxError(offset: offset, message: "a \\u escape without four hexadecimal digits")
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    /// After a number or literal: whitespace, a comma, a closing bracket or the end.
    private func expectDelimiter() throws(JSONSyntaxError) {
        guard position < count else { return }
        switch base[position] {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), 0x0A, 0x0D, 0x09: return
        default: throw unexpected("',', ']', '}' or whitespace after the value")
        }
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while position < count {
            switch base[position] {
            case UInt8(ascii: " "), 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// "expected X, found Y" at `position`.
    private func unexpected(_ expected: String) -> JSONSyntaxError {
        guard position < count else {
            return JSONSyntaxError(
                offset: position, message: "unexpected end of input: expected \(expected)", atEnd: true)
        }
        return JSONSyntaxError(
            offset: position,
            message: "expected \(expected), found \(JSONParser.describe(base: base, count: count, at: position))")
    }

    /// The character at `offset`, quoted and escaped for a message.
    static func describe(base: UnsafePointer<UInt8>, count: Int, at offset: Int) -> String {
        UnsafeBufferPointer(start: base, count: count).describedCharacter(at: offset)
    }
}

/// Four upper-case hexadecimal digits.
func hex4(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}
