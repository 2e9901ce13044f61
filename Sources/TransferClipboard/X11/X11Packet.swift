/// One thing the X server sends after the setup (*X Window System Protocol*, "Server Responses"
/// and appendix B): a reply to a request, an error, or an event.
///
/// Every packet is 32 bytes, except a reply or a `GenericEvent` (35), which is 32 bytes and then
/// the number of 4-byte units its bytes 4–7 name: ``size(ofNextIn:maximum:)`` frames them from a
/// stream, ``init(decoding:)`` decodes one.
enum X11Packet: Equatable {
    /// A reply, whole (header included), to the request of `sequence`.
    case reply(sequence: UInt16, bytes: [UInt8])
    /// An error about the request of `sequence`: its code, and the bad value (a resource or atom).
    case error(sequence: UInt16, code: UInt8, value: UInt32)
    case event(X11Event)

    /// The size of the packet at the start of `bytes`, or `nil` when fewer than its first 32 bytes
    /// are there.
    ///
    /// - Parameter maximum: The largest packet accepted, in bytes: a reply this client asked for
    ///   is never larger than the request allowed, and a server that claims more is not believed.
    /// - Throws: ``ClipboardError/Code/protocolError`` for a packet larger than `maximum`.
    static func size(ofNextIn bytes: some RandomAccessCollection<UInt8>, maximum: Int = .max)
        throws(ClipboardError) -> Int?
    {
        guard bytes.count >= X11Wire.packetSize else { return nil }
        let head = Array(bytes.prefix(8))
        guard head[0] == 1 || head[0] & 0x7F == X11Event.Code.genericEvent else { return X11Wire.packetSize }
        let size = X11Wire.packetSize + Int(head.uint32(at: 4)) * 4
        guard size <= maximum else {
            throw ClipboardError(
                .protocolError,
                "the X server sent a \(head[0] == 1 ? "reply" : "GenericEvent") of \(size) bytes: "
                    + "expected at most \(maximum)")
        }
        return size
    }

    /// Decodes one whole packet.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` when `bytes` is shorter than 32 bytes, or
    ///   than a reply's or `GenericEvent`'s length says.
    init(decoding bytes: [UInt8]) throws(ClipboardError) {
        try X11Wire.require(X11Wire.packetSize, in: bytes, "an X packet")
        let sequence = bytes.uint16(at: 2)
        switch bytes[0] {
        case 0:
            self = .error(sequence: sequence, code: bytes[1], value: bytes.uint32(at: 4))
        case 1:
            let size = X11Wire.packetSize + Int(bytes.uint32(at: 4)) * 4
            try X11Wire.require(size, in: bytes, "an X reply that says it has \(size) bytes,")
            self = .reply(sequence: sequence, bytes: bytes.count == size ? bytes : Array(bytes[0..<size]))
        default:
            if bytes[0] & 0x7F == X11Event.Code.genericEvent {
                let size = X11Wire.packetSize + Int(bytes.uint32(at: 4)) * 4
                try X11Wire.require(size, in: bytes, "an X GenericEvent that says it has \(size) bytes,")
            }
            self = .event(try X11Event(decoding: bytes[0..<X11Wire.packetSize]))
        }
    }
}
