import Foundation
import TransferKit

// The models of Apple's "Meet Transferable" sample code (WWDC22), unchanged but for the import lines
// and `static let` for the custom type, which the Swift 6 language mode requires.

struct Profile: Codable {
    var id: UUID
    var name: String
    var bio: String
    var funFacts: [String]
    var video: URL?
    var portrait: URL?
}

extension Profile: Transferable {
    static var transferRepresentation: some TransferRepresentation {
        CodableRepresentation(contentType: .profile)
        ProxyRepresentation(exporting: \.name)
    }
}

extension UTType {
    // Apple's sample writes `static var`; in the Swift 6 language mode a global `UTType` must be a `let`.
    static let profile = UTType(exportedAs: "com.example.profile")
}
