#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The Codable side of `JSONDecodingContext`: the `Decoder`, its three containers, and the types
// JSON reads in its own way (dates, data, URLs, decimals, dictionaries under a key strategy).

extension JSONDecodingContext: Decoder {
    var userInfo: [CodingUserInfoKey: Any] { userInfoForCoding }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try keyedContainer(at: current, depth: path.count, fixedPath: nil)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try unkeyedContainer(at: current, depth: path.count, fixedPath: nil)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(context: self, token: current, depth: path.count, fixedPath: nil)
    }

    func keyedContainer<Key: CodingKey>(at token: Int, depth: Int, fixedPath: [PathComponent]?) throws
        -> KeyedDecodingContainer<Key>
    {
        guard tokens[token].kind == .object else {
            throw typeMismatch([String: Any].self, token, fixedPath.map(materialize) ?? codingPath(depth: depth))
        }
        return KeyedDecodingContainer(
            JSONKeyedDecodingContainer<Key>(context: self, object: token, depth: depth, fixedPath: fixedPath))
    }

    func unkeyedContainer(at token: Int, depth: Int, fixedPath: [PathComponent]?) throws -> any UnkeyedDecodingContainer
    {
        guard tokens[token].kind == .array else {
            throw typeMismatch([Any].self, token, fixedPath.map(materialize) ?? codingPath(depth: depth))
        }
        return JSONUnkeyedDecodingContainer(context: self, array: token, depth: depth, fixedPath: fixedPath)
    }

    func materialize(_ components: [PathComponent]) -> [any CodingKey] {
        components.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): JSONKey(intValue: index)
            }
        }
    }

    /// Runs `body` with `path` set to the path of a child of a container: the container's own path
    /// (the first `depth` components, or `fixedPath` for a nested container) and `component`.
    @inline(__always)
    func withChildPath<R>(_ component: PathComponent, depth: Int, fixedPath: [PathComponent]?, _ body: () throws -> R)
        rethrows -> R
    {
        if let fixedPath {
            let saved = path
            path = fixedPath + [component]
            defer { path = saved }
            return try body()
        }
        if path.count > depth { path.removeSubrange(depth...) }
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    /// The path of a child, for a container's nested containers and super decoders.
    func childPath(_ component: PathComponent, depth: Int, fixedPath: [PathComponent]?) -> [PathComponent] {
        (fixedPath ?? Array(path.prefix(depth))) + [component]
    }

    // MARK: Values

    /// Decodes the value at `token`, whose coding path is `path`.
    func decode<T: Decodable>(_ type: T.Type, at token: Int) throws -> T {
        if T.self == String.self {
            return unsafeBitCast(try decodeString(at: token, codingPath), to: T.self)
        } else if T.self == Int.self {
            return unsafeBitCast(try decodeInteger(Int.self, at: token, codingPath), to: T.self)
        } else if T.self == Double.self {
            return unsafeBitCast(try decodeDouble(at: token, codingPath), to: T.self)
        } else if T.self == Bool.self {
            return unsafeBitCast(try decodeBool(at: token, codingPath), to: T.self)
        } else if T.self == UUID.self {
            guard tokens[token].kind == .string else { throw typeMismatch(String.self, token, codingPath) }
            // Escapes decoded, the text is read whole: Foundation's `UUID(uuidString:)` stops at
            // a NUL (`\u0000`) and would drop what follows it.
            guard
                let uuid = tokens[token].flags == 0
                    ? UUIDText.uuid(text(of: token)) : UUIDText.uuid(string(at: token))
            else {
                throw corrupted(
                    ValueExpectation.mismatch(ValueExpectation.uuid, found: string(at: token)), token, codingPath)
            }
            return unsafeBitCast(uuid, to: T.self)
        } else if T.self == URL.self {
            let text = try decodeString(at: token, codingPath)
            guard let url = URL(string: text) else {
                throw corrupted(ValueExpectation.mismatch(ValueExpectation.url, found: text), token, codingPath)
            }
            return url as! T
        } else if T.self == Date.self {
            return try decodeDate(at: token) as! T
        } else if T.self == Data.self {
            return try decodeData(at: token) as! T
        } else if T.self == Decimal.self {
            return try decodeDecimal(at: token) as! T
        } else if T.self == Float.self {
            return unsafeBitCast(try decodeFloat(at: token, codingPath), to: T.self)
        } else if ObjectIdentifier(T.self) == Self.stringArray, let strings = try stringArray(at: token) {
            return unsafeBitCast(strings, to: T.self)
        } else if convertsKeys, let dictionary = T.self as? any JSONStringDictionaryDecodable.Type {
            return try dictionary.decodeMembers(from: self, object: token) as! T
        }
        return try decodeThroughCodable(at: token) { try T(from: $0) }
    }

    /// `[String].self`, looked up once: its metadata is prespecialized, and asking for it in a
    /// generic function goes through the runtime's metadata cache on every call.
    static let stringArray = ObjectIdentifier([String].self)

    /// An array of strings read straight from the tape, as `[String](from:)` reads it; `nil` when
    /// `token` is not an array of strings, for `[String](from:)` itself to read (and to throw its
    /// errors).
    private func stringArray(at token: Int) throws -> [String]? {
        guard tokens[token].kind == .array else { return nil }
        let count = Int(tokens[token].count)
        var strings: [String] = []
        strings.reserveCapacity(count)
        var cursor = token + 1
        for _ in 0..<count {
            guard tokens[cursor].kind == .string else { return nil }
            strings.append(try decodeString(at: cursor, codingPath))
            cursor = skip(cursor)
        }
        return strings
    }

    /// The value at `token` when `T` is a string, number or `Bool`, read without a coding path
    /// (made only for an error); `nil` for other types.
    @inline(__always)
    func decodeScalar<T>(_ type: T.Type, at token: Int, _ path: () -> [any CodingKey]) throws -> T? {
        if T.self == String.self { return unsafeBitCast(try decodeString(at: token, path()), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self, at: token, path()), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeDouble(at: token, path()), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeBool(at: token, path()), to: T.self) }
        return nil
    }

    /// Runs `body` with the context as the `Decoder` of `token`.
    @inline(__always)
    func decodeThroughCodable<R>(at token: Int, _ body: (JSONDecodingContext) throws -> R) rethrows -> R {
        let saved = current
        current = token
        defer { current = saved }
        return try body(self)
    }

    func decodeString(at token: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard tokens[token].kind == .string else { throw typeMismatch(String.self, token, path()) }
        return string(at: token)
    }

    func decodeBool(at token: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        switch tokens[token].kind {
        case .true: return true
        case .false: return false
        default: throw typeMismatch(Bool.self, token, path())
        }
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at token: Int, _ path: @autoclosure () -> [any CodingKey])
        throws -> T
    {
        guard tokens[token].kind == .number else { throw typeMismatch(T.self, token, path()) }
        guard
            let value = JSONNumberParsing.integer(
                text(of: token), hasFractionOrExponent: tokens[token].flags != 0, as: T.self)
        else {
            throw corrupted(
                "Parsed JSON number <\(String(decoding: text(of: token), as: UTF8.self))> does not fit in \(T.self)",
                token, path())
        }
        return value
    }

    func decodeDouble(at token: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Double {
        if tokens[token].kind == .string, let special = nonConformingFloat(at: token) { return special }
        guard tokens[token].kind == .number else { throw typeMismatch(Double.self, token, path()) }
        guard let value = JSONNumberParsing.double(text(of: token)) else {
            throw corrupted(
                "Parsed JSON number <\(String(decoding: text(of: token), as: UTF8.self))> does not fit in Double",
                token, path())
        }
        return value
    }

    func decodeFloat(at token: Int, _ path: @autoclosure () -> [any CodingKey]) throws -> Float {
        if tokens[token].kind == .string, let special = nonConformingFloat(at: token) { return Float(special) }
        guard tokens[token].kind == .number else { throw typeMismatch(Float.self, token, path()) }
        guard let value = JSONNumberParsing.float(text(of: token)) else {
            throw corrupted(
                "Parsed JSON number <\(String(decoding: text(of: token), as: UTF8.self))> does not fit in Float", token,
                path())
        }
        return value
    }

    /// The value a string stands for under `.convertFromString`.
    private func nonConformingFloat(at token: Int) -> Double? {
        guard
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options
                .nonConformingFloatDecodingStrategy
        else {
            return nil
        }
        switch string(at: token) {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }

    private func decodeDecimal(at token: Int) throws -> Decimal {
        guard tokens[token].kind == .number else { throw typeMismatch(Decimal.self, token, codingPath) }
        let text = String(decoding: text(of: token), as: UTF8.self)
        guard let value = Decimal(string: text) else {
            throw corrupted("Parsed JSON number <\(text)> does not fit in Decimal", token, codingPath)
        }
        return value
    }

    private func decodeDate(at token: Int) throws -> Date {
        switch options.dateDecodingStrategy {
        case .deferredToDate:
            return try decodeThroughCodable(at: token) { try Date(from: $0) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: token, codingPath))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(at: token, codingPath) / 1000.0)
        case .iso8601:
            let text = try decodeString(at: token, codingPath)
            guard
                let date = (try? Date.ISO8601FormatStyle().parse(text))
                    ?? (try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text))
            else {
                throw corrupted(ValueExpectation.mismatch(ValueExpectation.iso8601Date, found: text), token, codingPath)
            }
            return date
        case .custom(let decode):
            return try decodeThroughCodable(at: token) { try decode($0) }
        @unknown default:
            return try decodeThroughCodable(at: token) { try Date(from: $0) }
        }
    }

    private func decodeData(at token: Int) throws -> Data {
        switch options.dataDecodingStrategy {
        case .deferredToData:
            return try decodeThroughCodable(at: token) { try Data(from: $0) }
        case .base64:
            let text = try decodeString(at: token, codingPath)
            guard let data = Data(base64Encoded: text) else {
                throw corrupted(ValueExpectation.mismatch(ValueExpectation.base64, found: text), token, codingPath)
            }
            return data
        case .custom(let decode):
            return try decodeThroughCodable(at: token) { try decode($0) }
        @unknown default:
            return try decodeThroughCodable(at: token) { try Data(from: $0) }
        }
    }
}

/// `[String: Value]`, whose keys Foundation reads without converting them by the key strategy.
protocol JSONStringDictionaryDecodable {
    static func decodeMembers(from context: JSONDecodingContext, object: Int) throws -> Self
}

extension Dictionary: JSONStringDictionaryDecodable where Key == String, Value: Decodable {
    static func decodeMembers(from context: JSONDecodingContext, object: Int) throws -> Self {
        guard context.tokens[object].kind == .object else {
            throw context.typeMismatch(Self.self, object, context.codingPath)
        }
        var result: [String: Value] = [:]
        var token = object + 1
        for _ in 0..<context.tokens[object].count {
            let name = context.string(at: token)
            if result[name] == nil {
                let value = try context.withChildPath(
                    .key(JSONKey(stringValue: name)), depth: context.path.count, fixedPath: nil
                ) {
                    try context.decode(Value.self, at: token + 1)
                }
                result[name] = value
            }
            token = context.skip(token + 1)
        }
        return result
    }
}
