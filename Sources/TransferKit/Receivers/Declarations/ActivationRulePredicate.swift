/// The common shapes of the predicate form of `NSExtensionActivationRule`, read on the predicate's
/// UTF-8 bytes.
///
/// `NSPredicate`'s keywords are ASCII and case-insensitive, so keywords are matched with ASCII
/// letters folded to upper case and nothing else folded: a predicate is read the same whatever
/// other characters it holds (`ß` upper-cases to two letters, `ı` to `I`), and a keyword's offset in
/// the folded bytes is its offset in the predicate.
enum ActivationRulePredicate {
    static func activation(_ predicate: String, diagnostics: inout [ReceiverDeclarationError.Diagnostic])
        -> ReceiverActivation
    {
        let text = Text(predicate)
        let start = text.folded.firstIndex { $0 != UInt8(ascii: " ") } ?? text.folded.endIndex
        if text.folded[start...].starts(with: Keyword.truePredicate) {
            return ReceiverActivation(accepts: [.wildcard(source: "TRUEPREDICATE")], itemMatching: .any)
        }
        var accepts: [AcceptRule] = []
        var acceptIndex: [UTType: Int] = [:]
        var maxCounts: [ContentKind: Int] = [:]
        let clauses = typeClauses(in: text)
        if clauses.isEmpty {
            diagnostics.append(
                .init(
                    entry: String(predicate.prefix(80)),
                    reason: "expected UTI-CONFORMS-TO or UTI-EQUALS comparisons, found none"))
        }
        for clause in clauses {
            guard let type = UTType(clause.identifier) ?? UTType(identifier: clause.identifier, allowUndeclared: true)
            else {
                diagnostics.append(.init(entry: clause.identifier, reason: "is not a valid type identifier; ignored"))
                continue
            }
            let source = (clause.negated ? "NOT " : "") + "\(clause.comparison) \"\(clause.identifier)\""
            if let existing = acceptIndex[type] {
                if clause.negated { accepts[existing].weight = 0 }
                continue
            }
            acceptIndex[type] = accepts.count
            accepts.append(AcceptRule(type, weight: clause.negated ? 0 : 1, source: source))
            if let count = clause.maximum, !clause.negated {
                let kind = ContentKind(type)
                maxCounts[kind] = max(maxCounts[kind] ?? 0, count)
            }
        }
        let everyAttachment = Keyword.everyAttachment.contains { firstOffset(of: $0, in: text.folded[...]) != nil }
        return ReceiverActivation(accepts: accepts, maxCounts: maxCounts, itemMatching: everyAttachment ? .all : .any)
    }

    /// A predicate's UTF-8 bytes, and the same bytes with ASCII letters upper-cased and tabs and
    /// line breaks made spaces, at the same offsets.
    struct Text {
        let bytes: [UInt8]
        let folded: [UInt8]

        init(_ predicate: String) {
            bytes = Array(predicate.utf8)
            folded = bytes.map { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - 0x20
                case UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): UInt8(ascii: " ")
                default: byte
                }
            }
        }
    }

    /// The keywords and operators looked for, folded as ``Text/folded`` is.
    enum Keyword {
        static let truePredicate = Array("TRUEPREDICATE".utf8)
        static let comparison = Array("UTI-".utf8)
        static let comparisons = [("UTI-CONFORMS-TO", Array("CONFORMS-TO".utf8)), ("UTI-EQUALS", Array("EQUALS".utf8))]
        static let count = Array(".@COUNT".utf8)
        static let everyAttachment = [Array(".@COUNT == $".utf8), Array(".@COUNT==$".utf8)]
        static let negations = [Array("NOT ".utf8), Array("NOT(".utf8), Array("!(".utf8)]
        static let clauseBoundaries = [Array(" AND ".utf8), Array(" OR ".utf8), Array("&&".utf8), Array("||".utf8)]
    }

    struct Clause {
        let identifier: String
        let comparison: String
        let negated: Bool
        let maximum: Int?
    }

    /// Every `UTI-CONFORMS-TO "x"` / `UTI-EQUALS "x"` comparison, in the order they appear,
    /// whether it sits under a `NOT`, and the maximum count compared against the subquery that
    /// holds it, if any.
    ///
    /// - Complexity: O(*n* log *n*) in the predicate's length: each comparison looks at a bounded
    ///   window before it and finds the next `.@count` by binary search, so a predicate of
    ///   thousands of comparisons costs no more per comparison than a short one.
    static func typeClauses(in text: Text) -> [Clause] {
        let folded = text.folded
        let counts = offsets(of: Keyword.count, in: folded[...])
        let comparisons = offsets(of: Keyword.comparison, in: folded[...])
        var clauses: [Clause] = []
        for index in comparisons {
            let afterPrefix = index + Keyword.comparison.count
            guard
                let (comparison, name) = Keyword.comparisons.first(where: {
                    folded[afterPrefix...].starts(with: $0.1)
                })
            else { continue }
            var cursor = afterPrefix + name.count
            while cursor < folded.count, folded[cursor] == UInt8(ascii: " ") { cursor += 1 }
            guard cursor < folded.count, folded[cursor] == UInt8(ascii: "\"") || folded[cursor] == UInt8(ascii: "'")
            else { continue }
            let quote = folded[cursor]
            let end = folded[(cursor + 1)...].firstIndex(of: quote) ?? folded.endIndex
            clauses.append(
                Clause(
                    identifier: String(decoding: text.bytes[(cursor + 1)..<end], as: UTF8.self),
                    comparison: comparison,
                    negated: isNegated(before: folded[max(0, index - 120)..<index]),
                    maximum: maximum(after: end, in: folded, counts: counts, comparisons: comparisons)))
        }
        return clauses
    }

    /// The offsets where `needle` starts in `haystack`, not overlapping, in order.
    private static func offsets(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var from = haystack.startIndex
        while let offset = firstOffset(of: needle, in: haystack[from...]) {
            result.append(offset)
            from = offset + needle.count
        }
        return result
    }

    /// The first offset where `needle` starts in `haystack`.
    private static func firstOffset(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard let first = needle.first, haystack.count >= needle.count else { return nil }
        var index = haystack.startIndex
        while index <= haystack.endIndex - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                return index
            }
            index += 1
        }
        return nil
    }

    /// The last offset where `needle` starts in `haystack`.
    private static func lastOffset(of needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.endIndex - needle.count
        while index >= haystack.startIndex {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    /// The first element of sorted `offsets` at or after `position`.
    private static func next(_ offsets: [Int], from position: Int) -> Int? {
        var low = 0
        var high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < position { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count ? offsets[low] : nil
    }

    /// Whether the nearest enclosing clause before a comparison starts with `NOT`: `before` holds
    /// the folded text before the comparison.
    static func isNegated(before: ArraySlice<UInt8>) -> Bool {
        var nearest: (offset: Int, length: Int)?
        for marker in Keyword.negations {
            if let offset = lastOffset(of: marker, in: before), offset > nearest?.offset ?? Int.min {
                nearest = (offset, marker.count)
            }
        }
        guard let nearest else { return false }
        let tail = before[(nearest.offset + nearest.length)...]
        // Negated when no clause boundary (AND, OR) lies between the NOT and the comparison.
        return Keyword.clauseBoundaries.allSatisfy { firstOffset(of: $0, in: tail) == nil }
    }

    /// The maximum in `).@count <= N`, `< N` or `== N` after the comparison that ends at `end`:
    /// the next `.@count`, unless another comparison comes first (it belongs to that one's
    /// subquery). A number too large for `Int` is no maximum.
    static func maximum(after end: Int, in folded: [UInt8], counts: [Int], comparisons: [Int]) -> Int? {
        guard let count = next(counts, from: end) else { return nil }
        if let other = next(comparisons, from: end), other < count { return nil }
        var cursor = count + Keyword.count.count
        func skipSpaces() {
            while cursor < folded.count, folded[cursor] == UInt8(ascii: " ") { cursor += 1 }
        }
        skipSpaces()
        let rest = folded[cursor...]
        let isLess: Bool
        if rest.starts(with: "<=".utf8) || rest.starts(with: "==".utf8) {
            isLess = false
            cursor += 2
        } else if rest.starts(with: "<".utf8) {
            isLess = true
            cursor += 1
        } else {
            return nil
        }
        skipSpaces()
        var value: Int?
        while cursor < folded.count, case let digit = folded[cursor],
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit)
        {
            let (times10, overflowed) = (value ?? 0).multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = times10.addingReportingOverflow(Int(digit - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            value = sum
            cursor += 1
        }
        guard let value else { return nil }
        return isLess ? max(0, value - 1) : value
    }
}
