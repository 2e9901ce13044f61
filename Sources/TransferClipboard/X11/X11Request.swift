/// The requests the clipboard makes, as values, and their bytes (*X Window System Protocol*,
/// appendix B, "Requests"; BIG-REQUESTS for the longer ones). ``encoded(payloadCount:bigRequests:)``
/// writes the header and fixed part; a large payload (a property's value) is sent after it as it
/// is, not copied, then ``padding(payloadCount:)`` zeros.
enum X11Request: Equatable {
    case createWindow(window: X11Window, parent: X11Window, eventMask: X11EventMask)
    /// An InputOutput window that shows (drag and drop needs one to point at): the parent's depth
    /// and visual, its background one pixel value.
    case createVisibleWindow(
        window: X11Window, parent: X11Window, x: Int16, y: Int16, width: UInt16, height: UInt16, background: UInt32,
        eventMask: X11EventMask)
    case mapWindow(X11Window)
    /// `CreateGC` with every value the default: what `PutImage` draws with.
    case createGC(context: X11GraphicsContext, drawable: X11Window)
    /// `GetImage` of a `ZPixmap` of `width` × `height` at `x`, `y`, every plane.
    case getImage(drawable: X11Window, x: Int16, y: Int16, width: UInt16, height: UInt16)
    /// `PutImage` of a `ZPixmap` of `width` × `height` at `x`, `y`; its pixels are the payload.
    case putImage(
        drawable: X11Window, context: X11GraphicsContext, width: UInt16, height: UInt16, x: Int16, y: Int16,
        depth: UInt8)
    /// The point `x`, `y` of `source` in `destination`'s coordinates, and the child of
    /// `destination` that holds it (see ``X11Reply/translatedCoordinates(_:)``).
    case translateCoordinates(source: X11Window, destination: X11Window, x: Int16, y: Int16)
    case changeWindowAttributes(window: X11Window, eventMask: X11EventMask)
    case getAtomName(X11Atom)
    /// `mode`: 0 Replace, 1 Prepend, 2 Append. The value follows as the payload.
    case changeProperty(window: X11Window, property: X11Atom, type: X11Atom, format: UInt8, mode: UInt8)
    case deleteProperty(window: X11Window, property: X11Atom)
    case getProperty(window: X11Window, property: X11Atom, delete: Bool, longOffset: UInt32, longLength: UInt32)
    case internAtom(String)
    case setSelectionOwner(owner: X11Window, selection: X11Atom, time: X11Timestamp)
    case getSelectionOwner(X11Atom)
    case convertSelection(
        requestor: X11Window, selection: X11Atom, target: X11Atom, property: X11Atom, time: X11Timestamp)
    /// `SendEvent` without propagation; `event` is 32 bytes.
    case sendEvent(destination: X11Window, eventMask: X11EventMask, event: [UInt8])
    /// `GetInputFocus`: a round trip, for its reply.
    case getInputFocus
    case queryExtension(String)
    /// An extension's request without arguments (BIG-REQUESTS' `BigReqEnable`: its minor opcode 0).
    case extensionRequest(majorOpcode: UInt8)

    /// The opcode, the byte after it, and the fixed part after the 4-byte header.
    var parts: (opcode: UInt8, data: UInt8, body: [UInt8]) {
        var body: [UInt8] = []
        func words(_ values: UInt32...) { for value in values { body.appendUInt32(value) } }
        func name(_ text: String) {
            let bytes = Array(text.utf8)
            body.appendUInt16(UInt16(clamping: bytes.count))
            body += [0, 0]
            body += bytes.prefix(Int(UInt16.max))
        }
        switch self {
        case .createWindow(let window, let parent, let eventMask):
            words(window.rawValue, parent.rawValue)
            body += [0, 0, 0, 0]  // x, y
            body.appendUInt16(1)
            body.appendUInt16(1)
            body.appendUInt16(0)  // border
            body.appendUInt16(2)  // InputOnly
            words(0, 0x800, eventMask.rawValue)  // CopyFromParent visual; the value-mask holds event-mask
            return (1, 0, body)
        case .createVisibleWindow(
            let window, let parent, let x, let y, let width, let height, let background, let eventMask):
            words(window.rawValue, parent.rawValue)
            body.appendUInt16(UInt16(bitPattern: x))
            body.appendUInt16(UInt16(bitPattern: y))
            body.appendUInt16(width)
            body.appendUInt16(height)
            body.appendUInt16(0)  // border
            body.appendUInt16(1)  // InputOutput
            words(0, 0x802, background, eventMask.rawValue)  // CopyFromParent visual; background-pixel, event-mask
            return (1, 0, body)
        case .mapWindow(let window):
            words(window.rawValue)
            return (8, 0, body)
        case .createGC(let context, let drawable):
            words(context.rawValue, drawable.rawValue, 0)  // no values
            return (55, 0, body)
        case .getImage(let drawable, let x, let y, let width, let height):
            words(drawable.rawValue)
            body.appendUInt16(UInt16(bitPattern: x))
            body.appendUInt16(UInt16(bitPattern: y))
            body.appendUInt16(width)
            body.appendUInt16(height)
            words(0xFFFF_FFFF)  // plane-mask
            return (73, 2, body)  // ZPixmap
        case .putImage(let drawable, let context, let width, let height, let x, let y, let depth):
            words(drawable.rawValue, context.rawValue)
            body.appendUInt16(width)
            body.appendUInt16(height)
            body.appendUInt16(UInt16(bitPattern: x))
            body.appendUInt16(UInt16(bitPattern: y))
            body += [0, depth, 0, 0]  // left-pad 0, as ZPixmap asks
            return (72, 2, body)  // ZPixmap
        case .translateCoordinates(let source, let destination, let x, let y):
            words(source.rawValue, destination.rawValue)
            body.appendUInt16(UInt16(bitPattern: x))
            body.appendUInt16(UInt16(bitPattern: y))
            return (40, 0, body)
        case .changeWindowAttributes(let window, let eventMask):
            words(window.rawValue, 0x800, eventMask.rawValue)
            return (2, 0, body)
        case .getAtomName(let atom):
            words(atom.rawValue)
            return (17, 0, body)
        case .changeProperty(let window, let property, let type, let format, let mode):
            words(window.rawValue, property.rawValue, type.rawValue)
            body += [format, 0, 0, 0]
            return (18, mode, body)  // the length in format units is added by encoded(payloadCount:…)
        case .deleteProperty(let window, let property):
            words(window.rawValue, property.rawValue)
            return (19, 0, body)
        case .getProperty(let window, let property, let delete, let longOffset, let longLength):
            words(window.rawValue, property.rawValue, 0, longOffset, longLength)  // AnyPropertyType
            return (20, delete ? 1 : 0, body)
        case .internAtom(let text):
            name(text)
            return (16, 0, body)
        case .setSelectionOwner(let owner, let selection, let time):
            words(owner.rawValue, selection.rawValue, time.rawValue)
            return (22, 0, body)
        case .getSelectionOwner(let selection):
            words(selection.rawValue)
            return (23, 0, body)
        case .convertSelection(let requestor, let selection, let target, let property, let time):
            words(requestor.rawValue, selection.rawValue, target.rawValue, property.rawValue, time.rawValue)
            return (24, 0, body)
        case .sendEvent(let destination, let eventMask, let event):
            words(destination.rawValue, eventMask.rawValue)
            body += event
            return (25, 0, body)
        case .getInputFocus:
            return (43, 0, body)
        case .queryExtension(let text):
            name(text)
            return (98, 0, body)
        case .extensionRequest(let majorOpcode):
            return (majorOpcode, 0, body)
        }
    }

    /// The request's bytes before its payload of `payloadCount` bytes: the header (with
    /// BIG-REQUESTS' extended length when it needs one), the fixed part, and for `ChangeProperty`
    /// the value's length in format units.
    ///
    /// - Throws: ``ClipboardError/Code/protocolError`` for a request longer than 65,535 units when
    ///   the server has no BIG-REQUESTS.
    func encoded(payloadCount: Int = 0, bigRequests: Bool) throws(ClipboardError) -> [UInt8] {
        var (opcode, data, body) = parts
        if case .changeProperty(_, _, _, let format, _) = self {
            body.appendUInt32(UInt32(clamping: payloadCount / max(Int(format) / 8, 1)))
        }
        let padded = (body.count + payloadCount + 3) / 4 * 4
        let units = 1 + padded / 4
        var packet: [UInt8] = [opcode, data]
        packet.reserveCapacity(8 + body.count)
        if units <= 0xFFFF {
            packet.appendUInt16(UInt16(units))
        } else {
            guard bigRequests else {
                throw ClipboardError(.protocolError, "a request of \(units * 4) bytes is larger than the server takes")
            }
            packet.appendUInt16(0)
            packet.appendUInt32(UInt32(clamping: units + 1))
        }
        return packet + body
    }

    /// The zeros after a payload of `payloadCount` bytes that end the request on a 4-byte boundary.
    func padding(payloadCount: Int) -> Int {
        let length = parts.body.count + payloadCount + (isChangeProperty ? 4 : 0)
        return (length + 3) / 4 * 4 - length
    }

    private var isChangeProperty: Bool {
        if case .changeProperty = self { true } else { false }
    }
}

extension X11Request {
    /// The bytes a client sends first (*X Window System Protocol*, "Connection Setup"): the byte
    /// order (`l`, least significant first), protocol 11.0, and the authorization protocol's name
    /// and data.
    static func setup(authorizationName name: [UInt8], data: [UInt8]) -> [UInt8] {
        var setup: [UInt8] = [0x6C, 0, 11, 0, 0, 0]
        setup.appendUInt16(UInt16(clamping: name.count))
        setup.appendUInt16(UInt16(clamping: data.count))
        setup += [0, 0]
        setup += name
        setup.pad()
        setup += data
        setup.pad()
        return setup
    }
}
