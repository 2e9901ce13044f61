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
package enum PropertyListGuard {
    /// The deepest nesting of arrays and dictionaries accepted, as for JSON.
    package static let limit = 512

    /// What makes an XML property list unsafe to hand to Foundation, in words; `nil` when it is
    /// safe (binary property lists are not checked).
    package static func problem(in data: Data) -> String? {
        if data.starts(with: Array("bplist".utf8)) { return nil }
        if exceedsLimit(data) { return "nests arrays and dictionaries more than \(limit) levels deep" }
        if declaresUTF8(data), let offset = UTF8Validation.firstInvalidByte(in: data) {
            let line = data.prefix(offset).reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let byte = data[data.startIndex + offset]
            return "expected UTF-8 text, found the byte 0x\(String(byte, radix: 16, uppercase: true)) (line \(line))"
        }
        return nil
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

    /// Whether an XML property list nests arrays and dictionaries deeper than ``limit``: opening
    /// `<array>` and `<dict>` tags counted against their closing tags in one pass. Binary property
    /// lists are not checked (`false`).
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
                let closing = bytes[index + 1] == UInt8(ascii: "/")
                let nameStart = index + (closing ? 2 : 1)
                if matches(bytes, at: nameStart, "array") || matches(bytes, at: nameStart, "dict") {
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

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, _ name: StaticString) -> Bool {
        let length = name.utf8CodeUnitCount
        guard start + length < bytes.count else { return false }
        for offset in 0..<length where bytes[start + offset] != name.utf8Start[offset] { return false }
        let next = bytes[start + length]
        return next == UInt8(ascii: ">") || next == UInt8(ascii: "/") || next == 0x20 || next == 0x09 || next == 0x0A
            || next == 0x0D
    }
}
