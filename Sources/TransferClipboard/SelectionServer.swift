internal import TransferSupport

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

    /// Hands the bytes of `name`, at most `limit`, to `sink` as they arrive; returns the name of
    /// the type the owner gave them (X11 may answer `TEXT` as `STRING`; Wayland answers as asked).
    func stream(
        _ name: String, _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant,
        into sink: ChunkSink
    ) throws(ClipboardError) -> String
}

extension SelectionReader {
    /// The bytes of `name`, at most `limit`, gathered, and the name of the type the owner gave them.
    func typedBytes(
        _ name: String, _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> (type: String, bytes: Data) {
        var bytes = Data()
        let sink = ChunkSink {
            bytes.reserveCapacity(min($0, limit))
        } write: {
            bytes.append(contentsOf: $0)
        }
        let type = try stream(name, selection, limit: limit, idle: idle, deadline: deadline, into: sink)
        return (type, bytes)
    }
}

/// Where a transfer's bytes go as they arrive.
struct ChunkSink {
    /// Told the size the owner announces (X11's INCR: a lower bound), when it does.
    let expect: (Int) -> Void
    /// Given each chunk, in order.
    let accept: (UnsafeRawBufferPointer) throws(ClipboardError) -> Void

    init(
        expect: @escaping (Int) -> Void = { _ in },
        write: @escaping (UnsafeRawBufferPointer) throws(ClipboardError) -> Void
    ) {
        self.expect = expect
        self.accept = write
    }

    /// Gives `bytes` to ``accept``.
    func write(_ bytes: some ContiguousBytes) throws(ClipboardError) {
        let failure = bytes.withUnsafeBytes { buffer -> ClipboardError? in
            do throws(ClipboardError) {
                try accept(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }
}

/// The owner's side: serving a copy until another client takes the selection.
protocol SelectionServer: AnyObject {
    /// Whether there is anything left to do: the selection owned, or a transfer under way.
    var isServing: Bool { get }
    /// Handles what comes until `wake` becomes readable — the owner's ``ClipboardOwnership/stop()``
    /// — or a transfer's idle time-out is due, or nothing is left to serve; sleeps in between.
    func serve(wakingOn wake: FileDescriptor) throws(ClipboardError)
    /// Gives the selection up if this client still has it.
    func release()
}
