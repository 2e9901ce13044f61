#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension CSVDecoder {
    /// Checks that a header names every column a record of `type` needs: a CSV table with a header
    /// and no record is an empty sequence of records only when the header is theirs.
    ///
    /// The columns are the keys the type's own `init(from:)` asks for, learnt by running it once
    /// on a record whose fields are all present and neutral (an empty string, zero, an all-zero
    /// UUID): keys asked through `decodeIfPresent` are optional. A type that cannot be run that
    /// way (it refuses the neutral values, or reads nested containers) is not checked.
    ///
    /// - Parameters:
    ///   - header: The header row's names.
    ///   - type: The record type.
    /// - Throws: ``CSVError`` with code ``CSVError/Code/invalidHeader`` naming the columns expected
    ///   and those found, when a column the type needs is missing.
    static func checkColumns<T: Decodable>(_ header: [String], for type: T.Type, format: CSVFormat = CSVFormat())
        throws(CSVError)
    {
        let probe = CSVColumnProbe()
        guard (try? T(from: probe)) != nil, !probe.requested.isEmpty else { return }
        let present = Set(header)
        guard probe.required.contains(where: { !present.contains($0) }) else { return }
        let found = header.prefix(6).map { ($0.count > 40 ? String($0.prefix(40)) + "…" : $0).debugDescription }
        let required = probe.requested.filter(probe.required.contains)
        let optional = probe.requested.filter { !probe.required.contains($0) }
        throw CSVError(
            .invalidHeader, line: 1, column: 1,
            reason: "expected a header naming \(required.joined(separator: ", "))"
                + (optional.isEmpty ? "" : " (and optionally \(optional.joined(separator: ", ")))") + ", found "
                + found.joined(separator: ", ") + (header.count > 6 ? ", …" : "")
                + delimiterHint(header: header, format: format))
    }

    /// Checks a header of one column that holds another common delimiter (`id;name;bio`) against
    /// the columns a record of `type` needs, as soon as the header is read: a file in another
    /// dialect is then named as such, with the delimiter to read it with, whatever its rows hold —
    /// not as the first quote or ragged row that the wrong delimiter trips on further down.
    ///
    /// - Throws: ``CSVError`` with code ``CSVError/Code/invalidHeader`` and the delimiter's hint.
    static func checkDialect<T: Decodable>(ofHeader header: [String], for type: T.Type, format: CSVFormat)
        throws(CSVError)
    {
        guard header.count == 1, !delimiterHint(header: header, format: format).isEmpty else { return }
        try checkColumns(header, for: type, format: format)
    }

    /// The fields a record of `type` reads, in the order its `init(from:)` asks for them, with
    /// their types and whether they are required (asked for without `IfPresent`); `nil` for a type
    /// that cannot be learnt that way (see ``checkColumns(_:for:format:)``).
    package static func fields<T: Decodable>(of type: T.Type) -> [RecordField]? {
        let probe = CSVColumnProbe()
        guard (try? T(from: probe)) != nil, !probe.requested.isEmpty else { return nil }
        return probe.requested.map { name in
            RecordField(name: name, type: probe.types[name] ?? "?", isRequired: probe.required.contains(name))
        }
    }

    /// When a header is one column holding another common delimiter, a sentence that suggests it:
    /// a semicolon-separated file read as comma-separated is the usual cause of a missing column.
    static func delimiterHint(header: [String], format: CSVFormat) -> String {
        guard header.count == 1, let name = header.first else { return "" }
        let candidates: [(UInt8, String)] = [(0x3B, "';'"), (0x09, "a tab"), (0x7C, "'|'"), (0x2C, "','")]
        guard let (byte, spoken) = candidates.first(where: { $0.0 != format.delimiter && name.utf8.contains($0.0) })
        else { return "" }
        let option = byte == 0x09 ? "tab" : String(UnicodeScalar(byte))
        return "; the header is one column holding \(spoken): if that is the delimiter, read with it "
            + "(CSVFormat.delimiter; transfer convert --delimiter '\(option)')"
    }
}

/// A decoder that answers every key of one record with a neutral value and notes the keys asked.
private final class CSVColumnProbe: Decoder {
    /// Every key asked, in the order asked.
    var requested: [String] = []
    /// The keys asked without `IfPresent`.
    var required: Set<String> = []
    /// The type each key was asked as, in Swift's spelling (`[String]`, not `Array<String>`).
    var types: [String: String] = [:]
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct Unsupported: Error {}

    func note(_ key: some CodingKey, required: Bool, type: Any.Type? = nil) {
        if !requested.contains(key.stringValue) { requested.append(key.stringValue) }
        if required { self.required.insert(key.stringValue) }
        if let type { types[key.stringValue] = Self.spelling(of: type) }
    }

    /// `[String]` for `Array<String>`, `[String: Int]` for `Dictionary<String, Int>`.
    static func spelling(of type: Any.Type) -> String {
        var name = "\(type)"
        while let range = name.firstRange(of: "Array<") {
            guard let close = name[range.upperBound...].firstIndex(of: ">") else { break }
            let element = String(name[range.upperBound..<close])
            name = String(name[..<range.lowerBound]) + "[" + element + "]" + String(name[name.index(after: close)...])
        }
        if name.hasPrefix("Dictionary<"), name.hasSuffix(">") {
            let pair = String(name.dropFirst(11).dropLast())
            name = "[" + pair.replacing(", ", with: ": ") + "]"
        }
        return name
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Keyed<Key>(probe: self))
    }

    /// An array of records: one record, so that an array type is checked as its element.
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { OneRecord(probe: self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw Unsupported() }

    /// A neutral value of a field's type, or `nil` for a type the probe does not know.
    static func neutral<T>(_ type: T.Type) -> T? {
        let value: Any? =
            switch type {
            case is String.Type: ""
            case is Bool.Type: false
            case is Int.Type: 0
            case is Int8.Type: Int8(0)
            case is Int16.Type: Int16(0)
            case is Int32.Type: Int32(0)
            case is Int64.Type: Int64(0)
            case is UInt.Type: UInt(0)
            case is UInt8.Type: UInt8(0)
            case is UInt16.Type: UInt16(0)
            case is UInt32.Type: UInt32(0)
            case is UInt64.Type: UInt64(0)
            case is Double.Type: 0.0
            case is Float.Type: Float(0)
            case is Decimal.Type: Decimal(0)
            case is UUID.Type: UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
            case is URL.Type: URL(string: "about:blank")
            case is Date.Type: Date(timeIntervalSinceReferenceDate: 0)
            case is [String].Type: [String]()
            default: nil
            }
        return value as? T
    }

    struct OneRecord: UnkeyedDecodingContainer {
        let probe: CSVColumnProbe
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 1 }
        var currentIndex = 0
        var isAtEnd: Bool { currentIndex > 0 }

        mutating func decodeNil() throws -> Bool { false }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            guard !isAtEnd else { throw Unsupported() }
            currentIndex += 1
            return try T(from: probe)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            guard !isAtEnd else { throw Unsupported() }
            currentIndex += 1
            return try probe.container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        mutating func superDecoder() throws -> any Decoder { probe }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let probe: CSVColumnProbe
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] { [] }

        func contains(_ key: Key) -> Bool {
            probe.note(key, required: false)
            return true
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            probe.note(key, required: false)
            return true
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            probe.note(key, required: true, type: type)
            guard let value = CSVColumnProbe.neutral(type) else { throw Unsupported() }
            return value
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            probe.note(key, required: false, type: type)
            return nil
        }

        // The protocol's own overloads for the standard types would otherwise ask `decodeNil` and
        // never say the type: each is noted here as the generic one is.
        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { optional(key, type) }
        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { optional(key, type) }
        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { optional(key, type) }
        func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { optional(key, type) }
        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { optional(key, type) }
        func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { optional(key, type) }
        func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { optional(key, type) }
        func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { optional(key, type) }
        func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { optional(key, type) }
        func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { optional(key, type) }
        func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { optional(key, type) }
        func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { optional(key, type) }
        func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { optional(key, type) }
        func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { optional(key, type) }

        private func optional<T>(_ key: Key, _ type: T.Type) -> T? {
            probe.note(key, required: false, type: type)
            return nil
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        { throw Unsupported() }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw Unsupported() }
        func superDecoder() throws -> any Decoder { throw Unsupported() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw Unsupported() }
    }
}
