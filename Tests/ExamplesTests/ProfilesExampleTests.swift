import Foundation
import ProfileModels
import Testing
import TransferKit

@Suite("The Meet Transferable models")
struct ProfilesExampleTests {
    let profile = Profile(
        id: UUID(), name: "Juan Chavez", bio: "Loves trees.", funFacts: ["Climbs", "Brews tea"],
        video: URL(fileURLWithPath: "/tmp/juan.mp4"), portrait: nil)

    @Test func profileOffersItsOwnTypeThenItsName() async throws {
        #expect(profile.exportedContentTypes() == [.profile, .json, .utf8PlainText, .commaSeparatedText])
        #expect(try await profile.exported(as: .plainText) == Data("Juan Chavez".utf8))
        let json = try await profile.exported(as: .profile)
        let decoded = try JSONDecoder().decode(Profile.self, from: json)
        #expect(decoded.id == profile.id)
        #expect(decoded.funFacts == profile.funFacts)
        #expect(decoded.video == profile.video)
    }

    @Test func profileRoundTripsThroughEveryImportingRepresentation() async throws {
        #expect(Profile.importedContentTypes() == [.profile, .json, .commaSeparatedText])
        let copy = try await Profile(importing: profile.exported(as: .profile), contentType: .profile)
        #expect(copy.id == profile.id && copy.name == profile.name && copy.bio == profile.bio)
        // The name proxy only exports: plain text that is not CSV does not import.
        await #expect(throws: TransferError.self) {
            try await Profile(importing: Data("Juan".utf8), contentType: .utf8PlainText)
        }
        let csv = try await profile.exported(as: .commaSeparatedText)
        #expect(String(decoding: csv, as: UTF8.self).hasPrefix("id,name,bio,funFacts,video,portrait\r\n"))
        let fromCSV = try await Profile(importing: csv, contentType: .commaSeparatedText)
        #expect(fromCSV.funFacts == profile.funFacts)
        #expect(fromCSV.video == profile.video)
    }

    @Test func videoProxiesToItsURL() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("v-\(UUID()).mp4")
        try Data("frames".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let video = Video(file: file)
        let entries = try Video.flattenedRepresentations()
        #expect(entries.map(\.contentType) == [.mpeg4Movie, .url, .fileURL])
        #expect(entries[1].proxyChain == ["URL"])
        #expect(try await video.exported(as: .url) == Data(file.absoluteString.utf8))
        #expect(try await video.exported(as: .mpeg4Movie) == Data("frames".utf8))
        // Import copies the received file into the library; the received copy itself is removed.
        let imported = try await Video(importing: file, contentType: nil)
        defer { try? FileManager.default.removeItem(at: imported.file.deletingLastPathComponent()) }
        #expect(imported.file != file)
        #expect(try Data(contentsOf: imported.file) == Data("frames".utf8))
        let fromData = try await Video(importing: Data("more frames".utf8), contentType: .mpeg4Movie)
        defer { try? FileManager.default.removeItem(at: fromData.file.deletingLastPathComponent()) }
        #expect(try Data(contentsOf: fromData.file) == Data("more frames".utf8))
        #expect(fromData.file.pathExtension == "mp4")
    }

    @Test func mediaTravelsThroughCSVAndJSONLosslessly() async throws {
        var profiles = ProfileGenerator().profiles(count: 300)
        #expect(profiles.filter { $0.video != nil || $0.portrait != nil }.count > 250)
        // URLs a CSV must carry unchanged: a file URL, a query, escapes, a comma, a fragment.
        profiles[0].video = URL(fileURLWithPath: "/Users/ana/Movies/Surf, 2024.mov")
        profiles[1].portrait = URL(string: "https://example.com/a%20b/portrait.jpg?w=1&h=2#face")
        profiles[2].video = URL(string: "https://例え.jp/ビデオ.mp4")
        profiles[3].portrait = URL(string: "https://example.com/\"quoted\".png")
        let archive = ProfilesArchive(profiles: profiles)
        #expect(archive.exportedContentTypes() == [.commaSeparatedText, .json, .jsonLines])
        let json = try await archive.exported(as: .json)
        let csv = try await ProfilesArchive(importing: json, contentType: .json).exported(as: .commaSeparatedText)
        let back = try await ProfilesArchive(importing: csv, contentType: .commaSeparatedText).exported(as: .json)
        #expect(back == json)
        let copy = try await ProfilesArchive(importing: back, contentType: .json)
        #expect(copy.profiles.map(\.video) == profiles.map(\.video))
        #expect(copy.profiles.map(\.portrait) == profiles.map(\.portrait))
    }

    @Test func archiveRoundTripsAsJSON() async throws {
        let archive = ProfilesArchive(profiles: [profile, profile])
        let json = try await archive.exported(as: .json)
        let copy = try await ProfilesArchive(importing: json, contentType: .json)
        #expect(copy.profiles.map(\.id) == [profile.id, profile.id])
    }

    @Test func archiveFilesStreamTheSameBytesAsItsData() async throws {
        // 2,500 profiles: three CSV batches, and JSON past one 1 MiB write.
        let archive = ProfilesArchive(profiles: ProfileGenerator().profiles(count: 2_500))
        let csvFile = try await archive.withExportedFile(contentType: .commaSeparatedText) { try Data(contentsOf: $0) }
        #expect(csvFile == (try archive.convertToCSV()))
        let jsonFile = try await archive.withExportedFile(contentType: .json) { try Data(contentsOf: $0) }
        #expect(jsonFile == (try JSONArrayEncoder(Profile.jsonEncoder).encode(archive.profiles)))
        // The same bytes Foundation's encoder writes with the same options.
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(jsonFile == (try foundation.encode(archive.profiles)))

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csvURL = try await archive.export(to: directory, contentType: .commaSeparatedText)
        let jsonURL = try await archive.export(to: directory, contentType: .json)
        let fromCSV = try await ProfilesArchive(importing: csvURL, contentType: nil)
        let fromJSON = try await ProfilesArchive(importing: jsonURL, contentType: nil)
        #expect(try fromCSV.convertToCSV() == csvFile)
        #expect(fromJSON.profiles.map(\.id) == archive.profiles.map(\.id))
        // Read in place: the inputs are still there, and nothing else was left behind.
        // Each file keeps the name its exporter gave it.
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == [
                "Profiles.csv", "Profiles.json",
            ])
    }

    @Test func emptyArchiveFilesRoundTrip() async throws {
        let empty = ProfilesArchive(profiles: [])
        let json = try await empty.withExportedFile(contentType: .json) { try Data(contentsOf: $0) }
        #expect(json == Data("[]".utf8))
        let csv = try await empty.withExportedFile(contentType: .commaSeparatedText) { try Data(contentsOf: $0) }
        #expect(csv == (try empty.convertToCSV()))
    }

    @Test func theExampleRuns() throws {
        let (status, output) = try runExample("ProfilesExample")
        #expect(status == 0)
        #expect(
            output.contains(
                "Profile exports: com.example.profile, public.json, public.utf8-plain-text, public.comma-separated-values-text"
            ))
        #expect(output.contains("As plain text: Juan Chavez"))
        #expect(output.contains("round trip: ok"))
        #expect(output.contains("Video exports: public.mpeg-4, public.url, public.file-url"))
        #expect(!output.contains("MISMATCH"))
    }
}

@Suite("ProfileGenerator")
struct ProfileGeneratorTests {
    @Test("ids are unique, and the same seed gives the same profiles")
    func uniqueAndDeterministic() {
        let profiles = ProfileGenerator().profiles(count: 100_000)
        #expect(Set(profiles.map(\.id)).count == profiles.count)
        #expect(ProfileGenerator().profile(77_777).id == profiles[77_777].id)
        #expect(ProfileGenerator(seed: 7).profile(0).id != profiles[0].id)
    }
}
