import TransferSupport

/// A media type as HTTP writes it (RFC 9110 §8.3.1): `type/subtype` followed by parameters, each
/// `name=value` with the value a token or a quoted string (§5.6.4, §5.6.6).
///
/// The one parser of media types: for tag lookups, offers (`Offer` carries one, parameters
/// included), the matcher's media ranges, `Accept` headers, Web Share Target and Android
/// declarations and the command line. Two readers compare MIME types without parsing them, on
/// purpose: an Android intent filter (`IntentFilter.matchesMIMEType`) compares strings, case
/// included, as Android's `IntentFilter` does; and the type table keys a tag this parser refuses
/// by its text with the spaces around `;` and `=` removed, so that a malformed tag still finds
/// what was declared under it. Type, subtype and parameter names are lowercased; values are
/// unquoted (`charset="utf-8"` and `charset=utf-8` are the same) and keep their case.
///
/// ```swift
/// let type = try MediaType(parsing: #"text/plain; charset="utf-8"; format=flowed"#)
/// type.essence              // "text/plain"
/// type[parameter: "format"] // "flowed"
/// MediaType("image/*")?.isRange // true
/// ```
///
/// Common types are named values, as `HTTPField.Name` names fields: ``plainText``, ``html``,
/// ``json``, ``png``; and the ranges ``any`` (`*/*`), ``anyImage``, ``anyText``.
///
/// `MediaType` is `Sendable`.
public struct MediaType: Sendable, Hashable, Codable, LosslessStringConvertible {
    /// The top-level type, lowercased: `text`, or `*` in a media range.
    public var type: String
    /// The subtype, lowercased: `plain`, or `*` in a media range.
    public var subtype: String
    /// The parameters in order, names lowercased, values unquoted.
    public var parameters: [Parameter]

    /// One `name=value` parameter.
    ///
    /// `Parameter` is `Sendable`.
    public struct Parameter: Sendable, Hashable {
        /// The name, lowercased: `charset`.
        public var name: String
        /// The value, unquoted, its case kept: `utf-8`.
        public var value: String

        /// Creates a parameter.
        ///
        /// - Parameters:
        ///   - name: The name; lowercased.
        ///   - value: The value, unquoted.
        public init(name: String, value: String) {
            self.name = name.lowercased()
            self.value = value
        }
    }

    /// Creates a media type from its parts.
    ///
    /// - Parameters:
    ///   - type: The top-level type, or `*` for a range of every type; lowercased.
    ///   - subtype: The subtype, or `*` for a range of every subtype; lowercased.
    ///   - parameters: The parameters, in order.
    public init(type: String, subtype: String, parameters: [Parameter] = []) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// Parses a media type or range, `nil` when the text is not one (``init(parsing:)`` says why).
    ///
    /// - Parameter description: `type/subtype` with optional parameters.
    public init?(_ description: String) {
        guard let parsed = try? MediaType(parsing: description) else { return nil }
        self = parsed
    }

    /// ``canonicalText``.
    public var description: String { canonicalText }

    /// `type/subtype`, without parameters.
    public var essence: String { "\(type)/\(subtype)" }

    /// Whether this is a media range rather than one media type: its type or subtype is `*`
    /// (`*/*`, `image/*`).
    public var isRange: Bool { type == "*" || subtype == "*" }

    /// The value of the first parameter named `name` (case ignored), if any.
    public subscript(parameter name: String) -> String? {
        let name = name.lowercased()
        return parameters.first { $0.name == name }?.value
    }

    /// The same media type without its parameters.
    public var withoutParameters: MediaType { MediaType(type: type, subtype: subtype) }

    /// Whether `other`, a media type, falls in this media range: `image/*` contains `image/png`,
    /// `*/*` contains everything, `image/png` only itself. Parameters are not compared.
    ///
    /// - Parameter other: The media type.
    /// - Returns: Whether the range contains it.
    public func contains(_ other: MediaType) -> Bool {
        (type == "*" || type == other.type) && (subtype == "*" || subtype == other.subtype)
    }

    /// Decodes a media type from its text.
    ///
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the text is not a media type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do throws(SyntaxError) {
            self = try MediaType(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.reason)
        }
    }

    /// Encodes the media type as its ``canonicalText``.
    ///
    /// - Parameter encoder: The encoder.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(canonicalText)
    }

    /// The parameters as a dictionary; the first of a repeated name wins.
    package var parameterDictionary: [String: String] {
        var result: [String: String] = [:]
        for parameter in parameters where result[parameter.name] == nil { result[parameter.name] = parameter.value }
        return result
    }

    /// The canonical text: lowercased names, no white space, values quoted only where they must be:
    /// `text/plain;charset=utf-8`.
    public var canonicalText: String {
        var text = essence
        for parameter in parameters {
            text += ";" + parameter.name + "=" + Self.quotedIfNeeded(parameter.value)
        }
        return text
    }

    /// What is wrong with a media type's text.
    ///
    /// `SyntaxError` is `Sendable`.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What was expected and what was found.
        public var reason: String

        /// ``reason``.
        public var description: String { reason }
    }

    /// Parses `type/subtype *( OWS ";" OWS [ name=value ] )`: the package's one way to read a
    /// media type. Empty parameters (`;;`) are skipped, as RFC 9110 allows; white space around `=`
    /// is tolerated.
    ///
    /// - Parameter text: The media type.
    /// - Throws: ``SyntaxError`` saying what was expected and what was found.
    public init(parsing text: some StringProtocol) throws(SyntaxError) {
        var scanner = Scanner(Array(text.utf8))
        scanner.skipWhitespace()
        let type = scanner.token()
        guard !type.isEmpty else {
            throw SyntaxError(reason: "expected a media type type/subtype, found \(scanner.describeRest())")
        }
        guard scanner.take(UInt8(ascii: "/")) else {
            throw SyntaxError(reason: "expected '/' after '\(type)', found \(scanner.describeRest())")
        }
        let subtype = scanner.token()
        guard !subtype.isEmpty else {
            throw SyntaxError(reason: "expected a subtype after '\(type)/', found \(scanner.describeRest())")
        }
        self.init(type: type, subtype: subtype, parameters: try Self.parameters(&scanner))
    }

    /// Parses what follows a type in a media type or an `Accept` element:
    /// `*( OWS ";" OWS [ name=value ] )`, such as `; level=1; q=0.5`.
    ///
    /// - Parameter text: The parameters, each after a `;`.
    /// - Returns: The parameters in order.
    /// - Throws: ``SyntaxError`` saying what is wrong with them.
    package static func parameters(_ text: some StringProtocol) throws(SyntaxError) -> [Parameter] {
        var scanner = Scanner(Array(text.utf8))
        return try parameters(&scanner)
    }

    private static func parameters(_ scanner: inout Scanner) throws(SyntaxError) -> [Parameter] {
        var parameters: [Parameter] = []
        while true {
            scanner.skipWhitespace()
            if scanner.isAtEnd { break }
            guard scanner.take(UInt8(ascii: ";")) else {
                throw SyntaxError(reason: "expected ';' before a parameter, found \(scanner.describeRest())")
            }
            scanner.skipWhitespace()
            if scanner.isAtEnd || scanner.peek == UInt8(ascii: ";") { continue }
            let name = scanner.token()
            guard !name.isEmpty else {
                throw SyntaxError(reason: "expected a parameter name, found \(scanner.describeRest())")
            }
            scanner.skipWhitespace()
            guard scanner.take(UInt8(ascii: "=")) else {
                throw SyntaxError(reason: "expected '=' after the parameter '\(name)', found \(scanner.describeRest())")
            }
            scanner.skipWhitespace()
            let value: String
            if scanner.peek == UInt8(ascii: "\"") {
                guard let quoted = scanner.quotedString() else {
                    throw SyntaxError(reason: "expected a closing quote for the value of '\(name)', found the end")
                }
                value = quoted
            } else {
                value = scanner.token(lowercased: false)
                guard !value.isEmpty else {
                    throw SyntaxError(
                        reason: "expected a value for the parameter '\(name)', found \(scanner.describeRest())")
                }
            }
            parameters.append(Parameter(name: name, value: value))
        }
        return parameters
    }

    /// Splits a header's comma-separated list (RFC 9110 §5.6.1) outside quoted strings; empty
    /// elements are skipped.
    package static func listElements(_ header: String) -> [Substring] {
        var elements: [Substring] = []
        var start = header.startIndex
        var inQuotes = false
        var index = header.startIndex
        while index < header.endIndex {
            let character = header[index]
            if character == "\\", inQuotes {
                index = header.index(after: index)
                if index < header.endIndex { index = header.index(after: index) }
                continue
            }
            if character == "\"" { inQuotes.toggle() }
            if character == ",", !inQuotes {
                elements.append(header[start..<index])
                start = header.index(after: index)
            }
            index = header.index(after: index)
        }
        elements.append(header[start...])
        return elements.map { $0.trimmingHTTPWhitespace() }.filter { !$0.isEmpty }
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        if !value.isEmpty, value.utf8.allSatisfy(HTTPSyntax.isTokenByte) { return value }
        var quoted = "\""
        for character in value {
            if character == "\"" || character == "\\" { quoted += "\\" }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// A cursor over the text's bytes.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[position] }

        mutating func skipWhitespace() {
            while let byte = peek, HTTPSyntax.isWhitespace(byte) { position += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func token(lowercased: Bool = true) -> String {
            let start = position
            while let byte = peek, HTTPSyntax.isTokenByte(byte) { position += 1 }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return lowercased ? text.lowercased() : text
        }

        /// A quoted string with its quoted pairs resolved; `nil` when it is not closed.
        mutating func quotedString() -> String? {
            position += 1
            var value: [UInt8] = []
            while let byte = peek {
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(decoding: value, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard let next = peek else { return nil }
                    value.append(next)
                    position += 1
                default:
                    value.append(byte)
                }
            }
            return nil
        }

        func describeRest() -> String {
            isAtEnd ? "the end" : bytes.describedCharacter(at: position)
        }
    }
}

extension UTType {
    /// The type's preferred MIME type as a ``MediaType``, parameters included
    /// (`text/plain;charset=utf-8` for `public.utf8-plain-text`); `nil` for a type without one.
    public var preferredMediaType: MediaType? {
        // A built-in type's is parsed once: every offer asks for its type's.
        if let index = builtInIndex { return Self.builtInPreferredMediaTypes[Int(index)] }
        return preferredMIMEType.flatMap(MediaType.init)
    }

    /// Each built-in type's preferred MIME type (its first), parsed, by built-in index.
    private static let builtInPreferredMediaTypes: [MediaType?] =
        TypeTable.shared.declarations.map { $0.mimeTypes.first.flatMap(MediaType.init) }

    /// The type and subtype of each MIME type the type carries, lowercased, for matching HTTP
    /// media ranges; parsed once per built-in type, on first use, so that negotiation does not
    /// parse tags per offer.
    package var mediaTypeEssences: [(type: String, subtype: String)] {
        if let index = builtInIndex { return Self.builtInMediaTypeEssences[Int(index)] }
        return Self.essences(of: tags[.mimeType] ?? [])
    }

    /// The built-in types whose preferred MIME type is in the media range `type/subtype` (`type/*` when
    /// `subtype` is `nil`), as a bit set over their built-in indices — bit *i* % 64 of word
    /// *i* / 64 — so that a negotiator resolves a media range once and then matches a built-in type
    /// with one bit test instead of string comparisons. `type` and `subtype` are lowercased.
    package static func builtInTypes(inMediaRange type: String, subtype: String?) -> [UInt64] {
        var words = [UInt64](repeating: 0, count: (builtInMediaTypeEssences.count + 63) / 64)
        // A type is offered as its preferred MIME type (its first), so only that one is matched.
        for (index, essences) in builtInMediaTypeEssences.enumerated()
        where essences.first.map({ $0.type == type && (subtype == nil || $0.subtype == subtype) }) ?? false {
            words[index / 64] |= 1 << UInt64(index % 64)
        }
        return words
    }

    private static let builtInMediaTypeEssences: [[(type: String, subtype: String)]] =
        TypeTable.shared.declarations.map { essences(of: $0.mimeTypes) }

    private static func essences(of mimeTypes: [String]) -> [(type: String, subtype: String)] {
        mimeTypes.compactMap { text in
            guard let mediaType = try? MediaType(parsing: text) else { return nil }
            return (mediaType.type, mediaType.subtype)
        }
    }
}
