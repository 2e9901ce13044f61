import Foundation
import ProfileModels
import Testing
import TransferKitTesting

@Suite("Every example model conforms")
struct ExampleConformanceTests {
    @Sendable static func sameProfile(_ lhs: Profile, _ rhs: Profile) -> Bool {
        lhs.id == rhs.id && lhs.name == rhs.name && lhs.bio == rhs.bio && lhs.funFacts == rhs.funFacts
    }

    @Test func profile() async {
        let profile = Profile(id: UUID(), name: "Ana", bio: "b", funFacts: ["f"], video: nil, portrait: nil)
        let report = await TransferConformance.check(profile, isEquivalent: Self.sameProfile)
        #expect(report.isConforming, "\(report)")
        let roundTrips: [TransferConformanceReport.Representation.RoundTrip] = report.representations.map(\.roundTrip)
        #expect(roundTrips == [.equivalent, .equivalent, .noImporter, .equivalent])
        #expect(report.representations[2].proxyChain == ["String"])
    }

    @Test func video() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("clip.mp4")
            try Data("frames".utf8).write(to: file)
            let report = await TransferConformance.check(Video(file: file)) { original, copy in
                defer { try? FileManager.default.removeItem(at: copy.file.deletingLastPathComponent()) }
                return (try? Data(contentsOf: original.file)) == (try? Data(contentsOf: copy.file))
            }
            #expect(report.isConforming, "\(report)")
            #expect(report.representations.map(\.proxyChain) == [[], ["URL"], ["URL"]])
        }
    }

    @Test func archive() async {
        let archive = ProfilesArchive(profiles: [
            Profile(id: UUID(), name: "A", bio: "", funFacts: [], video: nil, portrait: nil)
        ])
        let report = await TransferConformance.check(archive) { $0.profiles.map(\.id) == $1.profiles.map(\.id) }
        #expect(report.isConforming, "\(report)")
    }
}
