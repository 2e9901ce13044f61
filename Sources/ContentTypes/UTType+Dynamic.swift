/// A dynamic type: what a tag denotes when no declared type carries it.
///
/// Its identifier is Apple's `dyn.` encoding of the tag and the conformance, so the same tag gives
/// the same identifier here as on Apple's platforms, and the identifier alone is enough to recover
/// the type (`UTType("dyn.ah62d4rv4ge8043a")` is the type of the extension `md`):
///
///     identifier = "dyn.a" + base32(payload)
///     payload    = ["?0=" conformsTo ("," conformsTo)* ":"] class "=" tag (":" class "=" tag)*
///
/// The base-32 alphabet is `abcdefghkmnpqrstuvwxyz0123456789`, most significant bit first, the last
/// group zero-padded. Well-known identifiers and tag classes are abbreviated to short tokens
/// (`6` is `public.data`, `1` the filename-extension class); `\`, `:`, `=`, `,` and NUL inside
/// values are escaped with a backslash. Filename extensions and MIME types are lowercased first.
final class DynamicType: Sendable {
    let identifier: String
    let tags: [UTTagClass: [String]]
    let parents: [UTType]

    /// The dynamic type for one tag.
    ///
    /// Without a supertype the payload has no conformance part, and the type conforms to nothing
    /// but itself, as Apple's `UTType(tag:tagClass:conformingTo: nil)` gives.
    init(tag: String, tagClass: UTTagClass, conformingTo supertype: UTType?) {
        let value = tagClass == .filenameExtension || tagClass == .mimeType ? Identifier.key(tag) : tag
        var payload = "\(DynamicType.abbreviate(tagClass.rawValue))=\(DynamicType.escape(value))"
        if let supertype {
            payload = "?0=\(DynamicType.abbreviate(supertype.identifier)):" + payload
        }
        self.identifier = "dyn.a" + DynamicType.base32(Array(payload.utf8))
        self.tags = [tagClass: [value]]
        self.parents = supertype.map { [$0] } ?? []
    }

    /// The dynamic type an identifier encodes, or `nil` if it is not a valid `dyn.a` identifier.
    init?(decoding identifier: String) {
        guard UTType.isDynamicIdentifier(identifier) else { return nil }
        let encoded = identifier.utf8.dropFirst(4)
        guard encoded.first == UInt8(ascii: "a"),
            let bytes = DynamicType.base32Decode(encoded.dropFirst()),
            let payload = String(validating: bytes, as: UTF8.self)
        else { return nil }
        var body = Substring(payload)
        if body.first == "?" { body.removeFirst() }
        var tags: [UTTagClass: [String]] = [:]
        var parents: [UTType] = []
        for pair in DynamicType.split(body, on: ":") where !pair.isEmpty {
            let keyAndValue = DynamicType.split(pair, on: "=", limit: 1)
            guard keyAndValue.count == 2 else { return nil }
            let key = DynamicType.expand(keyAndValue[0])
            for value in DynamicType.split(keyAndValue[1], on: ",") {
                if key == "UTTypeConformsTo" {
                    let parentIdentifier = DynamicType.expand(value)
                    guard let parent = UTType(identifier: parentIdentifier, allowUndeclared: true) else { return nil }
                    parents.append(parent)
                } else {
                    tags[UTTagClass(rawValue: key), default: []].append(DynamicType.unescape(value))
                }
            }
        }
        guard !tags.isEmpty else { return nil }
        self.identifier = identifier
        self.tags = tags
        self.parents = parents
    }

    // MARK: Abbreviations

    private static let abbreviations: [(token: String, expansion: String)] = [
        ("0", "UTTypeConformsTo"),
        ("1", "public.filename-extension"),
        ("2", "com.apple.ostype"),
        ("3", "public.mime-type"),
        ("4", "com.apple.nspboard-type"),
        ("5", "public.url-scheme"),
        ("6", "public.data"),
        ("7", "public.text"),
        ("8", "public.plain-text"),
        ("9", "public.utf16-plain-text"),
        ("A", "com.apple.traditional-mac-plain-text"),
        ("B", "public.image"),
        ("C", "public.video"),
        ("D", "public.audio"),
        ("E", "public.directory"),
        ("F", "public.folder"),
        ("10", "com.apple.package"),
        ("13", "public.content"),
    ]

    private static let tokens: [String: String] = Dictionary(
        uniqueKeysWithValues: abbreviations.map { (Identifier.key($0.expansion), $0.token) }
    )

    private static func abbreviate(_ identifier: String) -> String {
        tokens[Identifier.key(identifier)] ?? escape(identifier)
    }

    private static func expand(_ token: Substring) -> String {
        abbreviations.first { $0.token == token }?.expansion ?? unescape(token)
    }

    // MARK: Escaping

    private static let escaped: Set<Character> = ["\\", ":", "=", ",", "\u{0}"]

    private static func escape(_ value: String) -> String {
        var result = ""
        for character in value {
            if escaped.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private static func unescape(_ value: Substring) -> String {
        var result = ""
        var iterator = value.makeIterator()
        while let character = iterator.next() {
            if character == "\\", let next = iterator.next() {
                result.append(next)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Splits on `separator` where it is not escaped; escapes are kept.
    private static func split(_ string: Substring, on separator: Character, limit: Int = .max) -> [Substring] {
        var parts: [Substring] = []
        var start = string.startIndex
        var index = string.startIndex
        while index < string.endIndex {
            let character = string[index]
            if character == "\\" {
                index = string.index(after: index)
                if index < string.endIndex { index = string.index(after: index) }
                continue
            }
            if character == separator, parts.count < limit {
                parts.append(string[start..<index])
                start = string.index(after: index)
            }
            index = string.index(after: index)
        }
        parts.append(string[start...])
        return parts
    }

    // MARK: Base 32

    private static let alphabet = Array("abcdefghkmnpqrstuvwxyz0123456789".utf8)

    private static func base32(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 8 / 5 + 1)
        var accumulator: UInt32 = 0
        var bits = 0
        for byte in bytes {
            accumulator = accumulator << 8 | UInt32(byte)
            bits += 8
            while bits >= 5 {
                bits -= 5
                output.append(alphabet[Int(accumulator >> UInt32(bits) & 31)])
            }
            accumulator &= (1 << UInt32(bits)) - 1
        }
        if bits > 0 { output.append(alphabet[Int(accumulator << UInt32(5 - bits) & 31)]) }
        return String(decoding: output, as: UTF8.self)
    }

    private static func base32Decode(_ characters: Substring.UTF8View.SubSequence) -> [UInt8]? {
        var output: [UInt8] = []
        var accumulator: UInt32 = 0
        var bits = 0
        for character in characters {
            guard let value = alphabet.firstIndex(of: Identifier.lower(character)) else { return nil }
            accumulator = accumulator << 5 | UInt32(value)
            bits += 5
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(accumulator >> UInt32(bits) & 0xFF))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        // Padding bits must be zero, or the identifier is not one Apple's encoder makes.
        return accumulator == 0 ? output : nil
    }
}
