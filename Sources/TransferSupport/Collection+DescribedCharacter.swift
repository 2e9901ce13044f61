extension Collection<UInt8> {
    /// The character that starts at `index` of UTF-8 text, as an error message names what it
    /// found: `'x'` for printable ASCII, `U+000A` for an ASCII control character, `'é' (U+00E9)` for
    /// a character beyond ASCII — all of it, not its first byte — and `byte 0xFF, which is not
    /// UTF-8` where the bytes are not UTF-8.
    ///
    /// - Parameter index: A valid index of the collection, not its end.
    package func describedCharacter(at index: Index) -> String {
        let byte = self[index]
        if byte >= 0x20, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte < 0x80 { return Unicode.Scalar(byte).codePointNotation }
        var end = self.index(after: index)
        var length = 1
        while end < endIndex, length < 4, self[end] & 0xC0 == 0x80 {
            formIndex(after: &end)
            length += 1
        }
        guard let character = String(validating: self[index..<end], as: UTF8.self),
            let scalar = character.unicodeScalars.first
        else {
            return "byte 0x\(String(byte, radix: 16, uppercase: true)), which is not UTF-8"
        }
        return "'\(character)' (\(scalar.codePointNotation))"
    }
}

extension Unicode.Scalar {
    /// `U+` and the scalar's value in at least four upper-case hexadecimal digits: `U+00E9`.
    package var codePointNotation: String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
