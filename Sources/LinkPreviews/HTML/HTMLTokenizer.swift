#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What the tokenizer reports: the start tags of metadata elements, the text of `<title>` and of
/// `<script>`.
protocol HTMLTokenSink {
    /// A start tag of `meta`, `link`, `base` or `html`, outside foreign content.
    mutating func startTag(_ element: HTMLElement, attributes: HTMLAttributes, inTemplate: Bool)
    /// The raw text of an HTML `<title>` element (character references not yet decoded).
    mutating func title(_ text: UnsafeBufferPointer<UInt8>, inTemplate: Bool)
    /// The text of an HTML `<script>` element (script data: never decoded), with its start tag's
    /// attributes.
    mutating func script(_ text: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, inTemplate: Bool)
    /// Whether the sink wants every element's start and end (for microdata), not only the ones above:
    /// they are reported from the first start tag with an `itemscope` attribute on.
    var wantsElements: Bool { get }
    /// Any start tag in HTML content outside templates, with its attributes; `contentStart` is the
    /// index after its `>`. Reported only when ``wantsElements``.
    mutating func element(
        _ name: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, selfClosing: Bool, contentStart: Int)
    /// Any end tag in HTML content outside templates; `tagStart` is the index of its `<`, in
    /// `document`. Reported only when ``wantsElements``.
    mutating func endElement(_ name: UnsafeBufferPointer<UInt8>, tagStart: Int, document: UnsafeBufferPointer<UInt8>)
}

extension HTMLTokenSink {
    var wantsElements: Bool { false }
    mutating func element(
        _ name: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, selfClosing: Bool, contentStart: Int
    ) {}
    mutating func endElement(_ name: UnsafeBufferPointer<UInt8>, tagStart: Int, document: UnsafeBufferPointer<UInt8>) {}
}

/// The attribute values a start tag carries, by slot; the first of duplicate attributes wins.
struct HTMLAttributes {
    /// The document.
    let bytes: UnsafeBufferPointer<UInt8>
    /// Two entries per slot: start and end of the value, -1 when the attribute is absent.
    fileprivate(set) var ranges: [Int]

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        ranges = [Int](repeating: -1, count: HTMLAttributeName.allCases.count * 2)
    }

    /// Whether the tag has the attribute (with any value, even empty).
    func has(_ name: HTMLAttributeName) -> Bool { ranges[name.rawValue * 2] >= 0 }

    /// The attribute's value, character references decoded, or `nil` when the tag does not have it.
    func value(_ name: HTMLAttributeName) -> String? {
        let start = ranges[name.rawValue * 2]
        guard start >= 0 else { return nil }
        let end = ranges[name.rawValue * 2 + 1]
        return HTMLCharacterReference.decode(UnsafeBufferPointer(rebasing: bytes[start..<end]), inAttribute: true)
    }

    fileprivate mutating func reset() {
        for index in ranges.indices { ranges[index] = -1 }
    }
}

/// A tokenizer of HTML bytes (UTF-8 or any ASCII-compatible encoding already decoded to UTF-8) that
/// follows the WHATWG HTML tokenizer where it matters for metadata, in one pass, in time linear in
/// the input and memory bounded by a constant:
///
/// - comments (`<!-- -->`, `<!-->`, `--!>`), bogus comments (`<?…>`, `<!…>`, `</ …>`), doctypes;
/// - raw text (`script` with its escaped states, `style`, `xmp`, `iframe`, `noembed`, `noframes`),
///   RCDATA (`title`, `textarea`) and `plaintext`, whose content is never read as markup;
/// - attributes unquoted, single- or double-quoted, in any case, the first of duplicates winning;
/// - tags left open at the end of the input dropped, as the standard drops them;
/// - foreign content: inside `<svg>` and `<math>`, `<title>` is not the page's and `<style>` is not raw
///   text; the start tags that end foreign content (`<p>`, `<div>`, `<meta>`, …) end it, and CDATA
///   sections are recognised;
/// - `<template>` contents, which are not part of the document, reported as such.
///
/// Not modelled: the tree builder's other rules (HTML integration points inside SVG and MathML are
/// treated as foreign), and scripting — the page is read with scripting off, as Apple's fetcher reads it.
struct HTMLTokenizer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    /// The open foreign elements (hashes of their names), innermost last; empty in HTML content.
    private var foreignStack: [UInt64] = []
    /// Foreign elements opened past the stack's bound, counted only.
    private var foreignOverflow = 0
    private var templateDepth = 0
    /// Whether elements are reported to a sink that wants them: from the first start tag with an
    /// `itemscope` attribute on, so that a page without microdata costs nothing more.
    private var reportsElements = false
    /// Set when the attributes just read, not collected, included `itemscope`.
    private var sawItemScope = false
    private var attributes: HTMLAttributes

    /// The deepest foreign nesting tracked exactly; deeper elements are counted, so that hostile
    /// nesting costs neither memory nor time (end tags search at most this many entries).
    private static let foreignStackLimit = 256

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        attributes = HTMLAttributes(bytes: bytes)
        foreignStack.reserveCapacity(16)
    }

    private var inForeignContent: Bool { !foreignStack.isEmpty || foreignOverflow > 0 }

    /// Tokenizes the whole input, reporting to `sink`.
    mutating func run(_ sink: inout some HTMLTokenSink) {
        let end = bytes.count
        while position < end {
            guard let open = find(0x3C, from: position) else { return }
            position = open
            tagOpen(&sink)
        }
    }

    // MARK: - Markup

    private mutating func tagOpen(_ sink: inout some HTMLTokenSink) {
        let end = bytes.count
        let next = position + 1
        guard next < end else {
            position = end
            return
        }
        let byte = bytes[next]
        if byte == 0x21 {
            markupDeclaration(at: next + 1)
        } else if byte == 0x2F {
            guard next + 1 < end else {
                position = end
                return
            }
            let first = bytes[next + 1]
            if first.isASCIIAlpha {
                tag(nameStart: next + 1, isEndTag: true, &sink)
            } else if first == 0x3E {
                position = next + 2  // "</>" is ignored.
            } else {
                skipPast(0x3E, from: next + 1)  // A bogus comment.
            }
        } else if byte.isASCIIAlpha {
            tag(nameStart: next, isEndTag: false, &sink)
        } else if byte == 0x3F {
            skipPast(0x3E, from: next)
        } else {
            position = next  // A '<' that is text.
        }
    }

    private mutating func markupDeclaration(at start: Int) {
        if starts(with: "--", at: start) {
            comment(at: start + 2)
        } else if starts(with: "doctype", at: start, caseInsensitive: true) {
            skipPast(0x3E, from: start)
        } else if inForeignContent, starts(with: "[CDATA[", at: start) {
            position = find("]]>", from: start + 7).map { $0 + 3 } ?? bytes.count
        } else {
            skipPast(0x3E, from: start)
        }
    }

    /// A comment whose text starts at `start`: it ends at "-->" (any number of dashes before the
    /// '>') or "--!>", and "<!-->" and "<!--->" are whole comments.
    private mutating func comment(at start: Int) {
        let end = bytes.count
        if start < end, bytes[start] == 0x3E {
            position = start + 1
            return
        }
        if start + 1 < end, bytes[start] == 0x2D, bytes[start + 1] == 0x3E {
            position = start + 2
            return
        }
        var index = start
        while let dash = find(0x2D, from: index) {
            var after = dash + 1
            guard after < end, bytes[after] == 0x2D else {
                index = after
                continue
            }
            while after < end, bytes[after] == 0x2D { after += 1 }
            if after < end, bytes[after] == 0x3E {
                position = after + 1
                return
            }
            if after + 1 < end, bytes[after] == 0x21, bytes[after + 1] == 0x3E {
                position = after + 2
                return
            }
            index = after
        }
        position = end
    }

    /// A start or end tag whose name starts at `nameStart`.
    private mutating func tag(nameStart: Int, isEndTag: Bool, _ sink: inout some HTMLTokenSink) {
        let end = bytes.count
        var index = nameStart
        while index < end {
            let byte = bytes[index]
            if byte.isASCIIWhitespace || byte == 0x2F || byte == 0x3E { break }
            index += 1
        }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<index])
        let element = HTMLElement.classify(name)
        var reportsElement = reportsElements && !inForeignContent && templateDepth == 0
        var collects = !isEndTag && (element.wantsAttributes || reportsElement)
        if collects { attributes.reset() }
        sawItemScope = false
        guard var (after, selfClosing) = self.attributes(from: index, collecting: collects) else {
            position = end  // A tag still open at the end of the input is dropped.
            return
        }
        // The first item scope: elements are reported from this one on, its attributes read again.
        if sawItemScope || (collects && attributes.has(.itemscope)), !reportsElements, !isEndTag, sink.wantsElements,
            !inForeignContent, templateDepth == 0
        {
            reportsElements = true
            reportsElement = true
            if !collects {
                collects = true
                attributes.reset()
                (after, selfClosing) = self.attributes(from: index, collecting: true)!
            }
        }
        position = after
        if isEndTag {
            if reportsElement { sink.endElement(name, tagStart: nameStart - 2, document: bytes) }
            endTag(element, name: name)
        } else {
            if reportsElement, element != .svg, element != .math {
                sink.element(name, attributes: attributes, selfClosing: selfClosing, contentStart: after)
            }
            startTag(element, name: name, selfClosing: selfClosing, &sink)
        }
    }

    /// Reads attributes up to the tag's '>'; returns the index after it and whether the tag was
    /// self-closing, or `nil` if the input ends first.
    private mutating func attributes(from start: Int, collecting: Bool) -> (Int, Bool)? {
        let end = bytes.count
        var index = start
        while true {
            while index < end, bytes[index].isASCIIWhitespace { index += 1 }
            guard index < end else { return nil }
            var byte = bytes[index]
            if byte == 0x3E { return (index + 1, false) }
            if byte == 0x2F {
                index += 1
                guard index < end else { return nil }
                if bytes[index] == 0x3E { return (index + 1, true) }
                continue
            }
            // The name: its first character may be '='.
            let nameStart = index
            index += 1
            while index < end {
                byte = bytes[index]
                if byte.isASCIIWhitespace || byte == 0x2F || byte == 0x3E || byte == 0x3D { break }
                index += 1
            }
            let nameEnd = index
            while index < end, bytes[index].isASCIIWhitespace { index += 1 }
            guard index < end else { return nil }
            var valueStart = index
            var valueEnd = index
            if bytes[index] == 0x3D {
                index += 1
                while index < end, bytes[index].isASCIIWhitespace { index += 1 }
                guard index < end else { return nil }
                byte = bytes[index]
                if byte == 0x22 || byte == 0x27 {
                    guard let close = find(byte, from: index + 1) else { return nil }
                    valueStart = index + 1
                    valueEnd = close
                    index = close + 1
                } else if byte != 0x3E {
                    valueStart = index
                    while index < end, !bytes[index].isASCIIWhitespace, bytes[index] != 0x3E { index += 1 }
                    valueEnd = index
                } else {
                    valueStart = index
                    valueEnd = index
                }
            }
            if collecting,
                let slot = HTMLAttributeName.classify(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])),
                attributes.ranges[slot.rawValue * 2] < 0
            {
                attributes.ranges[slot.rawValue * 2] = valueStart
                attributes.ranges[slot.rawValue * 2 + 1] = valueEnd
            } else if !collecting, !reportsElements, nameEnd - nameStart == 9, bytes[nameStart] | 0x20 == 0x69,
                HTMLAttributeName.classify(UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])) == .itemscope
            {
                sawItemScope = true
            }
        }
    }

    private mutating func startTag(
        _ element: HTMLElement,
        name: UnsafeBufferPointer<UInt8>,
        selfClosing: Bool,
        _ sink: inout some HTMLTokenSink
    ) {
        if inForeignContent {
            let breaksOut: Bool
            switch element {
            case .breakout, .br, .p, .meta: breaksOut = true
            case .font: breaksOut = attributes.has(.color) || attributes.has(.face) || attributes.has(.size)
            default: breaksOut = false
            }
            guard breaksOut else {
                if !selfClosing { pushForeign(name) }
                return
            }
            foreignStack.removeAll(keepingCapacity: true)
            foreignOverflow = 0
        }
        let inTemplate = templateDepth > 0
        switch element {
        case .svg, .math:
            if !selfClosing { pushForeign(name) }
        case .template:
            templateDepth += 1
        case .meta, .link, .base, .html:
            sink.startTag(element, attributes: attributes, inTemplate: inTemplate)
        case .title:
            let close = appropriateEndTag(name, from: position)
            sink.title(UnsafeBufferPointer(rebasing: bytes[position..<close]), inTemplate: inTemplate)
            position = close
        case .textarea, .style, .xmp, .iframe, .noembed, .noframes:
            position = appropriateEndTag(name, from: position)
        case .script:
            let close = scriptData(from: position)
            sink.script(
                UnsafeBufferPointer(rebasing: bytes[position..<close]), attributes: attributes, inTemplate: inTemplate)
            position = close
        case .plaintext:
            position = bytes.count
        case .other, .font, .br, .p, .breakout:
            break
        }
    }

    private mutating func endTag(_ element: HTMLElement, name: UnsafeBufferPointer<UInt8>) {
        if inForeignContent, element != .br, element != .p {
            if foreignOverflow > 0 {
                foreignOverflow -= 1
                return
            }
            let hash = Self.hash(name)
            if let match = foreignStack.lastIndex(of: hash) {
                foreignStack.removeSubrange(match...)
            }
            return
        }
        if element == .br || element == .p {
            foreignStack.removeAll(keepingCapacity: true)
            foreignOverflow = 0
        }
        if element == .template, templateDepth > 0 { templateDepth -= 1 }
    }

    private mutating func pushForeign(_ name: UnsafeBufferPointer<UInt8>) {
        if foreignStack.count < Self.foreignStackLimit {
            foreignStack.append(Self.hash(name))
        } else {
            foreignOverflow += 1
        }
    }

    /// FNV-1a of the lower-cased name.
    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte.asciiLowercased)) &* 0x100_0000_01B3 }
        return hash
    }

    // MARK: - Text content

    /// The index of the '<' of the first "</name" followed by whitespace, '/' or '>' — the
    /// "appropriate end tag" that ends raw text and RCDATA — or the end of the input.
    private func appropriateEndTag(_ name: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let end = bytes.count
        var index = start
        while let open = find(0x3C, from: index) {
            if isEndTag(name, at: open) { return open }
            index = open + 1
        }
        return end
    }

    /// Whether "</name" and a tag-ending byte are at `open`.
    private func isEndTag(_ name: UnsafeBufferPointer<UInt8>, at open: Int) -> Bool {
        let end = bytes.count
        let nameStart = open + 2
        let after = nameStart + name.count
        guard after < end, bytes[open + 1] == 0x2F else { return false }
        for offset in 0..<name.count where bytes[nameStart + offset].asciiLowercased != name[offset].asciiLowercased {
            return false
        }
        let byte = bytes[after]
        return byte.isASCIIWhitespace || byte == 0x2F || byte == 0x3E
    }

    /// Whether "<script" and a tag-ending byte are at `open` (the start of a double-escaped block).
    private func isScriptStartTag(at open: Int) -> Bool {
        let after = open + 7
        guard after < bytes.count, starts(with: "script", at: open + 1, caseInsensitive: true) else { return false }
        let byte = bytes[after]
        return byte.isASCIIWhitespace || byte == 0x2F || byte == 0x3E
    }

    /// Script data, with the standard's escaped states: inside `<!-- … -->`, a `<script>` opens a
    /// double-escaped block in which `</script>` does not end the script.
    private func scriptData(from start: Int) -> Int {
        let end = bytes.count
        let script = UnsafeBufferPointer<UInt8>(start: Self.scriptName.utf8Start, count: 6)
        enum State { case normal, escaped, doubleEscaped }
        var state = State.normal
        var index = start
        while index < end {
            switch state {
            case .normal:
                guard let open = find(0x3C, from: index) else { return end }
                if isEndTag(script, at: open) { return open }
                if starts(with: "<!--", at: open) {
                    state = .escaped
                    index = open + 2  // The dashes may also end it: "<!-->" escapes nothing.
                } else {
                    index = open + 1
                }
            case .escaped, .doubleEscaped:
                let byte = bytes[index]
                if byte == 0x2D, starts(with: "-->", at: index) {
                    state = .normal
                    index += 3
                } else if byte == 0x3C {
                    if isEndTag(script, at: index) {
                        if state == .escaped { return index }
                        state = .escaped
                        index += 8
                    } else if state == .escaped, isScriptStartTag(at: index) {
                        state = .doubleEscaped
                        index += 7
                    } else {
                        index += 1
                    }
                } else {
                    index += 1
                }
            }
        }
        return end
    }

    private static let scriptName: StaticString = "script"

    // MARK: - Scanning

    /// The index of the first `byte` at or after `start`.
    @inline(__always)
    private func find(_ byte: UInt8, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, Int32(byte), bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// The index of the first occurrence of `text` at or after `start`.
    private func find(_ text: StaticString, from start: Int) -> Int? {
        let first = text.utf8Start.pointee
        var index = start
        while let candidate = find(first, from: index) {
            if starts(with: text, at: candidate) { return candidate }
            index = candidate + 1
        }
        return nil
    }

    @inline(__always)
    private func starts(with text: StaticString, at index: Int, caseInsensitive: Bool = false) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index >= 0, index + count <= bytes.count else { return false }
        let pattern = text.utf8Start
        for offset in 0..<count {
            let byte = caseInsensitive ? bytes[index + offset].asciiLowercased : bytes[index + offset]
            if byte != pattern[offset] { return false }
        }
        return true
    }

    private mutating func skipPast(_ byte: UInt8, from start: Int) {
        position = find(byte, from: start).map { $0 + 1 } ?? bytes.count
    }
}
