/// How a ``TransferConversion`` may run. Declared outside the
/// generic conversion so that code choosing a mode before it knows the item type (a tool's options)
/// names it once.
///
/// A closed set of named values in the package's one shape for option-like values (as
/// ``NegotiationPolicy`` and ``ContentKind``): a name, ``allCases``, and an initializer that takes
/// only the known names. `TransferConversionMode` is `Sendable`.
public struct TransferConversionMode: NamedValue, Codable,
    CaseIterable
{
    /// The mode's name: `automatic`, `streaming` or `whole`.
    public let rawValue: String

    private init(unchecked name: String) { rawValue = name }

    /// Stream records when the representations allow it, else convert whole. The default.
    public static let automatic = TransferConversionMode(unchecked: "automatic")
    /// Stream records, or refuse: ``TransferConversion/init(_:from:to:mode:csvFormat:)`` throws when the
    /// representations do not allow it.
    public static let streaming = TransferConversionMode(unchecked: "streaming")
    /// Import the whole item, then export it, even when records could stream.
    public static let whole = TransferConversionMode(unchecked: "whole")

    /// Every mode, in the order above.
    public static let allCases: [TransferConversionMode] = [.automatic, .streaming, .whole]

}
