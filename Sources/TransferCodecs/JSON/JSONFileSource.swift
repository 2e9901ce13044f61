import Synchronization
import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The file side of the JSON readers: opening, reading a chunk at a time, and reading again for the
// line and column of an error. Parsing is in `JSONArrayDecoder.swift` and `JSONLinesReader.swift`.

/// An open JSON file and the reader of its array.
struct JSONArrayFile {
    let source: JSONFileSource
    var reader: JSONArrayReader
    var positions: @Sendable (Int) -> JSONTextPosition { source.positions }

    init(_ url: URL, chunkSize: Int) throws {
        source = try JSONFileSource(url, chunkSize: chunkSize)
        reader = JSONArrayReader(chunkSize: chunkSize, positions: source.positions, read: source.read)
    }

    func close() {
        source.close()
    }
}

/// An open JSON file read a chunk at a time: what a reader of arrays or of lines reads from.
struct JSONFileSource {
    let file: ReadableFile
    /// Line and column of a byte offset, counted by reading the file again: only errors need them.
    let positions: @Sendable (Int) -> JSONTextPosition
    /// Reads the next chunk onto the end of a buffer; `false` at the end of the file.
    let read: (inout [UInt8]) throws -> Bool

    init(_ url: URL, chunkSize: Int) throws {
        let file = try ReadableFile(url)
        self.file = file
        let filePositions = JSONFilePositions(path: url.path)
        positions = { offset in filePositions.position(ofOffset: offset) }
        read = { buffer in try file.append(upTo: chunkSize, to: &buffer) > 0 }
    }

    func close() {
        file.close()
    }
}

/// Line and column of byte offsets in a file, counted by reading the file again: only errors need
/// them. Each is counted on from the nearest one counted before it (``JSONPositionCheckpoints``),
/// whichever of the cores decoding the file's batches asks.
private final class JSONFilePositions: Sendable {
    private let path: String
    private let checkpoints = Mutex(JSONPositionCheckpoints())

    init(path: String) {
        self.path = path
    }

    /// The position of byte `offset` of the file; the start of the file when it cannot be read.
    func position(ofOffset offset: Int) -> JSONTextPosition {
        checkpoints.withLock { checkpoints in
            checkpoints.position(of: offset) { checkpoint, offset in
                Self.count(from: checkpoint, to: offset, inFileAt: path)
            }
        } ?? JSONTextPosition()
    }

    /// Reads the file from the checkpoint's offset to `offset`, advancing its position; `nil` when
    /// the file cannot be read that far.
    private static func count(
        from checkpoint: JSONPositionCheckpoints.Checkpoint, to offset: Int, inFileAt path: String
    ) -> JSONTextPosition? {
        guard let file = try? ReadableFile(path: path), (try? file.seek(to: checkpoint.offset)) != nil else {
            return nil
        }
        var position = checkpoint.position
        var buffer: [UInt8] = []
        var remaining = offset - checkpoint.offset
        while remaining > 0 {
            buffer.removeAll(keepingCapacity: true)
            guard let count = try? file.append(upTo: min(remaining, 1 << 20), to: &buffer), count > 0 else {
                return nil
            }
            buffer.withUnsafeBufferPointer { position.advance(over: $0) }
            remaining -= count
        }
        return position
    }
}
