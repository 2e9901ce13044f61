public import Foundation
public import TransferKit

// The models of Apple's "Meet Transferable" sample code (WWDC22). They differ from Apple's only in
// the import lines, `public` (so that the `transfer` tool can convert them), `static let` for the
// custom type (which the Swift 6 language mode requires), and the JSON and CSV representations
// added for the conversion tool.

/// A person's profile. `Sendable`.
public struct Profile: Codable, Sendable {
    /// A unique identifier.
    public var id: UUID
    /// The person's name.
    public var name: String
    /// A short biography.
    public var bio: String
    /// A few facts about the person.
    public var funFacts: [String]
    /// A video of the person, if any.
    public var video: URL?
    /// A portrait of the person, if any.
    public var portrait: URL?

    /// Creates a profile.
    public init(id: UUID, name: String, bio: String, funFacts: [String], video: URL?, portrait: URL?) {
        self.id = id
        self.name = name
        self.bio = bio
        self.funFacts = funFacts
        self.video = video
        self.portrait = portrait
    }
}

// The compiler synthesizes `Profile`'s `Codable` conformance: conversions of archives may move its
// records from CSV to JSON and back without making values (`MemberwiseCodable`).
extension Profile: MemberwiseCodable {}

extension Profile: Transferable {
    /// The profile's own type first, then JSON, the name as text, and CSV.
    public static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .profile)
        CodableRepresentation(contentType: .json, encoder: Profile.jsonEncoder, decoder: JSONTextDecoder())
        ProxyRepresentation(exporting: \.name)
        // After the name: CSV conforms to plain text, so listed earlier it would answer requests for
        // plain text.
        CodableRepresentation(contentType: .commaSeparatedText, encoder: CSVEncoder(), decoder: CSVDecoder())
    }
}

extension UTType {
    // Apple's sample writes `static var`; in the Swift 6 language mode a global `UTType` must be a `let`.
    /// A profile, as JSON.
    public static let profile = UTType(exportedAs: "com.example.profile")
}

extension Profile {
    /// The encoder of profiles' JSON: keys sorted and slashes unescaped, so that the same profiles
    /// give the same bytes on every run (and the bytes Foundation's `JSONEncoder` gives with these
    /// options).
    public static let jsonEncoder: JSONTextEncoder = {
        var encoder = JSONTextEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
