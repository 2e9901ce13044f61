/// A Wayland message (*The Wayland Protocol*, "Wire Format"): the object it is for, the opcode,
/// and the argument bytes. A header of two 32-bit words in the host's byte order — the object,
/// then the size in bytes (header included) in the upper 16 bits and the opcode in the lower —
/// then the arguments, each a multiple of 32 bits.
///
/// ``size(ofNextIn:)`` frames messages from a stream; ``init(decoding:)`` decodes one;
/// ``encoded()`` writes one.
struct WaylandMessage: Equatable {
    var object: WaylandObjectID
    var opcode: UInt16
    var arguments: [UInt8]

    /// The header's size: the smallest message.
    static let headerSize = 8

    init(object: WaylandObjectID, opcode: UInt16, arguments: [UInt8] = []) {
        self.object = object
        self.opcode = opcode
        self.arguments = arguments
    }

    /// The size of the message at the start of `bytes`, or `nil` when it is not all there yet.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when the header's size is less than 8 or
    ///   not a multiple of 4: no message can be framed after it.
    static func size(ofNextIn bytes: ArraySlice<UInt8>) throws(ClipboardError) -> Int? {
        guard bytes.count >= headerSize else { return nil }
        let size = Int(bytes.word(at: 4) >> 16)
        guard size >= headerSize, size % 4 == 0 else {
            throw ClipboardError(
                .protocolError,
                "a Wayland message of \(size) bytes: expected at least 8 bytes and a multiple of 4")
        }
        return bytes.count >= size ? size : nil
    }

    /// Decodes the message that is all of `bytes`.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when `bytes` is not exactly one message.
    init(decoding bytes: ArraySlice<UInt8>) throws(ClipboardError) {
        guard let size = try Self.size(ofNextIn: bytes), size == bytes.count else {
            let claimed = bytes.count >= 8 ? "says it has \(bytes.word(at: 4) >> 16)" : "has no header"
            throw ClipboardError(
                .protocolError, "a Wayland message of \(bytes.count) bytes that \(claimed): expected them to agree")
        }
        object = WaylandObjectID(bytes.word(at: 0))
        opcode = UInt16(truncatingIfNeeded: bytes.word(at: 4))
        arguments = Array(bytes.dropFirst(Self.headerSize))
    }

    /// The message's bytes.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` for more than 65,535 bytes, the most a
    ///   header can say.
    func encoded() throws(ClipboardError) -> [UInt8] {
        let size = Self.headerSize + arguments.count
        guard size <= 0xFFFF else {
            throw ClipboardError(.protocolError, "a Wayland message of \(size) bytes is larger than 65,535")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes.appendWord(object.rawValue)
        bytes.appendWord(UInt32(size) << 16 | UInt32(opcode))
        return bytes + arguments
    }
}

extension [UInt8] {
    /// Appends a Wayland word: 32 bits in the host's byte order.
    mutating func appendWord(_ value: UInt32) {
        appendUInt32(UInt32(littleEndian: value))
    }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The Wayland word at `offset` from the start; the caller has checked the bounds.
    func word(at offset: Int) -> UInt32 {
        UInt32(littleEndian: uint32(at: offset))
    }
}
