import TransferSupport

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads CSV rows one at a time, from a file of any size or from bytes in memory, in bounded memory.
///
/// ```swift
/// var reader = try CSVRowReader(contentsOf: url)
/// let columns = reader.header                      // ["id", "name", …]
/// while let row = try reader.next() { process(row) }
/// ```
///
/// The reader holds one chunk of input (1 MiB by default) plus the record being read, however long
/// the file. Errors carry the line and column in the whole input.
///
/// `CSVRowReader` is not `Sendable`: it owns an open file.
public final class CSVRowReader {
    /// The format.
    public let format: CSVFormat
    /// The header row, when ``CSVFormat/hasHeader`` is set and the input has one.
    public private(set) var header: [String]?

    private let file: ReadableFile?
    /// The input, when it is in memory: read a chunk at a time like a file.
    private let memory: Data?
    private var memoryOffset = 0
    private let chunkSize: Int
    private var buffer: [UInt8] = []
    private var pending: [[String]] = []
    private var pendingLines: [Int] = []
    private var pendingIndex = 0
    private var line = 1
    private var atEnd = false
    private var isFirstChunk = true
    /// The first problem of the input, thrown once the rows before it are read.
    private var failure: CSVError?
    private let path: String

    /// Opens a file for reading.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - format: The format. The default reads a header row.
    ///   - chunkSize: How many bytes to read at a time. The default is 1 MiB.
    /// - Throws: ``CSVError`` when the format is invalid or the header is malformed; `CocoaError`
    ///   when the file cannot be opened or read, as `Data(contentsOf:)` and ``JSONArrayDecoder`` throw it.
    public init(contentsOf url: URL, format: CSVFormat = CSVFormat(), chunkSize: Int = 1 << 20) throws {
        try CSVDecoder.validate(format)
        self.file = try ReadableFile(url)
        self.memory = nil
        self.format = format
        self.chunkSize = max(4096, chunkSize)
        self.path = url.path
        try readHeader()
    }

    /// Reads rows from bytes in memory, a chunk at a time as from a file: the rows of one chunk are
    /// made at a time, not all of them at once.
    ///
    /// - Parameters:
    ///   - data: The CSV bytes.
    ///   - format: The format. The default reads a header row.
    ///   - chunkSize: How many bytes to parse at a time. The default is 1 MiB.
    /// - Throws: ``CSVError`` when the header is malformed.
    public init(data: Data, format: CSVFormat = CSVFormat(), chunkSize: Int = 1 << 20) throws {
        try CSVDecoder.validate(format)
        self.file = nil
        self.memory = data
        self.format = format
        self.chunkSize = max(4096, chunkSize)
        self.path = "input"
        try readHeader()
    }

    private func readHeader() throws {
        guard format.hasHeader else { return }
        header = try nextRow()
    }

    /// The next row, or `nil` at the end of the input.
    ///
    /// - Returns: The row's fields.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column; `CocoaError` when the
    ///   file cannot be read.
    public func next() throws -> [String]? {
        let row = try nextRow()
        if let row, let header, row.count != header.count {
            if row.count == 1, row[0].isEmpty, header.count > 1 { return try next() }  // a blank line
            if format.strictness == .strict {
                throw CSVError(
                    .raggedRow, line: pendingLines[pendingIndex - 1], column: 1,
                    reason: "expected \(header.count) fields (as in the header), found \(row.count)")
            }
        }
        return row
    }

    private func nextRow() throws -> [String]? {
        while pendingIndex >= pending.count {
            if let failure {
                // The rows before the problem have all been read: now the problem.
                self.failure = nil
                throw failure
            }
            if atEnd && buffer.isEmpty { return nil }
            try fill()
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// Reads a chunk and parses every complete record in the buffer.
    private func fill() throws {
        if !atEnd, let file {
            let count = try file.append(upTo: chunkSize, to: &buffer)
            if count == 0 { atEnd = true }
        } else if !atEnd, let memory {
            let count = min(chunkSize, memory.count - memoryOffset)
            let start = memory.startIndex + memoryOffset
            buffer.append(contentsOf: memory[start..<(start + count)])
            memoryOffset += count
            if memoryOffset == memory.count { atEnd = true }
        }
        if isFirstChunk, buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
            buffer.removeFirst(3)
        }
        if isFirstChunk, !buffer.isEmpty || atEnd { isFirstChunk = false }
        let firstLine = line
        let result = try buffer.withUnsafeBufferPointer {
            bytes throws(CSVError) -> (rows: [[String]], lines: [Int], consumed: Int, failure: CSVError?) in
            // The rows before the first problem (malformed CSV, a byte that is not UTF-8) are
            // handed out before it.
            let (table, consumed) = try CSVTable.parse(
                bytes, format: format, isFinal: atEnd, firstLine: firstLine, stoppingAtError: true)
            let invalid = UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: bytes[0..<consumed]))
            var failure = table.error
            var rows: [[String]] = []
            rows.reserveCapacity(table.rowCount)
            for row in 0..<table.rowCount {
                let end = row + 1 < table.rowCount ? table.fields[table.rowStarts[row + 1]].start : consumed
                if let invalid, invalid < end {
                    failure = CSVDecoder.utf8Error(in: bytes, at: invalid, firstLine: firstLine)
                    break
                }
                rows.append(
                    (table.rowStarts[row]..<table.rowStarts[row + 1]).map {
                        CSVTable.string(table.fields[$0], in: bytes)
                    })
            }
            if failure == nil, let invalid {
                failure = CSVDecoder.utf8Error(in: bytes, at: invalid, firstLine: firstLine)
            }
            line += table.lineFeedCount
            return (rows, table.rowLines, consumed, failure)
        }
        buffer.removeFirst(result.consumed)
        pending = result.rows
        pendingLines = result.lines
        pendingIndex = 0
        if let failure = result.failure {
            self.failure = failure
            atEnd = true  // Nothing after the first problem is read.
            buffer.removeAll()
        }
        if atEnd, result.consumed == 0, !buffer.isEmpty {
            buffer.removeAll()
        }
        if !atEnd, result.rows.isEmpty, buffer.count > format.maximumFieldLength + chunkSize {
            throw CSVError(
                .fieldTooLong, line: line, column: 1,
                reason:
                    "expected a record of at most \(format.maximumFieldLength) bytes per field, found \(buffer.count) bytes without its end"
            )
        }
    }
}

/// Writes CSV rows one at a time to a file, atomically: rows go to a temporary file beside the
/// destination, which ``finish()`` renames into place. Until then the destination is untouched; if
/// the writer is dropped without finishing, the temporary file is removed.
///
/// ```swift
/// let writer = try CSVRowWriter(writingTo: output)
/// try writer.write(["id", "name"])
/// for profile in profiles { try writer.write([profile.id.uuidString, profile.name]) }
/// try writer.finish()
/// ```
///
/// `CSVRowWriter` is not `Sendable`: it owns an open file.
public final class CSVRowWriter {
    /// The format.
    public let format: CSVFormat
    private let file: AtomicFile
    private var writer: CSVWriter

    /// Starts writing to a file.
    ///
    /// - Parameters:
    ///   - url: The destination; replaced by ``finish()`` if it exists.
    ///   - format: The format. The default is RFC 4180 with CRLF line ends.
    /// - Throws: ``CSVError`` when the format is invalid; `CocoaError` when the temporary file beside
    ///   the destination cannot be created, as `Data.write(to:)` throws it.
    public init(writingTo url: URL, format: CSVFormat = CSVFormat()) throws {
        try CSVDecoder.validate(format)
        self.format = format
        self.file = try AtomicFile(writing: url, mode: 0o644)
        self.writer = CSVWriter(format: format)
        if format.writesByteOrderMark { writer.output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
    }

    /// Writes one row.
    ///
    /// - Parameter fields: The fields, quoted as needed.
    /// - Throws: `CocoaError` when the file cannot be written.
    public func write(_ fields: [String]) throws {
        writer.writeRow(fields)
        if writer.output.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and renames the file into place.
    ///
    /// - Throws: `CocoaError` when the file cannot be written or renamed; the destination is then
    ///   untouched and the temporary file removed.
    public func finish() throws {
        do {
            try flush()
        } catch {
            cancel()
            throw error
        }
        try file.commit(synchronizing: false)
    }

    /// Stops writing and removes the temporary file; the destination is untouched.
    public func cancel() {
        file.discard()
    }

    private func flush() throws {
        try writer.output.withUnsafeBytes { try file.write(UnsafeRawBufferPointer($0)) }
        writer.output.removeAll()
    }
}
