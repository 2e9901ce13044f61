/// The form a representation's payload takes in transit: bytes in memory, or a file.
///
/// Receivers differ exactly on this axis: one takes an image as a file URL, another only as data.
/// Every representation serves both forms (the framework writes data to a temporary file, or
/// reads a file, as asked), so the form says what the representation produces natively.
///
/// `TransferPayloadForm` is `Sendable`.
public struct TransferPayloadForm: Hashable, Sendable, Codable, CustomStringConvertible {
    private enum Value: String, Hashable, Sendable, Codable {
        case data
        case file
        case value
    }

    private let value: Value
    private init(_ value: Value) { self.value = value }

    /// Bytes in memory: ``DataRepresentation`` and ``CodableRepresentation``.
    public static let data = TransferPayloadForm(.data)
    /// A file on disk: ``FileRepresentation``.
    public static let file = TransferPayloadForm(.file)
    /// An in-memory object that the receiver reads directly, such as a platform image object.
    public static let value = TransferPayloadForm(.value)

    /// `data`, `file` or `value`.
    public var description: String { value.rawValue }

    /// Creates a form from its name: `data`, `file` or `value`.
    ///
    /// - Parameter name: The form's name.
    public init?(_ name: String) {
        guard let value = Value(rawValue: name) else { return nil }
        self.init(value)
    }

    /// Decodes a form from its name.
    public init(from decoder: any Decoder) throws {
        self.init(try Value(from: decoder))
    }

    /// Encodes the form as its name.
    public func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
    }
}
