import Foundation

/// Makes profiles deterministically, for samples, tests and benchmarks: the same seed and count
/// always give the same profiles.
///
/// The profiles exercise CSV: names in Japanese, Cyrillic and with emoji, bios with commas, doubled
/// quotes and CR/LF line breaks, fun facts that are JSON arrays inside a field. Most have media, as
/// real profiles do: about 70% a video, 80% a portrait, 94% one or both (`https` URLs, some with
/// a query or percent-escapes).
public struct ProfileGenerator: Sendable {
    /// The seed.
    public let seed: UInt64

    /// Creates a generator.
    ///
    /// - Parameter seed: The seed. The default is 2022, the year of "Meet Transferable".
    public init(seed: UInt64 = 2022) {
        self.seed = seed
    }

    static let firstNames = [
        "Juan", "Ana", "山田", "Иван", "Zoë", "Nkechi", "Łukasz", "María José", "太郎", "Ольга", "Sam 🎸", "O'Neil",
    ]
    static let lastNames = [
        "Chavez", "Pereira", "太郎", "Петров", "\"Z\" Smith", "Okafor", "Wójcik", "García, Jr.", "佐藤", "Иванова", "Lee",
        "Brown",
    ]
    static let phrases = [
        "Loves trees, tea and long walks", "Says \"hello\" to every dog", "Writes Swift on weekends",
        "山に登るのが好き", "Любит читать книги", "Collects 🍵 teapots", "Runs, bikes, swims",
        "Once met a \"real\" astronaut", "Plays the cello\r\nbadly", "Bakes bread\non Sundays",
    ]
    static let hosts = ["media.example.com", "cdn.example.org", "example.net/~user"]
    static let facts = [
        "Has climbed 40 trees", "Owns 12 teapots", "Speaks 3 languages", "Was born on a leap day",
        "Can juggle, a little", "Knows every \"Star Wars\" line", "日本語を勉強中", "Был в Антарктиде", "🐙 fan",
    ]

    /// The profiles `0..<count`.
    ///
    /// - Parameter count: How many.
    /// - Returns: The profiles, in order.
    public func profiles(count: Int) -> [Profile] {
        (0..<count).map(profile)
    }

    /// The profile at `index`.
    ///
    /// - Parameter index: The position in the set.
    /// - Returns: The profile, the same for the same seed and index.
    public func profile(_ index: Int) -> Profile {
        // Each index starts its own stream at a hash of the seed and the index. (Starting it at
        // `seed + index × the generator's increment` made profile i + 1's stream profile i's shifted
        // by one draw, and ids repeated: 3 of 12 profiles shared one.)
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD1B5_4A32_D192_ED03))
        var random = SplitMix64(seed: mixer.next())
        func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
        let name = "\(pick(Self.firstNames)) \(pick(Self.lastNames))"
        var bio = ""
        for sentence in 0..<(3 + Int(random.next() % 5)) {
            bio += (sentence == 0 ? "" : ", ") + pick(Self.phrases)
        }
        bio += ". " + String(repeating: "Lorem ipsum dolor sit amet. ", count: 4 + Int(random.next() % 6))
        let facts = (0..<(1 + Int(random.next() % 4))).map { _ in pick(Self.facts) }
        var bytes = [UInt8](repeating: 0, count: 16)
        for offset in stride(from: 0, to: 16, by: 8) {
            let value = random.next()
            for byte in 0..<8 { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
        }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let id = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        let media = random.next()
        let host = Self.hosts[Int(media % UInt64(Self.hosts.count))]
        let video =
            (media >> 8) % 10 < 7 ? URL(string: "https://\(host)/videos/\(id.uuidString.lowercased()).mp4") : nil
        let portrait =
            (media >> 16) % 10 < 8
            ? URL(
                string:
                    "https://\(host)/portraits/\(index)/face%20\((media >> 32) % 1000).jpg?size=\(128 << ((media >> 24) % 4))"
            ) : nil
        return Profile(id: id, name: name, bio: bio, funFacts: facts, video: video, portrait: portrait)
    }
}

/// A small, fast, deterministic random number generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
