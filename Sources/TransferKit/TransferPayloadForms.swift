/// A set of payload forms: the forms a receiver's rule accepts, or a consumption reading covers —
/// ``all`` of them unless the declaration names some.
///
/// ```swift
/// AcceptRule(.image, forms: [.value, .data])   // images, but not as a file URL
/// AcceptRule(.image)                           // forms: .all
/// ```
///
/// Its JSON is the list of the forms' names, in the order ``data``, ``file``, ``value``.
/// `TransferPayloadForms` is `Sendable`.
public struct TransferPayloadForms: OptionSet, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The forms as bits: 1 data, 2 file, 4 value.
    public let rawValue: UInt8

    /// A set of the forms whose bits are `rawValue` (1 data, 2 file, 4 value).
    public init(rawValue: UInt8) { self.rawValue = rawValue & 0b111 }

    /// ``TransferPayloadForm/data``.
    public static let data = TransferPayloadForms(rawValue: 1)
    /// ``TransferPayloadForm/file``.
    public static let file = TransferPayloadForms(rawValue: 2)
    /// ``TransferPayloadForm/value``.
    public static let value = TransferPayloadForms(rawValue: 4)
    /// Every form.
    public static let all: TransferPayloadForms = [.data, .file, .value]

    /// The set of one form.
    public init(_ form: TransferPayloadForm) {
        self =
            switch form {
            case .data: .data
            case .file: .file
            default: .value
            }
    }

    /// The set of `forms`.
    public init(_ forms: some Sequence<TransferPayloadForm>) {
        self = forms.reduce(into: []) { $0.insert(TransferPayloadForms($1)) }
    }

    /// Whether `form` is in the set.
    public func contains(_ form: TransferPayloadForm) -> Bool {
        contains(TransferPayloadForms(form))
    }

    /// The forms in the set, in the order data, file, value.
    public var forms: [TransferPayloadForm] {
        [TransferPayloadForm.data, .file, .value].filter { contains($0) }
    }

    /// The forms' names joined by `|`: `data|value`.
    public var description: String { forms.map(\.description).joined(separator: "|") }

    /// Decodes the list of the forms' names: `["data", "value"]`.
    public init(from decoder: any Decoder) throws {
        self.init(try [TransferPayloadForm](from: decoder))
    }

    /// Encodes the list of the forms' names.
    public func encode(to encoder: any Encoder) throws {
        try forms.encode(to: encoder)
    }
}
