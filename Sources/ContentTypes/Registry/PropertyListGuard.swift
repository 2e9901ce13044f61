import TransferSupport

#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A guard for Foundation's property-list parser, checked before the parser sees the input, for
/// the two kinds of XML it cannot survive: nesting (it recurses once per level, so a hundred
/// thousand nested `<array>`s overflow the stack) and bytes that are not UTF-8 in a document that
/// says it is (its integer reader traps on them: found by `Scripts/fuzz.sh infoplist`).
///
/// Every element that can hold a value counts as a level — `<array>`, `<dict>`, and `<plist>`,
/// which the parser also reads as a value — while comments, `CDATA` sections, processing
/// instructions and the document type, which it skips, are skipped here too; a UTF-16 document
/// is checked as the UTF-8 the parser turns it into. Binary property lists are read lazily, and
/// their readers bound their own depth (``exceedsLimit(codingPath:)``).
package enum PropertyListGuard {
    /// The deepest nesting of arrays and dictionaries accepted, as for JSON.
    package static let limit = 512

    /// The words for a document that nests deeper than ``limit``.
    package static var tooDeep: String { "nests arrays and dictionaries more than \(limit) levels deep" }

    /// What makes an XML property list unsafe to hand to Foundation, in words; `nil` when it is
    /// safe (binary property lists are not checked here).
    package static func problem(in data: Data) -> String? {
        if data.starts(with: Array("bplist".utf8)) { return nil }
        if let utf8 = utf16AsUTF8(data) { return exceedsLimit(utf8) ? tooDeep : nil }
        if exceedsLimit(data) { return tooDeep }
        if declaresUTF8(data), let offset = UTF8Validation.firstInvalidByte(in: data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let byte = data[data.startIndex + offset]
            return "expected UTF-8 text, found the byte 0x\(String(byte, radix: 16, uppercase: true)) (line \(line))"
        }
        return nil
    }

    /// Whether a value read at `codingPath` is nested deeper than ``limit``: what a reader of
    /// binary property lists (whose objects may even contain themselves) checks as it descends.
    package static func exceedsLimit(codingPath: [any CodingKey]) -> Bool {
        codingPath.count > limit
    }

    /// The document as UTF-8, when it is UTF-16 (a byte-order mark, or `<` and a zero byte at its
    /// start); `nil` for anything else.
    private static func utf16AsUTF8(_ data: Data) -> Data? {
        let bytes = Array(data.prefix(2))
        guard bytes.count == 2 else { return nil }
        let bigEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0xFE, 0xFF), (0x00, UInt8(ascii: "<")): bigEndian = true
        case (0xFF, 0xFE), (UInt8(ascii: "<"), 0x00): bigEndian = false
        default: return nil
        }
        var units: [UInt16] = []
        units.reserveCapacity(data.count / 2)
        var index = data.startIndex
        while index + 1 < data.endIndex {
            let (first, second) = (UInt16(data[index]), UInt16(data[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Data(String(decoding: units, as: UTF16.self).utf8)
    }

    /// Whether the document is UTF-8 by the XML rules: no UTF-16 byte-order mark, and an
    /// encoding declaration that is absent or names UTF-8.
    private static func declaresUTF8(_ data: Data) -> Bool {
        if data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) { return false }
        let head = String(decoding: data.prefix(200), as: UTF8.self).lowercased()
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"),
            let declarationEnd = head.firstRange(of: "?>"),
            let encoding = head[..<declarationEnd.lowerBound].firstRange(of: "encoding")
        else { return true }
        let rest = head[encoding.upperBound..<declarationEnd.lowerBound].drop {
            $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'"
        }
        return rest.hasPrefix("utf-8") || rest.hasPrefix("utf8")
    }

    /// Whether an XML property list nests values deeper than ``limit``: opening `<array>`,
    /// `<dict>` and `<plist>` tags counted against their closing tags in one pass, past comments,
    /// `CDATA` sections, processing instructions and declarations. Binary property lists are not
    /// checked (`false`).
    package static func exceedsLimit(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var depth = 0
            var index = 0
            let count = bytes.count
            while index < count {
                guard bytes[index] == UInt8(ascii: "<"), index + 1 < count else {
                    index += 1
                    continue
                }
                // What the parser skips, skipped whole: a closing tag inside it counts for nothing.
                if let end = skipped(bytes, at: index) {
                    index = end
                    continue
                }
                let closing = bytes[index + 1] == UInt8(ascii: "/")
                let nameStart = index + (closing ? 2 : 1)
                if matches(bytes, at: nameStart, "array") || matches(bytes, at: nameStart, "dict")
                    || matches(bytes, at: nameStart, "plist")
                {
                    // Find the end of the tag: a self-closing one (`<array/>`) opens nothing.
                    var end = nameStart
                    while end < count, bytes[end] != UInt8(ascii: ">") { end += 1 }
                    let selfClosing = end > nameStart && bytes[end - 1] == UInt8(ascii: "/")
                    if closing {
                        depth = max(0, depth - 1)
                    } else if !selfClosing {
                        depth += 1
                        if depth > limit { return true }
                    }
                    index = end
                }
                index += 1
            }
            return false
        }
    }

    /// The offset after a comment (`<!-- … -->`), a `CDATA` section (`<![CDATA[ … ]]>`), a
    /// processing instruction (`<? … ?>`) or a declaration (`<!DOCTYPE … >`) starting at `index`
    /// (the end of the input when it is not closed); `nil` when none starts there.
    private static func skipped(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        func starts(_ text: StaticString, at offset: Int) -> Bool {
            let length = text.utf8CodeUnitCount
            guard offset + length <= bytes.count else { return false }
            for position in 0..<length where bytes[offset + position] != text.utf8Start[position] { return false }
            return true
        }
        func end(after terminator: StaticString, from start: Int) -> Int {
            var position = start
            while position < bytes.count {
                if starts(terminator, at: position) { return position + terminator.utf8CodeUnitCount }
                position += 1
            }
            return bytes.count
        }
        if starts("<!--", at: index) { return end(after: "-->", from: index + 4) }
        if starts("<![CDATA[", at: index) { return end(after: "]]>", from: index + 9) }
        if starts("<?", at: index) { return end(after: "?>", from: index + 2) }
        if starts("<!", at: index) { return end(after: ">", from: index + 2) }
        return nil
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ name: StaticString) -> Bool {
        let length = name.utf8CodeUnitCount
        guard start + length < bytes.count else { return false }
        for offset in 0..<length where bytes[start + offset] != name.utf8Start[offset] { return false }
        let next = bytes[start + length]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09 || next == 0x0A
            || next == 0x0D
    }
}
