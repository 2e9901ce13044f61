/// Decoders of the replies the clipboard reads (*X Window System Protocol*, appendix B,
/// "Requests": each request's `▶` reply), and of the property values the selection protocol puts
/// in them (ICCCM §2.6.2 `TARGETS` and `MULTIPLE`, §2.7.2 INCR).
///
/// Each takes a whole reply, as ``X11Packet/reply(sequence:bytes:)`` holds it, checks every length
/// against the bytes there are, and throws ``ClipboardError/Code/protocolError`` saying what was
/// expected and what was found; none traps, whatever the bytes.
enum X11Reply {
    /// A `GetProperty` reply: the property's type, format, the bytes left after those returned,
    /// and the value.
    struct Property: Equatable {
        var type: X11Atom
        /// 0 (no such property), 8, 16 or 32.
        var format: UInt8
        var bytesAfter: Int
        var value: ArraySlice<UInt8>

        /// Decodes `GetProperty`'s reply: 1 Reply, 1 format, 2 sequence, 4 length, 4 type,
        /// 4 bytes-after, 4 length of the value in format units, 12 unused, the value.
        init(decoding reply: [UInt8]) throws(ClipboardError) {
            try X11Reply.check(reply, "a GetProperty reply")
            format = reply[1]
            guard [0, 8, 16, 32].contains(format) else {
                throw ClipboardError(
                    .protocolError, "a GetProperty reply of format \(format): expected 0, 8, 16 or 32")
            }
            let units = Int(reply.uint32(at: 16))
            let count = units * Int(format) / 8
            guard format != 0 || units == 0 else {
                throw ClipboardError(
                    .protocolError, "a GetProperty reply of format 0 (no property) with a value of \(units) units")
            }
            try X11Wire.require(32 + count, in: reply, "a GetProperty reply with a value of \(count) bytes,")
            type = X11Atom(rawValue: reply.uint32(at: 8))
            bytesAfter = Int(reply.uint32(at: 12))
            value = reply[32..<(32 + count)]
        }

        init(type: X11Atom, format: UInt8, bytesAfter: Int = 0, value: ArraySlice<UInt8>) {
            self.type = type
            self.format = format
            self.bytesAfter = bytesAfter
            self.value = value
        }
    }

    /// `GetSelectionOwner`'s owner window (``X11Window/none``: none).
    static func selectionOwner(_ reply: [UInt8]) throws(ClipboardError) -> X11Window {
        try check(reply, "a GetSelectionOwner reply")
        return X11Window(rawValue: reply.uint32(at: 8))
    }

    /// `TranslateCoordinates`' answer: the child of the destination window that holds the point
    /// (``X11Window/none``: none), and the point in the destination's coordinates.
    static func translatedCoordinates(_ reply: [UInt8]) throws(ClipboardError) -> (
        child: X11Window, x: Int16, y: Int16
    ) {
        try check(reply, "a TranslateCoordinates reply")
        return (
            X11Window(rawValue: reply.uint32(at: 8)), Int16(bitPattern: reply.uint16(at: 12)),
            Int16(bitPattern: reply.uint16(at: 14))
        )
    }

    /// `InternAtom`'s atom.
    static func internAtom(_ reply: [UInt8]) throws(ClipboardError) -> X11Atom {
        try check(reply, "an InternAtom reply")
        return X11Atom(rawValue: reply.uint32(at: 8))
    }

    /// `GetAtomName`'s name: its length in bytes 8–9, the bytes from 32.
    static func atomName(_ reply: [UInt8]) throws(ClipboardError) -> String {
        try check(reply, "a GetAtomName reply")
        let length = Int(reply.uint16(at: 8))
        try X11Wire.require(32 + length, in: reply, "a GetAtomName reply with a name of \(length) bytes,")
        return String(decoding: reply[32..<(32 + length)], as: UTF8.self)
    }

    /// `QueryExtension`'s answer.
    struct Extension: Equatable {
        var isPresent: Bool
        var majorOpcode: UInt8
        var firstEvent: UInt8
        var firstError: UInt8

        init(decoding reply: [UInt8]) throws(ClipboardError) {
            try X11Reply.check(reply, "a QueryExtension reply")
            isPresent = reply[8] != 0
            majorOpcode = reply[9]
            firstEvent = reply[10]
            firstError = reply[11]
        }
    }

    /// BIG-REQUESTS' `BigReqEnable`: the largest request now taken, in 4-byte units.
    static func bigRequestsMaximumLength(_ reply: [UInt8]) throws(ClipboardError) -> UInt32 {
        try check(reply, "a BigReqEnable reply")
        return reply.uint32(at: 8)
    }

    /// The atoms of a `TARGETS` answer (ICCCM §2.6.2): format 32, type `ATOM` or `TARGETS`.
    static func targets(_ property: Property, targetsAtom: X11Atom) throws(ClipboardError) -> [X11Atom] {
        guard property.type == .atom || property.type == targetsAtom, property.format == 32 else {
            throw ClipboardError(
                .protocolError,
                "TARGETS came as type \(property.type) format \(property.format): "
                    + "expected a list of atoms (ATOM, format 32)")
        }
        return words(property.value).map(X11Atom.init(rawValue:))
    }

    /// The size an INCR property names (ICCCM §2.7.2: a lower bound on the bytes to come), `nil`
    /// when it holds fewer than 4 bytes.
    static func incrSize(_ property: Property) -> Int? {
        property.value.count >= 4 ? Int(property.value.uint32(at: 0)) : nil
    }

    /// The (target, property) pairs of a `MULTIPLE` request's `ATOM_PAIR` property (ICCCM §2.6.2).
    static func atomPairs(_ property: Property) throws(ClipboardError) -> [(target: X11Atom, property: X11Atom)] {
        guard property.format == 32, property.value.count % 8 == 0 else {
            throw ClipboardError(
                .protocolError,
                "MULTIPLE's pairs came in format \(property.format) with \(property.value.count) bytes: "
                    + "expected format 32 and a multiple of 8 bytes")
        }
        let atoms = words(property.value).map(X11Atom.init(rawValue:))
        return stride(from: 0, to: atoms.count, by: 2).map { (atoms[$0], atoms[$0 + 1]) }
    }

    /// The 32-bit values of `bytes`; a partial last one is left out.
    static func words(_ bytes: ArraySlice<UInt8>) -> [UInt32] {
        stride(from: 0, to: bytes.count - 3, by: 4).map { bytes.uint32(at: $0) }
    }

    /// Throws unless `reply` is a reply: 32 bytes at least, the first 1.
    static func check(_ reply: [UInt8], _ what: String) throws(ClipboardError) {
        try X11Wire.require(X11Wire.packetSize, in: reply, what)
        guard reply[0] == 1 else {
            throw ClipboardError(.protocolError, "\(what) whose first byte is \(reply[0]): expected 1 (Reply)")
        }
    }
}
