#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ICCCM selection protocol (§2) on an ``X11Connection``: a requestor's conversions, with
/// INCR, and an owner's answers, with TARGETS, TIMESTAMP, MULTIPLE and INCR.
struct X11Selection {
    let connection: X11Connection
    /// The client's own InputOnly window, which receives property changes.
    let window: X11Window
    let atoms: Atoms

    struct Atoms {
        let clipboard, targets, timestamp, multiple, incr, atomPair, utf8String, text, property, drag: X11Atom

        init(_ connection: X11Connection, deadline: ContinuousClock.Instant) throws(ClipboardError) {
            clipboard = try connection.internAtom("CLIPBOARD", deadline: deadline)
            targets = try connection.internAtom("TARGETS", deadline: deadline)
            timestamp = try connection.internAtom("TIMESTAMP", deadline: deadline)
            multiple = try connection.internAtom("MULTIPLE", deadline: deadline)
            incr = try connection.internAtom("INCR", deadline: deadline)
            atomPair = try connection.internAtom("ATOM_PAIR", deadline: deadline)
            utf8String = try connection.internAtom("UTF8_STRING", deadline: deadline)
            text = try connection.internAtom("TEXT", deadline: deadline)
            property = try connection.internAtom("TRANSFERKIT_SELECTION", deadline: deadline)
            drag = try connection.internAtom(ClipboardSelection.drag.name, deadline: deadline)
        }
    }

    init(_ connection: X11Connection, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        self.connection = connection
        window = try connection.createWindow()
        atoms = try Atoms(connection, deadline: deadline)
    }

    func atom(for selection: ClipboardSelection) -> X11Atom {
        switch selection {
        case .primary: .primary
        case .drag: atoms.drag
        default: atoms.clipboard
        }
    }

    /// A server timestamp (ICCCM §2.1): a zero-length append to a property of the own window, and
    /// the time of the `PropertyNotify` that follows.
    func timestamp(deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Timestamp {
        try connection.changeProperty(
            window, atoms.property, type: .integer, format: 8, data: [], append: true)
        // Other events wait their turn: a drag source takes a timestamp while the pointer moves.
        let (window, property) = (window, atoms.property)
        let notified = try connection.nextEvent(
            where: { if case .propertyNotify(window, property, _, _) = $0 { true } else { false } },
            deadline: deadline)
        guard case .propertyNotify(_, _, let time, _)? = notified else {
            throw ClipboardError(.timedOut, "the X server sent no PropertyNotify for a timestamp in time")
        }
        return time
    }

    /// Makes `selection` ownerless (`SetSelectionOwner` to None at a real timestamp): its owner
    /// gets `SelectionClear`.
    func clear(_ selection: ClipboardSelection, deadline: ContinuousClock.Instant) throws(ClipboardError) {
        let time = try timestamp(deadline: deadline)
        try connection.setSelectionOwner(.none, selection: atom(for: selection), time: time)
        try connection.sync(deadline: deadline)
    }

    // MARK: Requestor

    /// The bytes of `target` from the owner of `selection`, INCR included.
    ///
    /// - Parameters:
    ///   - limit: The most bytes accepted.
    ///   - idle: How long the owner may stay silent, between any two steps.
    ///   - deadline: When the whole conversion must be done.
    func convert(
        _ selection: ClipboardSelection, target: X11Atom, targetName: String, limit: Int, idle: Duration,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> (type: X11Atom, format: UInt8, bytes: Data) {
        var bytes = Data()
        let sink = ChunkSink {
            bytes.reserveCapacity(min($0, limit))
        } write: {
            bytes.append(contentsOf: $0)
        }
        let (type, format) = try convert(
            selection, target: target, targetName: targetName, limit: limit, idle: idle, deadline: deadline, into: sink)
        return (type, format, bytes)
    }

    /// Converts `target` and hands its bytes to `sink` as they arrive: with INCR, chunk by chunk.
    ///
    /// - Returns: The type and format of the property they came in.
    func convert(
        _ selection: ClipboardSelection, target: X11Atom, targetName: String, limit: Int, idle: Duration,
        deadline: ContinuousClock.Instant, into sink: ChunkSink
    ) throws(ClipboardError) -> (type: X11Atom, format: UInt8) {
        let selectionAtom = atom(for: selection)
        guard try connection.selectionOwner(selectionAtom, deadline: deadline) != .none else {
            throw ClipboardError(.empty, "the \(selection) selection has no owner: nothing is on it")
        }
        let time = try timestamp(deadline: deadline)
        try connection.deleteProperty(window, atoms.property)
        try connection.convertSelection(
            requestor: window, selection: selectionAtom, target: target, property: atoms.property, time: time)
        var answered: X11Atom?
        while answered == nil {
            let stepDeadline = min(deadline, ContinuousClock.now + idle)
            guard let event = try connection.nextEvent(deadline: stepDeadline) else {
                throw ClipboardError(
                    .timedOut, "the owner of the \(selection) selection did not answer for \(targetName) in time")
            }
            if case .selectionNotify(_, window, selectionAtom, _, let property) = event { answered = property }
        }
        guard answered != X11Atom.none else {
            throw ClipboardError(.typeNotOffered, "the owner of the \(selection) selection refused \(targetName)")
        }
        let first = try readProperty(limit: limit, targetName: targetName, deadline: deadline)
        guard first.type == atoms.incr else {
            try sink.write(first.value)
            return (first.type, first.format)
        }
        // INCR (ICCCM §2.7.2): the property was deleted by the read; each chunk comes as a new
        // value, and a zero-length one ends the transfer. The size it names is a lower bound.
        if let size = X11Reply.incrSize(first) { sink.expect(size) }
        var received = 0
        var format: UInt8 = 8
        var type = X11Atom.none
        while true {
            let stepDeadline = min(deadline, ContinuousClock.now + idle)
            guard let event = try connection.nextEvent(deadline: stepDeadline) else {
                throw ClipboardError(
                    .timedOut,
                    "the owner of the \(selection) selection stopped sending \(targetName) after \(received) bytes")
            }
            guard case .propertyNotify(window, atoms.property, _, X11Event.PropertyState.newValue) = event else {
                continue
            }
            let chunk = try readProperty(limit: limit - received, targetName: targetName, deadline: deadline)
            if chunk.value.isEmpty { return (type, format) }
            try sink.write(chunk.value)
            received += chunk.value.count
            format = chunk.format
            type = chunk.type
        }
    }

    /// Reads and deletes the own window's property, refusing more than `limit` bytes.
    private func readProperty(limit: Int, targetName: String, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> X11Reply.Property
    {
        let units = limit / 4 + 1
        let property = try connection.getProperty(
            window, atoms.property, delete: true, longLength: units, deadline: deadline)
        if property.value.count > limit || property.bytesAfter > 0 {
            try connection.deleteProperty(window, atoms.property)
            throw ClipboardError(
                .tooLarge, "\(targetName) is larger than the limit of \(limit) bytes")
        }
        return property
    }

    /// The target names the owner of `selection` offers, from `TARGETS`.
    func targets(
        _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> [String] {
        let reply = try convert(
            selection, target: atoms.targets, targetName: "TARGETS", limit: limit * 4, idle: idle, deadline: deadline)
        let atoms = try X11Reply.targets(
            X11Reply.Property(type: reply.type, format: reply.format, value: ArraySlice(reply.bytes)),
            targetsAtom: self.atoms.targets)
        return try connection.atomNames(atoms.filter { $0 != .none }, deadline: deadline)
    }
}

extension X11Selection: SelectionReader {
    func names(_ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> [String]
    {
        try targets(selection, limit: limit, idle: idle, deadline: deadline)
    }

    func stream(
        _ name: String, _ selection: ClipboardSelection, limit: Int, idle: Duration, deadline: ContinuousClock.Instant,
        into sink: ChunkSink
    ) throws(ClipboardError) -> String {
        let atom = try connection.internAtom(name, deadline: deadline)
        let reply = try convert(
            selection, target: atom, targetName: name, limit: limit, idle: idle, deadline: deadline, into: sink)
        return reply.type == .none ? "" : try connection.atomNames([reply.type], deadline: deadline)[0]
    }
}
