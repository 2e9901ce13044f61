/// The drag source's half of XDND version 5 as a value: the pointer's moves, the release and the
/// targets' messages go in, the messages to send come out ("Source: step by step" of the
/// specification).
///
/// Pure, like ``XdndTargetSession``: the connection that drives it finds the window under the
/// pointer (its `XdndAware` version and valid `XdndProxy`), sends each message, serves
/// `XdndSelection` meanwhile, and calls ``expire()`` when a target has been silent past its
/// deadline. The rules kept here: `XdndEnter` and `XdndLeave` as the pointer crosses windows,
/// one `XdndPosition` at a time (the newest move waits for the status of the last, and none is
/// sent inside the rectangle a target said it needs no positions in), statuses from any window
/// but the current target ignored, `XdndDrop` on release only after an accepting status (a
/// status still awaited is waited for), and an end for every drag: dropped, refused, cancelled or
/// expired.
struct XdndSourceSession {
    /// A window that takes drops: the top-level under the pointer, where its messages are sent
    /// (its proxy, when it has a valid one), and the version both sides speak.
    struct Target: Equatable {
        var window: X11Window
        var destination: X11Window
        /// The window's `XdndAware` version.
        var version: UInt8

        init(window: X11Window, proxy: X11Window? = nil, version: UInt8) {
            self.window = window
            self.destination = proxy ?? window
            self.version = version
        }
    }

    /// What the source's connection does next.
    enum Step: Equatable {
        /// Send `message` about `about` (the target under the pointer) to `destination`.
        case send(XdndMessage, about: X11Window, to: X11Window)
        /// The drag is over.
        case ended(Outcome)
    }

    /// How a drag ended.
    enum Outcome: Equatable {
        /// Dropped on `target`, which finished it: `accepted` when it took the data and performed
        /// `action` (a version 5 target says so; an older one is taken to have).
        case dropped(target: X11Window, accepted: Bool, action: X11Atom)
        /// Released where nothing takes it: over no XDND window, or one whose last status
        /// refused.
        case refused
        /// The target went silent: no status for the last position, or no `XdndFinished` after
        /// the drop.
        case expired
    }

    /// Where the drag is.
    enum Phase: Equatable {
        /// Moving: over `target` (`nil`: over nothing that takes drops).
        case moving
        /// Released while a status was awaited: the drop or leave waits for it.
        case releasing(time: X11Timestamp)
        /// Dropped: `XdndFinished` is awaited.
        case dropped
        /// Over: an outcome was given.
        case ended
    }

    /// The source's window: the owner of `XdndSelection` and of the `XdndTypeList` property.
    let window: X11Window
    /// The offered types, the preferred first; more than three go in `XdndTypeList`, which the
    /// connection writes before the first `XdndEnter`.
    let types: [X11Atom]
    /// The action asked for in each position.
    let action: X11Atom

    private(set) var phase = Phase.moving
    private(set) var target: Target?
    /// Whether a position was sent and its status not yet received.
    private(set) var awaitingStatus = false
    /// The last status from the current target: accepted, with its action, and the rectangle it
    /// needs no positions in.
    private var accepted = false
    private var acceptedAction = X11Atom.none
    private var quietRectangle = XdndMessage.Rectangle.empty
    /// The newest position not yet sent, waiting for a status.
    private var pending: (x: UInt16, y: UInt16, time: X11Timestamp)?

    init(window: X11Window, types: [X11Atom], action: X11Atom) {
        self.window = window
        self.types = types
        self.action = action
    }

    /// The steps for a move of the pointer to `x`, `y` (root coordinates) at `time`, over
    /// `target` (`nil`: no window there takes drops, or the connection did not look).
    mutating func moved(x: UInt16, y: UInt16, time: X11Timestamp, over target: Target?) -> [Step] {
        guard phase == .moving else { return [] }
        var steps: [Step] = []
        if target != self.target {
            if let old = self.target {
                steps.append(.send(.leave(source: window), about: old.window, to: old.destination))
            }
            self.target = target
            (awaitingStatus, accepted, acceptedAction, quietRectangle, pending) = (false, false, .none, .empty, nil)
            if let target {
                let version = min(target.version, XdndMessage.version)
                steps.append(
                    .send(
                        .enter(
                            source: window, version: version, hasTypeList: types.count > 3,
                            types: Array(types.prefix(3))),
                        about: target.window, to: target.destination))
            }
        }
        guard let target = self.target else { return steps }
        if awaitingStatus {
            pending = (x, y, time)
        } else if !quietRectangle.contains(x: x, y: y) {
            steps.append(position(x: x, y: y, time: time, to: target))
        }
        return steps
    }

    /// The steps for a message from a target: its status or its `XdndFinished` (anything else,
    /// or from another window, is ignored).
    mutating func receive(_ message: XdndMessage) -> [Step] {
        guard let target else { return [] }
        switch message {
        case .status(let from, let accepts, let wantsPositionsInside, let rectangle, let action)
        where from == target.window:
            guard awaitingStatus else { return [] }
            awaitingStatus = false
            // An acceptance without an action is a refusal (as GTK reads it).
            accepted = accepts && action != .none
            acceptedAction = accepted ? action : .none
            quietRectangle = wantsPositionsInside ? .empty : rectangle
            switch phase {
            case .releasing(let time):
                return release(at: time, over: target)
            case .moving:
                if let pending {
                    self.pending = nil
                    if !quietRectangle.contains(x: pending.x, y: pending.y) {
                        return [position(x: pending.x, y: pending.y, time: pending.time, to: target)]
                    }
                }
                return []
            case .dropped, .ended:
                return []
            }
        case .finished(let from, let accepted, let action) where from == target.window && phase == .dropped:
            phase = .ended
            // Before version 5 the bit is not sent: the drop is taken to be accepted.
            let taken = accepted || target.version < 5
            return [.ended(.dropped(target: from, accepted: taken, action: taken ? action : .none))]
        default:
            return []
        }
    }

    /// The steps for the release of the pointer's button at `time`: the drop, when the current
    /// target's last status accepted (after the status still awaited, if one is); otherwise
    /// `XdndLeave` and the end.
    mutating func released(at time: X11Timestamp) -> [Step] {
        guard phase == .moving else { return [] }
        guard let target else {
            phase = .ended
            return [.ended(.refused)]
        }
        if awaitingStatus {
            phase = .releasing(time: time)
            return []
        }
        return release(at: time, over: target)
    }

    /// The steps when the current target has been silent past the connection's deadline: for a
    /// status (then it is left) or for `XdndFinished`.
    mutating func expire() -> [Step] {
        switch phase {
        case .ended:
            return []
        case .dropped:
            phase = .ended
            return [.ended(.expired)]
        case .moving, .releasing:
            guard awaitingStatus, let target else { return [] }
            phase = .ended
            return [.send(.leave(source: window), about: target.window, to: target.destination), .ended(.expired)]
        }
    }

    /// Whether the drag is over a target whose last status accepted it, the pointer still down.
    var isAccepted: Bool {
        phase == .moving && target != nil && accepted
    }

    /// Whether the session waits for a target's message: a status, or `XdndFinished`.
    var isWaiting: Bool {
        phase == .dropped || (phase != .ended && awaitingStatus)
    }

    private mutating func position(x: UInt16, y: UInt16, time: X11Timestamp, to target: Target) -> Step {
        awaitingStatus = true
        return .send(
            .position(source: window, x: x, y: y, time: time, action: action), about: target.window,
            to: target.destination)
    }

    private mutating func release(at time: X11Timestamp, over target: Target) -> [Step] {
        if accepted {
            phase = .dropped
            return [.send(.drop(source: window, time: time), about: target.window, to: target.destination)]
        }
        phase = .ended
        return [.send(.leave(source: window), about: target.window, to: target.destination), .ended(.refused)]
    }
}

extension XdndMessage.Rectangle {
    /// Whether the point is inside (an empty rectangle holds none).
    func contains(x: UInt16, y: UInt16) -> Bool {
        width > 0 && height > 0 && x >= self.x && y >= self.y && Int(x) < Int(self.x) + Int(width)
            && Int(y) < Int(self.y) + Int(height)
    }
}
