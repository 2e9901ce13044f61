import Foundation
import ProfileModels
import TransferKit

// Shows what each representation of the "Meet Transferable" models produces.
//
//   swift run ProfilesExample

let profile = Profile(
    id: UUID(uuidString: "6C2A4D5E-1F2B-4C3D-8E9F-0A1B2C3D4E5F")!,
    name: "Juan Chavez",
    bio: "Loves trees and tea.",
    funFacts: ["Has climbed 40 trees", "Owns 12 teapots"],
    video: nil,
    portrait: nil
)

print("Profile exports:", profile.exportedContentTypes().map(\.identifier).joined(separator: ", "))
let asText = try await profile.exported(as: .plainText)
print("As plain text:", String(decoding: asText, as: UTF8.self))
let asProfile = try await profile.exported(as: .profile)
let roundTrip = try await Profile(importing: asProfile, contentType: .profile)
print(
    "As com.example.profile:", asProfile.count, "bytes of JSON; round trip:",
    roundTrip.name == profile.name ? "ok" : "MISMATCH")

let movie = FileManager.default.temporaryDirectory.appendingPathComponent("example-\(UUID().uuidString).mp4")
try Data("not really a movie".utf8).write(to: movie)
defer { try? FileManager.default.removeItem(at: movie) }
let video = Video(file: movie)
print("Video exports:", video.exportedContentTypes().map(\.identifier).joined(separator: ", "))
let link = try await video.exported(as: .url)
print("As public.url:", String(decoding: link, as: UTF8.self) == movie.absoluteString ? "the file's URL" : "MISMATCH")
let imported = try await Video(importing: movie, contentType: .mpeg4Movie)
print("Imported into the library:", imported.file.lastPathComponent)
try? FileManager.default.removeItem(at: imported.file.deletingLastPathComponent())

let archive = ProfilesArchive(profiles: [profile])
print("Archive exports:", archive.exportedContentTypes().map(\.identifier).joined(separator: ", "))
