internal import TransferSupport

extension ReceiverProfile {
    /// Reads an HTTP `Accept` header (RFC 9110 §12.5.1) as a receiver.
    ///
    /// Each media range becomes an ``AcceptRule`` matched by MIME type, as RFC 9110 says:
    /// `type/subtype` takes offers whose MIME type is that, `type/*` offers whose MIME type has
    /// that top-level type (`text/*` takes `text/markdown` but not `application/json`), `*/*`
    /// anything (see ``AcceptRule/pattern``). Parameters before `q` are kept and make a range
    /// more specific, quoted or not (`level="1"` is `level=1`); `q` is the weight. Type, subtype
    /// and parameter names ignore case. A malformed range (no `/`, a bad or repeated `q`, a
    /// repeated parameter, an unclosed quote) is dropped with a diagnostic; the rest are kept.
    ///
    /// ```swift
    /// let client = try ReceiverProfile.parse(acceptHeader: "text/html;q=0, */*").profile
    /// Negotiator().negotiate([Offer(.html), Offer(.json)], with: client).best?.offer.contentType   // public.json
    /// ```
    ///
    /// - Parameters:
    ///   - acceptHeader: The header's value.
    ///   - name: A name for the receiver. The default is `HTTP client`.
    /// - Returns: The profile and the diagnostics.
    /// - Throws: ``ReceiverDeclarationError`` when no range is usable.
    public static func parse(acceptHeader: String, name: String = "HTTP client") throws(ReceiverDeclarationError)
        -> ParsedReceiver
    {
        var rules: [AcceptRule] = []
        var diagnostics: [ReceiverDeclarationError.Diagnostic] = []
        for element in AcceptHeader.elements(of: acceptHeader) {
            switch AcceptHeader.rule(for: element) {
            case .success(let rule, let warnings):
                rules.append(rule)
                diagnostics += warnings
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
        guard !rules.isEmpty else {
            let found =
                diagnostics.isEmpty
                ? [
                    .init(
                        // Nothing but blanks: the problem is the header as a whole.
                        entry: "Accept",
                        reason: "expected at least one media range such as text/html or */*, found none")
                ] : diagnostics
            throw ReceiverDeclarationError(source: "Accept", diagnostics: found)
        }
        let profile = ReceiverProfile(
            name: name, identifier: "Accept: \(acceptHeader)",
            activation: ReceiverActivation(accepts: rules, itemMatching: .any))
        return ParsedReceiver(profile: profile, diagnostics: diagnostics)
    }
}

/// Parsing of `Accept` header values.
enum AcceptHeader {
    /// The comma-separated elements of a header, outside quoted strings; empty ones skipped.
    static func elements(of header: String) -> [Substring] {
        MediaType.listElements(header)
    }

    /// A parsed media range with what was ignored in it, or why it is malformed.
    enum Parsed {
        case success(AcceptRule, warnings: [ReceiverDeclarationError.Diagnostic])
        case failure(ReceiverDeclarationError.Diagnostic)
    }

    /// The rule for one media range (`type/subtype`, `type/*` or `*/*`, with parameters and `q`);
    /// with `identifiers`, also for a content type identifier or `*` in place of the range
    /// (`public.image;q=0.5`), matched by conformance.
    static func rule(for element: Substring, identifiers: Bool = false, forms: TransferPayloadForms = .all)
        -> Parsed
    {
        let source = String(element)
        func fail(_ reason: String) -> Parsed {
            .failure(ReceiverDeclarationError.Diagnostic(entry: source, reason: reason))
        }
        let head = element.prefix { $0 != ";" }.trimmingHTTPWhitespace()
        let pattern: UTTypeMatcher.Pattern
        let listed: [MediaType.Parameter]
        if identifiers, !head.contains("/") {
            // A content type's identifier, then the same parameters as a media range's.
            if head == "*" {
                pattern = .any
            } else if let type = UTType(String(head)) {
                pattern = .type(type)
            } else {
                return fail("expected a media range type/subtype, type/* or */*, or a type identifier, found '\(head)'")
            }
            do throws(MediaType.SyntaxError) {
                listed = try MediaType.parameters(element.drop { $0 != ";" })
            } catch {
                return fail(error.reason)
            }
        } else {
            let mediaType: MediaType
            do throws(MediaType.SyntaxError) {
                mediaType = try MediaType(parsing: element)
            } catch {
                if !element.contains("/") {
                    return fail("expected a media range type/subtype, type/* or */*, found '\(head)'")
                }
                return fail(error.reason)
            }
            if mediaType.type == "*", mediaType.subtype != "*" {
                return fail("expected */* or type/*, found '*/\(mediaType.subtype)'")
            }
            pattern = .mediaRange(mediaType)
            listed = mediaType.parameters
        }
        // One rule for everything a member may repeat: the first value counts, and a warning says
        // what was ignored — as jshttp/negotiator 1.0 and the `content-type` parser read it. A member
        // is dropped only when it cannot be read at all (above, and a bad weight below).
        var parameters: [String: String] = [:]
        var warnings: [ReceiverDeclarationError.Diagnostic] = []
        var weight = 1.0
        for (index, parameter) in listed.enumerated() {
            if parameter.name == "q" {
                guard let parsed = qvalue(Substring(parameter.value)) else {
                    return fail(
                        "expected a weight q from 0 to 1 with at most three decimals, found '\(parameter.value)'")
                }
                // What follows the weight is accept extensions, not media type parameters.
                if listed[(index + 1)...].contains(where: { $0.name == "q" }) {
                    warnings.append(
                        .init(entry: source, reason: "the weight q is given twice; the first, \(parsed), is used"))
                }
                weight = parsed
                break
            }
            if let first = parameters[parameter.name] {
                warnings.append(
                    .init(
                        entry: source,
                        reason: "the parameter '\(parameter.name)' is given twice; the first value, '\(first)', is used"
                    ))
                continue
            }
            parameters[parameter.name] = parameter.value
        }
        return .success(
            AcceptRule(pattern, parameters: parameters, weight: weight, forms: forms, source: source),
            warnings: warnings)
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
}

extension AcceptRule {
    /// Parses one rule as an HTTP `Accept` header writes a media range — `text/html;level=1;q=0.7`,
    /// `image/*`, `*/*` — or the same with a content type identifier in its place, matched by
    /// conformance: `public.image;q=0.5`, `*;q=0.1`.
    ///
    /// The parser of ``ReceiverProfile/parse(acceptHeader:name:)``, with its rules: parameters
    /// before `q` must be carried by an offer; `q` is a weight from 0 to 1 with at most three
    /// decimals. A rule alone is read strictly: where a header's member only draws a warning — a
    /// parameter or weight given twice, of which the header uses the first — a rule is refused
    /// with that warning, so that nothing written is silently ignored.
    ///
    /// ```swift
    /// let rule = try AcceptRule(parsing: "text/*;q=0.5")   // pattern .mediaRange(text/*), weight 0.5
    /// ```
    ///
    /// - Parameters:
    ///   - text: The rule.
    ///   - forms: The payload forms accepted. The default is all of them.
    /// - Throws: ``ReceiverDeclarationError`` saying what was expected and what was found.
    public init(parsing text: String, forms: TransferPayloadForms = .all) throws(ReceiverDeclarationError) {
        switch AcceptHeader.rule(for: Substring(text), identifiers: true, forms: forms) {
        case .success(let rule, let warnings):
            guard warnings.isEmpty else { throw ReceiverDeclarationError(source: text, diagnostics: warnings) }
            self = rule
        case .failure(let diagnostic): throw ReceiverDeclarationError(source: text, diagnostics: [diagnostic])
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
