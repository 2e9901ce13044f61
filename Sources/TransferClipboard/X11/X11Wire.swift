/// The X11 core protocol's encoding of numbers (*X Window System Protocol*, "Syntactic
/// Conventions" and appendix B), in the byte order this client chooses at setup: least
/// significant byte first (`l`, 0x6C). The bounds checks every decoder of the wire shares.
enum X11Wire {
    /// Every reply, error and event is at least this long ("Server Responses").
    static let packetSize = 32

    /// Throws unless `bytes` holds at least `count` bytes of `what`.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError``, saying what was expected and what was found.
    static func require(
        _ count: Int, in bytes: some Collection<UInt8>, _ what: @autoclosure () -> String
    ) throws(ClipboardError) {
        guard bytes.count >= count else {
            throw ClipboardError(
                .protocolError, "\(what()) of \(bytes.count) bytes: expected at least \(count) bytes")
        }
    }
}

extension [UInt8] {
    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    /// Zeros up to the next multiple of 4 bytes.
    mutating func pad() {
        while count % 4 != 0 { append(0) }
    }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The little-endian 16 bits at `offset` from the start; the caller has checked the bounds.
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    /// The little-endian 32 bits at `offset` from the start; the caller has checked the bounds.
    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[startIndex + offset + $1]) << UInt32(8 * $1) }
    }
}
