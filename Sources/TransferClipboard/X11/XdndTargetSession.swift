/// The drop target's half of XDND version 5 as a value: the messages a source sends go in, the
/// steps the target's connection takes come out ("Target: step by step" of the specification).
///
/// Pure, like the codecs: it reads no socket and keeps no clock. The connection that drives it
/// performs each ``Step`` in order and reports back what the X server answered
/// (``typesRead(_:)``, ``conversionEnded(succeeded:)``), and calls ``expire()`` when the source
/// has been silent past its deadline. So every rule is tested without a display, and a hostile
/// source is bounded here: one drag at a time (messages from any other source are ignored until
/// it ends), at most ``maximumTypes`` types read, one status a position however many come, and a
/// source that goes quiet forgotten when it expires.
struct XdndTargetSession {
    /// What the target's connection does next.
    enum Step: Equatable {
        /// Read the `XdndTypeList` property of `source`, then call ``typesRead(_:)``.
        case readTypeList(source: X11Window)
        /// Send `message` about the target's window to `source`.
        case send(XdndMessage, to: X11Window)
        /// Convert `XdndSelection` to `type` with `time` (the drop's; ``X11Timestamp/currentTime`` is the server's
        /// time) into the target's window, then call ``conversionEnded(succeeded:)``. The data
        /// type's conversion is the drop; a `DELETE` conversion after it finishes a move.
        case convert(type: X11Atom, time: X11Timestamp)
        /// The drag is over: dropped (`delivered`, when the data was converted) or gone.
        case ended(delivered: Bool)
    }

    /// The atoms of the actions, and of `DELETE`, on one server.
    struct Atoms: Equatable {
        var copy: X11Atom
        var move: X11Atom
        var link: X11Atom
        var ask: X11Atom
        var `private`: X11Atom
        var delete: X11Atom
    }

    /// Where a drag is.
    enum Phase: Equatable {
        /// No drag over the target.
        case idle
        /// A source's drag is over the target: `types` once known (`nil` while its type list is
        /// being read), the type and action of the last status (`nil` when it refused).
        case over(Drag)
        /// The user dropped: the chosen type is being converted (or, for a move, `DELETE`).
        case dropping(Drag, deleting: Bool)
    }

    /// A source's drag over the target.
    struct Drag: Equatable {
        var source: X11Window
        var version: UInt8
        var types: [X11Atom]?
        /// What the last `XdndStatus` accepted; `nil` when it refused (or none was sent).
        var accepted: Acceptance?
        /// The pointer's last position, in root coordinates.
        var x: UInt16 = 0
        var y: UInt16 = 0
    }

    /// A type and an action a status accepted.
    struct Acceptance: Equatable {
        var type: X11Atom
        var action: X11Atom
    }

    /// The oldest version the target takes, as GTK and Chromium: a version 3 source is the first
    /// to put `XdndAware` on top-levels only.
    static let oldestVersion: UInt8 = 3

    /// The target's top-level window: the one with `XdndAware`, named in its messages.
    let window: X11Window
    let atoms: Atoms
    /// The most types read from a source's `XdndTypeList` (Qt reads 100): the rest are not
    /// offered.
    let maximumTypes: Int
    /// The actions the target performs, the one it prefers first: a position asking for one of
    /// them gets it; any other gets the first (the specification lets a target answer with the
    /// requested action, copy or private).
    let actions: [X11Atom]
    /// The type to take from those a source (the first argument) offers, in its order of
    /// preference; `nil` refuses.
    let choose: (_ source: X11Window, _ types: [X11Atom]) -> X11Atom?

    private(set) var phase = Phase.idle

    init(
        window: X11Window, atoms: Atoms, actions: [X11Atom]? = nil, maximumTypes: Int = 100,
        choose: @escaping (_ source: X11Window, _ types: [X11Atom]) -> X11Atom?
    ) {
        self.window = window
        self.atoms = atoms
        self.actions = actions ?? [atoms.copy]
        self.maximumTypes = maximumTypes
        self.choose = choose
    }

    /// The steps a message from a source calls for.
    mutating func receive(_ message: XdndMessage) -> [Step] {
        switch (message, phase) {
        case (.enter(let source, let version, let hasTypeList, let types), .idle),
            (.enter(let source, let version, let hasTypeList, let types), .over(_)) where isCurrent(source):
            guard version >= Self.oldestVersion, version <= XdndMessage.version else { return [] }
            if hasTypeList {
                phase = .over(Drag(source: source, version: version, types: nil, accepted: nil))
                return [.readTypeList(source: source)]
            }
            phase = .over(Drag(source: source, version: version, types: limited(types), accepted: nil))
            return []
        case (.position(let source, let x, let y, _, let action), .over(var drag)) where drag.source == source:
            (drag.x, drag.y) = (x, y)
            if let types = drag.types, let type = choose(source, types), let action = answer(to: action) {
                drag.accepted = Acceptance(type: type, action: action)
            } else {
                drag.accepted = nil
            }
            phase = .over(drag)
            return [.send(status(for: drag), to: source)]
        case (.leave(let source), .over(let drag)) where drag.source == source:
            phase = .idle
            return [.ended(delivered: false)]
        case (.drop(let source, let time), .over(let drag)) where drag.source == source:
            guard let accepted = drag.accepted else {
                // Refused, or dropped before any status: finished, not accepted, as the
                // specification asks, and then as if it had left.
                phase = .idle
                return [
                    .send(.finished(target: window, accepted: false, action: .none), to: source),
                    .ended(delivered: false),
                ]
            }
            phase = .dropping(drag, deleting: false)
            return [.convert(type: accepted.type, time: time)]
        default:
            // Another source's message during a drag, a message out of order, or a target's
            // message: ignored.
            return []
        }
    }

    /// The steps after the source's `XdndTypeList` was read: `atoms` as it holds them (the
    /// first ``maximumTypes`` kept; `None` left out). Ignored unless the list is awaited.
    mutating func typesRead(_ atoms: [X11Atom]) -> [Step] {
        guard case .over(var drag) = phase, drag.types == nil else { return [] }
        drag.types = limited(atoms)
        phase = .over(drag)
        return []
    }

    /// The steps after a conversion the session asked for ended: the data's (then, for a move,
    /// `DELETE`'s) or its failure, which ends the drop, not accepted.
    mutating func conversionEnded(succeeded: Bool) -> [Step] {
        guard case .dropping(let drag, let deleting) = phase, let accepted = drag.accepted else { return [] }
        if succeeded, !deleting, accepted.action == atoms.move {
            phase = .dropping(drag, deleting: true)
            return [.convert(type: atoms.delete, time: .currentTime)]
        }
        // A failed `DELETE` leaves the data taken: the drop is still done, as a copy.
        let delivered = succeeded || deleting
        let action = !delivered ? .none : (deleting && !succeeded ? atoms.copy : accepted.action)
        phase = .idle
        return [
            .send(.finished(target: window, accepted: delivered, action: action), to: drag.source),
            .ended(delivered: delivered),
        ]
    }

    /// The steps when the source has been silent too long (its deadline is the connection's):
    /// the drag is forgotten, as if it had left; a drop being converted is finished, not accepted.
    mutating func expire() -> [Step] {
        switch phase {
        case .idle:
            return []
        case .over:
            phase = .idle
            return [.ended(delivered: false)]
        case .dropping(let drag, _):
            phase = .idle
            return [
                .send(.finished(target: window, accepted: false, action: .none), to: drag.source),
                .ended(delivered: false),
            ]
        }
    }

    /// Whether `source` is the source of the drag over the target.
    private func isCurrent(_ source: X11Window) -> Bool {
        if case .over(let drag) = phase { drag.source == source } else { false }
    }

    /// The action answered to a position asking for `requested`: it when the target performs
    /// it, else the target's first; `nil` for a target that performs none.
    private func answer(to requested: X11Atom) -> X11Atom? {
        actions.contains(requested) ? requested : actions.first
    }

    /// The offered types as the session keeps them: no `None`, at most ``maximumTypes``.
    private func limited(_ types: [X11Atom]) -> [X11Atom] {
        Array(types.lazy.filter { $0 != .none }.prefix(maximumTypes))
    }

    /// The status for `drag`'s last position: accepted with its action, or refused; the empty
    /// rectangle and bit 1 set (send every position), as Chromium's and GTK's targets answer.
    private func status(for drag: Drag) -> XdndMessage {
        .status(
            target: window, accepts: drag.accepted != nil, wantsPositionsInside: true, rectangle: .empty,
            action: drag.accepted?.action ?? .none)
    }
}
