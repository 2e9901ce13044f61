#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parsed CSV: the positions of every field in the input bytes, row by row. Fields are turned into
/// strings only when they are read, so parsing is one pass over the bytes with no allocation per
/// field.
struct CSVTable {
    /// One field: a byte range of the input, and whether it was quoted with doubled quotes inside
    /// (which reading must collapse).
    struct Field {
        var start: Int
        var end: Int
        var hasEscapedQuotes: Bool
    }

    var fields: [Field] = []
    /// Where each row's fields start in ``fields``; one more entry than there are rows.
    var rowStarts: [Int] = [0]
    /// The 1-based input line each row starts on.
    var rowLines: [Int] = []
    /// The number of line feeds in the bytes consumed (CRLF counts one; a lone CR none).
    var lineFeedCount = 0
    /// With `stoppingAtError`, the error met in the record after the last one parsed: nothing
    /// after that record was parsed.
    var error: CSVError?

    var rowCount: Int { rowStarts.count - 1 }

    func fieldCount(ofRow row: Int) -> Int { rowStarts[row + 1] - rowStarts[row] }

    /// Parses `bytes` (after any byte-order mark).
    ///
    /// - Parameters:
    ///   - bytes: The input.
    ///   - format: The format.
    ///   - isFinal: Whether the input ends here. When `false`, parsing stops after the last complete
    ///     record, and ``consumed`` says where: the rest is kept for more input.
    ///   - stoppingAtError: Whether malformed input ends the table rather than throwing: the
    ///     records before the malformed one are kept, and the error is the table's ``error``, so
    ///     that a reader can report the first problem of the input in order, whether it is in a
    ///     record's value or in the CSV itself.
    /// - Returns: The table and the number of bytes consumed.
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>,
        format: CSVFormat,
        isFinal: Bool = true,
        firstLine: Int = 1,
        stoppingAtError: Bool = false
    ) throws(CSVError) -> (table: CSVTable, consumed: Int) {
        var table = CSVTable()
        // A guess (most fields are longer than 32 bytes) that avoids early growth without holding
        // much memory when the fields are long.
        table.fields.reserveCapacity(bytes.count / 32)
        let delimiter = format.delimiter
        let quote = UInt8(ascii: "\"")
        let cr: UInt8 = 0x0D
        let lf: UInt8 = 0x0A
        let strict = format.strictness == .strict
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return (table, 0) }
        var index = 0
        var line = firstLine
        var feedCount = 0
        // Each byte that ends an unquoted field, repeated in every byte of a word.
        let delimiterMask = 0x0101_0101_0101_0101 &* UInt64(delimiter)
        let lfMask = 0x0101_0101_0101_0101 &* UInt64(lf)
        let crMask = 0x0101_0101_0101_0101 &* UInt64(cr)
        let quoteMask = 0x0101_0101_0101_0101 &* UInt64(quote)

        /// The high bit of each byte of `word` equal to the byte of `mask`; exact up to the first.
        @inline(__always)
        func matches(_ word: UInt64, _ mask: UInt64) -> UInt64 {
            let difference = word ^ mask
            return (difference &- 0x0101_0101_0101_0101) & ~difference & 0x8080_8080_8080_8080
        }

        func lineFeeds(from start: Int, to end: Int) -> Int {
            var lines = 0
            var position = start
            while position < end, let found = memchr(base + position, Int32(lf), end - position) {
                lines += 1
                position = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base + 1
            }
            return lines
        }
        var lastCompleteRecordEnd = 0
        var lastCompleteRowCount = 0
        var lastCompleteFieldCount = 0
        var lastCompleteFeedCount = 0
        var rowStartLine = firstLine

        func error(_ code: CSVError.Code, at position: Int, _ reason: String) -> CSVError {
            // Lines are counted in the main loop only at record ends; count precisely here.
            var lineNumber = firstLine
            var lineStart = 0
            var cursor = 0
            while cursor < position && cursor < count {
                if bytes[cursor] == lf {
                    lineNumber += 1
                    lineStart = cursor + 1
                }
                cursor += 1
            }
            return CSVError(code, line: lineNumber, column: position - lineStart + 1, reason: reason)
        }

        func endRecord() {
            table.rowStarts.append(table.fields.count)
            table.rowLines.append(rowStartLine)
        }

        func checkLength(_ start: Int, _ end: Int) throws(CSVError) {
            if end - start > format.maximumFieldLength {
                throw error(
                    .fieldTooLong, at: start,
                    "expected a field of at most \(format.maximumFieldLength) bytes, found one of \(end - start) or more"
                )
            }
        }

        var atRecordStart = true
        do throws(CSVError) {
            while index < count {
                if atRecordStart {
                    rowStartLine = line
                    atRecordStart = false
                }
                let fieldStart = index
                if bytes[index] == quote {
                    // A quoted field: up to the closing quote, doubled quotes escaped. The quotes are
                    // found with memchr; the line feeds between them counted the same way.
                    var cursor = index + 1
                    var escaped = false
                    var closed = false
                    while cursor < count {
                        let found = memchr(base + cursor, Int32(quote), count - cursor)
                        let quoteAt =
                            found.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? count
                        let feeds = lineFeeds(from: cursor, to: quoteAt)
                        line += feeds
                        feedCount += feeds
                        guard quoteAt < count else {
                            cursor = count
                            break
                        }
                        if quoteAt + 1 < count, bytes[quoteAt + 1] == quote {
                            escaped = true
                            cursor = quoteAt + 2
                            continue
                        }
                        cursor = quoteAt
                        closed = true
                        break
                    }
                    if !closed {
                        if !isFinal { break }
                        if strict {
                            throw error(
                                .unterminatedQuote, at: fieldStart,
                                "expected a closing quote for the field that starts here, found the end of the input")
                        }
                        try checkLength(fieldStart + 1, count)
                        table.fields.append(Field(start: fieldStart + 1, end: count, hasEscapedQuotes: escaped))
                        index = count
                        endRecord()
                        lastCompleteRecordEnd = count
                        break
                    }
                    try checkLength(fieldStart + 1, cursor)
                    var field = Field(start: fieldStart + 1, end: cursor, hasEscapedQuotes: escaped)
                    cursor += 1  // the closing quote
                    if cursor < count, bytes[cursor] != delimiter, bytes[cursor] != cr, bytes[cursor] != lf {
                        if strict {
                            throw error(
                                .strayQuote, at: cursor,
                                "expected a delimiter or the end of the line after a closing quote, found '\(String(decoding: [bytes[cursor]], as: UTF8.self))'"
                            )
                        }
                        // Lenient: the text after the quote belongs to the field; the field is then
                        // read raw (quotes included) up to the next delimiter or line end.
                        while cursor < count, bytes[cursor] != delimiter, bytes[cursor] != cr, bytes[cursor] != lf {
                            cursor += 1
                        }
                        field = Field(start: fieldStart, end: cursor, hasEscapedQuotes: false)
                    }
                    table.fields.append(field)
                    index = cursor
                } else {
                    // An unquoted field: up to the delimiter or the line end, eight bytes at a time.
                    var cursor = index
                    while cursor + 8 <= count {
                        let word = UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self)
                        let found =
                            matches(word, delimiterMask) | matches(word, lfMask) | matches(word, crMask)
                            | matches(word, quoteMask)
                        if found != 0 {
                            cursor += found.trailingZeroBitCount / 8
                            break
                        }
                        cursor += 8
                    }
                    while cursor < count {
                        let byte = bytes[cursor]
                        if byte == delimiter || byte == lf || byte == cr { break }
                        if byte == quote {
                            if strict {
                                throw error(
                                    .strayQuote, at: cursor,
                                    "expected no quote inside an unquoted field, found '\"' (quote the whole field and double the quote)"
                                )
                            }
                            cursor += 1
                            // Lenient: a quote inside an unquoted field is text; go on a byte at a time.
                            continue
                        }
                        cursor += 1
                    }
                    try checkLength(fieldStart, cursor)
                    table.fields.append(Field(start: fieldStart, end: cursor, hasEscapedQuotes: false))
                    index = cursor
                }
                // After a field: a delimiter, a line end, or the end of the input.
                if index >= count {
                    if !isFinal {
                        // The record may continue in the next chunk.
                        table.fields.removeLast(table.fields.count - lastCompleteFieldCount)
                        break
                    }
                    endRecord()
                    lastCompleteRecordEnd = count
                    break
                }
                let byte = bytes[index]
                if byte == delimiter {
                    index += 1
                    if index == count {
                        if !isFinal {
                            table.fields.removeLast(table.fields.count - lastCompleteFieldCount)
                            break
                        }
                        // A trailing delimiter at the very end: one more, empty, field.
                        table.fields.append(Field(start: count, end: count, hasEscapedQuotes: false))
                        endRecord()
                        lastCompleteRecordEnd = count
                    }
                    continue
                }
                // A line end: CRLF, LF or a lone CR.
                if byte == cr {
                    if index + 1 < count, bytes[index + 1] == lf {
                        index += 2
                        feedCount += 1
                    } else if index + 1 == count, !isFinal {
                        table.fields.removeLast(table.fields.count - lastCompleteFieldCount)
                        break
                    } else {
                        index += 1
                    }
                } else {
                    index += 1
                    feedCount += 1
                }
                line += 1
                endRecord()
                atRecordStart = true
                lastCompleteRecordEnd = index
                lastCompleteRowCount = table.rowCount
                lastCompleteFieldCount = table.fields.count
                lastCompleteFeedCount = feedCount
            }
        } catch {
            guard stoppingAtError else { throw error }
            table.fields.removeLast(table.fields.count - lastCompleteFieldCount)
            table.rowStarts.removeLast(table.rowStarts.count - lastCompleteRowCount - 1)
            table.rowLines.removeLast(table.rowLines.count - lastCompleteRowCount)
            table.lineFeedCount = lastCompleteFeedCount
            table.error = error
            return (table, lastCompleteRecordEnd)
        }
        if !isFinal {
            table.fields.removeLast(table.fields.count - lastCompleteFieldCount)
            table.rowStarts.removeLast(table.rowStarts.count - lastCompleteRowCount - 1)
            table.rowLines.removeLast(table.rowLines.count - lastCompleteRowCount)
            table.lineFeedCount = lastCompleteFeedCount
            return (table, lastCompleteRecordEnd)
        }
        table.lineFeedCount = feedCount
        return (table, count)
    }

    /// The field's text: the bytes, with doubled quotes collapsed.
    @inline(__always)
    static func string(_ field: Field, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[field.start..<field.end])
        guard field.hasEscapedQuotes else { return String(decoding: slice, as: UTF8.self) }
        // Collapsed straight into the string's storage: no intermediate buffer.
        return String(unsafeUninitializedCapacity: slice.count) { output in
            collapseDoubledQuotes(slice, into: output)
        }
    }

    /// Copies `slice` into `output` (at least as large) with each doubled quote collapsed to one,
    /// a run between quotes at a time.
    ///
    /// - Returns: The number of bytes written.
    static func collapseDoubledQuotes(
        _ slice: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let source = slice.baseAddress, let destination = output.baseAddress else { return 0 }
        let count = slice.count
        var read = 0
        var written = 0
        while read < count {
            // Up to and including the next quote in one copy; the quote that doubles it is skipped.
            let runEnd =
                memchr(source + read, Int32(UInt8(ascii: "\"")), count - read).map {
                    UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - source + 1
                } ?? count
            (destination + written).initialize(from: source + read, count: runEnd - read)
            written += runEnd - read
            read = runEnd
            if read < count, source[read - 1] == UInt8(ascii: "\""), source[read] == UInt8(ascii: "\"") { read += 1 }
        }
        return written
    }
}
