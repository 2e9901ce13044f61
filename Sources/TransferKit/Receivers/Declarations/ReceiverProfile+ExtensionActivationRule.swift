internal import TransferCodecs

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ReceiverProfile {
    /// Reads an iOS share extension's `NSExtensionActivationRule` from its `Info.plist` (XML or
    /// binary) as a receiver.
    ///
    /// The rule is found at `NSExtension` → `NSExtensionAttributes` → `NSExtensionActivationRule`,
    /// and may be either form Apple documents:
    ///
    /// - **The dictionary form.** `NSExtensionActivationSupportsText` accepts `public.text`;
    ///   `…SupportsImageWithMaxCount`, `…MovieWithMaxCount`, `…WebURLWithMaxCount` and
    ///   `…WebPageWithMaxCount` accept `public.image`, `public.movie` and `public.url` up to the count
    ///   (0 accepts none); `…FileWithMaxCount` accepts `public.data`; `…AttachmentsWithMinCount` and
    ///   `…MaxCount` bound the attachments. `NSExtensionActivationDictionaryVersion` 2 means any item
    ///   may match; otherwise every item must (version 1).
    /// - **The predicate form**, in its common shapes: `SUBQUERY(extensionItems, …
    ///   SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "…")…)`,
    ///   with `||` alternatives, `AND NOT` exclusions (weight 0), `UTI-EQUALS`, counts compared with
    ///   `==`, `<=` or `<` (a maximum for that kind), and `TRUEPREDICATE`. When each attachment must
    ///   conform (`.@count == $item.attachments.@count`), every item must match; otherwise any may.
    ///   A predicate is a boolean over the whole payload: shapes beyond these are reported in the
    ///   diagnostics, not evaluated.
    ///
    /// The bundle identifier (`CFBundleIdentifier`) becomes the profile's identifier.
    ///
    /// - Parameters:
    ///   - infoPlist: The extension's `Info.plist`.
    ///   - name: A name for the receiver; the default is the bundle's display name or identifier.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the property list has no activation rule, or the
    ///   rule accepts nothing.
    public static func parse(infoPlist: Data, name: String? = nil) throws(ReceiverDeclarationError)
        -> ParsedReceiver
    {
        let root: Any
        do {
            root = try DocumentValue.readPropertyList(infoPlist)
        } catch {
            throw ReceiverDeclarationError(
                source: "Info.plist",
                diagnostics: [
                    .init(
                        entry: "file",
                        reason: "is not a property list: "
                            + ((error as? DecodingError)?.readableDescription ?? "\(error)"))
                ])
        }
        guard let plist = root as? [String: Any] else {
            throw ReceiverDeclarationError(
                source: "Info.plist",
                diagnostics: [.init(entry: "file", reason: "expected a dictionary at the top level")])
        }
        let identifier = plist["CFBundleIdentifier"] as? String ?? "share extension"
        let displayName = name ?? (plist["CFBundleDisplayName"] as? String) ?? identifier
        guard
            let rule = ((plist["NSExtension"] as? [String: Any])?["NSExtensionAttributes"] as? [String: Any])?[
                "NSExtensionActivationRule"]
        else {
            throw ReceiverDeclarationError(
                source: "Info.plist",
                diagnostics: [
                    .init(entry: "NSExtension.NSExtensionAttributes", reason: "missing NSExtensionActivationRule")
                ])
        }
        return try parse(activationRule: rule, name: displayName, identifier: identifier)
    }

    /// Reads an `NSExtensionActivationRule` written as a predicate as a receiver.
    ///
    /// - Parameters:
    ///   - predicate: The predicate, such as `SUBQUERY(extensionItems, $item, …).@count >= 1`.
    ///   - name: A name for the receiver.
    ///   - identifier: The receiver's identifier, such as the extension's bundle identifier.
    /// - Returns: The profile and the diagnostics (shapes of predicate not evaluated).
    /// - Throws: ``ReceiverDeclarationError`` when the rule accepts nothing.
    public static func parse(activationRulePredicate predicate: String, name: String, identifier: String)
        throws(ReceiverDeclarationError) -> ParsedReceiver
    {
        try parse(activationRule: predicate, name: name, identifier: identifier)
    }

    /// Reads an `NSExtensionActivationRule` value — the dictionary form or a predicate string — from
    /// its serialized form: a property list (XML or binary, as in an `Info.plist`) or JSON (an object
    /// or a string).
    ///
    /// - Parameters:
    ///   - data: The rule's bytes.
    ///   - name: A name for the receiver.
    ///   - identifier: The receiver's identifier, such as the extension's bundle identifier.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the bytes are not a property list or JSON, hold
    ///   neither a dictionary nor a string, or the rule accepts nothing.
    public static func parse(activationRule data: Data, name: String, identifier: String)
        throws(ReceiverDeclarationError) -> ParsedReceiver
    {
        let firstByte = data.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        let isJSON = firstByte == UInt8(ascii: "{") || firstByte == UInt8(ascii: "\"")
        let rule: Any
        do {
            rule =
                isJSON
                ? try DocumentValue.readJSON(data)
                : try DocumentValue.readPropertyList(data)
        } catch {
            let reason = (error as? DecodingError)?.readableDescription ?? "\(error)"
            throw ReceiverDeclarationError(
                source: "NSExtensionActivationRule",
                diagnostics: [
                    .init(
                        entry: "NSExtensionActivationRule",
                        reason: "is not \(isJSON ? "valid JSON" : "a property list"): \(reason)")
                ])
        }
        return try parse(activationRule: rule, name: name, identifier: identifier)
    }

    /// Reads an `NSExtensionActivationRule` value (a dictionary or a predicate string), as a property
    /// list reader gives it, as a receiver; the public forms take a predicate or the rule's bytes.
    ///
    /// - Parameters:
    ///   - activationRule: The rule: `[String: Any]` with the dictionary keys, or a predicate `String`.
    ///   - name: A name for the receiver.
    ///   - identifier: The receiver's identifier, such as the extension's bundle identifier.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when the rule accepts nothing.
    package static func parse(activationRule: Any, name: String, identifier: String)
        throws(ReceiverDeclarationError)
        -> ParsedReceiver
    {
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
        let activation: ReceiverActivation
        if let dictionary = activationRule as? [String: Any] {
            activation = ActivationRuleDictionary.activation(dictionary, diagnostics: &diagnostics)
        } else if let predicate = activationRule as? String {
            activation = ActivationRulePredicate.activation(predicate, diagnostics: &diagnostics)
        } else {
            throw ReceiverDeclarationError(
                source: "NSExtensionActivationRule",
                diagnostics: [
                    .init(
                        entry: "NSExtensionActivationRule",
                        reason:
                            "expected a dictionary or a predicate string, found \(propertyListKind(of: activationRule))"
                    )
                ])
        }
        guard activation.accepts.contains(where: { $0.weight > 0 }) else {
            throw ReceiverDeclarationError(
                source: "NSExtensionActivationRule",
                diagnostics: diagnostics + [
                    .init(entry: "NSExtensionActivationRule", reason: "accepts no content type")
                ])
        }
        let profile = ReceiverProfile(name: name, identifier: identifier, platform: "iOS", activation: activation)
        return ParsedReceiver(profile: profile, diagnostics: diagnostics)
    }
}

/// The dictionary form of `NSExtensionActivationRule`.
enum ActivationRuleDictionary {
    static let countKeys: [(key: String, type: UTType, kind: ContentKind)] = [
        ("NSExtensionActivationSupportsImageWithMaxCount", .image, .image),
        ("NSExtensionActivationSupportsMovieWithMaxCount", .movie, .movie),
        ("NSExtensionActivationSupportsWebURLWithMaxCount", .url, .url),
        ("NSExtensionActivationSupportsWebPageWithMaxCount", .url, .url),
        ("NSExtensionActivationSupportsFileWithMaxCount", .data, .file),
    ]

    static let knownKeys: Set<String> = Set(countKeys.map(\.key)).union([
        "NSExtensionActivationSupportsText", "NSExtensionActivationSupportsAttachmentsWithMinCount",
        "NSExtensionActivationSupportsAttachmentsWithMaxCount", "NSExtensionActivationDictionaryVersion",
        "NSExtensionActivationUsesStrictMatching",
    ])

    static func activation(_ rule: [String: Any], diagnostics: inout [ReceiverDeclarationError.Diagnostic])
        -> ReceiverActivation
    {
        var accepts: [AcceptRule] = []
        var maxCounts: [ContentKind: Int] = [:]
        func integer(_ key: String) -> Int? {
            guard let value = rule[key] else { return nil }
            if let number = value as? Int, number >= 0 { return number }
            if let text = value as? String, let number = Int(text), number >= 0 { return number }
            diagnostics.append(.init(entry: key, reason: "expected a count of 0 or more, found \(value)"))
            return nil
        }
        if let text = rule["NSExtensionActivationSupportsText"] {
            if let flag = text as? Bool {
                if flag { accepts.append(AcceptRule(.text, source: "NSExtensionActivationSupportsText")) }
            } else {
                diagnostics.append(
                    .init(entry: "NSExtensionActivationSupportsText", reason: "expected a Boolean, found \(text)"))
            }
        }
        for (key, type, kind) in countKeys {
            guard let count = integer(key), count > 0 else { continue }
            if !accepts.contains(where: { $0.contentType == type }) {
                accepts.append(AcceptRule(type, source: "\(key) = \(count)"))
            }
            maxCounts[kind] = max(maxCounts[kind] ?? 0, count)
        }
        for key in rule.keys.sorted() where !knownKeys.contains(key) {
            diagnostics.append(.init(entry: key, reason: "is not an NSExtensionActivationRule key; ignored"))
        }
        let version = integer("NSExtensionActivationDictionaryVersion") ?? 1
        return ReceiverActivation(
            accepts: accepts, maxCounts: maxCounts,
            minAttachments: integer("NSExtensionActivationSupportsAttachmentsWithMinCount"),
            maxAttachments: integer("NSExtensionActivationSupportsAttachmentsWithMaxCount"),
            itemMatching: version >= 2 ? .any : .all)
    }
}

/// The common shapes of the predicate form of `NSExtensionActivationRule`.
enum ActivationRulePredicate {
    static func activation(_ predicate: String, diagnostics: inout [ReceiverDeclarationError.Diagnostic])
        -> ReceiverActivation
    {
        let text = predicate.replacing("\n", with: " ")
        if text.trimmingPrefix(while: \.isWhitespace).uppercased().hasPrefix("TRUEPREDICATE") {
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
        let everyAttachment = text.contains(".@count == $") || text.contains(".@count==$")
        return ReceiverActivation(accepts: accepts, maxCounts: maxCounts, itemMatching: everyAttachment ? .all : .any)
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
    static func typeClauses(in text: String) -> [Clause] {
        let scalars = Array(text.unicodeScalars)
        let upper = Array(String(text.uppercased().unicodeScalars).unicodeScalars)
        // uppercased() keeps the count of scalars for the ASCII that matters here; should it not
        // (ß → SS), positions are read from the original instead.
        let folded = upper.count == scalars.count ? upper : scalars
        let counts = positions(of: folded == upper ? ".@COUNT" : ".@count", in: folded)
        let comparisons = positions(of: "UTI-", in: folded)
        var found: [(offset: Int, clause: Clause)] = []
        for comparison in ["UTI-CONFORMS-TO", "UTI-EQUALS"] {
            for index in positions(of: comparison, in: folded) {
                var cursor = index + comparison.unicodeScalars.count
                while cursor < scalars.count, scalars[cursor] == " " { cursor += 1 }
                guard cursor < scalars.count, scalars[cursor] == "\"" || scalars[cursor] == "'" else { continue }
                let quote = scalars[cursor]
                var end = cursor + 1
                while end < scalars.count, scalars[end] != quote { end += 1 }
                let identifier = String(String.UnicodeScalarView(scalars[(cursor + 1)..<end]))
                let clause = Clause(
                    identifier: identifier, comparison: comparison,
                    negated: isNegated(before: folded[max(0, index - 120)..<index]),
                    maximum: maximum(after: end, in: scalars, counts: counts, comparisons: comparisons))
                found.append((index, clause))
            }
        }
        return found.sorted { $0.offset < $1.offset }.map(\.clause)
    }

    /// The offsets where `pattern` starts in `scalars`, in order, as indices of `scalars`.
    private static func positions(of pattern: String, in scalars: ArraySlice<Unicode.Scalar>) -> [Int] {
        let needle = Array(pattern.unicodeScalars)
        guard let first = needle.first, scalars.count >= needle.count else { return [] }
        var result: [Int] = []
        var index = scalars.startIndex
        let last = scalars.endIndex - needle.count
        while index <= last {
            if scalars[index] == first {
                var offset = 1
                while offset < needle.count, scalars[index + offset] == needle[offset] { offset += 1 }
                if offset == needle.count {
                    result.append(index)
                    index += needle.count
                    continue
                }
            }
            index += 1
        }
        return result
    }

    private static func positions(of pattern: String, in scalars: [Unicode.Scalar]) -> [Int] {
        positions(of: pattern, in: scalars[...])
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
    /// the upper-cased text before the comparison.
    static func isNegated(before: ArraySlice<Unicode.Scalar>) -> Bool {
        var nearest: (offset: Int, length: Int)?
        for marker in ["NOT ", "NOT(", "!("] {
            if let offset = positions(of: marker, in: before).last, offset > nearest?.offset ?? Int.min {
                nearest = (offset, marker.unicodeScalars.count)
            }
        }
        guard let nearest else { return false }
        let tail = before[(nearest.offset + nearest.length)...]
        // Negated when no clause boundary (AND, OR) lies between the NOT and the comparison.
        return [" AND ", " OR ", "&&", "||"].allSatisfy { positions(of: $0, in: tail).isEmpty }
    }

    /// The maximum in `).@count <= N`, `< N` or `== N` after the comparison that ends at `end`:
    /// the next `.@count`, unless another comparison comes first (it belongs to that one's
    /// subquery).
    static func maximum(after end: Int, in scalars: [Unicode.Scalar], counts: [Int], comparisons: [Int]) -> Int? {
        guard let count = next(counts, from: end) else { return nil }
        if let other = next(comparisons, from: end), other < count { return nil }
        // The comparison and the number follow within a few characters.
        let start = count + ".@count".unicodeScalars.count
        let window = String(String.UnicodeScalarView(scalars[start..<min(scalars.count, start + 40)]))
        var rest = window.trimmingPrefix(while: { $0 == " " })
        let comparison: String
        if rest.hasPrefix("<=") || rest.hasPrefix("==") {
            comparison = String(rest.prefix(2))
            rest = rest.dropFirst(2)
        } else if rest.hasPrefix("<") {
            comparison = "<"
            rest = rest.dropFirst()
        } else {
            return nil
        }
        let digits = rest.trimmingPrefix(while: { $0 == " " }).prefix(while: \.isASCIIDigit)
        guard let value = Int(digits) else { return nil }
        return comparison == "<" ? max(0, value - 1) : value
    }
}

/// What a property-list value is, in words rather than a Swift type name.
private func propertyListKind(of value: Any) -> String {
    switch value {
    case is Bool: "a Boolean"
    case is Int, is Double, is Float, is UInt64, is Int64: "a number"
    case is String: "a string"
    case is [Any]: "an array"
    case is [String: Any]: "a dictionary"
    case is Data: "data"
    case is Date: "a date"
    default: "a value of another kind"
    }
}
