#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A drag source on X11: the owner of `XdndSelection` for the dragged content (its types in
/// `XdndTypeList`, every conversion answered as the clipboard's are, INCR included), the window
/// under the pointer found as the specification says (down from the root to the first window
/// with `XdndAware`, through a valid `XdndProxy`), and the source's half of XDND
/// (``XdndSourceSession``) driven by the pointer's moves, its release and the targets' messages.
///
/// The pointer's moves come from whoever has them: the window that grabbed the pointer on a
/// button press (the tool's own), or an app's toolkit, which hands them over. One thread uses a
/// source at a time; it is not `Sendable`. Every wait has a deadline.
final class X11DragSource {
    let selection: X11Selection
    let atoms: XdndAtoms
    private var owner: X11SelectionOwner
    private var session: XdndSourceSession
    /// How long a target may stay silent: for a status, for `XdndFinished`, between the steps of
    /// a conversion.
    let idle: Duration
    /// The window the user drags from, when there is one: never a target.
    var ownWindow = X11Window.none
    /// What draws that window's picture when it is exposed.
    var painter: X11WindowPainter?
    /// How the drag ended, once it has.
    private(set) var outcome: XdndSourceSession.Outcome?
    /// When the target was last heard, or last sent to.
    private var lastActivity = ContinuousClock.now
    /// Told whether the drag is over a target that accepts it, while ``followPointer`` runs.
    private var acceptance: ((Bool) -> Void)?
    /// What ``acceptance`` was last told.
    private var saidAccepted = false

    /// The deepest a search for the window under the pointer goes: window managers add one or two
    /// frames above a client's window.
    static let maximumDepth = 16

    /// Takes `XdndSelection` for `content`, whose targets are offered in their order.
    ///
    /// - Throws: ``ClipboardError`` when the server does not make this client the owner.
    init(_ selection: X11Selection, content: ClipboardContent, idle: Duration, deadline: ContinuousClock.Instant)
        throws(ClipboardError)
    {
        self.selection = selection
        self.idle = idle
        let connection = selection.connection
        atoms = try XdndAtoms(connection, deadline: deadline)
        var actions: [UInt8] = []
        actions.appendUInt32(atoms.actions.copy.rawValue)
        try connection.changeProperty(
            selection.window, atoms.actionList, type: .atom, format: 32, data: actions)
        (owner, session) = try Self.offering(content, selection, atoms, idle: idle, deadline: deadline)
    }

    /// Offers `content` for the next drag, in place of what was offered (between drags only): the
    /// same window takes `XdndSelection` again, so no `SelectionClear` is sent.
    func offer(_ content: ClipboardContent, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        (owner, session) = try Self.offering(content, selection, atoms, idle: idle, deadline: deadline)
    }

    /// The owner of `XdndSelection` for `content`, its types written to `XdndTypeList`, and a
    /// session for a drag of them.
    private static func offering(
        _ content: ClipboardContent, _ selection: X11Selection, _ atoms: XdndAtoms, idle: Duration,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> (X11SelectionOwner, XdndSourceSession) {
        let connection = selection.connection
        let owner = try X11SelectionOwner(selection, .drag, content: content, idle: idle, deadline: deadline)
        var types: [X11Atom] = []
        for name in content.targets { types.append(try connection.internAtom(name, deadline: deadline)) }
        // The list is written whatever its length, as Chromium, GTK and Qt do: targets that read
        // it always find it.
        var list: [UInt8] = []
        for type in types { list.appendUInt32(type.rawValue) }
        try connection.changeProperty(
            selection.window, atoms.typeList, type: .atom, format: 32, data: list)
        return (owner, XdndSourceSession(window: selection.window, types: types, action: atoms.actions.copy))
    }

    deinit { owner.release() }

    /// The pointer moved to `x`, `y` of the root at `time`.
    func move(toRootX x: Int16, y: Int16, time: X11Timestamp = .currentTime, deadline: ContinuousClock.Instant)
        throws(ClipboardError)
    {
        let target = try target(atRootX: x, y: y, deadline: deadline)
        try perform(session.moved(x: UInt16(clamping: Int(x)), y: UInt16(clamping: Int(y)), time: time, over: target))
    }

    /// The pointer's button was released at `time`: the drop, or the end.
    func release(time: X11Timestamp = .currentTime) throws(ClipboardError) {
        try perform(session.released(at: time))
    }

    /// Handles events — conversions of the drag's data, the targets' messages — while a target's
    /// answer is awaited, and until `deadline`: it returns when none is (after a status, the end of
    /// the drag), or when the target has been silent for ``idle`` (then the drag expires).
    func serve(until deadline: ContinuousClock.Instant) throws(ClipboardError) {
        let connection = selection.connection
        while session.isWaiting {
            let silence = lastActivity + idle
            guard let event = try connection.nextEvent(deadline: min(deadline, silence)) else {
                if ContinuousClock.now >= silence { try perform(session.expire()) }
                return
            }
            if try owner.handle(event) {
                // A target converting the drop is a target answering.
                lastActivity = .now
                continue
            }
            guard let message = XdndMessage(event, atoms: atoms.messages) else { continue }
            lastActivity = .now
            try perform(session.receive(message))
        }
    }

    /// How far the pointer moves with the button down before a press becomes a drag (the
    /// specification's 3 pixels; GTK's default is 8).
    static let threshold = 3

    /// Runs the user's drag from `window`: waits for a press of the first button on it (the
    /// server then grabs the pointer for the window, so its moves come here wherever it goes),
    /// follows the moves once they pass ``threshold``, and drops at the release; the drag's
    /// conversions and the targets' messages are handled meanwhile, and a target silent for
    /// ``idle`` expires. A press released without a drag is a click, and the wait goes on.
    ///
    /// - Parameters:
    ///   - choose: What a press at a point of the window (in its coordinates) drags, when it is not
    ///     what is offered already; `nil` keeps what is offered.
    ///   - willBegin: Called when a press has moved past ``threshold``: the drag starts.
    ///   - isAccepted: Told `true` when the target under the drag accepts it (its last
    ///     `XdndStatus`), `false` when that stops: another window, a refusal, the release.
    /// - Returns: How the drag ended; `nil` when none started before `deadline`.
    func followPointer(
        from window: X11Window, choosing choose: ((_ x: Int16, _ y: Int16) -> ClipboardContent?)? = nil,
        willBegin: (() -> Void)? = nil, isAccepted: ((Bool) -> Void)? = nil, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> XdndSourceSession.Outcome? {
        let connection = selection.connection
        acceptance = isAccepted
        defer {
            if saidAccepted { isAccepted?(false) }
            (acceptance, saidAccepted) = (nil, false)
        }
        // A drag of its own: one that ended before is forgotten.
        if outcome != nil {
            outcome = nil
            session = XdndSourceSession(window: selection.window, types: session.types, action: atoms.actions.copy)
        }
        var pressed: (x: Int16, y: Int16)?
        var dragging = false
        while outcome == nil || session.isWaiting {
            let silence = session.isWaiting ? lastActivity + idle : deadline
            guard let event = try connection.nextEvent(deadline: min(deadline, silence)) else {
                guard session.isWaiting, ContinuousClock.now >= silence else { return outcome }
                try perform(session.expire())
                continue
            }
            if try owner.handle(event) {
                // A target converting the drop is a target answering.
                lastActivity = .now
                continue
            }
            if let message = XdndMessage(event, atoms: atoms.messages) {
                lastActivity = .now
                try perform(session.receive(message))
                continue
            }
            if try painter?.handle(event) == true { continue }
            guard outcome == nil, case .pointer(let pointer) = event, pointer.window == window else { continue }
            switch pointer.code {
            case X11Event.Code.buttonPress where pointer.detail == 1:
                pressed = (pointer.rootX, pointer.rootY)
                if let content = choose?(pointer.x, pointer.y) { try offer(content, deadline: deadline) }
            case X11Event.Code.motionNotify:
                guard let start = pressed else { continue }
                let distance = max(abs(Int(pointer.rootX) - Int(start.x)), abs(Int(pointer.rootY) - Int(start.y)))
                if !dragging, distance >= Self.threshold {
                    dragging = true
                    willBegin?()
                }
                if dragging {
                    try move(toRootX: pointer.rootX, y: pointer.rootY, time: pointer.time, deadline: deadline)
                }
            case X11Event.Code.buttonRelease where pointer.detail == 1:
                if dragging { try release(time: pointer.time) }
                (pressed, dragging) = (nil, false)
            default:
                continue
            }
        }
        return outcome
    }

    private func perform(_ steps: [XdndSourceSession.Step]) throws(ClipboardError) {
        defer {
            if let acceptance, session.isAccepted != saidAccepted {
                saidAccepted.toggle()
                acceptance(saidAccepted)
            }
        }
        for step in steps {
            switch step {
            case .send(let message, let about, let destination):
                lastActivity = .now
                try selection.connection.send(message.event(about: about, atoms: atoms.messages), to: destination)
            case .ended(let end):
                outcome = end
                // A round trip, so that the server has handled the last message (a leave, a drop
                // refused) before this client can go away: a connection closed with events still
                // unread is reset (ECONNRESET), and the server drops the requests it had not read.
                try selection.connection.sync(deadline: .now + idle)
            }
        }
    }

    /// The top-level window under the point that takes drops, its proxy and version; `nil` when
    /// there is none (or one of the source's own windows is there: it does not drop on itself).
    private func target(atRootX x: Int16, y: Int16, deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> XdndSourceSession.Target?
    {
        let connection = selection.connection
        var window = connection.root
        for _ in 0..<Self.maximumDepth {
            let child = try connection.childWindow(of: window, atRoot: x, y, deadline: deadline)
            guard child != .none, child != selection.window, child != ownWindow else { return nil }
            if let version = try awareVersion(of: child, deadline: deadline) {
                return XdndSourceSession.Target(
                    window: child, proxy: try validProxy(of: child, deadline: deadline), version: version)
            }
            window = child
        }
        return nil
    }

    /// The version in the window's `XdndAware`, or `nil` when it has none (or one older than 3).
    private func awareVersion(of window: X11Window, deadline: ContinuousClock.Instant) throws(ClipboardError) -> UInt8?
    {
        let property = try words(of: window, atoms.aware, deadline: deadline)
        guard let version = property.first, version >= UInt32(XdndTargetSession.oldestVersion) else { return nil }
        return UInt8(clamping: version)
    }

    /// The window's `XdndProxy` when the proxy names itself in its own (the specification's check
    /// against one left over from a crash).
    private func validProxy(of window: X11Window, deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> X11Window?
    {
        guard let word = try words(of: window, atoms.proxy, deadline: deadline).first, word != 0,
            try words(of: X11Window(rawValue: word), atoms.proxy, deadline: deadline).first == word
        else { return nil }
        return X11Window(rawValue: word)
    }

    /// The first words of a window's property; none when the window or the property is gone.
    private func words(of window: X11Window, _ property: X11Atom, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> [UInt32]
    {
        guard
            let value = try? selection.connection.getProperty(
                window, property, delete: false, longLength: 1, deadline: deadline)
        else { return [] }
        return X11Reply.words(value.value)
    }
}
