/// The elements the tokenizer tells apart: those that carry metadata, those that change how the
/// following bytes are tokenized, and those that end foreign (SVG, MathML) content. Every other
/// element is ``other``.
enum HTMLElement: UInt8, Sendable {
    case other
    case meta, link, base, title, html
    case svg, math, template
    /// Raw text: their content is text up to their end tag.
    case script, style, xmp, iframe, noembed, noframes
    /// RCDATA: text with character references, up to the end tag.
    case textarea
    /// Everything after it is text.
    case plaintext
    /// `font` ends foreign content only when it has a `color`, `face` or `size` attribute.
    case font
    /// The other start tags that end foreign content (and the end tags `br` and `p`).
    case br, p, breakout

    /// Whether the tokenizer collects the element's attributes.
    var wantsAttributes: Bool {
        switch self {
        case .meta, .link, .base, .html, .font, .script: true
        default: false
        }
    }

    /// Classifies a tag name (ASCII case-insensitive).
    @inline(__always)
    static func classify(_ name: UnsafeBufferPointer<UInt8>) -> HTMLElement {
        let count = name.count
        if count <= 8 {
            var key: UInt64 = 0
            for index in 0..<count { key |= UInt64(name[index].asciiLowercased) << (8 * UInt64(index)) }
            return byKey[key] ?? .other
        }
        if count == 9, equalsLowercase(name, "plaintext") { return .plaintext }
        if count == 10, equalsLowercase(name, "blockquote") { return .breakout }
        return .other
    }

    private static func equalsLowercase(_ name: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        let pattern = text.utf8Start
        for index in 0..<name.count where name[index].asciiLowercased != pattern[index] { return false }
        return true
    }

    /// Names of up to eight bytes, packed into an integer (first byte lowest).
    private static let byKey: [UInt64: HTMLElement] = {
        var table: [UInt64: HTMLElement] = [:]
        func add(_ name: String, _ element: HTMLElement) {
            var key: UInt64 = 0
            for (index, byte) in name.utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(index)) }
            table[key] = element
        }
        let named: [(String, HTMLElement)] = [
            ("meta", .meta), ("link", .link), ("base", .base), ("title", .title), ("html", .html),
            ("svg", .svg), ("math", .math), ("template", .template), ("script", .script), ("style", .style),
            ("xmp", .xmp), ("iframe", .iframe), ("noembed", .noembed), ("noframes", .noframes),
            ("textarea", .textarea), ("font", .font), ("br", .br), ("p", .p),
        ]
        for (name, element) in named { add(name, element) }
        let breakout = [
            "b", "big", "body", "center", "code", "dd", "div", "dl", "dt", "em", "embed", "h1", "h2", "h3",
            "h4", "h5", "h6", "head", "hr", "i", "img", "li", "listing", "menu", "nobr", "ol", "pre", "ruby",
            "s", "small", "span", "strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var",
        ]
        for name in breakout { add(name, .breakout) }
        return table
    }()
}

/// The attributes the extraction reads, each at a fixed slot.
enum HTMLAttributeName: Int, CaseIterable {
    case property, name, content, itemprop, href, rel, sizes, type, lang, color, face, size, charset
    /// Microdata's and its values' (HTML "Microdata", §5.2.4 "Values").
    case itemtype, src, datetime, value
    /// `http-equiv` and `itemscope`, the names longer than eight bytes.
    case httpEquiv, itemscope

    /// Classifies an attribute name (ASCII case-insensitive); `nil` for any other name.
    @inline(__always)
    static func classify(_ name: UnsafeBufferPointer<UInt8>) -> HTMLAttributeName? {
        if name.count == 10 {
            let pattern: StaticString = "http-equiv"
            for index in 0..<10 where name[index].asciiLowercased != pattern.utf8Start[index] { return nil }
            return .httpEquiv
        }
        if name.count == 9 {
            let pattern: StaticString = "itemscope"
            for index in 0..<9 where name[index].asciiLowercased != pattern.utf8Start[index] { return nil }
            return .itemscope
        }
        guard name.count >= 3, name.count <= 8 else { return nil }
        var key: UInt64 = 0
        for index in 0..<name.count { key |= UInt64(name[index].asciiLowercased) << (8 * UInt64(index)) }
        return byKey[key]
    }

    private static let byKey: [UInt64: HTMLAttributeName] = {
        var table: [UInt64: HTMLAttributeName] = [:]
        for attribute in allCases where attribute != .httpEquiv && attribute != .itemscope {
            var key: UInt64 = 0
            for (index, byte) in "\(attribute)".utf8.enumerated() { key |= UInt64(byte) << (8 * UInt64(index)) }
            table[key] = attribute
        }
        return table
    }()
}
