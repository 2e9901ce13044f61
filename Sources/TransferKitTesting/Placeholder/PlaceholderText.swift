/// Text laid out for a placeholder image: GNU Unifont's glyphs, 16 pixels tall, in visual order.
///
/// What it does, and what it does not:
/// - every character of the Basic Multilingual Plane that Unifont draws is drawn from its glyph,
///   8 pixels wide or 16 (kana, CJK ideographs, Hangul);
/// - a combining mark is drawn over the character before it (`e` + U+0301 is `é`), at the offset
///   Unifont gives it; zero-width characters (joiners, variation selectors) draw nothing;
/// - right-to-left text (Hebrew, Arabic and their neighbours) is drawn right to left: runs of it are
///   reversed, and a line that starts with one is laid out from the right (a small part of the
///   Unicode bidirectional algorithm: no explicit embeddings, neutrals follow the run they are in);
/// - no shaping: Arabic letters are drawn in their isolated forms, Indic scripts without conjuncts;
/// - a character the font does not have — an emoji, a character outside the Basic Multilingual Plane,
///   an unassigned or private-use code point, a control character — is drawn as a box, never
///   dropped and never a crash.
struct PlaceholderText {
    /// The glyphs, left to right, each with its horizontal position in pixels.
    let glyphs: [(x: Int, glyph: Unifont.Glyph)]
    /// The width of the line in pixels.
    let width: Int
    /// The height of a line in pixels.
    static let height = 16

    init(_ text: String) {
        var placed: [(x: Int, glyph: Unifont.Glyph)] = []
        var cursor = 0
        for character in Self.visualOrder(text) {
            var base: (x: Int, width: Int)?
            for scalar in character.unicodeScalars {
                if Self.isZeroWidth(scalar) { continue }
                guard let glyph = Unifont.glyph(for: scalar) else {
                    placed.append((cursor, Self.box))
                    base = (cursor, Self.box.width)
                    cursor += Self.box.width
                    continue
                }
                if glyph.combiningOffset != 0, let base {
                    // Over the base: Unifont draws a mark to be placed `combiningOffset` pixels left of
                    // the end of the glyph before it.
                    placed.append((base.x + base.width + glyph.combiningOffset, glyph))
                    continue
                }
                placed.append((cursor, glyph))
                base = (cursor, glyph.width)
                cursor += glyph.width
            }
        }
        glyphs = placed
        width = cursor
    }

    /// The pixels of the line, row by row, `true` where ink is.
    func bitmap() -> [[Bool]] {
        var rows = [[Bool]](repeating: [Bool](repeating: false, count: width), count: Self.height)
        for (x, glyph) in glyphs {
            for y in 0..<Self.height {
                for column in 0..<glyph.width where glyph.isSet(x: column, y: y) {
                    let target = x + column
                    if target >= 0 && target < width { rows[y][target] = true }
                }
            }
        }
        return rows
    }

    /// The box drawn for a character the font does not have: 16 wide, an outline.
    static let box: Unifont.Glyph = {
        var rows = [UInt16](repeating: 0, count: 16)
        rows[1] = 0x7FFE
        rows[14] = 0x7FFE
        for row in 2..<14 { rows[row] = 0x4002 }
        return Unifont.Glyph(width: 16, combiningOffset: 0, rows: rows)
    }()

    /// Characters with no width: joiners, variation selectors, the byte-order mark, directional marks.
    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFE00...0xFE0F, 0xFEFF, 0xE0100...0xE01EF: true
        default: false
        }
    }

    /// Whether a character is written right to left: Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan,
    /// Mandaic and their presentation forms.
    static func isRightToLeft(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF: return true
        default: return false
        }
    }

    /// Whether a character decides direction (a letter or digit of some script), rather than
    /// following its neighbours (spaces, punctuation).
    static func isStrong(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The characters in the order they are drawn, left to right.
    static func visualOrder(_ text: String) -> [Character] {
        let characters = Array(text)
        guard characters.contains(where: isRightToLeft) else { return characters }
        // Runs of one direction; a neutral joins the run before it (or the first one's direction).
        var runs: [(rightToLeft: Bool, characters: [Character])] = []
        let base = characters.first(where: isStrong).map(isRightToLeft) ?? false
        for character in characters {
            let direction = isStrong(character) ? isRightToLeft(character) : (runs.last?.rightToLeft ?? base)
            if runs.last?.rightToLeft == direction {
                runs[runs.count - 1].characters.append(character)
            } else {
                runs.append((direction, [character]))
            }
        }
        let ordered = base ? Array(runs.reversed()) : runs
        return ordered.flatMap { $0.rightToLeft ? Array($0.characters.reversed()) : $0.characters }
    }
}
