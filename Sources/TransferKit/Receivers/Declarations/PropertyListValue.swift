#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any property-list value, read with `PropertyListDecoder` (XML or binary) and handed on as the
/// Foundation types `PropertyListSerialization` would give: `[String: Any]`, `[Any]`, `String`,
/// `Bool`, `Int`, `Double`, `Date`, `Data`.
///
/// `PropertyListSerialization` on Linux leaks an error object for every malformed property list it
/// reports, which a fuzz run of `ReceiverProfile.importing(infoPlist:)` found; the decoder does not.
struct PropertyListValue: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        if let dictionary = try? decoder.container(keyedBy: AnyKey.self) {
            var result: [String: Any] = [:]
            for key in dictionary.allKeys {
                result[key.stringValue] = try dictionary.decode(PropertyListValue.self, forKey: key).value
            }
            value = result
        } else if var array = try? decoder.unkeyedContainer() {
            var result: [Any] = []
            while !array.isAtEnd { result.append(try array.decode(PropertyListValue.self).value) }
            value = result
        } else {
            let single = try decoder.singleValueContainer()
            if let bool = try? single.decode(Bool.self) {
                value = bool
            } else if let integer = try? single.decode(Int.self) {
                value = integer
            } else if let real = try? single.decode(Double.self) {
                value = real
            } else if let string = try? single.decode(String.self) {
                value = string
            } else if let date = try? single.decode(Date.self) {
                value = date
            } else {
                value = try single.decode(Data.self)
            }
        }
    }

    /// The property list in `data`.
    static func read(_ data: Data) throws -> Any {
        if let problem = PropertyListGuard.problem(in: data) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: problem))
        }
        return try PropertyListDecoder().decode(PropertyListValue.self, from: data).value
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
