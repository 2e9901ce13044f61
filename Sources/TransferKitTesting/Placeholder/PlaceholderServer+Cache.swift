extension PlaceholderServer {
    /// The bodies drawn lately, by their request's parameters: at most 64 of them and 16 MB in all,
    /// none over 4 MB; the least recently used goes first.
    struct ResponseCache {
        private var entries: [String: [UInt8]] = [:]
        private var order: [String] = []
        private var bytes = 0

        /// Whether the body of `key` is kept.
        func contains(_ key: String) -> Bool { entries[key] != nil }

        /// The body of `key`, now the most recently used; `nil` when it is not kept.
        mutating func value(for key: String) -> [UInt8]? {
            guard let value = entries[key] else { return nil }
            if let index = order.firstIndex(of: key) {
                order.remove(at: index)
                order.append(key)
            }
            return value
        }

        /// Keeps the body of `key` (not one over 4 MB), letting the least recently used go.
        mutating func insert(_ value: [UInt8], for key: String) {
            guard value.count <= 4 << 20, entries[key] == nil else { return }
            entries[key] = value
            order.append(key)
            bytes += value.count
            while order.count > 64 || bytes > 16 << 20 {
                let oldest = order.removeFirst()
                bytes -= entries.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }
}
