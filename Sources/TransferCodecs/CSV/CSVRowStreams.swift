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

    private let descriptor: Int32?
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
    private let path: String

    /// Opens a file for reading.
    ///
    /// - Parameters:
    ///   - url: The file.
    ///   - format: The format. The default reads a header row.
    ///   - chunkSize: How many bytes to read at a time. The default is 1 MiB.
    /// - Throws: ``CSVError`` when the file cannot be opened, or its header is malformed.
    public init(contentsOf url: URL, format: CSVFormat = CSVFormat(), chunkSize: Int = 1 << 20) throws(CSVError) {
        try CSVDecoder.validate(format)
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CSVError(
                .invalidFormat, line: 0, column: 0,
                reason: "cannot open \(url.path): \(String(cString: strerror(errno)))")
        }
        self.descriptor = descriptor
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
    public init(data: Data, format: CSVFormat = CSVFormat(), chunkSize: Int = 1 << 20) throws(CSVError) {
        try CSVDecoder.validate(format)
        self.descriptor = nil
        self.memory = data
        self.format = format
        self.chunkSize = max(4096, chunkSize)
        self.path = "input"
        try readHeader()
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    private func readHeader() throws(CSVError) {
        guard format.hasHeader else { return }
        header = try nextRow()
    }

    /// The next row, or `nil` at the end of the input.
    ///
    /// - Returns: The row's fields.
    /// - Throws: ``CSVError`` for malformed CSV, with its line and column.
    public func next() throws(CSVError) -> [String]? {
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

    private func nextRow() throws(CSVError) -> [String]? {
        while pendingIndex >= pending.count {
            if atEnd && buffer.isEmpty { return nil }
            try fill()
        }
        defer { pendingIndex += 1 }
        return pending[pendingIndex]
    }

    /// Reads a chunk and parses every complete record in the buffer.
    private func fill() throws(CSVError) {
        if !atEnd, let descriptor {
            let count = ChunkedRead.append(upTo: chunkSize, from: descriptor, to: &buffer)
            if count < 0 {
                throw CSVError(
                    .invalidFormat, line: line, column: 0,
                    reason: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
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
            bytes throws(CSVError) -> (rows: [[String]], lines: [Int], consumed: Int) in
            let (table, consumed) = try CSVTable.parse(bytes, format: format, isFinal: atEnd, firstLine: firstLine)
            let parsed = UnsafeBufferPointer(rebasing: bytes[0..<consumed])
            try CSVDecoder.checkUTF8(parsed, firstLine: firstLine)
            var rows: [[String]] = []
            rows.reserveCapacity(table.rowCount)
            for row in 0..<table.rowCount {
                rows.append(
                    (table.rowStarts[row]..<table.rowStarts[row + 1]).map {
                        CSVTable.string(table.fields[$0], in: bytes)
                    })
            }
            line += table.lineFeedCount
            return (rows, table.rowLines, consumed)
        }
        buffer.removeFirst(result.consumed)
        pending = result.rows
        pendingLines = result.lines
        pendingIndex = 0
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
    private let destination: URL
    private let temporary: URL
    private var descriptor: Int32
    private var writer: CSVWriter
    private var finished = false

    /// Starts writing to a file.
    ///
    /// - Parameters:
    ///   - url: The destination; replaced by ``finish()`` if it exists.
    ///   - format: The format. The default is RFC 4180 with CRLF line ends.
    /// - Throws: ``CSVError`` when the temporary file cannot be created.
    public init(writingTo url: URL, format: CSVFormat = CSVFormat()) throws(CSVError) {
        try CSVDecoder.validate(format)
        self.format = format
        self.destination = url
        self.temporary = url.temporarySibling
        self.descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        self.writer = CSVWriter(format: format)
        guard descriptor >= 0 else {
            throw CSVError(
                .invalidFormat, line: 0, column: 0,
                reason: "cannot create \(temporary.path): \(String(cString: strerror(errno)))")
        }
        if format.writesByteOrderMark { writer.output += [0xEF, 0xBB, 0xBF] }
    }

    deinit {
        if !finished {
            if descriptor >= 0 { close(descriptor) }
            unlink(temporary.path)
        }
    }

    /// Writes one row.
    ///
    /// - Parameter fields: The fields, quoted as needed.
    /// - Throws: ``CSVError`` when the file cannot be written.
    public func write(_ fields: [String]) throws(CSVError) {
        writer.writeRow(fields)
        if writer.output.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and renames the file into place.
    ///
    /// - Throws: ``CSVError`` when the file cannot be written or renamed; the destination is then
    ///   untouched and the temporary file removed.
    public func finish() throws(CSVError) {
        do {
            try flush()
        } catch {
            cancel()
            throw error
        }
        close(descriptor)
        descriptor = -1
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            finished = true
            throw CSVError(.invalidFormat, line: 0, column: 0, reason: "cannot write \(destination.path): \(reason)")
        }
        finished = true
    }

    /// Stops writing and removes the temporary file; the destination is untouched.
    public func cancel() {
        guard !finished else { return }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary.path)
        finished = true
    }

    private func flush() throws(CSVError) {
        var offset = 0
        let bytes = writer.output
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                writeBytes(descriptor, $0.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw CSVError(
                    .invalidFormat, line: 0, column: 0,
                    reason: "cannot write \(temporary.path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
        writer.output.removeAll(keepingCapacity: true)
    }
}

#if canImport(Glibc)
    private let writeBytes = Glibc.write
#elseif canImport(Musl)
    private let writeBytes = Musl.write
#elseif canImport(Darwin)
    private let writeBytes = Darwin.write
#endif
