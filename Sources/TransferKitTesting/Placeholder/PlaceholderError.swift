/// A bad placeholder request: which parameter, what was expected and what was found.
///
/// A struct rather than an enum, so that it can say more without breaking a `switch`; it is made by
/// the placeholders only.
///
/// `PlaceholderError` is `Sendable`.
public struct PlaceholderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault: `width`, `duration`, a query item's name.
    public let parameter: String
    /// The value found, as written.
    public let value: String
    /// What was expected.
    public let expected: String

    package static func invalidParameter(name: String, value: String, expected: String) -> PlaceholderError {
        PlaceholderError(parameter: name, value: value, expected: expected)
    }

    /// `parameter: expected …, found '…'`.
    public var description: String { "\(parameter): expected \(expected), found '\(value)'" }
}
