/// A 5×7 bitmap font for ASCII, public domain (X11 misc-fixed), for text on placeholder images.
enum BitmapFont {
    /// The glyph rows of a character; `?` for characters outside printable ASCII.
    static func rows(of character: Character) -> [UInt8] {
        guard let ascii = character.asciiValue, (0x20...0x7E).contains(ascii) else {
            return glyphs[Int(UInt8(ascii: "?") - 0x20)]
        }
        return glyphs[Int(ascii - 0x20)]
    }

    /// Whether the pixel at (`x`, `y`) of `text`, drawn with one pixel between characters and
    /// scaled by `scale`, is set.
    static func isSet(_ text: [Character], x: Int, y: Int, scale: Int) -> Bool {
        let column = x / scale
        let row = y / scale
        let advance = glyphWidth + 1
        let index = column / advance
        let glyphColumn = column % advance
        guard index < text.count, glyphColumn < glyphWidth, row < glyphHeight else { return false }
        return rows(of: text[index])[row] & (1 << UInt8(glyphWidth - 1 - glyphColumn)) != 0
    }

    /// The width of `count` characters at scale 1.
    static func width(of count: Int) -> Int {
        count == 0 ? 0 : count * (glyphWidth + 1) - 1
    }
}
