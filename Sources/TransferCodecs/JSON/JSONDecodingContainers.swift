#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The containers of `JSONDecodingContext`. Each knows its token and its place in the coding path:
// the first `depth` components of the context's path while its value is being decoded, or a
// `fixedPath` of its own when it is a nested container that may outlive that moment.

/// An object's members looked up by name through a dictionary: for large objects, and for keys
/// converted by a strategy.
final class JSONMemberTable {
    /// Value tokens by (converted) name; the first of repeated names wins.
    var values: [String: Int] = [:]
    /// The names in document order, for `allKeys`.
    var names: [String] = []
}

struct JSONKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let context: JSONDecodingContext
    let object: Int
    let depth: Int
    let fixedPath: [JSONDecodingContext.PathComponent]?
    private let table: JSONMemberTable?

    /// Small objects are searched in place; larger ones, and any under a key strategy, through a
    /// table made once.
    private static var largestSearched: Int { 16 }

    init(context: JSONDecodingContext, object: Int, depth: Int, fixedPath: [JSONDecodingContext.PathComponent]?) {
        self.context = context
        self.object = object
        self.depth = depth
        self.fixedPath = fixedPath
        let count = Int(context.tokens[object].count)
        if context.convertsKeys || count > Self.largestSearched {
            let table = JSONMemberTable()
            table.values.reserveCapacity(count)
            var token = object + 1
            for _ in 0..<count {
                let name = Self.convert(context.string(at: token), context: context, depth: depth, fixedPath: fixedPath)
                table.names.append(name)
                if table.values[name] == nil { table.values[name] = token + 1 }
                token = context.skip(token + 1)
            }
            self.table = table
        } else {
            self.table = nil
        }
    }

    private static func convert(
        _ name: String, context: JSONDecodingContext, depth: Int, fixedPath: [JSONDecodingContext.PathComponent]?
    ) -> String {
        switch context.options.keyDecodingStrategy {
        case .useDefaultKeys:
            return name
        case .convertFromSnakeCase:
            return JSONKeyConversion.camelCase(name)
        case .custom(let convert):
            let path = fixedPath.map(context.materialize) ?? context.codingPath(depth: depth)
            return convert(path + [JSONKey(stringValue: name)]).stringValue
        @unknown default:
            return name
        }
    }

    var codingPath: [any CodingKey] { fixedPath.map(context.materialize) ?? context.codingPath(depth: depth) }

    var allKeys: [Key] {
        if let table { return table.names.compactMap { Key(stringValue: $0) } }
        var keys: [Key] = []
        var token = object + 1
        for _ in 0..<context.tokens[object].count {
            if let key = Key(stringValue: context.string(at: token)) { keys.append(key) }
            token = context.skip(token + 1)
        }
        return keys
    }

    /// The value token for `key`, or `nil`.
    private func valueToken(_ key: Key) -> Int? {
        if let table { return table.values[key.stringValue] }
        var name = key.stringValue
        return name.withUTF8 { name in
            var token = object + 1
            for _ in 0..<context.tokens[object].count {
                if context.stringToken(token, equals: name) { return token + 1 }
                token = context.skip(token + 1)
            }
            return nil
        }
    }

    private func requireToken(_ key: Key) throws -> Int {
        guard let token = valueToken(key) else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "No value associated with key \(key) (\"\(key.stringValue)\") (\(context.position(of: object)))."
                ))
        }
        return token
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    func contains(_ key: Key) -> Bool { valueToken(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool {
        context.tokens[try requireToken(key)].kind == .null
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try context.decodeBool(at: requireToken(key), path(key))
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try context.decodeString(at: requireToken(key), path(key))
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try context.decodeDouble(at: requireToken(key), path(key))
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try context.decodeFloat(at: requireToken(key), path(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try context.decodeInteger(Int.self, at: requireToken(key), path(key))
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try context.decodeInteger(Int8.self, at: requireToken(key), path(key))
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try context.decodeInteger(Int16.self, at: requireToken(key), path(key))
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try context.decodeInteger(Int32.self, at: requireToken(key), path(key))
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try context.decodeInteger(Int64.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try context.decodeInteger(UInt.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try context.decodeInteger(UInt8.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try context.decodeInteger(UInt16.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try context.decodeInteger(UInt32.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try context.decodeInteger(UInt64.self, at: requireToken(key), path(key))
    }
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try context.decodeInteger(Int128.self, at: requireToken(key), path(key))
    }
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try context.decodeInteger(UInt128.self, at: requireToken(key), path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let token = try requireToken(key)
        if let scalar = try context.decodeScalar(T.self, at: token, { path(key) }) { return scalar }
        return try context.withChildPath(.key(key), depth: depth, fixedPath: fixedPath) {
            try context.decode(T.self, at: token)
        }
    }

    // One lookup for an optional, where the protocol's defaults make three.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let token = valueToken(key), context.tokens[token].kind != .null else { return nil }
        return try context.decodeString(at: token, path(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let token = valueToken(key), context.tokens[token].kind != .null else { return nil }
        return try context.decodeInteger(Int.self, at: token, path(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let token = valueToken(key), context.tokens[token].kind != .null else { return nil }
        return try context.decodeDouble(at: token, path(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let token = valueToken(key), context.tokens[token].kind != .null else { return nil }
        return try context.decodeBool(at: token, path(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let token = valueToken(key), context.tokens[token].kind != .null else { return nil }
        if let scalar = try context.decodeScalar(T.self, at: token, { path(key) }) { return scalar }
        return try context.withChildPath(.key(key), depth: depth, fixedPath: fixedPath) {
            try context.decode(T.self, at: token)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let token = try requireToken(key)
        let child = context.childPath(.key(key), depth: depth, fixedPath: fixedPath)
        return try context.keyedContainer(at: token, depth: child.count, fixedPath: child)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let token = try requireToken(key)
        let child = context.childPath(.key(key), depth: depth, fixedPath: fixedPath)
        return try context.unkeyedContainer(at: token, depth: child.count, fixedPath: child)
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(named: JSONKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(named: key)
    }

    private func superDecoder(named key: some CodingKey) throws -> any Decoder {
        let name = key.stringValue
        let found = if let table { table.values[name] } else { Key(stringValue: name).flatMap(valueToken) }
        guard let token = found else {
            throw DecodingError.keyNotFound(
                key,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(name)\")."))
        }
        return JSONSuperDecoder(
            context: context, token: token, path: context.childPath(.key(key), depth: depth, fixedPath: fixedPath))
    }
}

struct JSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let context: JSONDecodingContext
    let array: Int
    let depth: Int
    let fixedPath: [JSONDecodingContext.PathComponent]?
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the next element.
    private var cursor: Int

    init(context: JSONDecodingContext, array: Int, depth: Int, fixedPath: [JSONDecodingContext.PathComponent]?) {
        self.context = context
        self.array = array
        self.depth = depth
        self.fixedPath = fixedPath
        self.count = Int(context.tokens[array].count)
        self.cursor = array + 1
    }

    var codingPath: [any CodingKey] { fixedPath.map(context.materialize) ?? context.codingPath(depth: depth) }
    var isAtEnd: Bool { currentIndex >= count! }

    private var elementPath: [any CodingKey] { codingPath + [JSONKey(intValue: currentIndex)] }

    /// The next element's token, which the caller consumes.
    private mutating func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, DecodingError.Context(codingPath: elementPath, debugDescription: "Unkeyed container is at end."))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = context.skip(cursor)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        let token = try next(Any?.self)
        guard context.tokens[token].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try primitive { try $0.decodeBool(at: $1, $2()) } }
    mutating func decode(_ type: String.Type) throws -> String { try primitive { try $0.decodeString(at: $1, $2()) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try primitive { try $0.decodeDouble(at: $1, $2()) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try primitive { try $0.decodeFloat(at: $1, $2()) } }
    mutating func decode(_ type: Int.Type) throws -> Int {
        try primitive { try $0.decodeInteger(Int.self, at: $1, $2()) }
    }
    mutating func decode(_ type: Int8.Type) throws -> Int8 {
        try primitive { try $0.decodeInteger(Int8.self, at: $1, $2()) }
    }
    mutating func decode(_ type: Int16.Type) throws -> Int16 {
        try primitive { try $0.decodeInteger(Int16.self, at: $1, $2()) }
    }
    mutating func decode(_ type: Int32.Type) throws -> Int32 {
        try primitive { try $0.decodeInteger(Int32.self, at: $1, $2()) }
    }
    mutating func decode(_ type: Int64.Type) throws -> Int64 {
        try primitive { try $0.decodeInteger(Int64.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt.Type) throws -> UInt {
        try primitive { try $0.decodeInteger(UInt.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
        try primitive { try $0.decodeInteger(UInt8.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
        try primitive { try $0.decodeInteger(UInt16.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
        try primitive { try $0.decodeInteger(UInt32.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
        try primitive { try $0.decodeInteger(UInt64.self, at: $1, $2()) }
    }
    mutating func decode(_ type: Int128.Type) throws -> Int128 {
        try primitive { try $0.decodeInteger(Int128.self, at: $1, $2()) }
    }
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 {
        try primitive { try $0.decodeInteger(UInt128.self, at: $1, $2()) }
    }

    private mutating func primitive<T>(_ read: (JSONDecodingContext, Int, () -> [any CodingKey]) throws -> T) throws
        -> T
    {
        let token = try next(T.self)
        let (context, depth, fixedPath, index) = (context, depth, fixedPath, currentIndex)
        let value = try read(context, token) {
            (fixedPath.map(context.materialize) ?? context.codingPath(depth: depth)) + [JSONKey(intValue: index)]
        }
        advance()
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let token = try next(T.self)
        if let scalar = try context.decodeScalar(T.self, at: token, { elementPath }) {
            advance()
            return scalar
        }
        let value = try context.withChildPath(.index(currentIndex), depth: depth, fixedPath: fixedPath) {
            try context.decode(T.self, at: token)
        }
        advance()
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let token = try next(KeyedDecodingContainer<NestedKey>.self)
        let child = context.childPath(.index(currentIndex), depth: depth, fixedPath: fixedPath)
        let container: KeyedDecodingContainer<NestedKey> = try context.keyedContainer(
            at: token, depth: child.count, fixedPath: child)
        advance()
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let token = try next((any UnkeyedDecodingContainer).self)
        let child = context.childPath(.index(currentIndex), depth: depth, fixedPath: fixedPath)
        let container = try context.unkeyedContainer(at: token, depth: child.count, fixedPath: child)
        advance()
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let token = try next((any Decoder).self)
        let decoder = JSONSuperDecoder(
            context: context, token: token,
            path: context.childPath(.index(currentIndex), depth: depth, fixedPath: fixedPath))
        advance()
        return decoder
    }
}

struct JSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let context: JSONDecodingContext
    let token: Int
    let depth: Int
    let fixedPath: [JSONDecodingContext.PathComponent]?

    var codingPath: [any CodingKey] { fixedPath.map(context.materialize) ?? context.codingPath(depth: depth) }

    func decodeNil() -> Bool { context.tokens[token].kind == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try context.decodeBool(at: token, codingPath) }
    func decode(_ type: String.Type) throws -> String { try context.decodeString(at: token, codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try context.decodeDouble(at: token, codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try context.decodeFloat(at: token, codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try context.decodeInteger(Int.self, at: token, codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try context.decodeInteger(Int8.self, at: token, codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try context.decodeInteger(Int16.self, at: token, codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try context.decodeInteger(Int32.self, at: token, codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try context.decodeInteger(Int64.self, at: token, codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try context.decodeInteger(UInt.self, at: token, codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try context.decodeInteger(UInt8.self, at: token, codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try context.decodeInteger(UInt16.self, at: token, codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try context.decodeInteger(UInt32.self, at: token, codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try context.decodeInteger(UInt64.self, at: token, codingPath) }
    func decode(_ type: Int128.Type) throws -> Int128 { try context.decodeInteger(Int128.self, at: token, codingPath) }
    func decode(_ type: UInt128.Type) throws -> UInt128 {
        try context.decodeInteger(UInt128.self, at: token, codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard let fixedPath else { return try context.decode(T.self, at: token) }
        let saved = context.path
        context.path = fixedPath
        defer { context.path = saved }
        return try context.decode(T.self, at: token)
    }
}

/// The decoder `superDecoder()` hands out: it decodes one member or element, with a path of its
/// own.
final class JSONSuperDecoder: Decoder {
    let context: JSONDecodingContext
    let token: Int
    let path: [JSONDecodingContext.PathComponent]

    init(context: JSONDecodingContext, token: Int, path: [JSONDecodingContext.PathComponent]) {
        self.context = context
        self.token = token
        self.path = path
    }

    var codingPath: [any CodingKey] { context.materialize(path) }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try context.keyedContainer(at: token, depth: path.count, fixedPath: path)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try context.unkeyedContainer(at: token, depth: path.count, fixedPath: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecodingContainer(context: context, token: token, depth: path.count, fixedPath: path)
    }
}
