extension LinkedData {
    /// A JSON value as JSON-LD blocks hold them: numbers are kept only as present, since no field a
    /// preview reads is a number.
    enum JSON: Equatable {
        case string(String)
        case number
        case bool(Bool)
        case null
        indirect case array([JSON])
        indirect case object([(key: String, value: JSON)])

        static func == (lhs: JSON, rhs: JSON) -> Bool {
            switch (lhs, rhs) {
            case (.string(let a), .string(let b)): a == b
            case (.number, .number), (.null, .null): true
            case (.bool(let a), .bool(let b)): a == b
            case (.array(let a), .array(let b)): a == b
            case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
            default: false
            }
        }

        /// The value of `key` in an object (the first, when it repeats); `nil` otherwise.
        subscript(key: String) -> JSON? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }

        /// Parses `bytes` as real pages write JSON-LD: RFC 8259, plus raw control characters inside
        /// strings and trailing commas before `]` or `}`. `nil` when it is not JSON, or nests deeper than
        /// ``LinkedData/maximumDepth``.
        static func parse(_ bytes: ArraySlice<UInt8>) -> JSON? {
            var parser = Parser(bytes: bytes)
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipWhitespace()
            return parser.index == bytes.endIndex ? value : nil
        }
    }

    /// A recursive-descent parser over UTF-8 bytes; recursion is bounded by the depth limit.
    private struct Parser {
        let bytes: ArraySlice<UInt8>
        var index: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            index = bytes.startIndex
        }

        mutating func skipWhitespace() {
            while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> JSON? {
            skipWhitespace()
            guard index < bytes.endIndex, depth <= LinkedData.maximumDepth else { return nil }
            switch bytes[index] {
            case 0x7B: return object(depth: depth)
            case 0x5B: return array(depth: depth)
            case 0x22: return string().map(JSON.string)
            case 0x74: return literal("true", .bool(true))
            case 0x66: return literal("false", .bool(false))
            case 0x6E: return literal("null", .null)
            default: return number()
            }
        }

        private mutating func literal(_ text: StaticString, _ value: JSON) -> JSON? {
            let count = text.utf8CodeUnitCount
            guard bytes.endIndex - index >= count else { return nil }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return nil }
            index += count
            return value
        }

        private mutating func number() -> JSON? {
            let start = index
            while index < bytes.endIndex, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            return index > start ? .number : nil
        }

        private mutating func array(depth: Int) -> JSON? {
            index += 1
            var elements: [JSON] = []
            while true {
                skipWhitespace()
                guard index < bytes.endIndex else { return nil }
                if bytes[index] == 0x5D {  // `]`, after a trailing comma too.
                    index += 1
                    return .array(elements)
                }
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard index < bytes.endIndex else { return nil }
                if bytes[index] == 0x2C {
                    index += 1
                } else if bytes[index] != 0x5D {
                    return nil
                }
            }
        }

        private mutating func object(depth: Int) -> JSON? {
            index += 1
            var members: [(key: String, value: JSON)] = []
            while true {
                skipWhitespace()
                guard index < bytes.endIndex else { return nil }
                if bytes[index] == 0x7D {  // `}`, after a trailing comma too.
                    index += 1
                    return .object(members)
                }
                guard bytes[index] == 0x22, let key = string() else { return nil }
                skipWhitespace()
                guard index < bytes.endIndex, bytes[index] == 0x3A else { return nil }
                index += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                skipWhitespace()
                guard index < bytes.endIndex else { return nil }
                if bytes[index] == 0x2C {
                    index += 1
                } else if bytes[index] != 0x7D {
                    return nil
                }
            }
        }

        /// A string, its escapes decoded (a lone surrogate becomes U+FFFD); raw control characters are
        /// kept as they are, as pages write line breaks inside strings.
        private mutating func string() -> String? {
            index += 1
            let start = index
            // The common case: no escape, one copy.
            while index < bytes.endIndex, bytes[index] != 0x22, bytes[index] != 0x5C { index += 1 }
            guard index < bytes.endIndex else { return nil }
            if bytes[index] == 0x22 {
                defer { index += 1 }
                return String(decoding: bytes[start..<index], as: UTF8.self)
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: String(decoding: bytes[start..<index], as: UTF8.self).unicodeScalars)
            var run = index
            while index < bytes.endIndex {
                let byte = bytes[index]
                if byte == 0x22 {
                    scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                    index += 1
                    return String(scalars)
                }
                guard byte == 0x5C else {
                    index += 1
                    continue
                }
                scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                index += 1
                guard index < bytes.endIndex else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case 0x62: scalars.append("\u{08}")
                case 0x66: scalars.append("\u{0C}")
                case 0x6E: scalars.append("\n")
                case 0x72: scalars.append("\r")
                case 0x74: scalars.append("\t")
                case 0x75:
                    guard let unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit), bytes.endIndex - index >= 6, bytes[index] == 0x5C,
                        bytes[index + 1] == 0x75
                    {
                        let save = index
                        index += 2
                        if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                            let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                        } else {
                            index = save
                            scalars.append("\u{FFFD}")
                        }
                    } else {
                        scalars.append(Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}")
                    }
                default: scalars.append(Unicode.Scalar(escape))  // `\"`, `\\`, `\/`, and others as written.
                }
                run = index
            }
            return nil
        }

        private mutating func hex4() -> UInt16? {
            guard bytes.endIndex - index >= 4 else { return nil }
            var value: UInt16 = 0
            for _ in 0..<4 {
                let byte = bytes[index]
                let digit: UInt8
                switch byte {
                case 0x30...0x39: digit = byte - 0x30
                case 0x41...0x46: digit = byte - 0x41 + 10
                case 0x61...0x66: digit = byte - 0x61 + 10
                default: return nil
                }
                value = value << 4 | UInt16(digit)
                index += 1
            }
            return value
        }
    }
}
