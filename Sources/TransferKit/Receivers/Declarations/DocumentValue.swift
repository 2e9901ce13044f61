import ContentTypes

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Any value of a JSON document or a property list, read with a decoder (`JSONTextDecoder`, or
/// `PropertyListDecoder` for XML and binary property lists) and handed on as the types
/// `JSONSerialization` and `PropertyListSerialization` would give: `[String: Any]`, `[Any]`,
/// `String`, `Bool`, `Int`, `Double`, `Date`, `Data`, and ``null`` for JSON's `null`.
///
/// The declaration readers use it instead of the two serialization classes, for three reasons:
/// they live in full Foundation, and this module needs only FoundationEssentials;
/// `PropertyListSerialization` on Linux leaks an error object for every malformed property list it
/// reports (a fuzz run of `ReceiverProfile.parse(infoPlist:)` found it); and our JSON decoder
/// reports a malformed document with its line and column and bounds its nesting.
struct DocumentValue: Decodable {
    /// JSON's `null`, as a value of its own (no declaration reads it; it must only not be mistaken
    /// for anything else).
    struct Null: Hashable {}
    static let null = Null()

    let value: Any

    init(from decoder: any Decoder) throws {
        // Binary property lists are read lazily and may even contain themselves: their depth is
        // bounded here, as the readers bound JSON's and XML's.
        if PropertyListGuard.exceedsLimit(codingPath: decoder.codingPath) {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: PropertyListGuard.tooDeep))
        }
        if let dictionary = try? decoder.container(keyedBy: AnyKey.self) {
            var result: [String: Any] = [:]
            for key in dictionary.allKeys {
                result[key.stringValue] = try dictionary.decode(DocumentValue.self, forKey: key).value
            }
            value = result
        } else if var array = try? decoder.unkeyedContainer() {
            var result: [Any] = []
            while !array.isAtEnd { result.append(try array.decode(DocumentValue.self).value) }
            value = result
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                value = Self.null
            } else if let bool = try? single.decode(Bool.self) {
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

    /// The JSON document in `data`.
    static func readJSON(_ data: Data) throws -> Any {
        try JSONTextDecoder().decode(DocumentValue.self, from: data).value
    }

    /// The property list in `data`.
    static func readPropertyList(_ data: Data) throws -> Any {
        if let problem = PropertyListGuard.problem(in: data) {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: [], debugDescription: problem))
        }
        return try PropertyListDecoder().decode(DocumentValue.self, from: data).value
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
