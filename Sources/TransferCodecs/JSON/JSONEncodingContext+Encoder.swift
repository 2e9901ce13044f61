#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The Codable side of `JSONEncodingContext`: the `Encoder` and its three containers, and the types
// JSON writes in its own way (dates, data, URLs, decimals, dictionaries under a key strategy).

extension JSONEncodingContext: Encoder {
    var codingPath: [any CodingKey] { codingPath(of: current) }

    var userInfo: [CodingUserInfoKey: Any] { userInfoForCoding }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        keyedContainer(at: current)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        unkeyedContainer(at: current)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(context: self, node: current)
    }

    func keyedContainer<Key: CodingKey>(at node: Int32) -> KeyedEncodingContainer<Key> {
        becomeContainer(node, .object)
        return KeyedEncodingContainer(JSONKeyedEncodingContainer<Key>(context: self, node: node))
    }

    func unkeyedContainer(at node: Int32) -> any UnkeyedEncodingContainer {
        becomeContainer(node, .array)
        return JSONUnkeyedEncodingContainer(context: self, node: node)
    }

    // MARK: Values

    /// Encodes `value` into `node`, which is pending.
    func encode<T: Encodable>(_ value: T, into node: Int32) throws {
        // The common scalars without a trip through `encode(to:)`; then the types JSON writes in
        // its own way. Comparing metadata is cheap; casting is not.
        if T.self == String.self {
            writeString(unsafeBitCast(value, to: String.self), into: node)
        } else if T.self == Int.self {
            writeInteger(unsafeBitCast(value, to: Int.self), into: node)
        } else if T.self == Double.self {
            try writeFloatingPoint(unsafeBitCast(value, to: Double.self), into: node)
        } else if T.self == Bool.self {
            writeLiteral(unsafeBitCast(value, to: Bool.self) ? "true" : "false", into: node)
        } else if T.self == UUID.self {
            // What `UUID.encode(to:)` writes, without the detour.
            guard beginScalar(node) else { return }
            text.append(UInt8(ascii: "\""))
            UUIDText.append(unsafeBitCast(value, to: UUID.self), to: &text)
            text.append(UInt8(ascii: "\""))
            endScalar(node)
        } else if T.self == URL.self {
            writeString((value as! URL).absoluteString, into: node)
        } else if T.self == Date.self {
            try encodeDate(value as! Date, into: node)
        } else if T.self == Data.self {
            try encodeData(value as! Data, into: node)
        } else if T.self == Decimal.self {
            writeNumberText((value as! Decimal).description, into: node)
        } else if T.self == Float.self {
            try writeFloatingPoint(unsafeBitCast(value, to: Float.self), into: node)
        } else if convertsKeys, let dictionary = value as? any JSONStringKeyedDictionary {
            becomeContainer(node, .object)
            try dictionary.encodeMembers(into: self, object: node)
        } else {
            try encodeThroughCodable(into: node) { try value.encode(to: $0) }
        }
    }

    /// Runs `body` with the context as the `Encoder` of `node`.
    @inline(__always)
    func encodeThroughCodable(into node: Int32, _ body: (JSONEncodingContext) throws -> Void) rethrows {
        let saved = current
        current = node
        defer { current = saved }
        try body(self)
    }

    private func encodeDate(_ date: Date, into node: Int32) throws {
        switch options.dateEncodingStrategy {
        case .deferredToDate:
            try encodeThroughCodable(into: node) { try date.encode(to: $0) }
        case .secondsSince1970:
            try writeFloatingPoint(date.timeIntervalSince1970, into: node, strategy: .throw)
        case .millisecondsSince1970:
            try writeFloatingPoint(1000.0 * date.timeIntervalSince1970, into: node, strategy: .throw)
        case .iso8601:
            writeString(date.formatted(.iso8601), into: node)
        case .custom(let encode):
            try encodeThroughCodable(into: node) { try encode(date, $0) }
        @unknown default:
            try encodeThroughCodable(into: node) { try date.encode(to: $0) }
        }
    }

    private func encodeData(_ data: Data, into node: Int32) throws {
        switch options.dataEncodingStrategy {
        case .deferredToData:
            try encodeThroughCodable(into: node) { try data.encode(to: $0) }
        case .base64:
            writeString(data.base64EncodedString(), into: node)
        case .custom(let encode):
            try encodeThroughCodable(into: node) { try encode(data, $0) }
        @unknown default:
            writeString(data.base64EncodedString(), into: node)
        }
    }

    // MARK: Scalars

    func writeString(_ string: String, into node: Int32) {
        guard beginScalar(node) else { return }
        JSONTextWriting.appendString(string, escapingSlashes: escapesSlashes, to: &text)
        endScalar(node)
    }

    func writeInteger<T: FixedWidthInteger>(_ value: T, into node: Int32) {
        guard beginScalar(node) else { return }
        JSONTextWriting.appendInteger(value, to: &text)
        endScalar(node)
    }

    func writeLiteral(_ literal: StaticString, into node: Int32) {
        guard beginScalar(node) else { return }
        text.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        endScalar(node)
    }

    func writeNumberText(_ number: String, into node: Int32) {
        guard beginScalar(node) else { return }
        text.append(contentsOf: number.utf8)
        endScalar(node)
    }

    func writeFloatingPoint<T: BinaryFloatingPoint & CustomStringConvertible>(
        _ value: T, into node: Int32, strategy: JSONEncoder.NonConformingFloatEncodingStrategy? = nil
    ) throws {
        guard value.isFinite else {
            if case .convertToString(let positiveInfinity, let negativeInfinity, let nan) = strategy
                ?? options.nonConformingFloatEncodingStrategy
            {
                writeString(value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity, into: node)
                return
            }
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath(of: node),
                    debugDescription: "Unable to encode \(T.self).\(value) directly in JSON."))
        }
        guard beginScalar(node) else { return }
        JSONTextWriting.appendFloatingPoint(value, to: &text)
        endScalar(node)
    }
}

/// Dictionaries whose keys become strings, which Foundation writes without converting them by the
/// key strategy.
protocol JSONStringKeyedDictionary {
    func encodeMembers(into context: JSONEncodingContext, object: Int32) throws
}

extension Dictionary: JSONStringKeyedDictionary where Key: CodingKeyRepresentable, Value: Encodable {
    func encodeMembers(into context: JSONEncodingContext, object: Int32) throws {
        for (key, value) in self {
            let member = context.appendRawMember(to: object, key: key.codingKey.stringValue, kind: .pending)
            try context.encode(value, into: member)
        }
    }
}

// MARK: - Containers

struct JSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: JSONEncodingContext
    let node: Int32

    var codingPath: [any CodingKey] { context.codingPath(of: node) }

    private func member(_ key: Key) -> Int32 {
        context.appendMember(to: node, key: key, kind: .pending)
    }

    mutating func encodeNil(forKey key: Key) throws { context.writeLiteral("null", into: member(key)) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        context.writeLiteral(value ? "true" : "false", into: member(key))
    }
    mutating func encode(_ value: String, forKey key: Key) throws { context.writeString(value, into: member(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try context.writeFloatingPoint(value, into: member(key))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try context.writeFloatingPoint(value, into: member(key))
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: Int128, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { context.writeInteger(value, into: member(key)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try context.encode(value, into: member(key))
    }

    // `encodeIfPresent` as the standard library's defaults do it (nothing for `nil`), written here
    // so that a synthesized `encode(to:)` does not go through their unspecialized generic code,
    // which looks up the optional's metadata on every call.
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try context.encode(value, into: member(key)) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        context.keyedContainer(at: nestedMember(key))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        context.unkeyedContainer(at: nestedMember(key))
    }

    mutating func superEncoder() -> any Encoder {
        JSONSuperEncoder(context: context, node: context.appendMember(to: node, key: JSONKey.super, kind: .pending))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        JSONSuperEncoder(context: context, node: nestedMember(key))
    }

    /// The member for a nested container: the one already made for this key, if any, as with
    /// Foundation.
    private func nestedMember(_ key: Key) -> Int32 {
        let child = member(key)
        let entry = context.nodes[Int(child)]
        if let existing = context.existingMember(of: node, keyStart: entry.keyStart, keyEnd: entry.keyEnd),
            existing != child,
            context.nodes[Int(existing)].kind == .object || context.nodes[Int(existing)].kind == .array
        {
            // Forget the new member: it is the last child and has nothing in it.
            context.removeLastChild(of: node)
            return existing
        }
        return child
    }
}

struct JSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let context: JSONEncodingContext
    let node: Int32

    var codingPath: [any CodingKey] { context.codingPath(of: node) }
    var count: Int { Int(context.nodes[Int(node)].childCount) }

    private func element() -> Int32 {
        context.appendChild(to: node, kind: .pending)
    }

    mutating func encodeNil() throws { context.writeLiteral("null", into: element()) }
    mutating func encode(_ value: Bool) throws { context.writeLiteral(value ? "true" : "false", into: element()) }
    mutating func encode(_ value: String) throws { context.writeString(value, into: element()) }
    mutating func encode(_ value: Double) throws { try context.writeFloatingPoint(value, into: element()) }
    mutating func encode(_ value: Float) throws { try context.writeFloatingPoint(value, into: element()) }
    mutating func encode(_ value: Int) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: Int8) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: Int16) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: Int32) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: Int64) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt8) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt16) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt32) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt64) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: Int128) throws { context.writeInteger(value, into: element()) }
    mutating func encode(_ value: UInt128) throws { context.writeInteger(value, into: element()) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try context.encode(value, into: element())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        context.keyedContainer(at: element())
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        context.unkeyedContainer(at: element())
    }

    mutating func superEncoder() -> any Encoder {
        JSONSuperEncoder(context: context, node: element())
    }
}

struct JSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let context: JSONEncodingContext
    let node: Int32

    var codingPath: [any CodingKey] { context.codingPath(of: node) }

    mutating func encodeNil() throws { context.writeLiteral("null", into: node) }
    mutating func encode(_ value: Bool) throws { context.writeLiteral(value ? "true" : "false", into: node) }
    mutating func encode(_ value: String) throws { context.writeString(value, into: node) }
    mutating func encode(_ value: Double) throws { try context.writeFloatingPoint(value, into: node) }
    mutating func encode(_ value: Float) throws { try context.writeFloatingPoint(value, into: node) }
    mutating func encode(_ value: Int) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: Int8) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: Int16) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: Int32) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: Int64) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt8) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt16) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt32) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt64) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: Int128) throws { context.writeInteger(value, into: node) }
    mutating func encode(_ value: UInt128) throws { context.writeInteger(value, into: node) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        guard context.nodes[Int(node)].kind == .pending else {
            context.misuse = context.misuse ?? "Two values were encoded through one single-value container."
            return
        }
        try context.encode(value, into: node)
    }
}

/// The encoder `superEncoder()` hands out: it encodes into one member or element of its own.
final class JSONSuperEncoder: Encoder {
    let context: JSONEncodingContext
    let node: Int32

    init(context: JSONEncodingContext, node: Int32) {
        self.context = context
        self.node = node
    }

    var codingPath: [any CodingKey] { context.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        context.keyedContainer(at: node)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        context.unkeyedContainer(at: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncodingContainer(context: context, node: node)
    }
}
