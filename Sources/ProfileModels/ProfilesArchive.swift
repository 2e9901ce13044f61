public import Foundation
public import TransferKit

/// A collection of profiles, shared as a whole: as CSV, one row per profile; as JSON, an array of
/// profiles; and as JSON Lines, a profile a line.
///
/// The three forms are the archive's records: `RecordsRepresentation`s of ``Profile``, so that
/// `TransferConversion` (and `transfer convert`) streams an archive of any size from one to
/// another a batch of profiles at a time, on every core, without making the archive. Docs/CSV.md
/// ("The profile archive format") lists the columns and what each field holds.
///
/// Every format carries every profile whole, media included: `video` and `portrait` travel as their
/// URLs' absolute strings, so JSON → CSV → JSON gives back the same bytes. A URL is a reference,
/// not the media: an `https` URL names the same video on any machine, a `file` URL names a file
/// on the machine that wrote the archive, and it arrives as that path — neither format copies the
/// file it names.
///
/// `ProfilesArchive` is `Sendable`.
public struct ProfilesArchive: Codable, Sendable {
    /// The profiles, in order.
    public var profiles: [Profile]

    /// Creates an archive.
    public init(profiles: [Profile]) {
        self.profiles = profiles
    }

    /// Reads an archive from CSV, one profile per row, with a header row (the name of Apple's
    /// sample).
    ///
    /// - Throws: `CSVError` for malformed CSV or a header that is not a profile's;
    ///   `DecodingError` for a field that is not what a profile needs.
    public init(csvData: Data) throws {
        profiles = try CSVDecoder().decode([Profile].self, from: csvData)
    }

    /// Writes the archive as CSV, one profile per row, with a header row (the name of Apple's
    /// sample).
    public func convertToCSV() throws -> Data {
        try CSVEncoder().encode(profiles)
    }

    /// Encodes the archive as the array of its profiles.
    public func encode(to encoder: any Encoder) throws {
        try profiles.encode(to: encoder)
    }

    /// Decodes an archive from an array of profiles.
    public init(from decoder: any Decoder) throws {
        profiles = try [Profile](from: decoder)
    }
}

extension ProfilesArchive: Transferable {
    /// CSV, then JSON, then JSON Lines: the archive's profiles, record by record.
    public static var transferRepresentation: some TransferRepresentation {
        RecordsRepresentation(contentType: .commaSeparatedText, format: .csv(), records: \.profiles) {
            ProfilesArchive(profiles: $0)
        }
        .suggestedFileName("Profiles.csv")
        RecordsRepresentation(
            contentType: .json, format: .jsonArray(encoder: Profile.jsonEncoder), records: \.profiles
        ) {
            ProfilesArchive(profiles: $0)
        }
        .suggestedFileName("Profiles.json")
        RecordsRepresentation(
            contentType: .jsonLines, format: .jsonLines(encoder: Profile.jsonEncoder), records: \.profiles
        ) {
            ProfilesArchive(profiles: $0)
        }
        .suggestedFileName("Profiles.jsonl")
    }
}
