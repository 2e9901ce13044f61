/// A value of a closed set named by strings: an error's code, a policy, a kind — the package's one
/// shape for option-like values, which a `switch` need not list in full and a new version may add
/// to without breaking source.
///
/// A conforming type is a struct holding its name (`rawValue`), with a static member for each
/// value and ``knownValues``, the values this version knows; the protocol gives it the rest, once:
/// the initializers that take only a known name (`init?(rawValue:)`, `init?(_:)`), and its
/// ``description``, the name. A type that is `CaseIterable` (its values all listed for programs,
/// `allCases`) knows exactly those. `Codable` types decode only a known name.
///
/// ```swift
/// public struct Mode: NamedValue, CaseIterable, Codable {
///     public let rawValue: String
///     private init(unchecked name: String) { rawValue = name }
///     public static let fast = Mode(unchecked: "fast")
///     public static let careful = Mode(unchecked: "careful")
///     public static let allCases: [Mode] = [.fast, .careful]
/// }
/// Mode("fast") == .fast   // true
/// Mode("slow")            // nil
/// ```
public protocol NamedValue: RawRepresentable, LosslessStringConvertible, Hashable, Sendable
where RawValue == String {
    /// Every value this version knows, in the order its documentation lists them.
    static var knownValues: [Self] { get }
}

extension NamedValue {
    /// The value named `rawValue`, or `nil` for a name that is not one of ``knownValues``.
    public init?(rawValue: String) {
        guard let value = Self.knownValues.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = value
    }

    /// The value named `description`, or `nil`: the same as ``init(rawValue:)``.
    public init?(_ description: String) { self.init(rawValue: description) }

    /// The name.
    public var description: String { rawValue }
}

extension NamedValue where Self: CaseIterable, AllCases == [Self] {
    /// Every value: ``CaseIterable/allCases``.
    public static var knownValues: [Self] { allCases }
}
