#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A guard for Foundation's property-list parser, which recurses once per level of nesting: a
/// document with a hundred thousand nested `<array>`s overflows the stack. Checked before the
/// parser sees the input.
package enum PropertyListNesting {
    /// The deepest nesting of arrays and dictionaries accepted, as for JSON.
    package static let limit = 512

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
