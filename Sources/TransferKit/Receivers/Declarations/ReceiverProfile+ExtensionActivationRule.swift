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
    ///   (0 accepts none); `…FileWithMaxCount` accepts `public.data` but not text or links, which only
    ///   their own keys accept; `…AttachmentsWithMinCount` and
    ///   `…MaxCount` bound the attachments. `NSExtensionActivationDictionaryVersion` 2 means any item
    ///   may match; otherwise every item must (version 1).
    /// - **The predicate form**, in its common shapes: `SUBQUERY(extensionItems, …
    ///   SUBQUERY($item.attachments, $a, ANY $a.registeredTypeIdentifiers UTI-CONFORMS-TO "…")…)`,
    ///   with `||` alternatives, `AND NOT` exclusions (weight 0), `UTI-EQUALS`, counts compared with
    ///   `==`, `<=` or `<` (a maximum for that kind), and `TRUEPREDICATE`. When each attachment must
    ///   conform (`.@count == $item.attachments.@count`), every item must match; otherwise any may.
    ///   The predicate itself is kept (``ReceiverActivation/predicate``) and decides activation,
    ///   evaluated literally as iOS evaluates it; a comparison that is true when nothing matches
    ///   (`SUBQUERY(…).@count <= 2`) is reported in the diagnostics and warned of in the trace.
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
            var rule = ActivationRulePredicate.activation(predicate, diagnostics: &diagnostics)
            do {
                let parsed = try ExtensionPredicate(predicate)
                rule.predicate = predicate
                let zeroInclusive = parsed.zeroInclusiveCounts
                if zeroInclusive.count > 3 {
                    diagnostics.append(
                        .init(
                            entry: "\(zeroInclusive.count) SUBQUERY counts compared with < or <=",
                            reason: "each is true when nothing matches (the count of an empty SUBQUERY is 0), as iOS "
                                + "evaluates it; the first: \(zeroInclusive[0])"))
                }
                for comparison in zeroInclusive where zeroInclusive.count <= 3 {
                    diagnostics.append(
                        .init(
                            entry: comparison,
                            reason:
                                "is true when nothing matches (the count of an empty SUBQUERY is 0), and iOS evaluates it so: "
                                + "the extension is offered for shares with none of those types"))
                }
            } catch  where error.isTooDeep {
                // Hostile, not merely syntax this reader does not evaluate: refused, as JSON and
                // property lists that nest too deep are.
                throw ReceiverDeclarationError(
                    source: "NSExtensionActivationRule",
                    diagnostics: [.init(entry: "NSExtensionActivationRule predicate", reason: "\(error)")])
            } catch {
                diagnostics.append(
                    .init(
                        entry: String(predicate.prefix(80)),
                        reason: "is not a predicate iOS can evaluate (\(error)); read for its types only"))
            }
            activation = rule
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
            // iOS reads the value's boolValue: an <integer> 1 or 0 is true or false, as for <true/>.
            if let flag = text as? Bool ?? (text as? Int).map({ $0 != 0 }) {
                if flag { accepts.append(AcceptRule(.text, source: "NSExtensionActivationSupportsText")) }
            } else {
                diagnostics.append(
                    .init(entry: "NSExtensionActivationSupportsText", reason: "expected a Boolean, found \(text)"))
            }
        }
        for (key, type, kind) in countKeys {
            guard let count = integer(key), count > 0 else { continue }
            if !accepts.contains(where: { $0.pattern == .type(type) }) {
                accepts.append(AcceptRule(type, source: "\(key) = \(count)"))
            }
            maxCounts[kind] = max(maxCounts[kind] ?? 0, count)
        }
        // Text and links are not files: the File key takes them only where SupportsText and the
        // WebURL/WebPage keys do, so they are excluded (weight 0) when those keys do not take them.
        if maxCounts[.file] != nil {
            if !accepts.contains(where: { $0.pattern == .type(.text) }) {
                accepts.append(
                    AcceptRule(.text, weight: 0, source: "text is not a file (no NSExtensionActivationSupportsText)"))
            }
            if !accepts.contains(where: { $0.pattern == .type(.url) }) {
                accepts.append(AcceptRule(.url, weight: 0, source: "a link is not a file (no WebURL/WebPage count)"))
            }
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
