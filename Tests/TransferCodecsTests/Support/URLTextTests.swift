import Foundation
import Testing

@testable import TransferCodecs

/// The record plans move a URL as its bytes when `URLText.isCanonical` says Foundation would keep
/// it as it is: over a large generated set of spellings, whatever the check accepts, `URL(string:)`
/// must read, and `absoluteString` write back byte for byte.
@Suite("URLText: URLs proven without being made")
struct URLTextTests {
    /// The JSON suite's deterministic generator, picking from lists.
    struct Random {
        var generator: JSONTreeGenerator
        init(state: UInt64) { generator = JSONTreeGenerator(state: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func pick<T>(_ values: [T]) -> T { values[generator.below(values.count)] }
    }

    static let schemes = ["http", "https", "HTTPS", "ftp", "file", "a+b-c.d", "x1", "1x", "", "ht tp", "é"]
    static let separators = ["://", "://", "://", ":/", ":", "//", ":///"]
    static let hosts = [
        "example.com", "EXAMPLE.com", "a-b.c", "media.example.org", "-a.com", "a-.com", "a..b", ".a", "a.", "",
        "1.2.3.4",
        "xn--bcher-kva.de", "bücher.de", "a_b.com", "[::1]", "user@host", "user:pw@host", "ho st", "h%41st",
        "localhost",
    ]
    static let ports = ["", "", "", ":80", ":8080", ":65535", ":65536", ":", ":123456", ":0", ":a"]
    /// Pieces of paths, queries and fragments: RFC 3986's characters and many that are not.
    static let pieces =
        ["a", "Z", "0", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@", "/", "?"]
        + ["%20", "%2F", "%2f", "%C3%A9", "%", "%4", "%zz", "%%", " ", "\"", "<", ">", "\\", "^", "`", "{", "|", "}"]
        + ["[", "]", "#", "é", "山", "\u{0}", "\t", "\n", "\u{7F}", "..", "./", "/../", "//", "%00", "🍵"]

    /// The pieces RFC 3986 allows in a path, a query and a fragment.
    static let validPieces = Array(pieces.prefix(27))

    /// A spelling: half of them from RFC 3986's own characters (most accepted), half from
    /// anything (most refused).
    static func spelling(_ random: inout Random) -> String {
        let valid = random.next() % 2 == 0
        var url =
            (valid ? random.pick(["http", "https", "file", "ftp"]) : random.pick(schemes))
            + (valid ? "://" : random.pick(separators))
            + (valid ? random.pick(Array(hosts.prefix(4)) + ["localhost", "1.2.3.4", "a_b.com"]) : random.pick(hosts))
            + random.pick(ports)
        let parts = Int(random.next() % 4)
        for part in 0..<parts {
            url += part == 0 ? random.pick(["/", "/", "", "?", "#"]) : random.pick(["/", "?", "#", "&", "="])
            for _ in 0..<Int(random.next() % 6) { url += random.pick(valid ? validPieces : pieces) }
        }
        return url
    }

    @Test("whatever the check accepts, URL(string:) keeps byte for byte (300,000 spellings)")
    func acceptedMeansKept() {
        var random = Random(state: 2026)
        var accepted = 0
        var refused = 0
        var failures: [String] = []
        for _ in 0..<300_000 {
            var text = Self.spelling(&random)
            let canonical = text.withUTF8 { URLText.isCanonical($0) }
            guard canonical else {
                refused += 1
                continue
            }
            accepted += 1
            if URL(string: text)?.absoluteString != text, failures.count < 20 {
                failures.append("\(text.debugDescription) → \(String(describing: URL(string: text)?.absoluteString))")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        // Not vacuous: a good share of the spellings are accepted, and many refused.
        #expect(accepted > 30_000, "\(accepted) accepted")
        #expect(refused > 100_000, "\(refused) refused")
    }

    @Test("the common forms are accepted; forms Foundation changes or refuses are not")
    func examples() {
        func check(_ text: String) -> Bool {
            var text = text
            return text.withUTF8 { URLText.isCanonical($0) }
        }
        for good in [
            "https://media.example.com/videos/e621e1f8.mp4", "https://example.net/~user/p/1/face%20303.jpg?size=1024",
            "file:///Users/ana/Movies/Surf,%202024.mov", "http://localhost:8080/a?b=c&d=e#f", "https://example.com",
        ] {
            #expect(check(good), "\(good)")
        }
        for other in [
            "https://example.com/a b", "https://bücher.de/x", "https://example.com/100%", "https://example.com/x#a#b",
            "https://example.com/a\\b", "a b", "", "http://[::1]/", "https://user@example.com/", "mailto:a@b.c",
        ] {
            #expect(!check(other), "\(other)")
        }
    }

    @Test("every byte in a path: RFC 3986's pchar, / and ? pass; % needs two hex digits; one #; nothing else")
    func everyByte() {
        let allowed = Set("-._~!$&'()*+,;=:@/?".utf8).union(0x30...0x39).union(0x41...0x5A).union(0x61...0x7A)
        for byte in UInt8.min...UInt8.max {
            let bytes = Array("https://a.com/x".utf8) + [byte] + Array("y".utf8)
            let accepted = bytes.withUnsafeBufferPointer { URLText.isCanonical($0) }
            #expect(accepted == (allowed.contains(byte) || byte == UInt8(ascii: "#")), "byte \(byte)")
        }
        for (text, accepted) in [
            ("https://a.com/%2f", true), ("https://a.com/%2", false), ("https://a.com/#a#b", false),
        ] {
            var text = text
            #expect(text.withUTF8 { URLText.isCanonical($0) } == accepted, "\(text)")
        }
    }
}
