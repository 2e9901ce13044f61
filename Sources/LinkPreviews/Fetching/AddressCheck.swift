/// How a ``LinkFetcher`` resolves a host and judges its addresses: the system's resolver and
/// ``AddressPolicy`` by default. Tests give their own, to play a name whose records change between
/// two lookups (DNS rebinding) without a DNS server.
package struct AddressCheck: Sendable {
    /// The addresses of a host name or literal, or `nil` when it does not resolve.
    package var resolve: @Sendable (String) async -> [AddressPolicy.Address]?
    /// Why an address (4 or 16 bytes) is refused, or `nil` when it may be connected.
    package var refusal: @Sendable ([UInt8]) -> String?

    /// A check of one's own.
    package init(
        resolve: @escaping @Sendable (String) async -> [AddressPolicy.Address]?,
        refusal: @escaping @Sendable ([UInt8]) -> String?
    ) {
        self.resolve = resolve
        self.refusal = refusal
    }

    /// `getaddrinfo`, and the special-purpose registries of ``AddressPolicy``.
    package static let system = AddressCheck(
        resolve: { await AddressPolicy.resolve($0) },
        refusal: { AddressPolicy.refusal(of: $0) })
}
