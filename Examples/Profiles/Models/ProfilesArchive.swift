public import Foundation
public import TransferKit

/// A collection of profiles, shared as a whole: as CSV, one row per profile, and as JSON.
///
/// Both formats carry every profile whole, media included: `video` and `portrait` travel as their
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

    /// Reads an archive from CSV, one profile per row, with a header row.
    public init(csvData: Data) throws {
        profiles = try CSVDecoder().decode([Profile].self, from: csvData)
        if profiles.isEmpty { try Self.checkHeader(CSVRowReader(data: csvData).header) }
    }

    /// The columns of an archive's CSV, in the order it writes them.
    public static let csvColumns = ["id", "name", "bio", "funFacts", "video", "portrait"]

    /// Checks the header of a CSV that holds no profile: a file of anything but profiles would
    /// otherwise be an empty archive. An empty file is one (it is what an empty archive writes).
    ///
    /// - Throws: ``CSVError`` with code `invalidHeader` when a column a profile needs is missing.
    public static func checkHeader(_ header: [String]?) throws {
        guard let header else { return }
        let missing = ["id", "name", "bio", "funFacts"].filter { !header.contains($0) }
        guard missing.isEmpty else {
            let found = header.prefix(6).map { $0.count > 40 ? String($0.prefix(40)) + "…" : $0 }.map {
                $0.debugDescription
            }
            throw CSVError(
                .invalidHeader, line: 1, column: 1,
                reason:
                    "expected a header naming \(csvColumns.joined(separator: ", ")), found \(found.joined(separator: ", "))\(header.count > 6 ? ", …" : "")"
            )
        }
    }

    /// Writes the archive as CSV, one profile per row, with a header row.
    public func convertToCSV() throws -> Data {
        try CSVEncoder().encode(profiles)
    }

    /// Reads an archive from a CSV file record by record: the file is never in memory whole, and
    /// the records are decoded on all the machine's cores.
    public init(csvFile: URL) throws {
        var profiles: [Profile] = []
        try CSVDecoder().decodeElements(Profile.self, contentsOf: csvFile) { profiles.append($0) }
        self.profiles = profiles
        if profiles.isEmpty { try Self.checkHeader(CSVRowReader(contentsOf: csvFile).header) }
    }

    /// Reads an archive from a JSON file (an array of profiles) profile by profile: the file is
    /// never in memory whole, and the profiles are decoded on all the machine's cores.
    public init(jsonFile: URL) throws {
        var profiles: [Profile] = []
        try JSONArrayDecoder(JSONTextDecoder()).decodeElements(Profile.self, contentsOf: jsonFile) {
            profiles.append($0)
        }
        self.profiles = profiles
    }

    /// Writes the archive to a CSV file a batch of profiles at a time, encoded on all the machine's
    /// cores: the same bytes as ``convertToCSV()``, and the whole CSV is never in memory.
    public func writeCSV(to file: URL) throws {
        try Self.write(to: file) { output in
            try CSVEncoder().encode(profiles, inPieces: output)
        }
    }

    /// Writes the archive to a JSON file a batch of profiles at a time, encoded on all the
    /// machine's cores: the same bytes as the `.json` representation's data, and the whole JSON
    /// is never in memory.
    public func writeJSON(to file: URL) throws {
        try Self.write(to: file) { output in
            try JSONArrayEncoder(Profile.jsonEncoder).encode(profiles, inPieces: output)
        }
    }

    /// Creates `file` and hands `body` a function that appends to it.
    private static func write(to file: URL, _ body: ((Data) throws -> Void) throws -> Void) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try body { try handle.write(contentsOf: $0) }
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
    /// CSV, then JSON; as files first, which stream in both directions, then as data.
    public static var transferRepresentation: some TransferRepresentation {
        // Files: read record by record in place, written a batch at a time. A large archive's
        // conversion holds its profiles, never its whole input or output.
        FileRepresentation(contentType: .commaSeparatedText, shouldAttemptToOpenInPlace: true) { archive in
            try await .temporaryFile(named: "Profiles.csv") { try archive.writeCSV(to: $0) }
        } importing: { received in
            try ProfilesArchive(csvFile: received.file)
        }
        FileRepresentation(contentType: .json, shouldAttemptToOpenInPlace: true) { archive in
            try await .temporaryFile(named: "Profiles.json") { try archive.writeJSON(to: $0) }
        } importing: { received in
            try ProfilesArchive(jsonFile: received.file)
        }
        // Data, for receivers that take bytes.
        DataRepresentation(contentType: .commaSeparatedText) { archive in
            try archive.convertToCSV()
        } importing: { data in
            try ProfilesArchive(csvData: data)
        }
        // Element by element: a large archive never holds a JSON tree of every profile.
        CodableRepresentation(
            contentType: .json, encoder: JSONArrayEncoder(Profile.jsonEncoder), decoder: JSONTextDecoder())
    }
}
