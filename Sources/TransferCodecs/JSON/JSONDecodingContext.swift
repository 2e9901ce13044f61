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

/// The state of one decoding: the document's bytes and tape, the token being decoded, and the
/// coding path to it. The context is the `Decoder` of the token being decoded (`current`), so
/// nested values cost no allocation.
final class JSONDecodingContext {
    /// One step of the coding path: a key as the type declared it, or an array index (made into a
    /// key only when a path is asked for).
    enum PathComponent {
        case key(any CodingKey)
        case index(Int)
    }

    let options: JSONTextDecoder
    let bytes: UnsafeBufferPointer<UInt8>
    let tokens: [JSONTape.Token]
    let convertsKeys: Bool
    lazy var userInfoForCoding: [CodingUserInfoKey: Any] = options.userInfo.mapValues { $0 as Any }

    /// Where `bytes` start in their document, for positions in messages.
    var origin: () -> JSONTextPosition = { JSONTextPosition() }
    // Accessed by one decoding on one thread, in calls that never overlap: no dynamic
    // exclusivity checks.
    /// The token `Decoder` methods act on.
    @exclusivity(unchecked) var current = 0
    @exclusivity(unchecked) var path: [PathComponent] = []
    /// Bytes for unescaping strings.
    @exclusivity(unchecked) private var scratch: [UInt8] = []

    init(options: JSONTextDecoder, bytes: UnsafeBufferPointer<UInt8>, tape: JSONTape) {
        self.options = options
        self.bytes = bytes
        self.tokens = tape.tokens
        if case .useDefaultKeys = options.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
    }

    // MARK: Coding paths and errors

    func codingPath(depth: Int) -> [any CodingKey] {
        path.prefix(depth).map { component in
            switch component {
            case .key(let key): key
            case .index(let index): JSONKey(intValue: index)
            }
        }
    }

    var codingPath: [any CodingKey] { codingPath(depth: path.count) }

    func codingPath(adding key: some CodingKey, depth: Int) -> [any CodingKey] {
        codingPath(depth: depth) + [key]
    }

    /// Positions counted so far in `bytes`, from which the next is counted on.
    @exclusivity(unchecked) private var positions: JSONPositionCheckpoints?

    /// Where a token is, for messages.
    ///
    /// Errors that a type catches to try another decoding (`try?`) ask for positions often: each
    /// is counted on from the nearest one counted before it, so that all of them together cost
    /// about one pass over the bytes rather than one pass each.
    func position(of token: Int) -> JSONTextPosition {
        let offset = min(max(Int(tokens[token].start) - (tokens[token].kind == .string ? 1 : 0), 0), bytes.count)
        var checkpoints = positions.take() ?? JSONPositionCheckpoints(origin: origin())
        defer { positions = checkpoints }
        let bytes = bytes
        return checkpoints.position(of: offset) { checkpoint, offset in
            var position = checkpoint.position
            position.advance(over: UnsafeBufferPointer(rebasing: bytes[checkpoint.offset..<offset]))
            return position
        } ?? JSONTextPosition()
    }

    func describeKind(_ token: Int) -> String {
        switch tokens[token].kind {
        case .object: "a dictionary"
        case .array: "an array"
        case .string: "a string"
        case .number: "number"
        case .true, .false: "bool"
        case .null: "null"
        }
    }

    func typeMismatch(_ type: Any.Type, _ token: Int, _ path: [any CodingKey]) -> DecodingError {
        if tokens[token].kind == .null {
            return DecodingError.valueNotFound(
                type,
                DecodingError.Context(
                    codingPath: path,
                    debugDescription:
                        "Cannot get value of type \(type) -- found null value instead (\(position(of: token)))."))
        }
        return DecodingError.typeMismatch(
            type,
            DecodingError.Context(
                codingPath: path,
                debugDescription:
                    "Expected to decode \(type) but found \(describeKind(token)) instead (\(position(of: token)))."))
    }

    func corrupted(_ message: String, _ token: Int, _ path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: "\(message) (\(position(of: token)))."))
    }

    // MARK: Reading tokens

    @inline(__always)
    func text(of token: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = tokens[token]
        return UnsafeBufferPointer(rebasing: bytes[Int(entry.start)..<Int(entry.end)])
    }

    /// The index of the token after `token` and everything in it.
    @inline(__always)
    func skip(_ token: Int) -> Int {
        let entry = tokens[token]
        return entry.kind == .object || entry.kind == .array ? Int(entry.end) : token + 1
    }

    /// A string token's value, escapes resolved.
    func string(at token: Int) -> String {
        let raw = text(of: token)
        guard tokens[token].flags != 0 else { return String(decoding: raw, as: UTF8.self) }
        scratch.removeAll(keepingCapacity: true)
        Self.unescape(raw, into: &scratch)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// Whether a string token equals `name`'s UTF-8.
    func stringToken(_ token: Int, equals name: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = tokens[token]
        if entry.flags == 0 {
            let length = Int(entry.end - entry.start)
            guard length == name.count else { return false }
            return length == 0 || memcmp(bytes.baseAddress! + Int(entry.start), name.baseAddress!, length) == 0
        }
        scratch.removeAll(keepingCapacity: true)
        Self.unescape(text(of: token), into: &scratch)
        return scratch.elementsEqual(name)
    }

    /// The value of the four hexadecimal digits at `digits` of a `\u` escape the parser checked.
    static func hexValue(_ digits: UnsafePointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = digits[offset]
            let digit = byte <= UInt8(ascii: "9") ? byte &- UInt8(ascii: "0") : (byte | 0x20) &- UInt8(ascii: "a") &+ 10
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Resolves the escapes of a string already checked by the parser.
    static func unescape(_ raw: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var index = 0
        var mark = 0
        func hex(_ at: Int) -> UInt32 { hexValue(raw.baseAddress! + at) }
        while index < raw.count {
            guard raw[index] == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[mark..<index]))
            let kind = raw[index + 1]
            index += 2
            switch kind {
            case UInt8(ascii: "b"): output.append(0x08)
            case UInt8(ascii: "f"): output.append(0x0C)
            case UInt8(ascii: "n"): output.append(0x0A)
            case UInt8(ascii: "r"): output.append(0x0D)
            case UInt8(ascii: "t"): output.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex(index)
                index += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    let low = hex(index + 2)
                    index += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { output.append($0) }
            default: output.append(kind)  // " \ /
            }
            mark = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[mark..<raw.count]))
    }
}
