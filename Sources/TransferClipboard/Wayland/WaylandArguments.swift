/// A message's arguments as the wire format writes them (*The Wayland Protocol*, "Wire Format",
/// "Arguments"): `int` and `uint` (and `object`, `new_id`) as one 32-bit word; `string` as its
/// length with the NUL, the bytes, the NUL, padding to 32 bits (length 0: a null string);
/// `array` as its length and the bytes, padded; `fd` as nothing in the bytes, a descriptor beside
/// them.
struct WaylandArguments: Equatable {
    var bytes: [UInt8] = []

    func uint(_ value: UInt32) -> WaylandArguments {
        var copy = self
        copy.bytes.appendWord(value)
        return copy
    }

    func int(_ value: Int32) -> WaylandArguments {
        uint(UInt32(bitPattern: value))
    }

    /// An `object` argument; `nil` is the null object, 0.
    func object(_ id: WaylandObjectID?) -> WaylandArguments {
        uint(id?.rawValue ?? 0)
    }

    /// A `new_id` argument: an object the request makes.
    func newID<Interface>(_ object: WaylandObject<Interface>) -> WaylandArguments {
        uint(object.id.rawValue)
    }

    /// A string: its length with the NUL, the bytes, the NUL, padding.
    func string(_ value: String) -> WaylandArguments {
        var copy = self
        let utf8 = Array(value.utf8)
        copy.bytes.appendWord(UInt32(utf8.count + 1))
        copy.bytes += utf8
        copy.bytes.append(0)
        copy.bytes.pad()
        return copy
    }

    func array(_ value: [UInt8]) -> WaylandArguments {
        var copy = self
        copy.bytes.appendWord(UInt32(value.count))
        copy.bytes += value
        copy.bytes.pad()
        return copy
    }
}

/// Reads a message's arguments in order (*The Wayland Protocol*, "Wire Format", "Arguments"), each
/// checked against the bytes left, and counts the descriptors the message carries
/// (``descriptor()``), which come beside the bytes, not in them.
struct WaylandArgumentReader {
    private let message: WaylandMessage
    private var offset = 0
    /// How many `fd` arguments were read.
    private(set) var descriptorCount = 0

    init(_ message: WaylandMessage) {
        self.message = message
    }

    /// Whether every byte was read.
    var isAtEnd: Bool { offset == message.arguments.count }

    mutating func uint() throws(ClipboardError) -> UInt32 {
        try require(4, "a 32-bit argument")
        defer { offset += 4 }
        return message.arguments.word(at: offset)
    }

    mutating func int() throws(ClipboardError) -> Int32 {
        Int32(bitPattern: try uint())
    }

    /// A `fixed`: a signed 24.8 number.
    mutating func fixed() throws(ClipboardError) -> Double {
        Double(try int()) / 256
    }

    /// An `object` marked `allow-null`: its identifier, `nil` for the null object (0).
    mutating func nullableObject() throws(ClipboardError) -> WaylandObjectID? {
        let id = try uint()
        return id == 0 ? nil : WaylandObjectID(id)
    }

    /// An `object` that cannot be null: its identifier, never 0.
    mutating func object() throws(ClipboardError) -> WaylandObjectID {
        guard let id = try nullableObject() else {
            throw ClipboardError(.protocolError, "\(describing) names the null object (0) where one is required")
        }
        return id
    }

    /// A `new_id`: an object's identifier, which cannot be 0.
    mutating func newID() throws(ClipboardError) -> WaylandObjectID {
        guard let id = try nullableObject() else {
            throw ClipboardError(.protocolError, "\(describing) makes an object of identifier 0 (null)")
        }
        return id
    }

    /// A string: its length with the NUL, then the bytes and the NUL, padded; a null string (length
    /// 0) is empty.
    mutating func string() throws(ClipboardError) -> String {
        let length = Int(try uint())
        guard length > 0 else { return "" }
        try require((length + 3) / 4 * 4, "a string of \(length) bytes")
        guard message.arguments[offset + length - 1] == 0 else {
            throw ClipboardError(.protocolError, "\(describing) holds a string of \(length) bytes that has no NUL")
        }
        defer { offset += (length + 3) / 4 * 4 }
        return String(decoding: message.arguments[offset..<(offset + length - 1)], as: UTF8.self)
    }

    /// A string marked `allow-null`: `nil` for the null string (length 0).
    mutating func nullableString() throws(ClipboardError) -> String? {
        let start = offset
        guard try uint() > 0 else { return nil }
        offset = start
        return try string()
    }

    /// An array: its length in bytes, then the bytes, padded.
    mutating func array() throws(ClipboardError) -> ArraySlice<UInt8> {
        let length = Int(try uint())
        try require((length + 3) / 4 * 4, "an array of \(length) bytes")
        defer { offset += (length + 3) / 4 * 4 }
        return message.arguments[offset..<(offset + length)]
    }

    /// An `fd` argument: nothing in the bytes; counted, for the caller to take a descriptor.
    mutating func descriptor() {
        descriptorCount += 1
    }

    /// Throws unless the arguments were read to their end.
    func end() throws(ClipboardError) {
        guard isAtEnd else {
            throw ClipboardError(
                .protocolError,
                "\(describing) has \(message.arguments.count) bytes of arguments: expected \(offset)")
        }
    }

    private var describing: String {
        "a Wayland message to object \(message.object), opcode \(message.opcode),"
    }

    private func require(_ count: Int, _ what: String) throws(ClipboardError) {
        guard message.arguments.count - offset >= count else {
            throw ClipboardError(
                .protocolError,
                "\(describing) ends \(message.arguments.count - offset) bytes after argument byte \(offset): "
                    + "expected \(what)")
        }
    }
}
