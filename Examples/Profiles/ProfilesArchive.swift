import Foundation
import TransferKit

/// A collection of profiles, shared as a whole.
///
/// Apple's sample exports it as CSV, gated by `exportingCondition { $0.supportsCSV }`. The CSV
/// representation arrives with TransferKit's CSV codec; until then the archive offers JSON.
struct ProfilesArchive: Codable {
    var profiles: [Profile]
}

extension ProfilesArchive: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .json)
    }
}
