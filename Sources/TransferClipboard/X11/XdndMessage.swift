/// A message of XDND version 5, X11's drag-and-drop protocol, as a value: the six client messages a
/// drag source and a drop target send each other ("Message layouts" of the XDND specification),
/// read from and written to the five 32-bit words of a format-32 ``X11Event/clientMessage(window:type:format:data:)``.
///
/// Pure functions of the bytes, like the clipboard's other codecs: the connection only moves them.
/// Reading is lenient as the specification asks of receivers (bits it reserves are ignored);
/// writing leaves every unused bit and word 0, as it asks of senders.
enum XdndMessage: Equatable {
    /// S→T: a drag entered the target. `version` is the protocol version the source speaks to this
    /// target (the lower of its own and the target's `XdndAware`); `hasTypeList` says the types are
    /// in the source window's `XdndTypeList` property (more than three of them), else they are
    /// `types` (at most three, no `None`).
    case enter(source: X11Window, version: UInt8, hasTypeList: Bool, types: [X11Atom])
    /// S→T: where the pointer is, in root coordinates, the time to convert the selection with,
    /// and the action the source asks for.
    case position(source: X11Window, x: UInt16, y: UInt16, time: X11Timestamp, action: X11Atom)
    /// T→S: whether the target takes the drop and with which action (`None`, 0, when it refuses);
    /// `rectangle`, in root coordinates, is where the source need not send positions again (empty:
    /// send them on every move), unless `wantsPositionsInside`.
    case status(
        target: X11Window, accepts: Bool, wantsPositionsInside: Bool, rectangle: Rectangle, action: X11Atom)
    /// S→T: the drag left the target, or was cancelled.
    case leave(source: X11Window)
    /// S→T: the user dropped; `time` is for converting `XdndSelection`.
    case drop(source: X11Window, time: X11Timestamp)
    /// T→S: the target is done with the drop: whether it accepted it and performed `action`
    /// (`None` when not).
    case finished(target: X11Window, accepted: Bool, action: X11Atom)

    /// A rectangle in root coordinates, as XDND packs it: two 16-bit halves a word.
    struct Rectangle: Equatable {
        var x: UInt16
        var y: UInt16
        var width: UInt16
        var height: UInt16

        /// The empty rectangle: "send me every position".
        static let empty = Rectangle(x: 0, y: 0, width: 0, height: 0)
    }

    /// The atoms naming the six messages on one X server (interned by the connection).
    struct Atoms: Equatable {
        var enter: X11Atom
        var position: X11Atom
        var status: X11Atom
        var leave: X11Atom
        var drop: X11Atom
        var finished: X11Atom
    }

    /// The highest version this package speaks, for `XdndAware`.
    static let version: UInt8 = 5

    /// The message `event` carries; `nil` when it is not a format-32 client message of one of the
    /// six types.
    init?(_ event: X11Event, atoms: Atoms) {
        guard case .clientMessage(_, let type, 32, _) = event, let words = event.longs else { return nil }
        let halves = { (word: UInt32) in (UInt16(truncatingIfNeeded: word >> 16), UInt16(truncatingIfNeeded: word)) }
        let window = X11Window(rawValue: words[0])
        switch type {
        case atoms.enter:
            self = .enter(
                source: window, version: UInt8(truncatingIfNeeded: words[1] >> 24), hasTypeList: words[1] & 1 != 0,
                types: words[2...4].filter { $0 != 0 }.map(X11Atom.init(rawValue:)))
        case atoms.position:
            let (x, y) = halves(words[2])
            self = .position(
                source: window, x: x, y: y, time: X11Timestamp(rawValue: words[3]), action: X11Atom(rawValue: words[4]))
        case atoms.status:
            let (x, y) = halves(words[2])
            let (width, height) = halves(words[3])
            self = .status(
                target: window, accepts: words[1] & 1 != 0, wantsPositionsInside: words[1] & 2 != 0,
                rectangle: Rectangle(x: x, y: y, width: width, height: height), action: X11Atom(rawValue: words[4]))
        case atoms.leave:
            self = .leave(source: window)
        case atoms.drop:
            self = .drop(source: window, time: X11Timestamp(rawValue: words[2]))
        case atoms.finished:
            self = .finished(target: window, accepted: words[1] & 1 != 0, action: X11Atom(rawValue: words[2]))
        default:
            return nil
        }
    }

    /// The client message about `window` — the target a source's message concerns (the window
    /// under the pointer, even when it is sent to a proxy), or the source a target's concerns.
    ///
    /// An `enter` writes at most three types into the message; with more, set `hasTypeList` and
    /// write them all into `XdndTypeList`.
    func event(about window: X11Window, atoms: Atoms) -> X11Event {
        let pack = { (high: UInt16, low: UInt16) in UInt32(high) << 16 | UInt32(low) }
        switch self {
        case .enter(let source, let version, let hasTypeList, let types):
            let flags = UInt32(version) << 24 | (hasTypeList ? 1 : 0)
            return .clientMessage(
                window: window, type: atoms.enter, longs: [source.rawValue, flags] + types.prefix(3).map(\.rawValue))
        case .position(let source, let x, let y, let time, let action):
            return .clientMessage(
                window: window, type: atoms.position,
                longs: [source.rawValue, 0, pack(x, y), time.rawValue, action.rawValue])
        case .status(let target, let accepts, let wantsPositionsInside, let rectangle, let action):
            let flags: UInt32 = (accepts ? 1 : 0) | (wantsPositionsInside ? 2 : 0)
            return .clientMessage(
                window: window, type: atoms.status,
                longs: [
                    target.rawValue, flags, pack(rectangle.x, rectangle.y), pack(rectangle.width, rectangle.height),
                    action.rawValue,
                ])
        case .leave(let source):
            return .clientMessage(window: window, type: atoms.leave, longs: [source.rawValue])
        case .drop(let source, let time):
            return .clientMessage(window: window, type: atoms.drop, longs: [source.rawValue, 0, time.rawValue])
        case .finished(let target, let accepted, let action):
            return .clientMessage(
                window: window, type: atoms.finished, longs: [target.rawValue, accepted ? 1 : 0, action.rawValue])
        }
    }
}
