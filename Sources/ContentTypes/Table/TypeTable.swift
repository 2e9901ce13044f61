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
    /// Direct children by index, in declaration order.
    let children: [[Int]]
    /// Ancestor bitsets, `wordsPerType` words per type; a type's own bit is not set.
    private let ancestorBits: [UInt64]
    private let wordsPerType: Int
    /// Number of strict ancestors by index, used to rank candidates for a tag.
    let ancestorCounts: [Int]
    /// Filename-extension key → candidate indices, preferred first.
    let typesByExtension: [String: [Int]]
    /// MIME-type key → candidate indices, preferred first.
    let typesByMIMEType: [String: [Int]]
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
        for (index, declaration) in declarations.enumerated() {
            let key = Identifier.key(declaration.identifier)
            if indexByKey[key] != nil {
                problems.append("\(declaration.identifier): declared twice")
            } else {
                indexByKey[key] = index
            }
        }
        var parents = [[Int]](repeating: [], count: declarations.count)
        var children = [[Int]](repeating: [], count: declarations.count)
        for (index, declaration) in declarations.enumerated() {
            for parent in declaration.parents {
                if let parentIndex = indexByKey[Identifier.key(parent)] {
                    parents[index].append(parentIndex)
                    children[parentIndex].append(index)
                } else {
                    problems.append("\(declaration.identifier): parent \(parent) is not declared")
                }
            }
        }

        let words = (declarations.count + 63) / 64
        var bits = [UInt64](repeating: 0, count: declarations.count * words)
        // 0 = not visited, 1 = on the current path, 2 = done.
        var state = [UInt8](repeating: 0, count: declarations.count)
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
                bits[index * words + parent / 64] |= 1 << UInt64(parent % 64)
                for word in 0..<words {
                    bits[index * words + word] |= bits[parent * words + word]
                }
            }
            state[index] = 2
        }
        for index in declarations.indices { visit(index) }

        self.declarations = declarations
        self.indexByKey = indexByKey
        self.parents = parents
        self.children = children
        self.ancestorBits = bits
        self.wordsPerType = words
        let ancestorCounts = (0..<declarations.count).map { index in
            (0..<words).reduce(0) { $0 + bits[index * words + $1].nonzeroBitCount }
        }
        self.ancestorCounts = ancestorCounts
        self.problems = problems

        func index(_ tagClass: UTTagClass, _ tags: (BuiltInDeclaration) -> [String]) -> [String: [Int]] {
            var result: [String: [Int]] = [:]
            for (index, declaration) in declarations.enumerated() {
                for tag in tags(declaration) {
                    let key = TagKey.make(tag, tagClass)
                    if result[key]?.contains(index) != true { result[key, default: []].append(index) }
                }
            }
            for key in result.keys {
                result[key]?.sort {
                    TagPreference(declarations[$0], ancestorCount: ancestorCounts[$0], order: $0)
                        < TagPreference(declarations[$1], ancestorCount: ancestorCounts[$1], order: $1)
                }
            }
            return result
        }
        self.typesByExtension = index(.filenameExtension) { $0.extensions }
        self.typesByMIMEType = index(.mimeType) { $0.mimeTypes }
    }

    /// Whether the type at `index` conforms to the type at `ancestor`, strictly.
    ///
    /// - Complexity: O(1).
    @inline(__always)
    func isStrictSubtype(_ index: Int, of ancestor: Int) -> Bool {
        ancestorBits[index &* wordsPerType &+ ancestor &>> 6] & (1 &<< UInt64(ancestor & 63)) != 0
    }

    /// All strict ancestors of the type at `index`, in index order.
    func ancestors(of index: Int) -> [Int] {
        (0..<declarations.count).filter { isStrictSubtype(index, of: $0) }
    }

    /// The candidates for a tag, preferred first.
    func candidates(tag: String, tagClass: UTTagClass) -> [Int] {
        switch tagClass {
        case .filenameExtension: typesByExtension[Identifier.key(tag)] ?? []
        case .mimeType: typesByMIMEType[TagKey.make(tag, .mimeType)] ?? []
        default: []
        }
    }

    /// The built-in tree, built on first use.
    static let shared = TypeTable(TypeTable.allDeclarations)
}

// MARK: - Tag keys

/// The form tags are indexed under.
enum TagKey {
    /// ASCII-lowercased; a MIME type also loses white space around its `;` and `=` separators.
    static func make(_ tag: String, _ tagClass: UTTagClass) -> String {
        let key = Identifier.key(tag)
        guard tagClass == .mimeType, key.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) else { return key }
        return key.split(separator: ";").map {
            $0.split(separator: "=", omittingEmptySubsequences: false)
                .map { $0.trimmingSpaces() }.joined(separator: "=")
        }.joined(separator: ";")
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return slice
    }
}

// MARK: - Preference among types sharing a tag

/// How types that share a tag are ranked; the smallest value is preferred.
///
/// 1. A `public.*` type beats any other.
/// 2. An exported declaration beats an imported one.
/// 3. The more general type (fewer ancestors) wins: a type beats its own subtypes, so `mp4` gives
///    `public.mpeg-4` rather than `public.mpeg-4-audio`, and `plist` gives `com.apple.property-list`
///    rather than its XML and binary subtypes.
/// 4. Earlier declaration wins: built-in types in table order, then registered types in the order
///    they were registered.
struct TagPreference: Comparable {
    let isPublic: Bool
    let isExported: Bool
    let ancestorCount: Int
    let order: Int

    init(isPublic: Bool, isExported: Bool, ancestorCount: Int, order: Int) {
        self.isPublic = isPublic
        self.isExported = isExported
        self.ancestorCount = ancestorCount
        self.order = order
    }

    init(_ declaration: BuiltInDeclaration, ancestorCount: Int, order: Int) {
        self.init(
            isPublic: UTType.isPublicIdentifier(declaration.identifier),
            isExported: declaration.isExported,
            ancestorCount: ancestorCount,
            order: order
        )
    }

    static func < (lhs: TagPreference, rhs: TagPreference) -> Bool {
        if lhs.isPublic != rhs.isPublic { return lhs.isPublic }
        if lhs.isExported != rhs.isExported { return lhs.isExported }
        if lhs.ancestorCount != rhs.ancestorCount { return lhs.ancestorCount < rhs.ancestorCount }
        return lhs.order < rhs.order
    }
}
