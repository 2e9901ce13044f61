/// Patterns of content types compiled once, to be matched against many types: what a receiver
/// accepts, tested against what a sender offers.
///
/// Each pattern is a ``Pattern``: any type at all, a type and the types conforming to it (through
/// the tree), or an HTTP media range (RFC 9110 §12.5.1, against the one media type a type is
/// offered as). A match says which pattern and how near:
///
/// ```swift
/// let matcher = UTTypeMatcher([.type(.image), .mediaRange(.anyText), .any])
/// matcher.matches(.png)                        // [(0, distance 1), (2, no distance)]
/// matcher.matches(.xml, mediaType: "text/xml") // [(1, distance 1), (2, no distance)]
/// ```
///
/// Between types of the built-in tree a match is a few bit tests, whatever the number of patterns
/// up to 64: this is what negotiation runs for every offer.
///
/// `UTTypeMatcher` is `Sendable`.
public struct UTTypeMatcher: Sendable {
    /// One pattern.
    ///
    /// A closed set, deliberately an enum: a pattern names types by the tree or by HTTP, or names
    /// none. `Pattern` is `Sendable`.
    public enum Pattern: Sendable, Hashable {
        /// Any type: `*/*`. Matches with no distance, less specific than every other pattern.
        case any
        /// The type and every type conforming to it; the distance is the number of conformance
        /// steps (0 for the type itself).
        case type(UTType)
        /// A media range, `type/subtype` or `type/*` (``MediaType/anyImage``): it matches the
        /// media type a type is offered as — the one given, or the type's preferred MIME type —
        /// never the other MIME types the type carries. The distance is 0 for `type/subtype`, 1 for
        /// `type/*`. The range's parameters are not matched here: a caller that needs them (an
        /// `AcceptRule`) compares them itself. `*/*` is ``any``.
        case mediaRange(MediaType)
    }

    /// A pattern that matched.
    ///
    /// `Match` is `Sendable`.
    public struct Match: Sendable, Hashable {
        /// The pattern's position in the matcher.
        public let index: Int
        /// How near: conformance steps for ``Pattern/type(_:)``, 0 or 1 for a media range, `nil` for
        /// ``Pattern/any``.
        public let distance: Int?
    }

    /// How a pattern is matched, resolved once. A payload of plain integers, so that going over the
    /// patterns for every offer copies no reference: a type or a range is found by its position in
    /// a side table.
    private enum Compiled: Sendable {
        case any
        /// A type of the built-in tree, by its index: bit tests.
        case builtInType(Int32)
        /// Any other type, at this position of ``otherTypes``: the registry.
        case type(Int)
        /// A media range, at this position of ``ranges``.
        case mediaRange(Int)
    }

    /// A media range, with the built-in types whose preferred MIME type it matches (a bit set over
    /// built-in indices).
    private struct Range: Sendable {
        let type: String
        let subtype: String?
        let builtInTypes: [UInt64]
    }

    /// The patterns, in order.
    public let patterns: [Pattern]
    private let compiled: [Compiled]
    private let otherTypes: [UTType]
    private let ranges: [Range]
    /// Per pattern, its built-in index or -1: the input of the 64-patterns-at-once bit test.
    private let builtInIndices: [Int32]

    /// Compiles patterns.
    ///
    /// - Parameter patterns: The patterns, in order.
    public init(_ patterns: [Pattern]) {
        self.patterns = patterns
        var compiled: [Compiled] = []
        var otherTypes: [UTType] = []
        var ranges: [Range] = []
        for pattern in patterns {
            switch pattern {
            case .any:
                compiled.append(.any)
            case .type(let type):
                if let index = type.builtInIndex {
                    compiled.append(.builtInType(index))
                } else {
                    compiled.append(.type(otherTypes.count))
                    otherTypes.append(type)
                }
            case .mediaRange(let range) where range.type == "*":
                compiled.append(.any)
            case .mediaRange(let range):
                let (type, subtype) = (range.type, range.subtype == "*" ? nil : range.subtype)
                compiled.append(.mediaRange(ranges.count))
                ranges.append(
                    Range(
                        type: type, subtype: subtype,
                        builtInTypes: UTType.builtInTypes(inMediaRange: type, subtype: subtype)))
            }
        }
        self.compiled = compiled
        self.otherTypes = otherTypes
        self.ranges = ranges
        self.builtInIndices = compiled.map { if case .builtInType(let index) = $0 { index } else { -1 } }
    }

    /// Calls `body` with every pattern that matches `type`, in the patterns' order.
    ///
    /// - Parameters:
    ///   - type: The type offered.
    ///   - mediaType: The media type it is offered as; media ranges match this one only. The default
    ///     is the type's preferred MIME type.
    ///   - body: Receives each match.
    public func forEachMatch(of type: UTType, mediaType: MediaType? = nil, _ body: (Match) -> Void) {
        let offeredIndex = type.builtInIndex
        // Built-in against built-in: one pass of bit tests for up to 64 patterns.
        let builtInMatches: UInt64 =
            if let offeredIndex, builtInIndices.count <= 64 {
                UTType.builtInConformance(of: offeredIndex, to: builtInIndices)
            } else {
                0
            }
        var offered: (type: String, subtype: String)??
        func offeredEssence() -> (type: String, subtype: String)? {
            if let offered { return offered }
            let essence: (type: String, subtype: String)?
            if let mediaType {
                essence = (mediaType.type, mediaType.subtype)
            } else {
                essence = type.mediaTypeEssences.first
            }
            offered = .some(essence)
            return essence
        }
        for index in compiled.indices {
            switch compiled[index] {
            case .any:
                body(Match(index: index, distance: nil))
            case .builtInType(let ancestor):
                if let offeredIndex {
                    let conforms =
                        builtInIndices.count <= 64
                        ? builtInMatches & (1 << UInt64(index)) != 0
                        : UTType.builtInConforms(offeredIndex, ancestor)
                    guard conforms else { continue }
                    let distance =
                        offeredIndex == ancestor ? 0 : UTType.builtInDistance(from: offeredIndex, to: ancestor)
                    body(Match(index: index, distance: distance))
                } else if case .type(let ancestor) = patterns[index],
                    let distance = type.conformanceDistance(to: ancestor)
                {
                    body(Match(index: index, distance: distance))
                }
            case .type(let position):
                if let distance = type.conformanceDistance(to: otherTypes[position]) {
                    body(Match(index: index, distance: distance))
                }
            case .mediaRange(let position):
                let matches: Bool
                if let offeredIndex, mediaType == nil {
                    let word = Int(offeredIndex) / 64
                    let bits = ranges[position].builtInTypes
                    matches = word < bits.count && bits[word] & (1 << UInt64(offeredIndex % 64)) != 0
                } else if let essence = offeredEssence() {
                    let range = ranges[position]
                    matches = essence.type == range.type && (range.subtype == nil || essence.subtype == range.subtype)
                } else {
                    matches = false
                }
                if matches { body(Match(index: index, distance: ranges[position].subtype == nil ? 1 : 0)) }
            }
        }
    }

    /// Every pattern that matches `type`, in the patterns' order.
    ///
    /// - Parameters:
    ///   - type: The type offered.
    ///   - mediaType: The media type it is offered as. The default is the type's preferred MIME type.
    /// - Returns: The matches.
    public func matches(_ type: UTType, mediaType: MediaType? = nil) -> [Match] {
        var result: [Match] = []
        forEachMatch(of: type, mediaType: mediaType) { result.append($0) }
        return result
    }
}
