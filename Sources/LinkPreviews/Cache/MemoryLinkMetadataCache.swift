public import FoundationEssentials
internal import Synchronization

/// A cache of link metadata in memory that keeps the `capacity` most recently used entries.
///
/// Lookups, stores and evictions take constant time. `Sendable`: its state is behind a `Mutex`.
public final class MemoryLinkMetadataCache: LinkMetadataCache {
    /// A least-recently-used list over an array of nodes, linked by index.
    private struct State {
        struct Node {
            var key: String
            var metadata: LinkMetadata
            var newer: Int?
            var older: Int?
        }

        var nodes: [Node] = []
        var free: [Int] = []
        var index: [String: Int] = [:]
        var newest: Int?
        var oldest: Int?

        mutating func unlink(_ slot: Int) {
            let node = nodes[slot]
            if let newer = node.newer { nodes[newer].older = node.older } else { newest = node.older }
            if let older = node.older { nodes[older].newer = node.newer } else { oldest = node.newer }
        }

        mutating func pushNewest(_ slot: Int) {
            nodes[slot].older = newest
            nodes[slot].newer = nil
            if let newest { nodes[newest].newer = slot }
            newest = slot
            if oldest == nil { oldest = slot }
        }
    }

    /// The most entries kept.
    public let capacity: Int
    private let state = Mutex(State())

    /// A cache of at most `capacity` entries (at least one).
    public init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The number of entries.
    public var count: Int { state.withLock { $0.index.count } }

    /// The metadata stored for `url`, which becomes the most recently used.
    public func metadata(for url: URL) -> LinkMetadata? {
        let key = LinkCacheKey.normalized(url)
        return state.withLock { state in
            guard let slot = state.index[key] else { return nil }
            state.unlink(slot)
            state.pushNewest(slot)
            return state.nodes[slot].metadata
        }
    }

    /// Stores `metadata` for `url`, evicting the least recently used entry when full.
    public func store(_ metadata: LinkMetadata, for url: URL) {
        let key = LinkCacheKey.normalized(url)
        state.withLock { state in
            if let slot = state.index[key] {
                state.nodes[slot].metadata = metadata
                state.unlink(slot)
                state.pushNewest(slot)
                return
            }
            if state.index.count >= capacity, let oldest = state.oldest {
                state.unlink(oldest)
                state.index[state.nodes[oldest].key] = nil
                state.free.append(oldest)
            }
            let node = State.Node(key: key, metadata: metadata)
            let slot: Int
            if let reused = state.free.popLast() {
                state.nodes[reused] = node
                slot = reused
            } else {
                state.nodes.append(node)
                slot = state.nodes.count - 1
            }
            state.index[key] = slot
            state.pushNewest(slot)
        }
    }

    /// Removes what is stored for `url`.
    public func removeMetadata(for url: URL) {
        let key = LinkCacheKey.normalized(url)
        state.withLock { state in
            guard let slot = state.index.removeValue(forKey: key) else { return }
            state.unlink(slot)
            state.free.append(slot)
        }
    }
}
