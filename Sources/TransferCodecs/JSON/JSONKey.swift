/// A coding key of the JSON coders' own: an object member's name or an array index, for coding
/// paths and for `superEncoder()`.
struct JSONKey: CodingKey, Sendable {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key `superEncoder()` and `superDecoder()` use.
    static let `super` = JSONKey(stringValue: "super")
}
