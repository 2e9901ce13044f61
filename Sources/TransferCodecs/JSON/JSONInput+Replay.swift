import Synchronization

/// The offset in the document up to which a conversion's batches are written: the writer confirms
/// it, and the reader lets go of the bytes before it (``JSONInput/retained``).
final class JSONWrittenOffset: Sendable {
    private let value = Atomic(0)

    /// The offset confirmed last.
    var offset: Int { value.load(ordering: .acquiring) }

    /// Confirms that the batches up to `offset` are written.
    func confirm(_ offset: Int) {
        value.store(offset, ordering: .releasing)
    }
}

/// Runs from input that cannot be read again (a pipe): the buffers a run may need again are kept,
/// and positions for errors are counted when a buffer is let go rather than as the bytes pass.
extension JSONInput {
    /// Starts keeping the buffers, from the reading position on: for the first run.
    mutating func startRetaining() {
        _ = position(ofBufferIndex: position)
        retains = true
    }

    /// Keeps the buffer being replaced — its bytes before the reading position, which the next
    /// buffer does not hold — and lets go of the kept buffers whose batches are all written,
    /// counting the positions over them.
    mutating func retain() {
        retained.append((bufferOffset, buffer, position))
        let written = written.offset
        while let first = retained.first, first.offset + first.count <= written {
            counted = (first.offset + first.count, advanced(counted.position, over: first, from: counted.offset))
            retained.removeFirst()
        }
    }

    /// The line and column of byte `offset`, at or after the counted one and before the end of the
    /// buffer, counted over the kept buffers and the buffer: for errors, which are rare.
    func position(ofOffset offset: Int) -> JSONTextPosition {
        var position = counted.position
        var at = counted.offset
        for piece in retained + [(bufferOffset, buffer, buffer.count)] where at < offset {
            let end = min(piece.offset + piece.count, offset)
            guard end > at else { continue }
            position = advanced(position, over: (piece.offset, piece.bytes, end - piece.offset), from: at)
            at = end
        }
        return position
    }

    /// The bytes from `offset` (at or after the counted one) to the end of the buffer, with the
    /// position of the first: what the exact reader reads again.
    func replay(from offset: Int) -> (bytes: [UInt8], position: JSONTextPosition) {
        var bytes: [UInt8] = []
        for piece in retained + [(bufferOffset, buffer, buffer.count)] where piece.offset + piece.count > offset {
            bytes += piece.bytes[max(offset - piece.offset, 0)..<piece.count]
        }
        return (bytes, position(ofOffset: offset))
    }

    /// `position` moved over a piece's bytes from document offset `from` to the piece's end.
    private func advanced(
        _ position: JSONTextPosition, over piece: (offset: Int, bytes: [UInt8], count: Int), from: Int
    ) -> JSONTextPosition {
        var position = position
        let start = max(from - piece.offset, 0)
        guard start < piece.count else { return position }
        piece.bytes.withUnsafeBufferPointer {
            position.advance(over: UnsafeBufferPointer(rebasing: $0[start..<piece.count]))
        }
        return position
    }
}
