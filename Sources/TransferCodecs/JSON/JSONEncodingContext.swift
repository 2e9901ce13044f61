#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The state of one encoding: the values encoded so far as a tree in two flat arrays, written out
/// as JSON text at the end.
///
/// Every JSON value is a node; scalars keep their finished JSON text (escaped, quoted) in `text`,
/// object members their raw key in `keys`. Children are linked in encoding order, so that a
/// container can be written to in any order Codable allows (a nested container, then its parent
/// again, `superEncoder()`), and objects are sorted, or their repeated keys dropped, only when
/// written. The context is also the `Encoder` for the node being encoded (`current`), so nested
/// values cost no allocation.
final class JSONEncodingContext {
    enum Kind: UInt8 {
        /// Nothing encoded yet: `{}` when written, as with Foundation.
        case pending
        case scalar
        case array
        case object
    }

    struct Node {
        var kind: Kind
        var parent: Int32
        var firstChild: Int32 = -1
        var lastChild: Int32 = -1
        var next: Int32 = -1
        var childCount: Int32 = 0
        /// The position in the parent array, for coding paths.
        var index: Int32 = 0
        /// The member's raw key, in `keys`.
        var keyStart: Int = 0
        var keyEnd: Int = 0
        /// A scalar's JSON text, in `text`.
        var textStart: Int = 0
        var textEnd: Int = 0
    }

    let options: JSONTextEncoder
    let escapesSlashes: Bool
    let sortsKeys: Bool
    let prettyPrints: Bool
    let convertsKeys: Bool
    lazy var userInfoForCoding: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    // Accessed by one encoding on one thread, in calls that never overlap: the dynamic
    // exclusivity checks of class properties would cost a tenth of the encoding time.
    @exclusivity(unchecked) var nodes: [Node] = []
    @exclusivity(unchecked) var text: [UInt8] = []
    @exclusivity(unchecked) var keys: [UInt8] = []
    /// The node `Encoder` methods act on.
    @exclusivity(unchecked) var current: Int32 = 0
    /// The start of every coding path: an array index when encoding an element on its own.
    private var pathPrefix: [any CodingKey] = []
    /// The keys as the types declared them, when a key strategy converts them (for coding paths).
    var originalKeys: [Int32: any CodingKey] = [:]
    /// Converted keys, by original key, for `.convertToSnakeCase`.
    private var snakeCaseKeys: [String: String] = [:]
    /// A misuse of the Codable API found while encoding (two kinds of container for one value),
    /// reported when the top-level call returns: container requests cannot throw.
    var misuse: String?

    static let maximumDepth = 512

    init(options: JSONTextEncoder) {
        self.options = options
        escapesSlashes = !options.outputFormatting.contains(.withoutEscapingSlashes)
        sortsKeys = options.outputFormatting.contains(.sortedKeys)
        prettyPrints = options.outputFormatting.contains(.prettyPrinted)
        if case .useDefaultKeys = options.keyEncodingStrategy { convertsKeys = false } else { convertsKeys = true }
    }

    // MARK: Documents

    /// Encodes one document and returns its JSON text; the context can encode another after.
    func encodeDocument<T: Encodable>(_ value: T) throws -> [UInt8] {
        var output: [UInt8] = []
        try encodeDocument(value, appendingTo: &output)
        return output
    }

    /// Encodes one document onto the end of `output`; with `index`, as that element of an array
    /// written a piece at a time (the index begins its coding paths; encoding nothing is `{}`).
    func encodeDocument<T: Encodable>(_ value: T, appendingTo output: inout [UInt8], index: Int? = nil) throws {
        nodes.removeAll(keepingCapacity: true)
        text.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        originalKeys.removeAll()
        misuse = nil
        nodes.append(Node(kind: .pending, parent: -1))
        current = 0
        pathPrefix = index.map { [JSONKey(intValue: $0)] } ?? []
        try encode(value, into: 0)
        if let misuse {
            throw EncodingError.invalidValue(value, EncodingError.Context(codingPath: [], debugDescription: misuse))
        }
        guard nodes[0].kind != .pending || index != nil else {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        // Room for the document, growing geometrically: documents appended one after another (an
        // array written element by element) must not reallocate for each.
        let needed = output.count + text.count + keys.count + 8 * nodes.count
        if output.capacity < needed { output.reserveCapacity(max(needed, 2 * output.capacity)) }
        var scratch: [Int32] = []
        do {
            try write(0, depth: 0, to: &output, scratch: &scratch)
        } catch is TooDeep {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [],
                    debugDescription:
                        "Unable to encode the given top-level value to JSON: more than \(Self.maximumDepth) levels of nesting."
                ))
        }
    }

    // MARK: Building the tree

    /// Appends a child to `parent` (an array, or an object with the key already in `keys`).
    @inline(__always)
    func appendChild(to parent: Int32, kind: Kind, keyStart: Int = 0, keyEnd: Int = 0) -> Int32 {
        let child = Int32(truncatingIfNeeded: nodes.count)
        var node = Node(kind: kind, parent: parent)
        node.keyStart = keyStart
        node.keyEnd = keyEnd
        nodes.withUnsafeMutableBufferPointer { buffer in
            node.index = buffer[Int(parent)].childCount
            buffer[Int(parent)].childCount += 1
            let last = buffer[Int(parent)].lastChild
            if last >= 0 {
                buffer[Int(last)].next = child
            } else {
                buffer[Int(parent)].firstChild = child
            }
            buffer[Int(parent)].lastChild = child
        }
        nodes.append(node)
        return child
    }

    /// Appends an object member for `key`, converted by the key strategy.
    func appendMember(to parent: Int32, key: some CodingKey, kind: Kind) -> Int32 {
        let start = keys.count
        if convertsKeys {
            let converted = convertedKey(key, parent: parent)
            keys.append(contentsOf: converted.utf8)
            let child = appendChild(to: parent, kind: kind, keyStart: start, keyEnd: keys.count)
            originalKeys[child] = key
            return child
        }
        var name = key.stringValue
        name.withUTF8 { keys.append(contentsOf: $0) }
        return appendChild(to: parent, kind: kind, keyStart: start, keyEnd: keys.count)
    }

    /// Appends an object member with a key that no strategy converts (`Dictionary` keys).
    func appendRawMember(to parent: Int32, key: String, kind: Kind) -> Int32 {
        let start = keys.count
        var name = key
        name.withUTF8 { keys.append(contentsOf: $0) }
        return appendChild(to: parent, kind: kind, keyStart: start, keyEnd: keys.count)
    }

    private func convertedKey(_ key: some CodingKey, parent: Int32) -> String {
        switch options.keyEncodingStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            let name = key.stringValue
            if let converted = snakeCaseKeys[name] { return converted }
            let converted = JSONKeyConversion.snakeCase(name)
            snakeCaseKeys[name] = converted
            return converted
        case .custom(let convert):
            return convert(codingPath(of: parent) + [key]).stringValue
        @unknown default:
            return key.stringValue
        }
    }

    /// The member of `object` named `key` (raw bytes equal), if it was encoded already: nested
    /// containers asked for twice for one key share the first, as with Foundation.
    func existingMember(of object: Int32, keyStart: Int, keyEnd: Int) -> Int32? {
        var child = nodes[Int(object)].firstChild
        while child >= 0 {
            let node = nodes[Int(child)]
            if node.keyEnd - node.keyStart == keyEnd - keyStart,
                keys[node.keyStart..<node.keyEnd].elementsEqual(keys[keyStart..<keyEnd])
            {
                return child
            }
            child = node.next
        }
        return nil
    }

    /// Makes `node` a container of `kind`, as a container request does; records a misuse when the
    /// node already holds something else.
    func becomeContainer(_ node: Int32, _ kind: Kind) {
        switch nodes[Int(node)].kind {
        case .pending:
            nodes[Int(node)].kind = kind
        case kind:
            break
        default:
            misuse =
                misuse
                ?? "A \(kind == .object ? "keyed" : "unkeyed") container was requested at \(describePath(node)) where a value of another kind was already encoded."
        }
    }

    /// Starts a scalar in `node` and returns nothing; the caller appends its text to `text`.
    @inline(__always)
    func beginScalar(_ node: Int32) -> Bool {
        guard nodes[Int(node)].kind == .pending else {
            misuse = misuse ?? "Two values were encoded at \(describePath(node))."
            return false
        }
        nodes[Int(node)].kind = .scalar
        nodes[Int(node)].textStart = text.count
        return true
    }

    @inline(__always)
    func endScalar(_ node: Int32) {
        nodes[Int(node)].textEnd = text.count
    }

    // MARK: Coding paths

    /// The coding path to `node`: keys as the types declared them, indexes for array elements.
    func codingPath(of node: Int32) -> [any CodingKey] {
        var path: [any CodingKey] = []
        var index = node
        while index > 0 {
            let entry = nodes[Int(index)]
            let parent = entry.parent
            if let original = originalKeys[index] {
                path.append(original)
            } else if nodes[Int(parent)].kind == .array {
                path.append(JSONKey(intValue: Int(entry.index)))
            } else {
                path.append(JSONKey(stringValue: String(decoding: keys[entry.keyStart..<entry.keyEnd], as: UTF8.self)))
            }
            index = parent
        }
        return pathPrefix + path.reversed()
    }

    private func describePath(_ node: Int32) -> String {
        let path = codingPath(of: node)
        return path.isEmpty
            ? "the top level" : path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    // MARK: Writing

    private struct TooDeep: Error {}

    private func write(_ index: Int32, depth: Int, to output: inout [UInt8], scratch: inout [Int32]) throws {
        let node = nodes[Int(index)]
        switch node.kind {
        case .scalar:
            text.withUnsafeBufferPointer {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[node.textStart..<node.textEnd]))
            }
        case .pending:
            guard depth < Self.maximumDepth else { throw TooDeep() }
            output.append(contentsOf: prettyPrints ? Array("{\n\n".utf8) : [UInt8(ascii: "{"), UInt8(ascii: "}")])
            if prettyPrints {
                indent(depth, &output)
                output.append(UInt8(ascii: "}"))
            }
        case .array:
            guard depth < Self.maximumDepth else { throw TooDeep() }
            output.append(UInt8(ascii: "["))
            if prettyPrints { output.append(UInt8(ascii: "\n")) }
            var child = node.firstChild
            var first = true
            while child >= 0 {
                if !first { output.append(UInt8(ascii: ",")) }
                if prettyPrints {
                    if !first { output.append(UInt8(ascii: "\n")) }
                    indent(depth + 1, &output)
                }
                first = false
                try write(child, depth: depth + 1, to: &output, scratch: &scratch)
                child = nodes[Int(child)].next
            }
            if prettyPrints {
                output.append(UInt8(ascii: "\n"))
                indent(depth, &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object:
            guard depth < Self.maximumDepth else { throw TooDeep() }
            try writeObject(index, node, depth: depth, to: &output, scratch: &scratch)
        }
    }

    private func writeObject(_ index: Int32, _ node: Node, depth: Int, to output: inout [UInt8], scratch: inout [Int32])
        throws
    {
        // The members to write, in order, repeated keys dropped (the last one wins), on a stack
        // shared by the nested objects.
        let base = scratch.count
        var child = node.firstChild
        while child >= 0 {
            scratch.append(child)
            child = nodes[Int(child)].next
        }
        defer { scratch.removeSubrange(base...) }
        let members = orderedMembers(&scratch, from: base)

        output.append(UInt8(ascii: "{"))
        if prettyPrints {
            output.append(UInt8(ascii: "\n"))
            if members > 0 { indent(depth + 1, &output) }
        }
        for position in 0..<members {
            let member = scratch[base + position]
            if position > 0 {
                output.append(UInt8(ascii: ","))
                if prettyPrints {
                    output.append(UInt8(ascii: "\n"))
                    indent(depth + 1, &output)
                }
            }
            let entry = nodes[Int(member)]
            keys.withUnsafeBufferPointer {
                JSONTextWriting.appendString(
                    UnsafeBufferPointer(rebasing: $0[entry.keyStart..<entry.keyEnd]), escapingSlashes: escapesSlashes,
                    to: &output)
            }
            if prettyPrints {
                output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
            } else {
                output.append(UInt8(ascii: ":"))
            }
            try write(member, depth: depth + 1, to: &output, scratch: &scratch)
        }
        if prettyPrints {
            output.append(UInt8(ascii: "\n"))
            indent(depth, &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Orders the members on `scratch` from `base` (sorted by key bytes when asked; in encoding
    /// order otherwise), drops all but the last of each repeated key, and returns how many remain.
    private func orderedMembers(_ scratch: inout [Int32], from base: Int) -> Int {
        let count = scratch.count - base
        guard count > 1 else { return count }
        return keys.withUnsafeBufferPointer { keyBytes in
            nodes.withUnsafeBufferPointer { nodes in
                func key(_ member: Int32) -> UnsafeBufferPointer<UInt8> {
                    let node = nodes[Int(member)]
                    return UnsafeBufferPointer(rebasing: keyBytes[node.keyStart..<node.keyEnd])
                }
                func precedes(_ a: Int32, _ b: Int32) -> Bool {
                    let left = key(a)
                    let right = key(b)
                    let shared = min(left.count, right.count)
                    if shared > 0, let l = left.baseAddress, let r = right.baseAddress {
                        let order = memcmp(l, r, shared)
                        if order != 0 { return order < 0 }
                    }
                    if left.count != right.count { return left.count < right.count }
                    return a < b  // equal keys: in encoding order, so the last one is kept
                }
                func sameKey(_ a: Int32, _ b: Int32) -> Bool {
                    let left = key(a)
                    let right = key(b)
                    return left.count == right.count
                        && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
                }
                return scratch.withUnsafeMutableBufferPointer { all in
                    var members = UnsafeMutableBufferPointer(rebasing: all[base...])
                    if sortsKeys {
                        if count <= 16 {
                            // Insertion sort: small objects, often already in order.
                            for i in 1..<count {
                                let member = members[i]
                                var j = i
                                while j > 0, precedes(member, members[j - 1]) {
                                    members[j] = members[j - 1]
                                    j -= 1
                                }
                                members[j] = member
                            }
                        } else {
                            members.sort(by: precedes)
                        }
                        // Repeated keys are now adjacent, in encoding order: keep the last.
                        var kept = 0
                        for i in 0..<count {
                            if i + 1 < count, sameKey(members[i], members[i + 1]) { continue }
                            members[kept] = members[i]
                            kept += 1
                        }
                        return kept
                    }
                    // Encoding order: drop a member when a later one has its key.
                    var kept = 0
                    if count <= 16 {
                        outer: for i in 0..<count {
                            for j in (i + 1)..<count where sameKey(members[i], members[j]) { continue outer }
                            members[kept] = members[i]
                            kept += 1
                        }
                    } else {
                        var seen = Set<[UInt8]>()
                        var keep = [Bool](repeating: false, count: count)
                        for i in stride(from: count - 1, through: 0, by: -1)
                        where seen.insert(Array(key(members[i]))).inserted {
                            keep[i] = true
                        }
                        for i in 0..<count where keep[i] {
                            members[kept] = members[i]
                            kept += 1
                        }
                    }
                    return kept
                }
            }
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    private func indent(_ depth: Int, _ output: inout [UInt8]) {
        var remaining = 2 * depth
        while remaining > 0 {
            let step = min(remaining, Self.spaces.count)
            output.append(contentsOf: Self.spaces[..<step])
            remaining -= step
        }
    }
}

extension JSONEncodingContext {
    /// Removes the last child of `parent`, which must be the last node made and hold nothing.
    func removeLastChild(of parent: Int32) {
        let last = nodes[Int(parent)].lastChild
        guard last >= 0, Int(last) == nodes.count - 1 else { return }
        var previous: Int32 = -1
        var child = nodes[Int(parent)].firstChild
        while child >= 0, child != last {
            previous = child
            child = nodes[Int(child)].next
        }
        if previous >= 0 {
            nodes[Int(previous)].next = -1
        } else {
            nodes[Int(parent)].firstChild = -1
        }
        nodes[Int(parent)].lastChild = previous
        nodes[Int(parent)].childCount -= 1
        keys.removeSubrange(nodes[Int(last)].keyStart...)
        originalKeys[last] = nil
        nodes.removeLast()
    }
}
