import Foundation
import LinkPreviews
import Testing

/// Every range the address policy documents, from a table: its first and last address refused, and
/// the addresses just outside it allowed — so that narrowing or widening any range fails here.
@Suite("The address policy, range by range")
struct AddressPolicyTableTests {
    /// (a range as documented, addresses inside it, addresses just outside it).
    static let ipv4: [(String, [String], [String])] = [
        ("0.0.0.0/8", ["0.0.0.0", "0.255.255.255"], ["1.0.0.0"]),
        ("10.0.0.0/8", ["10.0.0.0", "10.255.255.255"], ["9.255.255.255", "11.0.0.0"]),
        ("100.64.0.0/10", ["100.64.0.0", "100.127.255.255"], ["100.63.255.255", "100.128.0.0"]),
        ("127.0.0.0/8", ["127.0.0.1", "127.255.255.255"], ["126.255.255.255", "128.0.0.0"]),
        ("169.254.0.0/16", ["169.254.0.0", "169.254.255.255"], ["169.253.255.255", "169.255.0.0"]),
        ("172.16.0.0/12", ["172.16.0.0", "172.31.255.255"], ["172.15.255.255", "172.32.0.0"]),
        ("192.168.0.0/16", ["192.168.0.0", "192.168.255.255"], ["192.167.255.255", "192.169.0.0"]),
        ("192.0.0.0/24", ["192.0.0.0", "192.0.0.255"], ["192.0.1.0"]),
        ("192.0.2.0/24", ["192.0.2.0", "192.0.2.255"], ["192.0.3.0"]),
        ("198.18.0.0/15", ["198.18.0.0", "198.19.255.255"], ["198.17.255.255", "198.20.0.0"]),
        ("198.51.100.0/24", ["198.51.100.0", "198.51.100.255"], ["198.51.99.255", "198.51.101.0"]),
        ("203.0.113.0/24", ["203.0.113.0", "203.0.113.255"], ["203.0.112.255", "203.0.114.0"]),
        ("224.0.0.0/4", ["224.0.0.0", "239.255.255.255"], ["223.255.255.255"]),
        ("240.0.0.0/4", ["240.0.0.0", "255.255.255.255"], []),
    ]

    static let ipv6: [(String, [String], [String])] = [
        ("::", ["::"], []),
        ("::1", ["::1"], []),
        ("::ffff:0:0/96", ["::ffff:0.0.0.0", "::ffff:127.0.0.1", "::ffff:255.255.255.255"], []),
        ("::/96", ["::2", "::127.0.0.1", "::ffff:ffff"], []),
        ("64:ff9b::/96", ["64:ff9b::", "64:ff9b::ffff:ffff"], ["64:ff9a:ffff:ffff:ffff:ffff:ffff:ffff"]),
        ("64:ff9b:1::/48", ["64:ff9b:1::", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"], []),
        (
            "fc00::/7", ["fc00::", "fc00::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
            ["fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]
        ),
        (
            "fe80::/10", ["fe80::", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
            ["fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]
        ),
        ("fec0::/10", ["fec0::", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], []),
        ("ff00::/8", ["ff00::", "ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], []),
        (
            "2001:db8::/32", ["2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
            ["2001:db7:ffff::1", "2001:db9::"]
        ),
        ("100::/64", ["100::", "100::ffff:ffff:ffff:ffff"], ["100:0:0:1::"]),
        ("2002::/16", ["2002::", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"], ["2003::"]),
        ("2001::/32", ["2001::", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff"], ["2001:1::"]),
    ]

    /// Public addresses: none of them is in any range.
    static let publicAddresses = ["1.1.1.1", "8.8.8.8", "93.184.216.34", "2001:4860:4860::8888", "2606:4700::1111"]

    static func bytes(_ text: String) -> [UInt8] {
        if text.contains(":") {
            var address = in6_addr()
            precondition(inet_pton(AF_INET6, text, &address) == 1, text)
            return withUnsafeBytes(of: &address) { Array($0) }
        }
        var address = in_addr()
        precondition(inet_pton(AF_INET, text, &address) == 1, text)
        return withUnsafeBytes(of: &address) { Array($0) }
    }

    static func refusal(_ text: String) -> String? {
        let bytes = bytes(text)
        return bytes.count == 4 ? AddressPolicy.refusal(ofIPv4: bytes) : AddressPolicy.refusal(ofIPv6: bytes)
    }

    @Test(
        "every documented IPv4 range: its ends refused, naming the range; its neighbours public",
        arguments: ipv4.indices)
    func ipv4Range(_ index: Int) {
        let (range, inside, outside) = Self.ipv4[index]
        for address in inside {
            #expect(
                Self.refusal(address)?.contains(range) == true,
                "\(address) in \(range): \(Self.refusal(address) ?? "public")")
        }
        for address in outside { #expect(Self.refusal(address) == nil, "\(address), outside \(range)") }
    }

    @Test(
        "every documented IPv6 range: its ends refused, naming the range; its neighbours public",
        arguments: ipv6.indices)
    func ipv6Range(_ index: Int) {
        let (range, inside, outside) = Self.ipv6[index]
        for address in inside {
            let refusal = Self.refusal(address)
            // 64:ff9b:1::/48 is inside NAT64's /96 check by its first 32 bits: either name is right.
            #expect(refusal != nil, "\(address) in \(range)")
            if range != "64:ff9b:1::/48", range != "::/96" {
                #expect(refusal?.contains(range) == true, "\(address) in \(range): \(refusal ?? "public")")
            }
        }
        for address in outside { #expect(Self.refusal(address) == nil, "\(address), outside \(range)") }
    }

    @Test("public addresses are public", arguments: publicAddresses)
    func publicAddress(_ address: String) {
        #expect(Self.refusal(address) == nil)
    }
}
