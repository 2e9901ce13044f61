internal import TransferSupport

/// The built-in tree, interned once: each declared type gets a small integer index, its ancestor set
/// is precomputed as a bitset, and each tag maps to its candidate types already in preference order.
///
/// The table is immutable after it is built, so reading it takes no lock.
final class TypeTable: Sendable {
    /// The rows, in declaration order; a type's index is its row number.
    let declarations: [BuiltInDeclaration]
    /// Identifier key (ASCII-lowercased) → index.
    let indexByKey: [String: Int]
    /// Direct parents by index, in declaration order.
    let parents: [[Int]]
    /// Ancestor bitsets, `wordsPerType` words per type; a type's own bit is not set.
    private let ancestorBits: [UInt64]
    private let wordsPerType: Int
    /// An empty ancestor bitset, shared by every registered type without built-in ancestors.
    let noAncestors: [UInt64]
    /// Length of the longest conformance path from each type up to a root (0 for a root), used to
    /// rank candidates for a tag.
    let depths: [Int]
    /// The fast path of a lookup: tag key → the preferred type's index, with
    /// ``TypeTable/hasMoreCandidates`` set when other types share the tag.
    let preferredByExtension: [String: UInt32]
    let preferredByMIMEType: [String: UInt32]
    /// Tag keys that several types share → all of them, preferred first.
    private let sharedExtensions: [String: [Int]]
    private let sharedMIMETypes: [String: [Int]]
    static let hasMoreCandidates: UInt32 = 1 << 31

    /// The tag classes with a fast-path index.
    enum FastPath {
        case filenameExtension
        case mimeType
    }
    /// Problems found while building: an unknown parent, a cycle, a duplicate identifier. The
    /// built-in data has none (tests check); an entry found anyway is left out of the tree.
    let problems: [String]

    /// Builds the indexes for `declarations`.
    ///
    /// - Complexity: O(*n* · *d* + *n*²/64) for *n* types of depth *d*.
    init(_ declarations: [BuiltInDeclaration]) {
        var problems: [String] = []
        var indexByKey: [String: Int] = [:]
        indexByKey.reserveCapacity(declarations.count)
        // One hash per key: insert, and put the first index back in the rare case of a duplicate.
        for index in declarations.indices {
            let key = Identifier.key(declarations[index].identifier)
            if let first = indexByKey.updateValue(index, forKey: key) {
                indexByKey[key] = first
                problems.append("\(declarations[index].identifier): declared twice")
            }
        }
        var parents = [[Int]](repeating: [], count: declarations.count)
        for (index, declaration) in declarations.enumerated() {
            for parent in declaration.parents {
                if let parentIndex = indexByKey[Identifier.key(parent)] {
                    parents[index].append(parentIndex)
                } else {
                    problems.append("\(declaration.identifier): parent \(parent) is not declared")
                }
            }
        }

        let words = (declarations.count + 63) / 64
        var bits = [UInt64](repeating: 0, count: declarations.count * words)
        // Depth-first, parents before children; 0 = not visited, 1 = on the current path, 2 = done.
        var state = [UInt8](repeating: 0, count: declarations.count)
        var depths = [Int](repeating: 0, count: declarations.count)
        bits.withUnsafeMutableBufferPointer { bits in
            func visit(_ index: Int) {
                if state[index] == 2 { return }
                if state[index] == 1 {
                    problems.append("\(declarations[index].identifier): its conformances form a cycle")
                    return
                }
                state[index] = 1
                for parent in parents[index] {
                    visit(parent)
                    guard state[parent] == 2 else { continue }
                    depths[index] = max(depths[index], depths[parent] + 1)
                    bits[index &* words &+ parent &>> 6] |= 1 &<< UInt64(parent & 63)
                    for word in 0..<words {
                        bits[index &* words &+ word] |= bits[parent &* words &+ word]
                    }
                }
                state[index] = 2
            }
            for index in 0..<declarations.count { visit(index) }
        }

        self.declarations = declarations
        self.indexByKey = indexByKey
        self.parents = parents
        self.ancestorBits = bits
        self.wordsPerType = words
        self.noAncestors = [UInt64](repeating: 0, count: words)
        self.depths = depths
        self.problems = problems

        // One pass per tag class: most tags belong to one type; the few shared ones are ranked.
        func index(
            _ tagClass: UTTagClass,
            _ tags: (BuiltInDeclaration) -> [String]
        ) -> (preferred: [String: UInt32], shared: [String: [Int]]) {
            var preferred: [String: UInt32] = [:]
            preferred.reserveCapacity(declarations.count)
            var shared: [String: [Int]] = [:]
            for index in declarations.indices {
                for tag in tags(declarations[index]) {
                    let key = TagKey.make(tag, tagClass)
                    // One hash per key, as above; a shared tag is rare.
                    guard let first = preferred.updateValue(UInt32(index), forKey: key) else { continue }
                    preferred[key] = first
                    let list = shared[key] ?? [Int(first)]
                    if !list.contains(index) { shared[key] = list + [index] }
                }
            }
            for (key, list) in shared {
                let ranked = list.sorted {
                    TagPreference(declarations[$0], depth: depths[$0], order: $0)
                        < TagPreference(declarations[$1], depth: depths[$1], order: $1)
                }
                shared[key] = ranked
                preferred[key] = UInt32(ranked[0]) | (ranked.count > 1 ? TypeTable.hasMoreCandidates : 0)
            }
            return (preferred, shared)
        }
        (preferredByExtension, sharedExtensions) = index(.filenameExtension) { $0.extensions }
        (preferredByMIMEType, sharedMIMETypes) = index(.mimeType) { $0.mimeTypes }
    }

    /// Direct children of the type at `index`, in declaration order.
    ///
    /// - Complexity: O(*n*): only tools walking the tree need it.
    func children(of index: Int) -> [Int] {
        parents.indices.filter { parents[$0].contains(index) }
    }

    /// Whether the type at `index` conforms to the type at `ancestor`, strictly.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isStrictSubtype(_ index: Int, of ancestor: Int) -> Bool {
        ancestorBits[index &* wordsPerType &+ ancestor &>> 6] & (1 &<< UInt64(ancestor & 63)) != 0
    }

    /// The length of the shortest conformance path from `index` up to `ancestor`, which it must
    /// conform to. Breadth first over the parents that lead to `ancestor`, in a stack buffer.
    func distance(from index: Int, to ancestor: Int) -> Int? {
        if index == ancestor { return 0 }
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2 * 128) { buffer -> Int? in
            var current = 0
            var currentCount = 1
            buffer[0] = Int32(index)
            var distance = 0
            while currentCount > 0 {
                distance += 1
                let nextStart = current == 0 ? 128 : 0
                var nextCount = 0
                for slot in 0..<currentCount {
                    for parent in parents[Int(buffer[current + slot])] {
                        if parent == ancestor { return distance }
                        if isStrictSubtype(parent, of: ancestor), nextCount < 128 {
                            buffer[nextStart + nextCount] = Int32(parent)
                            nextCount += 1
                        }
                    }
                }
                current = nextStart
                currentCount = nextCount
            }
            return nil
        }
    }

    /// The strict ancestors of the type at `index`, with the type itself, as a bitset over indexes:
    /// the start of a registered type's set of built-in ancestors.
    func ancestorBitsIncludingSelf(of index: Int) -> [UInt64] {
        var row = Array(ancestorBits[index * wordsPerType..<(index + 1) * wordsPerType])
        row[index >> 6] |= 1 << UInt64(index & 63)
        return row
    }

    /// The candidates for a tag key, preferred first.
    func candidates(key: String, tagClass: UTTagClass) -> [Int] {
        let (preferred, shared) =
            switch tagClass {
            case .filenameExtension: (preferredByExtension, sharedExtensions)
            case .mimeType: (preferredByMIMEType, sharedMIMETypes)
            default: ([:], [:])
            }
        if let list = shared[key] { return list }
        return preferred[key].map { [Int($0 & ~TypeTable.hasMoreCandidates)] } ?? []
    }

    /// The built-in tree, built on first use.
    static let shared = TypeTable(TypeTable.allDeclarations)
}

// MARK: - Tag keys

/// The form tags are indexed under.
enum TagKey {
    /// Filename extensions and MIME types are ASCII-lowercased, and a MIME type loses white space
    /// around its `;` and `=` separators; tags of other classes are case-sensitive and kept as they are.
    static func make(_ tag: String, _ tagClass: UTTagClass) -> String {
        if tagClass == .filenameExtension { return Identifier.key(tag) }
        guard tagClass == .mimeType else { return tag }
        return mimeType(tag)
    }

    /// The key of a MIME type: one pass over the bytes, and no allocation when it is already a key.
    /// A type with white space or quoted values takes its canonical form from ``MediaType``:
    /// `text/plain; charset="UTF-8"` and `text/plain;charset=utf-8` are one key.
    @inline(__always)
    static func mimeType(_ tag: String) -> String {
        func scan(_ bytes: some Collection<UInt8>) -> (needsFolding: Bool, needsParsing: Bool) {
            var capitals: UInt8 = 0
            var special: UInt8 = 0
            for byte in bytes {
                capitals |= byte &- 0x41 < 26 ? 1 : 0
                special |= byte == 0x20 || byte == 0x09 || byte == 0x22 ? 1 : 0
            }
            return (capitals != 0, special != 0)
        }
        let (needsFolding, needsParsing) = tag.utf8.withContiguousStorageIfAvailable(scan) ?? scan(tag.utf8)
        if !needsFolding, !needsParsing { return tag }
        let key = needsFolding ? String(decoding: tag.utf8.map(Identifier.lower), as: UTF8.self) : tag
        guard needsParsing else { return key }
        if let mediaType = try? MediaType(parsing: key) { return mediaType.canonicalText }
        return key.split(separator: ";").map {
            $0.split(separator: "=", omittingEmptySubsequences: false)
                .map { $0.trimmingHTTPWhitespace() }.joined(separator: "=")
        }.joined(separator: ";")
    }
}

// MARK: - Preference among types sharing a tag

/// How types that share a tag are ranked; the smallest value is preferred.
///
/// 1. A `public.*` type beats any other.
/// 2. An exported declaration beats an imported one.
/// 3. The more general type wins, the one nearer a root (its longest conformance path up is
///    shorter): a type beats its own subtypes, so `mp4` gives
///    `public.mpeg-4` rather than `public.mpeg-4-audio`, and `plist` gives `com.apple.property-list`
///    rather than its XML and binary subtypes.
/// 4. Earlier declaration wins: built-in types in table order, then registered types in the order
///    they were registered.
struct TagPreference: Comparable {
    let isPublic: Bool
    let isExported: Bool
    let depth: Int
    let order: Int

    init(isPublic: Bool, isExported: Bool, depth: Int, order: Int) {
        self.isPublic = isPublic
        self.isExported = isExported
        self.depth = depth
        self.order = order
    }

    init(_ declaration: BuiltInDeclaration, depth: Int, order: Int) {
        self.init(
            isPublic: UTType.isPublicIdentifier(declaration.identifier),
            isExported: declaration.isExported,
            depth: depth,
            order: order
        )
    }

    static func < (lhs: TagPreference, rhs: TagPreference) -> Bool {
        if lhs.isPublic != rhs.isPublic { return lhs.isPublic }
        if lhs.isExported != rhs.isExported { return lhs.isExported }
        if lhs.depth != rhs.depth { return lhs.depth < rhs.depth }
        return lhs.order < rhs.order
    }
}
