/// An event from the X server, as a value: the four the selection protocol uses, the one drag and
/// drop's messages come in and the three pointer events a drag source follows, decoded field by
/// field (*X Window System Protocol*, appendix B, "Events": `ButtonPress` 4, `ButtonRelease` 5,
/// `MotionNotify` 6, `PropertyNotify` 28, `SelectionClear` 29, `SelectionRequest` 30,
/// `SelectionNotify` 31, `ClientMessage` 33), and any other by its code.
///
/// The code is read with `SendEvent`'s bit (0x80) cleared: an event another client sent is decoded
/// as the same event the server would have sent.
enum X11Event: Equatable {
    case selectionRequest(
        time: X11Timestamp, owner: X11Window, requestor: X11Window, selection: X11Atom, target: X11Atom,
        property: X11Atom)
    case selectionNotify(
        time: X11Timestamp, requestor: X11Window, selection: X11Atom, target: X11Atom, property: X11Atom)
    case selectionClear(time: X11Timestamp, owner: X11Window, selection: X11Atom)
    /// `state`: ``PropertyState/newValue`` (0) or ``PropertyState/deleted`` (1); any other byte is
    /// kept as it came.
    case propertyNotify(window: X11Window, atom: X11Atom, time: X11Timestamp, state: UInt8)
    /// A message one client sends another through the server (`SendEvent`): XDND's messages.
    /// `format` is 8, 16 or 32 as the sender says; `data` its 20 bytes as they came (see
    /// ``longs``).
    case clientMessage(window: X11Window, type: X11Atom, format: UInt8, data: [UInt8])
    /// `Expose`: a rectangle of `window` to draw again; `count` more follow.
    case expose(window: X11Window, x: UInt16, y: UInt16, width: UInt16, height: UInt16, count: UInt16)
    /// A pointer's button pressed or released, or the pointer moved (`ButtonPress` 4,
    /// `ButtonRelease` 5, `MotionNotify` 6): what a drag source's window follows.
    case pointer(Pointer)
    /// An event the clipboard does not use, by its code (SendEvent's bit cleared).
    case other(code: UInt8)

    /// A pointer event's fields (*X Window System Protocol*, `KeyButtonPointer` events).
    struct Pointer: Equatable {
        /// `ButtonPress`, `ButtonRelease` or `MotionNotify`: the event's code.
        var code: UInt8
        /// The button (press, release), or for a motion 0 (Normal) or 1 (Hint).
        var detail: UInt8
        var time: X11Timestamp
        var root: X11Window
        var window: X11Window
        var child: X11Window
        var rootX: Int16
        var rootY: Int16
        var x: Int16
        var y: Int16
        /// The buttons and modifiers held, before the event.
        var state: UInt16
        var sameScreen: UInt8
    }

    /// The event codes, SendEvent's bit cleared.
    enum Code {
        static let buttonPress: UInt8 = 4
        static let buttonRelease: UInt8 = 5
        static let motionNotify: UInt8 = 6
        static let expose: UInt8 = 12
        static let propertyNotify: UInt8 = 28
        static let selectionClear: UInt8 = 29
        static let selectionRequest: UInt8 = 30
        static let selectionNotify: UInt8 = 31
        static let clientMessage: UInt8 = 33
        /// `GenericEvent` (X Generic Event Extension): 32 bytes and the 4-byte units of bytes 4–7.
        static let genericEvent: UInt8 = 35
    }

    /// `PropertyNotify`'s `state`.
    enum PropertyState {
        static let newValue: UInt8 = 0
        static let deleted: UInt8 = 1
    }

    /// Decodes an event packet: 32 bytes (more for `GenericEvent`), its code in the first.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` for fewer than 32 bytes, or a first byte of
    ///   0 or 1 (an error or a reply, not an event).
    init(decoding bytes: some RandomAccessCollection<UInt8>) throws(ClipboardError) {
        let packet = Array(bytes)
        try X11Wire.require(X11Wire.packetSize, in: packet, "an X event")
        let code = packet[0] & 0x7F
        guard packet[0] > 1 else {
            throw ClipboardError(.protocolError, "an X event whose code is \(packet[0]): that is an error or a reply")
        }
        let time = { (offset: Int) in X11Timestamp(rawValue: packet.uint32(at: offset)) }
        let window = { (offset: Int) in X11Window(rawValue: packet.uint32(at: offset)) }
        let atom = { (offset: Int) in X11Atom(rawValue: packet.uint32(at: offset)) }
        switch code {
        case Code.selectionRequest:
            self = .selectionRequest(
                time: time(4), owner: window(8), requestor: window(12), selection: atom(16), target: atom(20),
                property: atom(24))
        case Code.selectionNotify:
            self = .selectionNotify(
                time: time(4), requestor: window(8), selection: atom(12), target: atom(16), property: atom(20))
        case Code.selectionClear:
            self = .selectionClear(time: time(4), owner: window(8), selection: atom(12))
        case Code.propertyNotify:
            self = .propertyNotify(window: window(4), atom: atom(8), time: time(12), state: packet[16])
        case Code.clientMessage:
            self = .clientMessage(window: window(4), type: atom(8), format: packet[1], data: Array(packet[12..<32]))
        case Code.expose:
            let half = { (offset: Int) in packet.uint16(at: offset) }
            self = .expose(
                window: window(4), x: half(8), y: half(10), width: half(12), height: half(14), count: half(16))
        case Code.buttonPress, Code.buttonRelease, Code.motionNotify:
            let half = { (offset: Int) in Int16(bitPattern: packet.uint16(at: offset)) }
            self = .pointer(
                Pointer(
                    code: code, detail: packet[1], time: time(4), root: window(8), window: window(12),
                    child: window(16), rootX: half(20), rootY: half(22), x: half(24), y: half(26),
                    state: packet.uint16(at: 28), sameScreen: packet[30]))
        default:
            self = .other(code: code)
        }
    }

    /// The 32 bytes of the event, with `sequence` and zeros where the protocol leaves bytes unused;
    /// `nil` for ``other(code:)``, whose fields this type does not keep.
    ///
    /// `SendEvent` sends these bytes (the server sets the sequence number and SendEvent's bit).
    func encoded(sequence: UInt16 = 0) -> [UInt8]? {
        let code: UInt8
        var fields: [UInt32]
        var state: UInt8?
        switch self {
        case .selectionRequest(let time, let owner, let requestor, let selection, let target, let property):
            code = Code.selectionRequest
            fields = [
                time.rawValue, owner.rawValue, requestor.rawValue, selection.rawValue, target.rawValue,
                property.rawValue,
            ]
        case .selectionNotify(let time, let requestor, let selection, let target, let property):
            code = Code.selectionNotify
            fields = [time.rawValue, requestor.rawValue, selection.rawValue, target.rawValue, property.rawValue]
        case .selectionClear(let time, let owner, let selection):
            code = Code.selectionClear
            fields = [time.rawValue, owner.rawValue, selection.rawValue]
        case .propertyNotify(let window, let atom, let time, let propertyState):
            code = Code.propertyNotify
            fields = [window.rawValue, atom.rawValue, time.rawValue]
            state = propertyState
        case .clientMessage(let window, let type, let format, let data):
            var bytes: [UInt8] = [Code.clientMessage, format]
            bytes.appendUInt16(sequence)
            bytes.appendUInt32(window.rawValue)
            bytes.appendUInt32(type.rawValue)
            bytes += data.prefix(20)
            bytes += [UInt8](repeating: 0, count: X11Wire.packetSize - bytes.count)
            return bytes
        case .expose(let window, let x, let y, let width, let height, let count):
            var bytes: [UInt8] = [Code.expose, 0]
            bytes.appendUInt16(sequence)
            bytes.appendUInt32(window.rawValue)
            for half in [x, y, width, height, count] { bytes.appendUInt16(half) }
            bytes += [UInt8](repeating: 0, count: X11Wire.packetSize - bytes.count)
            return bytes
        case .pointer(let pointer):
            var bytes: [UInt8] = [pointer.code, pointer.detail]
            bytes.appendUInt16(sequence)
            bytes.appendUInt32(pointer.time.rawValue)
            for window in [pointer.root, pointer.window, pointer.child] { bytes.appendUInt32(window.rawValue) }
            for half in [pointer.rootX, pointer.rootY, pointer.x, pointer.y] {
                bytes.appendUInt16(UInt16(bitPattern: half))
            }
            bytes.appendUInt16(pointer.state)
            bytes += [pointer.sameScreen, 0]
            return bytes
        case .other:
            return nil
        }
        var bytes: [UInt8] = [code, 0]
        bytes.appendUInt16(sequence)
        for field in fields { bytes.appendUInt32(field) }
        if let state { bytes.append(state) }
        bytes += [UInt8](repeating: 0, count: X11Wire.packetSize - bytes.count)
        return bytes
    }

    /// Which bytes of a 32-byte event of `code` ``encoded(sequence:)`` writes from the event's
    /// fields (the others are unused, or SendEvent's bit): for comparing a decoded event written
    /// again with the bytes it came from.
    static func definedBytes(code: UInt8) -> Range<Int>? {
        switch code & 0x7F {
        case Code.selectionRequest: 2..<28
        case Code.selectionNotify: 2..<24
        case Code.selectionClear: 2..<16
        case Code.propertyNotify: 2..<17
        case Code.clientMessage: 1..<32
        case Code.expose: 2..<18
        case Code.buttonPress, Code.buttonRelease, Code.motionNotify: 1..<31
        default: nil
        }
    }
}

extension X11Event {
    /// A client message's data as five 32-bit words, when its format is 32 (every XDND message);
    /// `nil` otherwise.
    var longs: [UInt32]? {
        guard case .clientMessage(_, _, 32, let data) = self, data.count == 20 else { return nil }
        return (0..<5).map { data.uint32(at: $0 * 4) }
    }

    /// A format-32 client message about `window` of `type`, its five words `longs` (zeros after
    /// those given).
    static func clientMessage(window: X11Window, type: X11Atom, longs: [UInt32]) -> X11Event {
        var data: [UInt8] = []
        for word in longs.prefix(5) { data.appendUInt32(word) }
        data += [UInt8](repeating: 0, count: 20 - data.count)
        return .clientMessage(window: window, type: type, format: 32, data: data)
    }
}
