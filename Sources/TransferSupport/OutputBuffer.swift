/// Output gathered into large writes: small pieces are copied into a buffer that is sent a MiB at a
/// time, large ones (a batch of records) are sent as they are, after what is buffered. The one
/// buffering of the package's outputs: ``AtomicFile``'s and the tool's standard output share it.
///
/// Not `Sendable`: one writer, one thread.
package struct OutputBuffer {
    /// Pieces at least this large are sent without a copy.
    package static let passThroughSize = 1 << 16
    /// The buffer is sent once it holds this much.
    package static let writeSize = 1 << 20

    private var bytes: [UInt8] = []

    package init() {}

    /// Whether nothing is waiting to be sent.
    package var isEmpty: Bool { bytes.isEmpty }

    /// Writes `piece` after what came before, through `send`.
    package mutating func write<Failure: Error>(
        _ piece: UnsafeRawBufferPointer, send: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        guard piece.count < Self.passThroughSize else {
            try flush(send: send)
            try send(piece)
            return
        }
        // Typed, so that the append is one copy, not a loop over the bytes.
        bytes.append(contentsOf: piece.bindMemory(to: UInt8.self))
        if bytes.count >= Self.writeSize { try flush(send: send) }
    }

    /// Sends what is buffered.
    package mutating func flush<Failure: Error>(
        send: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        guard !bytes.isEmpty else { return }
        defer { bytes.removeAll(keepingCapacity: true) }
        // `withUnsafeBytes` rethrows untyped: the failure travels as a value.
        try bytes.withUnsafeBytes { buffer in Result { () throws(Failure) in try send(buffer) } }.get()
    }
}
