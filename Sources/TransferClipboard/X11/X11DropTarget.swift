#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A drop target on X11: a window of its own that says it takes drops (`XdndAware` 5, and a
/// `WM_NAME`, without which Chromium does not drag onto it), the target's half of XDND
/// (``XdndTargetSession``) driven by the server's events, and the dropped data converted from
/// `XdndSelection` as a paste converts the clipboard (INCR included).
///
/// One thread uses it at a time; it is not `Sendable`. Every wait has a deadline, and a source
/// that goes silent during a drag is forgotten after `idle`.
final class X11DropTarget {
    /// What was dropped.
    typealias Drop = DroppedData

    let selection: X11Selection
    /// The window that shows and takes drops.
    let window: X11Window
    let atoms: XdndAtoms
    /// What draws the window's picture when it is exposed.
    var painter: X11WindowPainter?

    /// Makes the target's window, named `title`, at `x`, `y` of the screen, and shows it.
    init(
        _ selection: X11Selection, title: String, x: Int16 = 0, y: Int16 = 0, width: UInt16 = 320,
        height: UInt16 = 240, picture: WindowPicture? = nil, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        self.selection = selection
        let connection = selection.connection
        atoms = try XdndAtoms(connection, deadline: deadline)
        window = try connection.createVisibleWindow(
            x: x, y: y, width: width, height: height, eventMask: picture == nil ? [] : .exposure)
        painter = try picture.map { picture throws(ClipboardError) in
            try X11WindowPainter(picture, on: window, connection)
        }
        try Self.name(window, title, on: connection, atoms: atoms)
        var version: [UInt8] = []
        version.appendUInt32(UInt32(XdndMessage.version))
        // The version is stored as an ATOM, though it is a number (GTK: "Blech").
        try connection.changeProperty(window, atoms.aware, type: .atom, format: 32, data: version)
        try connection.mapWindow(window)
        // Drawn once now, so that the window shows its picture when its maker goes on (and again
        // at each Expose).
        try painter?.paint()
        try connection.sync(deadline: deadline)
    }

    /// Names `window` `title`: its `WM_NAME` and `_NET_WM_NAME`, which window managers show (and
    /// without which Chromium does not drag onto it).
    static func name(_ window: X11Window, _ title: String, on connection: X11Connection, atoms: XdndAtoms)
        throws(ClipboardError)
    {
        let name = Array(title.utf8)
        try connection.changeProperty(window, .wmName, type: .string, format: 8, data: name)
        try connection.changeProperty(window, atoms.netWMName, type: atoms.utf8String, format: 8, data: name)
    }

    /// Waits for the next drop and takes the first of `accepted` (type names, the preferred
    /// first) the source offers: `nil` when `deadline` comes first.
    func nextDrop(
        accepting accepted: [String], limit: Int, idle: Duration, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> Drop? {
        try nextDrop(limit: limit, idle: idle, deadline: deadline) { offered in
            accepted.lazy.compactMap { name in offered.first { $0.name == name } }.first
        }
    }

    /// Waits for the next drop and takes the type `choose` picks from those the source offers
    /// (in its order; asked again at each move of the pointer): `nil` when `deadline` comes first.
    ///
    /// The bytes of a Direct Save drag (XDS: a source offering `XdndDirectSave0`, as Chromium does
    /// for an image) are offered as `application/octet-stream`, typed here by the extension of the
    /// file name the source puts in its window's `XdndDirectSave0` property: a PNG image dragged
    /// out of a page is offered as `public.png`. The target takes the bytes, the specification's
    /// fallback, and does not ask the source to save a file.
    ///
    /// - Parameters:
    ///   - limit: The most bytes a drop may carry.
    ///   - idle: How long a source may stay silent during a drag, and a conversion between steps.
    ///   - isTargeted: Told `true` when a drag the window would take comes over it (its status
    ///     accepted), `false` when it stops being so: refused, gone, dropped, or the wait over.
    /// - Throws: ``ClipboardError`` when the connection fails, or when the data dropped cannot be
    ///   taken (the source did not answer in `idle`, stopped sending, or sent more than `limit`):
    ///   the source is told first (`XdndFinished`, not accepted).
    func nextDrop(
        limit: Int, idle: Duration, deadline: ContinuousClock.Instant, isTargeted: ((Bool) -> Void)? = nil,
        choose: @escaping ([ClipboardType]) -> ClipboardType?
    ) throws(ClipboardError) -> Drop? {
        let connection = selection.connection
        // The names of the offered atoms, asked for once each, and a Direct Save source's file
        // name, read once a drag.
        var names: [X11Atom: String] = [:]
        var directSave: (source: X11Window, fileName: String?)?
        var offeredTypes: [ClipboardType] = []
        var session = XdndTargetSession(
            window: window, atoms: atoms.actions, actions: [atoms.actions.copy, atoms.actions.private]
        ) { [atoms] source, offered in
            let unknown = offered.filter { names[$0] == nil }
            if !unknown.isEmpty, let found = try? connection.atomNames(unknown, deadline: .now + idle) {
                for (atom, name) in zip(unknown, found) { names[atom] = name }
            }
            if offered.contains(atoms.directSave), directSave?.source != source {
                directSave = (source, Self.directSaveFileName(of: source, on: connection, atoms: atoms, idle: idle))
            }
            let fileName = directSave?.source == source ? directSave?.fileName : nil
            let pairs = offered.compactMap { atom in
                names[atom].map { (atom, ClipboardTypeMapping.offered($0, directSaveFileName: fileName)) }
            }
            offeredTypes = pairs.map(\.1)
            guard let chosen = choose(offeredTypes) else { return nil }
            return pairs.first { $0.1 == chosen }?.0
        }
        var drop: Drop?
        var lastHeard = ContinuousClock.now
        // Whether a drag the window would take is over it, as last said to `isTargeted`.
        var targeted = false
        func sayTargeted() {
            let now: Bool
            if case .over(let drag) = session.phase { now = drag.accepted != nil } else { now = false }
            if now != targeted {
                targeted = now
                isTargeted?(now)
            }
        }
        defer { if targeted { isTargeted?(false) } }
        while true {
            let dragging = session.phase != .idle
            let wait = dragging ? min(deadline, lastHeard + idle) : deadline
            guard let event = try connection.nextEvent(deadline: wait) else {
                guard dragging, ContinuousClock.now < deadline else { return nil }
                _ = try perform(
                    session.expire(), in: &session, offered: offeredTypes, limit: limit, idle: idle, drop: &drop)
                sayTargeted()
                continue
            }
            if try painter?.handle(event) == true { continue }
            guard let message = XdndMessage(event, atoms: atoms.messages) else { continue }
            lastHeard = .now
            if try perform(
                session.receive(message), in: &session, offered: offeredTypes, limit: limit, idle: idle, drop: &drop),
                let drop
            {
                return drop
            }
            sayTargeted()
        }
    }

    /// Performs `steps` and those they lead to: `true` when the drag ended, `drop` set when it was
    /// delivered (of the types last `offered`).
    private func perform(
        _ steps: [XdndTargetSession.Step], in session: inout XdndTargetSession, offered: [ClipboardType], limit: Int,
        idle: Duration, drop: inout Drop?
    ) throws(ClipboardError) -> Bool {
        let connection = selection.connection
        var pending = steps
        var taken: (drag: XdndTargetSession.Drag, data: Data)?
        // Why the dropped data could not be taken: thrown once the source was told.
        var failure: ClipboardError?
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .readTypeList(let source):
                // A source gone already (BadWindow) offers nothing.
                let list = try? connection.getProperty(
                    source, atoms.typeList, delete: false, longLength: session.maximumTypes, deadline: .now + idle)
                pending += session.typesRead(list.map { X11Reply.words($0.value).map(X11Atom.init(rawValue:)) } ?? [])
            case .send(let message, let source):
                // About the source, the window it goes to: Chromium hands a client message to the
                // window its `window` field names, and dropped statuses that named this one.
                try connection.send(message.event(about: source, atoms: atoms.messages), to: source)
            case .convert(let type, _) where type == atoms.actions.delete:
                // The source deletes its data after a move; a refusal leaves the drop a copy.
                let deleted = try? selection.convert(
                    .drag, target: type, targetName: "DELETE", limit: 1 << 16, idle: idle, deadline: .now + idle)
                pending += session.conversionEnded(succeeded: deleted != nil)
            case .convert(let type, _):
                guard case .dropping(let drag, _) = session.phase else { continue }
                do {
                    let name = try connection.atomNames([type], deadline: .now + idle)[0]
                    let data = try selection.convert(
                        .drag, target: type, targetName: name, limit: limit, idle: idle, deadline: .now + idle * 8
                    ).bytes
                    taken = (drag, data)
                    pending += session.conversionEnded(succeeded: true)
                } catch {
                    failure = error
                    pending += session.conversionEnded(succeeded: false)
                }
            case .ended(let delivered):
                // A round trip: the server has handled `XdndFinished` before this client can go
                // away (a connection closed with events unread is reset, and the requests the
                // server had not read are lost).
                try connection.sync(deadline: .now + idle)
                if !delivered, let failure {
                    throw ClipboardError(failure.code, "the drop failed, and the source was told: \(failure.reason)")
                }
                guard delivered, let taken, let accepted = taken.drag.accepted else { return true }
                let names = try connection.atomNames([accepted.type, accepted.action], deadline: .now + idle)
                let type = offered.first { $0.name == names[0] } ?? ClipboardType(offered: names[0])
                drop = Drop(type: type, data: taken.data, action: Self.actionName(names[1]), offered: offered)
                return true
            }
        }
        return false
    }

    /// The file name a Direct Save source put in its window's `XdndDirectSave0` property (at most
    /// 1 KiB of it, its last path component): `nil` when it has none, or is gone.
    static func directSaveFileName(
        of source: X11Window, on connection: X11Connection, atoms: XdndAtoms, idle: Duration
    ) -> String? {
        guard
            let property = try? connection.getProperty(
                source, atoms.directSave, delete: false, longLength: 256, deadline: .now + idle),
            property.format == 8, let text = String(validating: property.value, as: UTF8.self)
        else { return nil }
        let name = text.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? nil : name
    }

    /// `copy` for `XdndActionCopy`: the action's name without the protocol's prefix, in lower case.
    static func actionName(_ atomName: String) -> String {
        (atomName.hasPrefix("XdndAction") ? String(atomName.dropFirst("XdndAction".count)) : atomName).lowercased()
    }
}
