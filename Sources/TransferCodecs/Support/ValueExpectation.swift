/// The words the codecs' decoders use when a value is not what a strategy or a type expects — CSV,
/// JSON and JSON Lines alike: `expected an ISO 8601 date such as
/// 2026-11-20T09:15:00Z, found "01/03/2026"`. One place, so that the same mistake reads the same
/// in every format.
enum ValueExpectation {
    static let iso8601Date = "an ISO 8601 date such as 2026-11-20T09:15:00Z"
    static let formattedDate = "a date in the decoder's format"
    static let base64 = "Base64"
    static let uuid = "a UUID such as E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
    static let url = "a URL"

    /// `expected EXPECTED, found "FOUND"`, the value shown quoted and escaped, cut at 80 characters.
    static func mismatch(_ expected: String, found: some StringProtocol) -> String {
        "expected \(expected), found \(String(found.prefix(80)).debugDescription)"
    }
}
