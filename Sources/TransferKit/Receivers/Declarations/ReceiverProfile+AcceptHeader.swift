/// A receiver profile read from a declaration, with the problems found in it.
///
/// Importers drop a malformed entry with a diagnostic and keep the rest.
///
/// `ImportedReceiver` is `Sendable`.
public struct ImportedReceiver: Sendable {
    /// The profile made of the well-formed entries.
    public var profile: ReceiverProfile
    /// One diagnostic per dropped or doubtful entry.
    public var diagnostics: [ReceiverDeclarationError.Diagnostic]

    /// Creates an import result.
    ///
    /// - Parameters:
    ///   - profile: The profile.
    ///   - diagnostics: The diagnostics.
    public init(profile: ReceiverProfile, diagnostics: [ReceiverDeclarationError.Diagnostic]) {
        self.profile = profile
        self.diagnostics = diagnostics
    }
}

extension ReceiverProfile {
    /// Reads an HTTP `Accept` header (RFC 9110 §12.5.1) as a receiver.
    ///
    /// Each media range becomes an ``AcceptRule``: `type/subtype` the type with that MIME type,
    /// `type/*` the type family (`image/*` is `public.image`, `text/*` `public.text`, `video/*`
    /// `public.movie`, `audio/*` `public.audio`, `application/*` `public.data`, `font/*`
    /// `public.font`, `model/*` `public.3d-content`, `message/*` `public.message`), `*/*` the
    /// wildcard. Parameters before `q` are kept and make a range more specific; `q` is the weight.
    /// Type, subtype and parameter names ignore case. A malformed range (no `/`, a bad `q`, an
    /// unknown type family) is dropped with a diagnostic; the rest are kept.
    ///
    /// ```swift
    /// let client = try ReceiverProfile.importing(acceptHeader: "text/html;q=0, */*").profile
    /// Negotiator().negotiate([Offer(.html), Offer(.json)], with: client).best?.offer.contentType   // public.json
    /// ```
    ///
    /// - Parameters:
    ///   - acceptHeader: The header's value.
    ///   - name: A name for the receiver. The default is `HTTP client`.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when no range is usable.
    public static func importing(acceptHeader: String, name: String = "HTTP client") throws(ReceiverDeclarationError) -> ImportedReceiver {
        var rules: [AcceptRule] = []
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
        for element in AcceptHeader.elements(of: acceptHeader) {
            switch AcceptHeader.rule(for: element) {
            case .success(let rule): rules.append(rule)
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        guard !rules.isEmpty else {
            let found = diagnostics.isEmpty ? [.init(entry: acceptHeader, reason: "expected at least one media range such as text/html or */*, found none")] : diagnostics
            throw ReceiverDeclarationError(source: "Accept", diagnostics: found)
        }
        let profile = ReceiverProfile(
            name: name, identifier: "Accept: \(acceptHeader)",
            activation: ReceiverActivation(accepts: rules, itemMatching: .any))
        return ImportedReceiver(profile: profile, diagnostics: diagnostics)
    }
}

/// Parsing of `Accept` header values.
enum AcceptHeader {
    /// The comma-separated elements of a header, outside quoted strings; empty ones skipped.
    static func elements(of header: String) -> [Substring] {
        var elements: [Substring] = []
        var start = header.startIndex
        var inQuotes = false
        var index = header.startIndex
        while index < header.endIndex {
            let character = header[index]
            if character == "\"" { inQuotes.toggle() }
            if character == "\\", inQuotes {
                index = header.index(after: index)
                if index < header.endIndex { index = header.index(after: index) }
                continue
            }
            if character == ",", !inQuotes {
                elements.append(header[start..<index])
                start = header.index(after: index)
            }
            index = header.index(after: index)
        }
        elements.append(header[start...])
        return elements.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// The type families `type/*` maps to.
    static let families: [String: UTType] = [
        "image": .image, "text": .text, "audio": .audio, "video": .movie, "application": .data,
        "font": .font, "model": .threeDContent, "message": .message,
    ]

    /// The rule for one media range, or why it is malformed.
    /// A parsed media range, or why it is malformed.
    enum Parsed {
        case success(AcceptRule)
        case failure(ReceiverDeclarationError.Diagnostic)
    }

    static func rule(for element: Substring) -> Parsed {
        let source = String(element)
        func fail(_ reason: String) -> Parsed {
            .failure(ReceiverDeclarationError.Diagnostic(entry: source, reason: reason))
        }
        var parts = element.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
        let range = parts.removeFirst().lowercased()
        let typeAndSubtype = range.split(separator: "/", omittingEmptySubsequences: false)
        guard typeAndSubtype.count == 2, !typeAndSubtype[0].isEmpty, !typeAndSubtype[1].isEmpty,
            typeAndSubtype.allSatisfy({ $0.allSatisfy(isTokenCharacter) })
        else {
            return fail("expected a media range type/subtype, type/* or */*, found '\(range)'")
        }
        var parameters: [String: String] = [:]
        var weight = 1.0
        for part in parts where !part.isEmpty {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2 else { return fail("expected a parameter name=value, found '\(part)'") }
            let name = pair[0].trimmingSpaces().lowercased()
            var value = pair[1].trimmingSpaces()
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = value.dropFirst().dropLast() }
            if name == "q" {
                guard let parsed = qvalue(value) else {
                    return fail("expected a weight q from 0 to 1 with at most three decimals, found '\(value)'")
                }
                weight = parsed
                break  // Accept extensions after q are not media type parameters.
            }
            guard parameters[name] == nil else { return fail("the parameter '\(name)' is given twice") }
            parameters[name] = String(value)
        }
        let (type, subtype) = (String(typeAndSubtype[0]), String(typeAndSubtype[1]))
        if type == "*" {
            guard subtype == "*" else { return fail("expected */* or type/*, found '*/\(subtype)'") }
            return .success(AcceptRule.wildcard(weight: weight, source: source))
        }
        if subtype == "*" {
            guard let family = families[type] else {
                return fail("no content type corresponds to the family \(type)/* (known: \(families.keys.sorted().joined(separator: ", ")))")
            }
            return .success(AcceptRule(family, parameters: parameters, weight: weight, source: source))
        }
        guard let contentType = UTType(mimeType: "\(type)/\(subtype)") else {
            return fail("'\(type)/\(subtype)' is not a valid MIME type")
        }
        return .success(AcceptRule(contentType, parameters: parameters, weight: weight, source: source))
    }

    /// RFC 9110 `qvalue`: `0` to `1` with at most three decimals.
    static func qvalue(_ text: Substring) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts[0] == "0" || parts[0] == "1" else { return nil }
        if parts.count == 2 {
            guard parts[1].count <= 3, parts[1].allSatisfy(\.isASCIIDigit) else { return nil }
            if parts[0] == "1", parts[1].contains(where: { $0 != "0" }) { return nil }
        }
        return Double(text)
    }

    static func isTokenCharacter(_ character: Character) -> Bool {
        guard character.isASCII else { return false }
        return character.isLetter || character.isNumber || "!#$%&'*+-.^_`|~".contains(character)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
