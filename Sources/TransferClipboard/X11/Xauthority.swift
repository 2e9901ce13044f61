internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An X authority file (`~/.Xauthority`, or the one `XAUTHORITY` names), as libXau reads it:
/// entries of a 16-bit big-endian family, then four fields — the address, the display number as
/// text, the authorization's name, its data — each a 16-bit big-endian length and its bytes.
///
/// Decoding is a pure function of the bytes (``init(decoding:)``); ``cookie(display:host:)`` picks
/// the entry a connection to a local display authenticates with. A file that cannot be read or
/// holds no entry for the display gives no cookie: the server then says whether it wants one,
/// and its refusal is the connection's error.
struct Xauthority: Equatable {
    /// Whose an entry is: `FamilyLocal` (256, a host by name), `FamilyWild` (65535, any), or
    /// another (an Internet address) the clipboard, which connects locally, does not use.
    struct Family: RawRepresentable, Hashable {
        var rawValue: UInt16

        static let local = Family(rawValue: 256)
        static let wild = Family(rawValue: 65535)
    }

    struct Entry: Equatable {
        var family: Family
        var address: [UInt8]
        /// The display number as text; empty for every display.
        var display: [UInt8]
        /// The authorization's name: `MIT-MAGIC-COOKIE-1` for a cookie.
        var name: [UInt8]
        var data: [UInt8]
    }

    /// The name of the one authorization the clipboard sends: a 16-byte cookie.
    static let cookieName = Array("MIT-MAGIC-COOKIE-1".utf8)

    /// The largest file believed: an authority file holds a few entries, not a megabyte.
    static let maximumFileBytes = 1 << 20

    var entries: [Entry]
    /// Whether the bytes ended inside an entry, which was left out with anything after it.
    var isTruncated = false

    init(entries: [Entry]) {
        self.entries = entries
    }

    /// Decodes a file's entries, up to one that ends before its fields do: that one and what
    /// follows are left out (``isTruncated``), as libXau's `XauReadAuth` ends a scan at a short
    /// read, so that the entries before a damaged end still authenticate.
    init(decoding bytes: [UInt8]) {
        entries = []
        var offset = 0
        func length() -> Int? {
            guard offset + 2 <= bytes.count else { return nil }
            defer { offset += 2 }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }
        func field() -> [UInt8]? {
            guard let count = length(), offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<(offset + count)])
        }
        while offset < bytes.count {
            guard let family = length(), let address = field(), let display = field(), let name = field(),
                let data = field()
            else {
                isTruncated = true
                return
            }
            entries.append(
                Entry(
                    family: Family(rawValue: UInt16(family)), address: address, display: display, name: name,
                    data: data))
        }
    }

    /// The cookie for display `number` of the host named `host`: the first `MIT-MAGIC-COOKIE-1`
    /// entry, `FamilyLocal` for this host or `FamilyWild`, whose display is the number or empty.
    func cookie(display number: Int, host: [UInt8]) -> [UInt8]? {
        let wanted = Array(String(number).utf8)
        return entries.first { entry in
            (entry.family == .wild || (entry.family == .local && entry.address == host))
                && (entry.display == wanted || entry.display.isEmpty) && entry.name == Self.cookieName
        }?.data
    }

    /// The cookie for display `number` in the authority file of `environment` (`XAUTHORITY`, or
    /// `~/.Xauthority`), for this host; `nil` when there is no file or no entry for the display.
    static func cookie(display number: Int, environment: [String: String]) -> [UInt8]? {
        let path = environment["XAUTHORITY"] ?? environment["HOME"].map { "\($0)/.Xauthority" }
        guard let path,
            let file = try? ReadableFile.contents(
                of: URL(fileURLWithPath: path), maximumSizeAllowed: maximumFileBytes)
        else { return nil }
        return Xauthority(decoding: [UInt8](file)).cookie(display: number, host: hostName())
    }

    /// This host's name, as `gethostname` gives it.
    static func hostName() -> [UInt8] {
        var name = [UInt8](repeating: 0, count: 256)
        gethostname(&name, name.count - 1)
        return Array(name.prefix { $0 != 0 })
    }
}
