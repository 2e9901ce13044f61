#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The requests the clipboard makes, each an ``X11Request`` sent and, for those with one, its
/// ``X11Reply`` decoded: the connection beneath only numbers them and moves their bytes.
extension X11Connection {
    func internAtom(_ name: String, deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Atom {
        if let atom = knownAtoms.atom(named: name) { return atom }
        let atom = try X11Reply.internAtom(try waitForReply(try request(.internAtom(name)), deadline: deadline))
        knownAtoms.record(atom, named: name)
        return atom
    }

    /// The names of `atoms`, the requests sent together and the replies read after.
    func atomNames(_ atoms: [X11Atom], deadline: ContinuousClock.Instant) throws(ClipboardError) -> [String] {
        var sequences: [(X11Atom, UInt16?)] = []
        for atom in atoms {
            sequences.append((atom, knownAtoms.name(of: atom) != nil ? nil : try request(.getAtomName(atom))))
        }
        var names: [String] = []
        for (atom, sequence) in sequences {
            if let sequence {
                knownAtoms.record(atom, named: try X11Reply.atomName(try waitForReply(sequence, deadline: deadline)))
            }
            names.append(knownAtoms.name(of: atom) ?? "")
        }
        return names
    }

    /// An unmapped InputOnly window that receives property changes.
    func createWindow() throws(ClipboardError) -> X11Window {
        let window: X11Window = newID()
        try request(.createWindow(window: window, parent: root, eventMask: .propertyChange))
        return window
    }

    /// A window that shows, at `x`, `y` of the root, white: a drop target's, or a drag source's
    /// (which selects the pointer's events too, `eventMask`).
    func createVisibleWindow(x: Int16, y: Int16, width: UInt16, height: UInt16, eventMask: X11EventMask = [])
        throws(ClipboardError) -> X11Window
    {
        let window: X11Window = newID()
        try request(
            .createVisibleWindow(
                window: window, parent: root, x: x, y: y, width: width, height: height, background: 0xFF_FFFF,
                eventMask: eventMask.union([.propertyChange, .structureNotify])))
        return window
    }

    /// The pixels of `width` × `height` of `window` at `x`, `y`, as a `ZPixmap` of its depth (the
    /// reply's bytes after its 32-byte header).
    func image(
        of window: X11Window, x: Int16 = 0, y: Int16 = 0, width: UInt16, height: UInt16,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> ArraySlice<UInt8> {
        expectPackets(upTo: X11Wire.packetSize + Int(width) * Int(height) * 4)
        let reply = try waitForReply(
            try request(.getImage(drawable: window, x: x, y: y, width: width, height: height)), deadline: deadline)
        return reply.dropFirst(X11Wire.packetSize)
    }

    func mapWindow(_ window: X11Window) throws(ClipboardError) {
        try request(.mapWindow(window))
    }

    /// The child of `window` that holds the point `x`, `y` of the root (``X11Window/none``: none):
    /// one step down the tree towards the window under the pointer.
    func childWindow(of window: X11Window, atRoot x: Int16, _ y: Int16, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> X11Window
    {
        let sequence = try request(.translateCoordinates(source: root, destination: window, x: x, y: y))
        return try X11Reply.translatedCoordinates(try waitForReply(sequence, deadline: deadline)).child
    }

    /// Sends `event` (its 32 bytes) to the client that made `window`, without propagation.
    func send(_ event: X11Event, to window: X11Window) throws(ClipboardError) {
        try request(.sendEvent(destination: window, eventMask: [], event: event.encoded() ?? []))
    }

    func selectPropertyChanges(on window: X11Window) throws(ClipboardError) {
        try request(.changeWindowAttributes(window: window, eventMask: .propertyChange))
    }

    func changeProperty(
        _ window: X11Window, _ property: X11Atom, type: X11Atom, format: UInt8,
        data: some DataProtocol & ContiguousBytes,
        append: Bool = false
    ) throws(ClipboardError) {
        try request(
            .changeProperty(window: window, property: property, type: type, format: format, mode: append ? 2 : 0),
            payload: data)
    }

    func deleteProperty(_ window: X11Window, _ property: X11Atom) throws(ClipboardError) {
        try request(.deleteProperty(window: window, property: property))
    }

    /// A property's value, at most `longLength` 4-byte units of it.
    func getProperty(
        _ window: X11Window, _ property: X11Atom, delete: Bool, longLength: Int, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> X11Reply.Property {
        let units = UInt32(clamping: longLength)
        expectPackets(upTo: X11Wire.packetSize + Int(units) * 4)
        let sequence = try request(
            .getProperty(window: window, property: property, delete: delete, longOffset: 0, longLength: units))
        return try X11Reply.Property(decoding: try waitForReply(sequence, deadline: deadline))
    }

    func setSelectionOwner(_ window: X11Window, selection: X11Atom, time: X11Timestamp) throws(ClipboardError) {
        try request(.setSelectionOwner(owner: window, selection: selection, time: time))
    }

    func selectionOwner(_ selection: X11Atom, deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Window {
        try X11Reply.selectionOwner(try waitForReply(try request(.getSelectionOwner(selection)), deadline: deadline))
    }

    func convertSelection(
        requestor: X11Window, selection: X11Atom, target: X11Atom, property: X11Atom, time: X11Timestamp
    ) throws(ClipboardError) {
        try request(
            .convertSelection(
                requestor: requestor, selection: selection, target: target, property: property, time: time))
    }

    /// Sends a `SelectionNotify` to `requestor` (property ``X11Atom/none``: refused).
    func notifySelection(
        requestor: X11Window, selection: X11Atom, target: X11Atom, property: X11Atom, time: X11Timestamp
    ) throws(ClipboardError) {
        let event = X11Event.selectionNotify(
            time: time, requestor: requestor, selection: selection, target: target, property: property)
        try request(.sendEvent(destination: requestor, eventMask: [], event: event.encoded() ?? []))
    }

    /// A round trip: every request before it has been handled when it returns.
    func sync(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        _ = try waitForReply(try request(.getInputFocus), deadline: deadline)
    }
}
