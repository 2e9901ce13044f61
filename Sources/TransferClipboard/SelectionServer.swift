#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One display protocol's side of the clipboard, for one operation on a connection of its own:
/// what X11's selections and Wayland's data-control have in common.
protocol SelectionReader {
    /// The names `selection`'s owner offers, in its order, at most `limit`.
    func names(_ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> [String]

    /// The bytes of `name`, at most `limit`, and the name of the type the owner gave them (X11
    /// may answer `TEXT` as `STRING`; Wayland answers as asked).
    func typedBytes(
        _ name: String, _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> (type: String, bytes: Data)
}

/// The owner's side: serving a copy until another client takes the selection.
protocol SelectionServer: AnyObject {
    /// Whether there is anything left to do: the selection owned, or a transfer under way.
    var isServing: Bool { get }
    /// Handles what comes before `deadline`.
    func serve(until deadline: ContinuousClock.Instant) throws(ClipboardError)
    /// Gives the selection up if this client still has it.
    func release()
}
