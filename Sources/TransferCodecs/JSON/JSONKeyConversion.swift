/// The key strategies' conversions between the camel case of Swift names and the snake case of
/// many JSON APIs, with Foundation's rules.
enum JSONKeyConversion {
    /// `myURLProperty` → `my_url_property`: words split where lower case turns upper, and where a run
    /// of capitals turns lower (its last capital starts the next word); each word lower-cased. The
    /// first character never starts a word.
    static func snakeCase(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        guard scalars.count > 1 else { return key.lowercased() }
        var words: [Range<Int>] = []
        var wordStart = 0
        var search = 1
        while let upper = (search..<scalars.count).first(where: { scalars[$0].properties.isUppercase }) {
            words.append(wordStart..<upper)
            guard let lower = (upper..<scalars.count).first(where: { scalars[$0].properties.isLowercase }) else {
                wordStart = upper
                search = scalars.count
                break
            }
            if lower == upper + 1 {
                // One capital, then lower case: it starts a word.
                wordStart = upper
            } else {
                // A run of capitals: a word of its own, up to the capital before the lower case.
                words.append(upper..<(lower - 1))
                wordStart = lower - 1
            }
            search = lower + 1
        }
        words.append(wordStart..<scalars.count)
        return words.map { range in
            var word = String.UnicodeScalarView()
            word.append(contentsOf: scalars[range])
            return String(word).lowercased()
        }.joined(separator: "_")
    }

    /// `my_url_property` → `myUrlProperty`: underscores between words removed, each word after the
    /// first capitalised, leading and trailing underscores kept; a key without an inner underscore
    /// is left as it is.
    static func camelCase(_ key: String) -> String {
        guard !key.isEmpty, let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { key.formIndex(before: &last) }
        let words = key[first...last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map(capitalized).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// The word with its first letter upper-cased and the rest lower-cased.
    private static func capitalized(_ word: Substring) -> String {
        guard let first = word.first else { return "" }
        return first.uppercased() + word.dropFirst().lowercased()
    }
}
