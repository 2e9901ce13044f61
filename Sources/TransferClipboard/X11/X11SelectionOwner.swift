internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The owner's side of a selection (ICCCM §2.2, §2.5–2.6): answers each `SelectionRequest` from
/// the content's targets — `TARGETS`, `TIMESTAMP`, `MULTIPLE`, and every target the content
/// offers, in INCR chunks when it is larger than one request — until another client takes the
/// selection and every transfer under way has ended, or until it is stopped.
final class X11SelectionOwner: SelectionServer {
    private let selection: X11Selection
    private let content: ClipboardContent
    private let selectionAtom: X11Atom
    private let name: ClipboardSelection
    /// When the selection was taken: requests from before are refused (ICCCM §2.2).
    private let time: X11Timestamp
    /// Target atoms, in the content's order, and each one's name.
    private var targetAtoms: [(atom: X11Atom, name: String)] = []
    /// INCR transfers under way, by requestor window and property.
    private var outgoing: [Transfer.Key: Transfer] = [:]
    private(set) var ownsSelection = true
    /// How long a requestor may leave an INCR chunk unread before the transfer is dropped.
    let idle: Duration
    /// The most bytes of one INCR chunk, whatever the server takes: 100 MB goes through Xvfb in
    /// 0.20 s as 1 MiB chunks and in 0.34–0.50 s as the 16 MiB its BIG-REQUESTS allows (copying
    /// and faulting in buffers larger than the caches, on both sides).
    static let chunkLimit = 1 << 20

    struct Transfer {
        struct Key: Hashable {
            let requestor: X11Window
            let property: X11Atom
        }

        let type: X11Atom
        let bytes: Data
        var offset: Int
        var lastActivity: ContinuousClock.Instant
    }

    /// Takes `name` for `content`.
    ///
    /// - Throws: ``ClipboardError`` when the server does not make this client the owner.
    init(
        _ selection: X11Selection, _ name: ClipboardSelection, content: ClipboardContent, idle: Duration,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        self.selection = selection
        self.content = content
        self.name = name
        self.idle = idle
        selectionAtom = selection.atom(for: name)
        time = try selection.timestamp(deadline: deadline)
        for target in content.targets {
            targetAtoms.append((try selection.connection.internAtom(target, deadline: deadline), target))
        }
        try selection.connection.setSelectionOwner(selection.window, selection: selectionAtom, time: time)
        guard try selection.connection.selectionOwner(selectionAtom, deadline: deadline) == selection.window else {
            throw ClipboardError(
                .connectionFailed, "the X server did not make this client the \(name) selection's owner")
        }
    }

    /// Whether there is anything left to do: the selection owned, or a transfer under way.
    var isServing: Bool { ownsSelection || !outgoing.isEmpty }

    /// Handles the events that come before `deadline`.
    func serve(wakingOn wake: FileDescriptor) throws(ClipboardError) {
        let connection = selection.connection
        while true {
            // Asleep until an event, the wake-up, or the first INCR transfer's idle time-out.
            let due = outgoing.values.map { $0.lastActivity + idle }.min()
            guard let event = try connection.nextEvent(until: due, interruptedBy: wake) else { break }
            _ = try handle(event)
            if !isServing { return }
        }
        dropIdleTransfers()
    }

    /// Handles `event` when it is the owner's (a request, the loss of the selection, a property
    /// an INCR requestor read): `false` for any other, which a caller with events of its own (a
    /// drag source's) handles.
    func handle(_ event: X11Event) throws(ClipboardError) -> Bool {
        switch event {
        case .selectionRequest(let time, _, let requestor, let requested, let target, let property):
            try answer(time: time, requestor: requestor, selection: requested, target: target, property: property)
        case .selectionClear(let lost, selection.window, selectionAtom):
            // A clear older than this owner's taking is another owner's of the same window (one it
            // replaced), not this one's loss.
            if lost >= time { ownsSelection = false }
        case .propertyNotify(let window, let atom, _, X11Event.PropertyState.deleted):
            try continueTransfer(Transfer.Key(requestor: window, property: atom))
        default:
            return false
        }
        return true
    }

    /// Lets go of requestors that stopped reading (xclip issue 34: one such requestor must not
    /// hold the owner forever).
    func dropIdleTransfers() {
        let now = ContinuousClock.now
        outgoing = outgoing.filter { now - $0.value.lastActivity < idle }
    }

    /// Releases the selection if this client still owns it.
    func release() {
        guard ownsSelection else { return }
        try? selection.connection.setSelectionOwner(.none, selection: selectionAtom, time: time)
        ownsSelection = false
    }

    private func answer(
        time requested: X11Timestamp, requestor: X11Window, selection requestedSelection: X11Atom, target: X11Atom,
        property given: X11Atom
    )
        throws(ClipboardError)
    {
        let connection = selection.connection
        // An obsolete requestor names no property: the target is the property (ICCCM §2.2).
        let property = given == .none ? target : given
        var converted = false
        if requestedSelection == selectionAtom, ownsSelection, requested == .currentTime || requested >= time {
            if target == selection.atoms.multiple {
                converted = try convertMultiple(requestor: requestor, property: property)
            } else {
                converted = try convert(target, requestor: requestor, property: property)
            }
        }
        try connection.notifySelection(
            requestor: requestor, selection: requestedSelection, target: target, property: converted ? property : .none,
            time: requested)
    }

    /// Writes `target` into `property` of `requestor`; `false` when it is not offered.
    private func convert(_ target: X11Atom, requestor: X11Window, property: X11Atom) throws(ClipboardError) -> Bool {
        let connection = selection.connection
        let atoms = selection.atoms
        if target == atoms.targets {
            var list: [UInt8] = []
            for atom in [atoms.targets, atoms.timestamp, atoms.multiple] + targetAtoms.map(\.atom) {
                list.appendUInt32(atom.rawValue)
            }
            try connection.changeProperty(
                requestor, property, type: .atom, format: 32, data: list[...])
            return true
        }
        if target == atoms.timestamp {
            var value: [UInt8] = []
            value.appendUInt32(time.rawValue)
            try connection.changeProperty(
                requestor, property, type: .integer, format: 32, data: value[...])
            return true
        }
        guard let name = targetAtoms.first(where: { $0.atom == target })?.name,
            case .success(let bytes) = content.bytes(for: name)
        else { return false }
        // Text under the legacy names is typed as the name itself (UTF8_STRING, STRING, TEXT:
        // ICCCM §2.7.1 lets TEXT be answered as any text type); everything else as its target.
        let type = target == atoms.text ? atoms.utf8String : target
        let capacity = connection.payloadCapacity(header: 24)
        if bytes.count <= capacity {
            try connection.changeProperty(requestor, property, type: type, format: 8, data: bytes)
            return true
        }
        // INCR: the size as a lower bound, then chunks as the requestor deletes each.
        try connection.selectPropertyChanges(on: requestor)
        var size: [UInt8] = []
        size.appendUInt32(UInt32(clamping: bytes.count))
        try connection.changeProperty(requestor, property, type: selection.atoms.incr, format: 32, data: size[...])
        outgoing[Transfer.Key(requestor: requestor, property: property)] = Transfer(
            type: type, bytes: bytes, offset: 0, lastActivity: .now)
        return true
    }

    /// MULTIPLE (ICCCM §2.6.2): each (target, property) pair of the requestor's ATOM_PAIR list
    /// converted in order, a refused one's property replaced by None, one notification for all.
    private func convertMultiple(requestor: X11Window, property: X11Atom) throws(ClipboardError) -> Bool {
        let connection = selection.connection
        let deadline = ContinuousClock.now + idle
        let list = try connection.getProperty(requestor, property, delete: false, longLength: 1024, deadline: deadline)
        guard let pairs = try? X11Reply.atomPairs(list) else { return false }
        var answered: [UInt8] = []
        for (target, pairProperty) in pairs {
            var done = false
            if target != selection.atoms.multiple, pairProperty != .none {
                done = try convert(target, requestor: requestor, property: pairProperty)
            }
            answered.appendUInt32(target.rawValue)
            answered.appendUInt32(done ? pairProperty.rawValue : X11Atom.none.rawValue)
        }
        try connection.changeProperty(
            requestor, property, type: selection.atoms.atomPair, format: 32, data: answered[...])
        return true
    }

    /// The next INCR chunk, after the requestor deleted the last; a zero-length one at the end.
    private func continueTransfer(_ key: Transfer.Key) throws(ClipboardError) {
        guard var transfer = outgoing[key] else { return }
        let connection = selection.connection
        let size = min(Self.chunkLimit, connection.payloadCapacity(header: 24), transfer.bytes.count - transfer.offset)
        try connection.changeProperty(
            key.requestor, key.property, type: transfer.type, format: 8,
            data: transfer.bytes[(transfer.bytes.startIndex + transfer.offset)...].prefix(size))
        if size == 0 {
            outgoing[key] = nil
            return
        }
        transfer.offset += size
        transfer.lastActivity = .now
        outgoing[key] = transfer
    }
}
