/// The microdata items of a page (HTML Living Standard, "Microdata"): elements with `itemscope`,
/// their `itemtype`, and the `itemprop` properties inside them, nested items included — read from
/// the tokenizer's start and end tags, with the open elements kept on a stack.
///
/// Values as §5.2.4 gives them: `meta` → `content`; `a`, `area`, `link` → `href`; `audio`, `embed`,
/// `iframe`, `img`, `source`, `track`, `video` → `src`; `data`, `meter` → `value`; `time` →
/// `datetime`, else its text; an element with `itemscope` → the item; any other → its text content
/// (tags removed, character references decoded, whitespace collapsed). Not read: `itemref` and
/// `itemid`. Bounded: 256 items, 64 properties an item, 4 KiB of text a value, 1,024 open elements,
/// and 1,024 nodes written out in all (items that name each other form a graph, not a tree).
struct Microdata {
    struct Item {
        var types: [String]
        var properties: [(name: String, value: Value)] = []
        /// Whether the item is no other item's property.
        var isTopLevel = true
    }

    enum Value {
        case text(String)
        case item(Int)
    }

    private(set) var items: [Item] = []
    /// The open elements, innermost last.
    private var open: [Open] = []

    private struct Open {
        let hash: UInt64
        /// The innermost item the element is in: the one it starts, if it has `itemscope`, else its
        /// parent's.
        let scope: Int?
        /// A property whose value is the element's text, set when it ends.
        let pending: (item: Int, names: [Substring], contentStart: Int)?
    }

    static let maximumItems = 256
    static let maximumProperties = 64
    static let maximumText = 4096
    static let maximumDepth = 1024

    private static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track",
        "wbr", "keygen",
    ]

    var isEmpty: Bool { items.isEmpty }

    mutating func start(
        _ name: UnsafeBufferPointer<UInt8>, attributes: HTMLAttributes, selfClosing: Bool, contentStart: Int
    ) {
        let element = String(decoding: name.map(\.asciiLowercased), as: UTF8.self)
        let isVoid = selfClosing || Self.voidElements.contains(element)
        let names =
            attributes.value(.itemprop).map {
                $0.split(whereSeparator: { $0.isASCIIWhitespaceCharacter })
            } ?? []
        let parent = open.last?.scope
        var startsItem: Int?
        var pending: (item: Int, names: [Substring], contentStart: Int)?
        if attributes.has(.itemscope), items.count < Self.maximumItems {
            let types = (attributes.value(.itemtype) ?? "").split(whereSeparator: { $0.isASCIIWhitespaceCharacter })
                .prefix(8).map(String.init)
            items.append(Item(types: types))
            startsItem = items.count - 1
            if let parent, !names.isEmpty {
                items[startsItem!].isTopLevel = false
                for property in names { add(String(property), .item(startsItem!), to: parent) }
            }
        } else if let parent, !names.isEmpty {
            let attribute: HTMLAttributeName? =
                switch element {
                case "meta": .content
                case "a", "area", "link": .href
                case "audio", "embed", "iframe", "img", "source", "track", "video": .src
                case "data", "meter": .value
                case "time": attributes.has(.datetime) ? .datetime : nil
                default: nil
                }
            if let attribute {
                let value = attributes.value(attribute) ?? ""
                for property in names { add(String(property), .text(value), to: parent) }
            } else if !isVoid {
                pending = (parent, names, contentStart)
            }
        }
        guard !isVoid, open.count < Self.maximumDepth else { return }
        open.append(Open(hash: Self.hash(name), scope: startsItem ?? parent, pending: pending))
    }

    mutating func end(_ name: UnsafeBufferPointer<UInt8>, tagStart: Int, document: UnsafeBufferPointer<UInt8>) {
        let hash = Self.hash(name)
        // A stray end tag closes nothing; one that matches closes what was left open inside it.
        guard let match = open.indices.reversed().prefix(64).first(where: { open[$0].hash == hash }) else { return }
        for entry in open[match...].reversed() {
            guard let pending = entry.pending, pending.contentStart <= tagStart else { continue }
            let end = min(tagStart, pending.contentStart + Self.maximumText)
            let text = Self.textContent(UnsafeBufferPointer(rebasing: document[pending.contentStart..<end]))
            for property in pending.names { add(String(property), .text(text), to: pending.item) }
        }
        open.removeSubrange(match...)
    }

    private mutating func add(_ name: String, _ value: Value, to item: Int) {
        guard items[item].properties.count < Self.maximumProperties else { return }
        items[item].properties.append((name, value))
    }

    /// The text of markup: tags and comments left out, character references decoded, ASCII
    /// whitespace collapsed.
    private static func textContent(_ markup: UnsafeBufferPointer<UInt8>) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(markup.count)
        var index = 0
        while index < markup.count {
            if markup[index] == 0x3C, index + 1 < markup.count,
                markup[index + 1].isASCIIAlpha || markup[index + 1] == 0x2F || markup[index + 1] == 0x21
            {
                while index < markup.count, markup[index] != 0x3E { index += 1 }
                index += 1
                text.append(0x20)
                continue
            }
            text.append(markup[index])
            index += 1
        }
        let decoded = text.withUnsafeBufferPointer { HTMLCharacterReference.decode($0, inAttribute: false) }
        return HTMLMetadataExtractor.collapsingWhitespace(decoded) ?? ""
    }

    private static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name {
            hash ^= UInt64(byte.asciiLowercased)
            hash &*= 0x100_0000_01B3
        }
        return hash
    }

    /// The top-level items as JSON-LD nodes: `@type`, then each property, repeated ones as arrays.
    ///
    /// An item's properties can name other items, and several properties (or items) the same one:
    /// the items form a graph, which written out as a tree could grow as its fan-out to the power of
    /// its depth (a page of a kilobyte reached gigabytes). So the nodes written, all items together,
    /// are bounded by ``maximumNodes``; past it, a nested item is written as `null`.
    func nodes() -> [LinkedData.JSON] {
        var budget = Self.maximumNodes
        return items.indices.filter { items[$0].isTopLevel && !items[$0].types.isEmpty }.map {
            node(of: $0, depth: 0, budget: &budget)
        }
    }

    /// The most nodes ``nodes()`` writes, nested ones included.
    static let maximumNodes = 1024

    private func node(of index: Int, depth: Int, budget: inout Int) -> LinkedData.JSON {
        budget -= 1
        let item = items[index]
        var members: [(key: String, value: LinkedData.JSON)] = [
            ("@type", .array(item.types.map(LinkedData.JSON.string)))
        ]
        var order: [String] = []
        var values: [String: [LinkedData.JSON]] = [:]
        for (name, value) in item.properties {
            let json: LinkedData.JSON =
                switch value {
                case .text(let text): .string(text)
                case .item(let nested):
                    depth < 8 && budget > 0 ? node(of: nested, depth: depth + 1, budget: &budget) : .null
                }
            if values[name] == nil { order.append(name) }
            values[name, default: []].append(json)
        }
        for name in order {
            let all = values[name]!
            members.append((name, all.count == 1 ? all[0] : .array(all)))
        }
        return .object(members)
    }
}
