public import Foundation
public import TransferKit

/// A collection of profiles, shared as a whole: as CSV, one row per profile, when it can be, and
/// as JSON.
///
/// `ProfilesArchive` is `Sendable`.
public struct ProfilesArchive: Codable, Sendable {
    /// The profiles, in order.
    public var profiles: [Profile]

    /// Creates an archive.
    public init(profiles: [Profile]) {
        self.profiles = profiles
    }

    /// Reads an archive from CSV, one profile per row, with a header row.
    public init(csvData: Data) throws {
        profiles = try CSVDecoder().decode([Profile].self, from: csvData)
    }

    /// Writes the archive as CSV, one profile per row, with a header row.
    public func convertToCSV() throws -> Data {
        try CSVEncoder().encode(profiles)
    }

    /// Whether the archive can travel as CSV: only when no profile has media attached, since a CSV
    /// row carries text, and a video or portrait would arrive as a bare path to a file the receiver
    /// does not have.
    public var supportsCSV: Bool {
        profiles.allSatisfy { $0.video == nil && $0.portrait == nil }
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
    /// CSV when the archive supports it, else JSON.
    public static var transferRepresentation: some TransferRepresentation {
        DataRepresentation(contentType: .commaSeparatedText) { archive in
            try archive.convertToCSV()
        } importing: { data in
            try ProfilesArchive(csvData: data)
        }
        .exportingCondition { archive in archive.supportsCSV }
        // Element by element: a large archive never holds a JSON tree of every profile.
        CodableRepresentation(contentType: .json, encoder: JSONArrayEncoder { JSONEncoder.stable }, decoder: JSONDecoder())
    }
}

extension JSONEncoder {
    /// A JSON encoder whose output is the same on every run: keys sorted, slashes unescaped.
    public static var stable: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
