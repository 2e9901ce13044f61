import Foundation

/// Any JSON value, with objects as ordered member lists (repeated keys allowed), for the
/// differential tests: it encodes through keyed and unkeyed containers and decodes back by
/// probing, like a generic JSON model.
indirect enum JSONTree: Codable, Equatable, CustomStringConvertible {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONTree])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: JSONTree
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .int(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .double(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let members):
            var container = encoder.container(keyedBy: Key.self)
            for member in members { try container.encode(member.value, forKey: Key(stringValue: member.key)) }
        }
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: Key.self) {
            self = .object(
                try container.allKeys.map {
                    Member(key: $0.stringValue, value: try container.decode(JSONTree.self, forKey: $0))
                })
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONTree] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONTree.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .int(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }
    }

    /// The tree as a decoder sees it: the first of repeated keys kept, members in key order.
    var normalized: JSONTree {
        switch self {
        case .array(let elements): return .array(elements.map(\.normalized))
        case .object(let members):
            var seen = Set<String>()
            let unique = members.filter { seen.insert($0.key).inserted }
            return .object(
                unique.map { Member(key: $0.key, value: $0.value.normalized) }.sorted {
                    $0.key.utf8.lexicographicallyPrecedes($1.key.utf8)
                })
        default: return self
        }
    }

    var description: String {
        (try? String(decoding: JSONEncoder().encode(self), as: UTF8.self)) ?? "?"
    }
}

/// A deterministic generator of random JSON trees and strings that reach the corners: escapes,
/// controls, non-BMP characters, numbers at the edges of their types.
struct JSONTreeGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    static let pieces: [String] = [
        "a", "Z", "hello", " ", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{80}",
        "é", "ß", "日本",
        "🙂", "👩‍👩‍👧", "\u{2028}", "\u{FEFF}", "\u{FFFD}", "𝄞", "e\u{301}", "<>&", "'", "{}[],:", "0", "-1", "true", "null",
    ]

    mutating func string() -> String {
        (0..<below(6)).map { _ in Self.pieces[below(Self.pieces.count)] }.joined()
    }

    mutating func double() -> Double {
        switch below(8) {
        case 0: return Double(bitPattern: next())  // may be NaN or infinite: replaced below
        case 1:
            return [
                0.0, -0.0, 1.0, 0.1, 1e-7, 1e21, .leastNonzeroMagnitude, 1.7976931348623157e308,
                2.2250738585072014e-308,
            ][below(9)]
        case 2: return Double(Int64(bitPattern: next())) / 1000
        default: return Double(below(2_000_000) - 1_000_000) / Double([1, 10, 100, 1000, 3][below(5)])
        }
    }

    mutating func tree(depth: Int = 0) -> JSONTree {
        let kind = depth > 4 ? below(5) : below(8)
        switch kind {
        case 0: return .string(string())
        case 1: return .int([0, 1, -1, Int.max, Int.min, below(1000), Int(Int64(bitPattern: next()))][below(7)])
        case 2:
            let value = double()
            return value.isFinite ? .double(value) : .double(0.5)
        case 3: return .bool(below(2) == 0)
        case 4: return .null
        case 5, 6: return .array((0..<below(5)).map { _ in tree(depth: depth + 1) })
        default:
            var members: [JSONTree.Member] = []
            for _ in 0..<below(6) {
                // Sometimes a key again: the last one wins when encoding, the first when decoding.
                let key = !members.isEmpty && below(6) == 0 ? members[below(members.count)].key : string()
                members.append(JSONTree.Member(key: key, value: tree(depth: depth + 1)))
            }
            return .object(members)
        }
    }
}
