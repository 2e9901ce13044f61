import Foundation
import Testing

/// One row of `Resources/uti-constants.tsv`, the reference list of Apple's public constants.
struct ReferenceRow: Sendable, CustomTestStringConvertible {
    let swiftName: String
    let identifier: String
    let parents: [String]
    /// `nil` where no public source gave the tags (`?` in the file).
    let extensions: [String]?
    let mimeTypes: [String]?

    var testDescription: String { swiftName }

    static let all: [ReferenceRow] = {
        guard
            let url = Bundle.module.url(forResource: "uti-constants", withExtension: "tsv", subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        func list(_ field: Substring) -> [String]? {
            field == "?" ? nil : field == "-" ? [] : field.split(separator: ",").map(String.init)
        }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return ReferenceRow(
                swiftName: String(fields[0]),
                identifier: String(fields[1]),
                parents: list(fields[2]) ?? [],
                extensions: list(fields[3]),
                mimeTypes: list(fields[4])
            )
        }
    }()
}
