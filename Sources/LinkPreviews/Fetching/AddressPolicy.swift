internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Musl)
    internal import Musl
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Which IP addresses a fetch may connect to: public unicast only, unless private addresses are
/// explicitly allowed. Refused (IANA special-purpose registries, RFC 6890 and successors):
///
/// - IPv4: `0.0.0.0/8` (this network), `10/8`, `172.16/12`, `192.168/16` (private), `100.64/10`
///   (CGNAT), `127/8` (loopback), `169.254/16` (link-local), `192.0.0/24` (protocol assignments),
///   `192.0.2/24`, `198.51.100/24`, `203.0.113/24` (documentation), `198.18/15` (benchmarking),
///   `224/4` (multicast), `240/4` (reserved) and the broadcast address;
/// - IPv6: `::` and `::1`, IPv4-mapped `::ffff:0:0/96` and IPv4-compatible `::/96`, NAT64
///   `64:ff9b::/96` and `64:ff9b:1::/48`, `fc00::/7` (unique local), `fe80::/10` (link-local),
///   `fec0::/10` (site-local), `ff00::/8` (multicast), `2001:db8::/32` (documentation), `100::/64`
///   (discard) and 6to4 / Teredo prefixes (`2002::/16`, `2001::/32`), which embed IPv4 addresses.
package enum AddressPolicy {
    /// Why an address is refused, or `nil` when it is public.
    package static func refusal(ofIPv4 address: [UInt8]) -> String? {
        guard address.count == 4 else { return "not an IPv4 address" }
        let (a, b, c) = (address[0], address[1], address[2])
        switch a {
        case 0: return "in 0.0.0.0/8 (this network)"
        case 10: return "private (10.0.0.0/8)"
        case 127: return "loopback (127.0.0.0/8)"
        case 100 where b & 0xC0 == 64: return "shared address space (100.64.0.0/10, CGNAT)"
        case 169 where b == 254: return "link-local (169.254.0.0/16)"
        case 172 where b & 0xF0 == 16: return "private (172.16.0.0/12)"
        case 192 where b == 168: return "private (192.168.0.0/16)"
        case 192 where b == 0 && c == 0: return "IETF protocol assignments (192.0.0.0/24)"
        case 192 where b == 0 && c == 2: return "documentation (192.0.2.0/24)"
        case 198 where b & 0xFE == 18: return "benchmarking (198.18.0.0/15)"
        case 198 where b == 51 && c == 100: return "documentation (198.51.100.0/24)"
        case 203 where b == 0 && c == 113: return "documentation (203.0.113.0/24)"
        case 224...239: return "multicast (224.0.0.0/4)"
        case 240...255: return "reserved (240.0.0.0/4)"
        default: return nil
        }
    }

    /// Why an address is refused, or `nil` when it is public.
    package static func refusal(ofIPv6 address: [UInt8]) -> String? {
        guard address.count == 16 else { return "not an IPv6 address" }
        let word = { (index: Int) in UInt16(address[index * 2]) << 8 | UInt16(address[index * 2 + 1]) }
        if address[0..<10].allSatisfy({ $0 == 0 }) {
            if address[10] == 0xFF, address[11] == 0xFF { return "IPv4-mapped (::ffff:0:0/96)" }
            if address[10] == 0, address[11] == 0 {
                if address[12..<15].allSatisfy({ $0 == 0 }) {
                    if address[15] == 0 { return "unspecified (::)" }
                    if address[15] == 1 { return "loopback (::1)" }
                }
                return "IPv4-compatible (::/96)"
            }
        }
        switch word(0) {
        case 0x0064 where word(1) == 0xFF9B: return "NAT64 (64:ff9b::/96)"
        case 0x0100 where word(1) == 0 && word(2) == 0 && word(3) == 0: return "discard (100::/64)"
        case 0x2001 where word(1) == 0x0DB8: return "documentation (2001:db8::/32)"
        case 0x2001 where word(1) == 0: return "Teredo (2001::/32)"
        case 0x2002: return "6to4 (2002::/16)"
        default: break
        }
        if address[0] & 0xFE == 0xFC { return "unique local (fc00::/7)" }
        if address[0] == 0xFE, address[1] & 0xC0 == 0x80 { return "link-local (fe80::/10)" }
        if address[0] == 0xFE, address[1] & 0xC0 == 0xC0 { return "site-local (fec0::/10)" }
        if address[0] == 0xFF { return "multicast (ff00::/8)" }
        return nil
    }

    /// A resolved address, as bytes, with its text for messages.
    package struct Address: Sendable, Hashable {
        /// 4 bytes (IPv4) or 16 (IPv6).
        package var bytes: [UInt8]
        /// The address written out.
        package var text: String
        /// An address and its text.
        package init(bytes: [UInt8], text: String) {
            self.bytes = bytes
            self.text = text
        }
    }

    /// Why an address (4 or 16 bytes) is refused, or `nil` when it is public.
    package static func refusal(of bytes: [UInt8]) -> String? {
        bytes.count == 4 ? refusal(ofIPv4: bytes) : refusal(ofIPv6: bytes)
    }

    /// Resolves `host` (a name or an IP literal, brackets allowed) with `getaddrinfo`, on a thread of
    /// its own: the call blocks for as long as DNS takes, which must hold neither a thread of the
    /// cooperative pool nor one of Dispatch's global queues (two threads on a two-core machine).
    /// `nil` when the name does not resolve.
    package static func resolve(_ host: String) async -> [Address]? {
        var name = host
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        let lookup = name
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: resolveBlocking(lookup)) }
            thread.stackSize = 256 * 1024
            thread.start()
        }
    }

    private static func resolveBlocking(_ host: String) -> [Address]? {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(first) }
        var addresses: [Address] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if let socketAddress = entry.pointee.ai_addr {
                if entry.pointee.ai_family == AF_INET {
                    let bytes = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }
                    }
                    addresses.append(Address(bytes: bytes, text: bytes.map(String.init).joined(separator: ".")))
                } else if entry.pointee.ai_family == AF_INET6 {
                    let bytes = socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }
                    }
                    addresses.append(Address(bytes: bytes, text: ipv6Text(bytes)))
                }
            }
            cursor = entry.pointee.ai_next
        }
        return addresses.isEmpty ? nil : addresses
    }

    private static func ipv6Text(_ bytes: [UInt8]) -> String {
        stride(from: 0, to: 16, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":")
    }
}
