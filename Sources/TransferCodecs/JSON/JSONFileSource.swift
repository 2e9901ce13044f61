import Synchronization
import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The file side of the JSON readers: opening, reading a chunk at a time, and reading again for the
// line and column of an error. Parsing is in `JSONArrayDecoder.swift` and `JSONLinesReader.swift`.

/// An open JSON file and the reader of its array.
struct JSONArrayFile {
    let source: JSONFileSource
    var reader: JSONArrayReader
    var positions: @Sendable (Int) -> JSONTextPosition { source.positions }

    init(_ file: ReadableFile, chunkSize: Int) {
        source = JSONFileSource(file, chunkSize: chunkSize)
        reader = JSONArrayReader(chunkSize: chunkSize, source: source)
    }

    func close() {
        source.close()
    }
}

/// JSON input read a chunk at a time — a file, a pipe, standard input — and the positions of its
/// bytes for errors: what a reader of arrays or of lines reads from.
///
/// A regular file is read once, and again only for the line and column of an error
/// (``positions``). Input that can be read only once (a pipe) is counted as it passes instead
/// (``countsAsItReads``): the reader keeps the position of the bytes it has consumed, and each
/// element carries the position where it starts.
struct JSONFileSource {
    let file: ReadableFile
    /// Whether positions are counted as the input passes, because it cannot be read again.
    let countsAsItReads: Bool
    /// Line and column of a byte offset, counted by reading the file again: only errors need
    /// them. For input counted as it passes, the start of the input (elements carry their own).
    let positions: @Sendable (Int) -> JSONTextPosition
    /// How many bytes a read asks for.
    let chunkSize: Int
    /// For input that can be read again: where offset 0 of the input is in the file (standard
    /// input redirected from a file may start further in).
    private let origin: Int?

    init(_ file: ReadableFile, chunkSize: Int) {
        self.file = file
        if file.isRegularFile, let filePositions = JSONFilePositions(file) {
            countsAsItReads = false
            positions = { offset in filePositions.position(ofOffset: offset) }
            origin = filePositions.start
        } else {
            countsAsItReads = true
            positions = { _ in JSONTextPosition() }
            origin = nil
        }
        self.chunkSize = chunkSize
    }

    /// Whether the input can be read again from an offset (``seek(to:)``).
    var canSeek: Bool { origin != nil }

    /// Moves the reading back to `offset` in the input, for input that ``canSeek``; the bytes read
    /// again are not counted again in the file's counters (the tool's progress).
    func seek(to offset: Int) throws {
        guard let origin else { preconditionFailure("seek(to:) on input that cannot be read again") }
        let current = try? file.fileDescriptor.seek(offset: 0, from: .current)
        try file.seek(to: origin + offset)
        if let current = current.map(Int.init), current > origin + offset {
            file.counters?.addBytesRead(origin + offset - current)
        }
    }

    /// Replaces `buffer` with its bytes from `start` on followed by the next chunk: a new window,
    /// read in place, when what is kept is at most a chunk; otherwise (a value longer than a
    /// window) the buffer grows instead of being copied each time. `false` at the end of the input.
    func refill(_ buffer: inout [UInt8], keepingFrom start: Int) throws -> Bool {
        if buffer.count - start <= chunkSize {
            let count: Int
            (buffer, count) = try file.reading(upTo: chunkSize, after: buffer[start...])
            return count > 0
        }
        buffer.removeFirst(start)
        return try file.append(upTo: chunkSize, to: &buffer) > 0
    }

    func close() {
        file.close()
    }
}

/// Line and column of byte offsets in a regular file, counted by reading it again (`pread`, on a
/// descriptor of its own, so that the reader's position and its closing do not matter): only
/// errors need them. Each is counted on from the nearest one counted before it
/// (``JSONPositionCheckpoints``), whichever of the cores decoding the file's batches asks.
private final class JSONFilePositions: Sendable {
    private let descriptor: FileDescriptor
    /// Where the reader starts in the file: offset 0 of the input (standard input redirected from a
    /// file may start further in).
    let start: Int
    private let checkpoints = Mutex(JSONPositionCheckpoints())

    init?(_ file: ReadableFile) {
        guard let current = try? file.fileDescriptor.seek(offset: 0, from: .current),
            let copy = try? file.fileDescriptor.duplicate()
        else { return nil }
        descriptor = copy
        start = Int(current)
    }

    deinit { descriptor.close() }

    /// The position of byte `offset` of the file; the start of the file when it cannot be read.
    func position(ofOffset offset: Int) -> JSONTextPosition {
        checkpoints.withLock { checkpoints in
            checkpoints.position(of: offset) { checkpoint, offset in
                Self.count(from: checkpoint, to: offset, in: descriptor, start: start)
            }
        } ?? JSONTextPosition()
    }

    /// Reads the file from the checkpoint's offset to `offset`, advancing its position; `nil` when
    /// the file cannot be read that far.
    private static func count(
        from checkpoint: JSONPositionCheckpoints.Checkpoint, to offset: Int, in descriptor: FileDescriptor, start: Int
    ) -> JSONTextPosition? {
        var position = checkpoint.position
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { buffer.deallocate() }
        var at = checkpoint.offset
        while at < offset {
            let wanted = min(offset - at, buffer.count)
            guard let count = try? descriptor.read(into: buffer.baseAddress!, count: wanted, at: start + at), count > 0
            else { return nil }
            position.advance(
                over: UnsafeBufferPointer(start: buffer.bindMemory(to: UInt8.self).baseAddress, count: count))
            at += count
        }
        return position
    }
}
