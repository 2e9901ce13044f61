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

// Records moved from one format to another by a plan, without making values: each field read
// from the input's bytes with the decoder's own rules and written with the encoder's own writers,
// so that a batch converts to the bytes `Codable` gives. A record the plan cannot take as it is
// makes the batch `nil`, and the caller converts that batch through `Codable`, which gives its
// output, or its error, exactly.

extension RecordPlan {
    /// How JSON values follow one another in a batch.
    enum JSONLayout {
        /// Separated by commas (array elements, without the brackets).
        case commas
        /// Each ended by a line feed (JSON Lines).
        case lines
    }

    /// Whether the plan converts between these formats with these options: CSV to JSON with the
    /// default key strategy, JSON to CSV likewise.
    package func converts(from source: RecordFormat, to target: RecordFormat) -> Bool {
        guard !fields.isEmpty else { return false }
        switch (source.layout, target.layout) {
        case (.csv(_, let csv), .jsonArray(let encoder, _)), (.csv(_, let csv), .jsonLines(let encoder, _)):
            // Without a header, columns are found by position, not by key.
            guard csv.format.hasHeader, csv.options.usesDefaultKeys, case .useDefaultKeys = encoder.keyEncodingStrategy
            else { return false }
            return !encoder.outputFormatting.contains(.prettyPrinted)
        case (.jsonArray(_, let decoder), .csv(let csv, _)), (.jsonLines(_, let decoder), .csv(let csv, _)):
            guard case .useDefaultKeys = decoder.keyDecodingStrategy, csv.options.usesDefaultKeys else { return false }
            return true
        default:
            return false
        }
    }

    // MARK: CSV to JSON

    /// The JSON of a window of CSV records, as `JSONTextEncoder` writes the records `CSVDecoder`
    /// reads from it; `nil` when a record needs `Codable`.
    func json(fromCSV batch: CSVRecordBatch, format: CSVFormat, encoder: JSONTextEncoder, layout: JSONLayout)
        -> Data?
    {
        let escapesSlashes = !encoder.outputFormatting.contains(.withoutEscapingSlashes)
        // Members in the order the encoder writes them: sorted by their keys' bytes, or as encoded.
        let order = encoder.outputFormatting.contains(.sortedKeys) ? sortedIndices : Array(fields.indices)
        let kinds = order.map { fields[$0].kind }
        let optional = order.map { fields[$0].isOptional }
        // Each member's `"key":`, written once for the batch; a record copies it.
        var prefixes: [UInt8] = []
        var prefixEnds: [Int] = []
        for index in order {
            fields[index].keyBytes.withUnsafeBufferPointer {
                JSONTextWriting.appendString($0, escapingSlashes: escapesSlashes, to: &prefixes)
            }
            prefixes.append(UInt8(ascii: ":"))
            prefixEnds.append(prefixes.count)
        }
        return batch.bytes.withUnsafeBufferPointer { bytes -> Data? in
            // A window with a problem goes through `Codable`, which reports it in its place.
            guard let document = try? batch.document(bytes: bytes, format: format), document.pendingError == nil
            else { return nil }
            let columns = order.map { document.header.isEmpty ? nil : document.column(named: fields[$0].key) }
            // A column the record needs is missing: Codable's keyNotFound.
            for slot in order.indices where columns[slot] == nil && !optional[slot] { return nil }
            var output = ByteBuffer(capacity: bytes.count + bytes.count / 4)
            var collapsed: [UInt8] = []
            let table = batch.table
            return table.fields.withUnsafeBufferPointer { cells -> Data? in
                table.rowStarts.withUnsafeBufferPointer { rowStarts -> Data? in
                    prefixes.withUnsafeBufferPointer { prefixes -> Data? in
                        for (position, row) in document.rows.enumerated() {
                            if position > 0, layout == .commas { output.append(UInt8(ascii: ",")) }
                            output.append(UInt8(ascii: "{"))
                            let first = rowStarts[row]
                            let width = rowStarts[row + 1] - first
                            var members = 0
                            for slot in kinds.indices {
                                guard let column = columns[slot] else { continue }  // Optional and absent.
                                let cell =
                                    column < width
                                    ? cells[first + column] : CSVTable.Field(start: 0, end: 0, hasEscapedQuotes: false)
                                if optional[slot], cell.start == cell.end { continue }
                                if members > 0 { output.append(UInt8(ascii: ",")) }
                                members += 1
                                let prefixStart = slot == 0 ? 0 : prefixEnds[slot - 1]
                                output.append(
                                    contentsOf: UnsafeBufferPointer(rebasing: prefixes[prefixStart..<prefixEnds[slot]]))
                                var text = UnsafeBufferPointer(rebasing: bytes[cell.start..<cell.end])
                                if cell.hasEscapedQuotes {
                                    // Into one buffer for the batch, grown as needed, not one per field.
                                    let quoted = text
                                    if collapsed.count < quoted.count {
                                        collapsed = [UInt8](repeating: 0, count: max(quoted.count, 2 * collapsed.count))
                                    }
                                    let written = collapsed.withUnsafeMutableBufferPointer { buffer in
                                        let count = CSVTable.collapseDoubledQuotes(quoted, into: buffer)
                                        return Self.appendJSON(
                                            kinds[slot], UnsafeBufferPointer(rebasing: buffer[..<count]),
                                            escapingSlashes: escapesSlashes, to: &output)
                                    }
                                    guard written else { return nil }
                                    continue
                                }
                                text = UnsafeBufferPointer(rebasing: bytes[cell.start..<cell.end])
                                guard Self.appendJSON(kinds[slot], text, escapingSlashes: escapesSlashes, to: &output)
                                else { return nil }
                            }
                            output.append(UInt8(ascii: "}"))
                            if layout == .lines { output.append(0x0A) }
                        }
                        return output.takeData()
                    }
                }
            }
        }
    }

    /// Appends a CSV field's value as JSON; `false` when the field is not a value of the kind.
    private static func appendJSON(
        _ kind: Kind, _ text: UnsafeBufferPointer<UInt8>, escapingSlashes: Bool, to output: inout ByteBuffer
    ) -> Bool {
        switch kind {
        case .string:
            JSONTextWriting.appendString(text, escapingSlashes: escapingSlashes, to: &output)
        case .uuid:
            output.append(UInt8(ascii: "\""))
            if UUIDText.isCanonical(text) {
                output.append(contentsOf: text)  // Already as `UUID` writes it.
            } else {
                guard let uuid = UUIDText.uuid(text) else { return false }
                UUIDText.append(uuid, to: &output)
            }
            output.append(UInt8(ascii: "\""))
        case .url:
            // A URL already in the form `URL` writes it is moved as it is (`URLText`); others are
            // read and written by Foundation, as `Codable` would.
            if URLText.isCanonical(text) {
                if escapingSlashes {
                    JSONTextWriting.appendString(text, escapingSlashes: true, to: &output)
                } else {
                    // No quote, backslash or control character in it: nothing to escape.
                    output.append(UInt8(ascii: "\""))
                    output.append(contentsOf: text)
                    output.append(UInt8(ascii: "\""))
                }
            } else {
                guard let url = URL(string: String(decoding: text, as: UTF8.self)) else { return false }
                JSONTextWriting.appendString(url.absoluteString, escapingSlashes: escapingSlashes, to: &output)
            }
        case .stringArray:
            return CSVNestedValues.appendStringArrayAsJSON(text, escapingSlashes: escapingSlashes, to: &output)
        }
        return true
    }

    // MARK: JSON to CSV

    /// The CSV rows of a batch of JSON values, as `CSVEncoder` writes the records
    /// `JSONTextDecoder` reads from them (with the header and byte-order mark when the batch is
    /// the first); `nil` when a record needs `Codable`.
    func csv(fromJSON batch: JSONElementBatch, format: CSVFormat) -> Data? {
        // A batch cut short by a syntax error goes through `Codable`, which reports it in its place.
        guard batch.isParsed, batch.syntaxError == nil else { return nil }
        var writer = CSVWriter(format: format)
        // Rows are shorter than their JSON (no keys): one allocation for the batch's output.
        writer.output.reserve(batch.byteCount)
        if batch.firstIndex == 0, !batch.elements.isEmpty {
            if format.writesByteOrderMark { writer.output.append(contentsOf: [0xEF, 0xBB, 0xBF]) }
            if format.hasHeader { writer.writeRow(fields.map(\.key)) }
        }
        // The fields' keys, kinds and optionality as flat buffers, read per record without copying
        // a `Field` (and retaining its key) each time.
        let keys = FlatKeys(fields.map(\.keyBytes))
        let kinds = fields.map(\.kind)
        let optional = fields.map(\.isOptional)
        let lineEnding = format.lineEnding.bytes
        var values = [Int](repeating: -1, count: fields.count)
        var scratch: [UInt8] = []
        let ok = batch.bytes.withUnsafeBufferPointer { bytes in
            batch.tokens.withUnsafeBufferPointer { tokens in
                kinds.withUnsafeBufferPointer { kinds in
                    optional.withUnsafeBufferPointer { optional in
                        lineEnding.withUnsafeBufferPointer { lineEnding in
                            let row = RowShape(kinds: kinds, optional: optional, lineEnding: lineEnding)
                            for element in batch.elements {
                                // Token offsets count from the element's first byte.
                                let bytes = UnsafeBufferPointer(rebasing: bytes[element.bytes])
                                guard
                                    Self.members(of: element.root, in: tokens, bytes: bytes, keys: keys, into: &values),
                                    Self.appendRow(
                                        values, row, tokens: tokens, bytes: bytes, writer: &writer, scratch: &scratch)
                                else { return false }
                            }
                            return true
                        }
                    }
                }
            }
        }
        // A field the decoder would refuse: `Codable` reports it, with its record and key.
        return ok && !writer.wroteOverlongField ? writer.output.takeData() : nil
    }

    /// The fields' keys, one after another in one buffer.
    private struct FlatKeys {
        let bytes: [UInt8]
        let ranges: [Range<Int>]

        init(_ keys: [[UInt8]]) {
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for key in keys {
                ranges.append(bytes.count..<(bytes.count + key.count))
                bytes += key
            }
            self.bytes = bytes
            self.ranges = ranges
        }
    }

    /// What a row is made of: each field's kind and optionality, and the line ending.
    private struct RowShape {
        let kinds: UnsafeBufferPointer<Kind>
        let optional: UnsafeBufferPointer<Bool>
        let lineEnding: UnsafeBufferPointer<UInt8>
    }

    /// The value token of each field in the object at `root` (-1 for a key not there); `false`
    /// when `root` is not an object, a key has escapes, or a field's key comes twice.
    private static func members(
        of root: Int, in tokens: UnsafeBufferPointer<JSONTape.Token>, bytes: UnsafeBufferPointer<UInt8>,
        keys: FlatKeys, into values: inout [Int]
    ) -> Bool {
        guard tokens[root].kind == .object else { return false }
        for index in values.indices { values[index] = -1 }
        return keys.bytes.withUnsafeBufferPointer { keyBytes in
            keys.ranges.withUnsafeBufferPointer { ranges in
                var token = root + 1
                for _ in 0..<tokens[root].count {
                    let key = tokens[token]
                    guard key.flags == 0 else { return false }
                    let length = Int(key.end - key.start)
                    for index in ranges.indices where ranges[index].count == length {
                        guard
                            length == 0
                                || memcmp(
                                    keyBytes.baseAddress! + ranges[index].lowerBound,
                                    bytes.baseAddress! + Int(key.start), length) == 0
                        else { continue }
                        guard values[index] < 0 else { return false }  // Repeated: the decoder keeps the first.
                        values[index] = token + 1
                        break
                    }
                    let value = tokens[token + 1]
                    token = value.kind == .object || value.kind == .array ? Int(value.end) : token + 2
                }
                return true
            }
        }
    }

    /// Appends one record's row; `false` when a field is missing, null or not of its kind.
    private static func appendRow(
        _ values: [Int], _ row: RowShape, tokens: UnsafeBufferPointer<JSONTape.Token>,
        bytes: UnsafeBufferPointer<UInt8>, writer: inout CSVWriter, scratch: inout [UInt8]
    ) -> Bool {
        for index in row.kinds.indices {
            if index > 0 { writer.output.append(writer.format.delimiter) }
            let token = values[index]
            guard token >= 0, tokens[token].kind != .null else {
                if row.optional[index] { continue }  // An empty field.
                return false
            }
            let value = tokens[token]
            switch row.kinds[index] {
            case .string:
                guard value.kind == .string else { return false }
                if value.flags == 0 {
                    // No escape: no quote, CR or LF either.
                    writer.writePlain(UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)]))
                } else {
                    writer.writeJSONString(UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)]))
                }
            case .uuid:
                guard value.kind == .string else { return false }
                let raw = UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)])
                if value.flags == 0, UUIDText.isCanonical(raw) {
                    writer.writePlain(raw)  // Already as `UUID` writes it.
                    break
                }
                let uuid = value.flags == 0 ? UUIDText.uuid(raw) : UUIDText.uuid(decodedString(value, bytes))
                guard let uuid else { return false }
                scratch.removeAll(keepingCapacity: true)
                UUIDText.append(uuid, to: &scratch)
                scratch.withUnsafeBufferPointer { writer.write($0) }
            case .url:
                guard value.kind == .string else { return false }
                let raw = UnsafeBufferPointer(rebasing: bytes[Int(value.start)..<Int(value.end)])
                if value.flags == 0, URLText.isCanonical(raw) {
                    writer.writePlain(raw)  // Already as `URL` writes it: RFC 3986's characters only.
                    break
                }
                guard let url = URL(string: decodedString(value, bytes)) else { return false }
                writer.writeField(url.absoluteString)
            case .stringArray:
                // The field `CSVNestedValues.encodeStringArray` writes for the decoded strings,
                // written from the tokens: a string without escapes is its bytes, quoted.
                guard value.kind == .array else { return false }
                scratch.removeAll(keepingCapacity: true)
                scratch.append(UInt8(ascii: "["))
                var element = token + 1
                for position in 0..<value.count {
                    let string = tokens[element]
                    guard string.kind == .string else { return false }
                    if position > 0 { scratch.append(UInt8(ascii: ",")) }
                    let raw = UnsafeBufferPointer(rebasing: bytes[Int(string.start)..<Int(string.end)])
                    if string.flags == 0 {
                        scratch.append(UInt8(ascii: "\""))
                        scratch.append(contentsOf: raw)
                        scratch.append(UInt8(ascii: "\""))
                    } else {
                        var unescaped: [UInt8] = []
                        JSONDecodingContext.unescape(raw, into: &unescaped)
                        unescaped.withUnsafeBufferPointer { CSVNestedValues.appendString($0, to: &scratch) }
                    }
                    element += 1
                }
                scratch.append(UInt8(ascii: "]"))
                scratch.withUnsafeBufferPointer { writer.write($0) }
            }
        }
        writer.output.append(contentsOf: row.lineEnding)
        return true
    }

    /// A string token's value, as `JSONTextDecoder` reads it.
    private static func decodedString(_ token: JSONTape.Token, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
        guard token.flags != 0 else { return String(decoding: raw, as: UTF8.self) }
        var unescaped: [UInt8] = []
        JSONDecodingContext.unescape(raw, into: &unescaped)
        return String(decoding: unescaped, as: UTF8.self)
    }
}
