/// One thing a receiver accepts: a pattern of content types — a type and its subtypes, an HTTP
/// media range, or any type — with a weight and the payload forms it is taken in.
///
/// Accepting `public.image` takes `public.png`: the offered type conforms to the accepted one.
/// Receivers declared in content types (share extensions' activation rules, saved profiles) match
/// this way. Receivers declared in MIME types — HTTP `Accept` headers, Web Share Target `accept`
/// lists, Android intent filters — match as RFC 9110 §12.5.1 says instead: `text/*` takes every
/// offer whose MIME type is `text/…` (so `text/markdown`, not `application/json`, though
/// `public.json` conforms to `public.text` in the type tree), and `text/html` the offers whose MIME
/// type is `text/html`; see `UTTypeMatcher.Pattern.mediaRange`.
///
/// A rule for any type (`UTTypeMatcher.Pattern.any`) matches everything but ranks below every
/// explicit match. A weight of 0 excludes what the rule matches, and the most specific matching
/// rule decides, so `text/html;q=0, */*` never yields HTML.
///
/// ```swift
/// AcceptRule(.image, forms: [.value, .data])   // images, but not as a file URL
/// AcceptRule(.html, weight: 0)                 // never HTML
/// AcceptRule(mediaRange: .anyText)             // text/… MIME types, as HTTP means it
/// AcceptRule.wildcard(weight: 0.1)             // anything else, as a last resort
/// ```
///
/// `AcceptRule` is `Sendable`.
public struct AcceptRule: Sendable, Hashable, Codable, CustomStringConvertible {
    /// What the rule matches: a type and its subtypes, a media range, or any type.
    public var pattern: UTTypeMatcher.Pattern
    /// MIME parameters the offer must carry, names lowercased: `format=flowed`. More parameters make
    /// a rule more specific.
    public var parameters: [String: String]
    /// The weight, from 0 (excluded) to 1 (the default).
    public var weight: Double
    /// The payload forms accepted: ``TransferPayloadForms/all`` unless the rule names some.
    public var forms: TransferPayloadForms
    /// The declaration the rule came from, such as `text/html;q=0.7`, for traces.
    public var source: String?

    /// Creates a rule for a pattern.
    ///
    /// - Parameters:
    ///   - pattern: What the rule matches.
    ///   - parameters: MIME parameters the offer must carry.
    ///   - weight: From 0 (excluded) to 1. The default is 1.
    ///   - forms: The accepted payload forms. The default is all of them.
    ///   - source: The declaration text, for traces.
    public init(
        _ pattern: UTTypeMatcher.Pattern,
        parameters: [String: String] = [:],
        weight: Double = 1,
        forms: TransferPayloadForms = .all,
        source: String? = nil
    ) {
        if case .mediaRange(let range) = pattern {
            // One spelling per pattern: `*/*` is any type, and a range carries no parameters here.
            self.pattern = range.type == "*" ? .any : .mediaRange(range.withoutParameters)
        } else {
            self.pattern = pattern
        }
        self.parameters = parameters
        self.weight = Self.clamp(weight)
        self.forms = forms
        self.source = source
    }

    /// Creates a rule for a content type and the types conforming to it.
    ///
    /// - Parameters:
    ///   - contentType: The accepted type; subtypes are accepted too.
    ///   - parameters: MIME parameters the offer must carry.
    ///   - weight: From 0 (excluded) to 1. The default is 1.
    ///   - forms: The accepted payload forms. The default is all of them.
    ///   - source: The declaration text, for traces.
    public init(
        _ contentType: UTType,
        parameters: [String: String] = [:],
        weight: Double = 1,
        forms: TransferPayloadForms = .all,
        source: String? = nil
    ) {
        self.init(.type(contentType), parameters: parameters, weight: weight, forms: forms, source: source)
    }

    /// Creates a rule for an HTTP media range, matched by MIME type as RFC 9110 says.
    ///
    /// - Parameters:
    ///   - mediaRange: `type/subtype` or `type/*`; `*/*` gives the wildcard. Its parameters are
    ///     ignored: pass them as `parameters`.
    ///   - parameters: MIME parameters the offer must carry.
    ///   - weight: From 0 (excluded) to 1. The default is 1.
    ///   - forms: The accepted payload forms. The default is all of them.
    ///   - source: The declaration text, for traces.
    public init(
        mediaRange: MediaType,
        parameters: [String: String] = [:],
        weight: Double = 1,
        forms: TransferPayloadForms = .all,
        source: String? = nil
    ) {
        self.init(.mediaRange(mediaRange), parameters: parameters, weight: weight, forms: forms, source: source)
    }

    /// A rule that matches any content type, ranking below every explicit match.
    ///
    /// - Parameters:
    ///   - weight: From 0 (excluded) to 1. The default is 1.
    ///   - forms: The accepted payload forms. The default is all of them.
    ///   - source: The declaration text, for traces.
    /// - Returns: The wildcard rule.
    public static func wildcard(weight: Double = 1, forms: TransferPayloadForms = .all, source: String? = nil)
        -> AcceptRule
    {
        AcceptRule(.any, weight: weight, forms: forms, source: source)
    }

    /// Whether the rule matches any content type (its pattern is `UTTypeMatcher.Pattern.any`).
    public var isWildcard: Bool { pattern == .any }

    /// The content type that names the rule's pattern for people: the type itself; for a media
    /// range the type its MIME type names (`text/*` is `public.text`, `text/html` `public.html`);
    /// `public.item` for any type. It does not decide what a media range matches.
    public var contentType: UTType {
        switch pattern {
        case .any: .item
        case .type(let type): type
        case .mediaRange(let range):
            range.subtype == "*"
                ? (Self.families[range.type] ?? .data) : UTType(mimeType: range.essence) ?? .data
        }
    }

    /// The content type that names a `type/*` range for people.
    static let families: [String: UTType] = [
        "image": .image, "text": .text, "audio": .audio, "video": .movie, "application": .data,
        "font": .font, "model": .threeDContent, "message": .message,
    ]

    /// The rule as written in traces: its source, or its type, weight and forms.
    public var description: String {
        if let source { return source }
        var text: String
        switch pattern {
        case .any: text = "*"
        case .type(let type): text = type.identifier
        case .mediaRange(let range): text = range.essence
        }
        for (name, value) in parameters.sorted(by: { $0.key < $1.key }) { text += ";\(name)=\(value)" }
        if weight != 1 { text += ";q=\(weight)" }
        if forms != .all { text += " as \(forms)" }
        return text
    }

    private static func clamp(_ weight: Double) -> Double {
        weight.isNaN ? 0 : min(1, max(0, weight))
    }

    enum CodingKeys: String, CodingKey {
        case contentType = "type"
        case parameters
        case weight = "q"
        case forms
        case source
        case mediaRange
    }

    /// Decodes a rule: `{"type": "public.image", "q": 0.5, "forms": ["value"]}`; `"type": "*"` is the
    /// wildcard.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let range = try container.decodeIfPresent(String.self, forKey: .mediaRange) {
            guard let mediaType = try? MediaType(parsing: range), mediaType.parameters.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .mediaRange, in: container,
                    debugDescription: "expected a media range type/subtype or type/*, found '\(range)'")
            }
            self = AcceptRule(mediaRange: mediaType)
        } else if try container.decode(String.self, forKey: .contentType) == "*" {
            self = .wildcard()
        } else {
            self = AcceptRule(try container.decode(UTType.self, forKey: .contentType))
        }
        parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters) ?? [:]
        let weight = try container.decodeIfPresent(Double.self, forKey: .weight) ?? 1
        guard (0...1).contains(weight) else {
            throw DecodingError.dataCorruptedError(
                forKey: .weight, in: container, debugDescription: "expected a weight from 0 to 1, found \(weight)")
        }
        self.weight = weight
        forms = try container.decodeIfPresent(TransferPayloadForms.self, forKey: .forms) ?? .all
        source = try container.decodeIfPresent(String.self, forKey: .source)
    }

    /// Encodes the rule; the wildcard as `"type": "*"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch pattern {
        case .any: try container.encode("*", forKey: .contentType)
        case .type(let type): try container.encode(type.identifier, forKey: .contentType)
        case .mediaRange(let range): try container.encode(range.essence, forKey: .mediaRange)
        }
        if !parameters.isEmpty { try container.encode(parameters, forKey: .parameters) }
        if weight != 1 { try container.encode(weight, forKey: .weight) }
        if forms != .all { try container.encode(forms, forKey: .forms) }
        try container.encodeIfPresent(source, forKey: .source)
    }
}
