/// How a ``TransferConversion`` may run; also ``TransferConversion/Mode``. Declared outside the
/// generic conversion so that code choosing a mode before it knows the item type (a tool's options)
/// names it once.
///
/// `TransferConversionMode` is `Sendable`.
public enum TransferConversionMode: Sendable, Hashable {
    /// Stream records when the representations allow it, else convert whole. The default.
    case automatic
    /// Stream records, or refuse: ``TransferConversion/init(_:from:to:mode:csvFormat:)`` throws when the
    /// representations do not allow it.
    case streaming
    /// Import the whole item, then export it, even when records could stream.
    case whole
}
