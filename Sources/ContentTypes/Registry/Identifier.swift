/// Case folding and validation shared by identifiers and tags.
///
/// Apple compares identifiers and tags case-insensitively. Both are ASCII in practice, so folding is
/// ASCII-only: that keeps lookups to one pass over the bytes and no allocation when the key is
/// already lower case.
enum Identifier {
    /// The key a string is indexed under: ASCII-lowercased, other characters unchanged.
    ///
    /// - Complexity: O(*n*); no allocation when `string` has no ASCII capital letter.
    @inline(__always)
    static func key(_ string: String) -> String {
        func hasCapital(_ bytes: some Collection<UInt8>) -> Bool {
            // No early exit, so the loop vectorizes: keys are short.
            var found: UInt8 = 0
            for byte in bytes { found |= byte &- 0x41 < 26 ? 1 : 0 }
            return found != 0
        }
        return string.utf8.withContiguousStorageIfAvailable(hasCapital) ?? hasCapital(string.utf8)
            ? String(decoding: string.utf8.map(lower), as: UTF8.self) : string
    }

    /// Whether two strings are equal ignoring ASCII case.
    static func equalIgnoringCase(_ lhs: String, _ rhs: String) -> Bool {
        var left = lhs.utf8.makeIterator()
        var right = rhs.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return true
            case (let l?, let r?) where lower(l) == lower(r): continue
            default: return false
            }
        }
    }

    /// Feeds the ASCII-lowercased bytes of `string` to `hasher`.
    static func hashIgnoringCase(_ string: String, into hasher: inout Hasher) {
        var count = 0
        for byte in string.utf8 {
            hasher.combine(lower(byte))
            count += 1
        }
        hasher.combine(count)
    }

    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// Why `identifier` is not a well-formed type identifier, or `nil` when it is.
    ///
    /// A well-formed identifier is non-empty, made of ASCII letters and digits, `-`, `.` and
    /// characters above U+007F, neither starts nor ends with `.`, and has no empty component (`..`).
    static func problem(with identifier: String) -> String? {
        if identifier.isEmpty { return "the identifier is empty" }
        if identifier.hasPrefix(".") || identifier.hasSuffix(".") {
            return "an identifier cannot start or end with '.'"
        }
        if identifier.contains("..") { return "an identifier cannot contain an empty component ('..')" }
        for scalar in identifier.unicodeScalars {
            let value = scalar.value
            let allowed =
                (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                || value == 0x2D || value == 0x2E || value > 0x7F
            if !allowed {
                return "the character \(scalar.debugDescription) is not allowed (letters, digits, '-' and '.' only)"
            }
        }
        return nil
    }

    /// Why `tag` cannot be a tag of `tagClass`, or `nil` when it can.
    static func problem(withTag tag: String, of tagClass: UTTagClass) -> String? {
        if tag.isEmpty { return "the tag is empty" }
        if tag.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "the tag contains a control character"
        }
        if tagClass == .filenameExtension, tag.contains("/") {
            return "a filename extension cannot contain '/'"
        }
        if tagClass == .mimeType, !tag.contains("/") {
            return "a MIME type has the form type/subtype"
        }
        return nil
    }
}
