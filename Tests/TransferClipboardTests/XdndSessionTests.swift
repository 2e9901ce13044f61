import Testing

@testable import TransferClipboard

/// XDND's two sides as the specification's steps, without a display: the target's answers to a
/// source's messages and the source's messages for the pointer's moves, the release and the
/// target's answers — and the bounds a hostile peer meets (types, floods, silence, strangers).
@Suite("XDND sessions: the target's and the source's steps")
struct XdndSessionTests {
    static let atoms = XdndTargetSession.Atoms(copy: 501, move: 502, link: 503, ask: 504, private: 505, delete: 506)
    static let (targetWindow, sourceWindow, otherSource): (X11Window, X11Window, X11Window) = (
        0x60_0001, 0x40_0001, 0x70_0001
    )
    static let (png, text, json): (X11Atom, X11Atom, X11Atom) = (401, 402, 403)

    /// A target that takes JSON, else text.
    func target(actions: [X11Atom]? = nil) -> XdndTargetSession {
        XdndTargetSession(window: Self.targetWindow, atoms: Self.atoms, actions: actions) { _, types in
            types.first { $0 == Self.json } ?? types.first { $0 == Self.text }
        }
    }

    func position(_ source: X11Window = sourceWindow, action: X11Atom = atoms.copy) -> XdndMessage {
        .position(source: source, x: 100, y: 200, time: 7, action: action)
    }

    func status(accepts: Bool, action: X11Atom) -> XdndTargetSession.Step {
        .send(
            .status(
                target: Self.targetWindow, accepts: accepts, wantsPositionsInside: true, rectangle: .empty,
                action: action),
            to: Self.sourceWindow)
    }

    // MARK: The target

    @Test("target: enter, a position accepted with the chosen type, the drop converted, finished")
    func targetDrop() {
        var session = target()
        #expect(
            session.receive(
                .enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.png, Self.text])
            ).isEmpty)
        #expect(session.receive(position()) == [status(accepts: true, action: Self.atoms.copy)])
        #expect(session.receive(.drop(source: Self.sourceWindow, time: 42)) == [.convert(type: Self.text, time: 42)])
        #expect(
            session.conversionEnded(succeeded: true) == [
                .send(
                    .finished(target: Self.targetWindow, accepted: true, action: Self.atoms.copy), to: Self.sourceWindow
                ),
                .ended(delivered: true),
            ])
        #expect(session.phase == .idle)
    }

    @Test("target: more than three types are read from XdndTypeList, at most 100, without None")
    func targetTypeList() {
        var session = target()
        #expect(
            session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: true, types: []))
                == [.readTypeList(source: Self.sourceWindow)])
        // Until the list is read, positions are refused.
        #expect(session.receive(position()) == [status(accepts: false, action: 0)])
        let offered = [0, Self.png] + (1000..<1500).map { X11Atom(rawValue: $0) } + [Self.json]
        #expect(session.typesRead(offered).isEmpty)
        guard case .over(let drag) = session.phase else {
            Issue.record("no drag after the type list: \(session.phase)")
            return
        }
        #expect(drag.types?.count == 100)
        #expect(drag.types?.first == Self.png)
        // JSON was past the hundredth type: not offered.
        #expect(session.receive(position()) == [status(accepts: false, action: 0)])
        // A second list, unasked for, changes nothing.
        #expect(session.typesRead([Self.json]).isEmpty)
        #expect(session.receive(position()) == [status(accepts: false, action: 0)])
    }

    @Test("target: versions 3 to 5 are taken; older and newer sources are ignored", arguments: [0, 2, 3, 4, 5, 6, 255])
    func targetVersions(version: Int) {
        var session = target()
        _ = session.receive(
            .enter(source: Self.sourceWindow, version: UInt8(version), hasTypeList: false, types: [Self.text]))
        let steps = session.receive(position())
        #expect(steps == ((3...5).contains(version) ? [status(accepts: true, action: Self.atoms.copy)] : []))
    }

    @Test("target: one drag at a time; another source is ignored until the first leaves")
    func targetOneDragAtATime() {
        var session = target()
        _ = session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        #expect(
            session.receive(.enter(source: Self.otherSource, version: 5, hasTypeList: false, types: [Self.json]))
                .isEmpty)
        #expect(session.receive(position(Self.otherSource)).isEmpty)
        #expect(session.receive(.drop(source: Self.otherSource, time: 1)).isEmpty)
        #expect(session.receive(.leave(source: Self.otherSource)).isEmpty)
        #expect(session.receive(position()) == [status(accepts: true, action: Self.atoms.copy)])
        #expect(session.receive(.leave(source: Self.sourceWindow)) == [.ended(delivered: false)])
        _ = session.receive(.enter(source: Self.otherSource, version: 5, hasTypeList: false, types: [Self.json]))
        #expect(
            session.receive(position(Self.otherSource)) == [
                .send(
                    .status(
                        target: Self.targetWindow, accepts: true, wantsPositionsInside: true, rectangle: .empty,
                        action: Self.atoms.copy), to: Self.otherSource)
            ])
    }

    @Test("target: a drop before any position, or after a refusal, is finished not accepted")
    func targetRefusedDrops() {
        var early = target()
        _ = early.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        #expect(
            early.receive(.drop(source: Self.sourceWindow, time: 3)) == [
                .send(.finished(target: Self.targetWindow, accepted: false, action: 0), to: Self.sourceWindow),
                .ended(delivered: false),
            ])
        var refusing = target()
        _ = refusing.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.png]))
        #expect(refusing.receive(position()) == [status(accepts: false, action: 0)])
        #expect(
            refusing.receive(.drop(source: Self.sourceWindow, time: 3)).first
                == .send(.finished(target: Self.targetWindow, accepted: false, action: 0), to: Self.sourceWindow))
        #expect(refusing.phase == .idle)
    }

    @Test("target: the action asked for when performed, else the target's first")
    func targetActions() {
        for (actions, asked, answered) in [
            ([Self.atoms.copy], Self.atoms.move, Self.atoms.copy),
            ([Self.atoms.move, Self.atoms.copy], Self.atoms.move, Self.atoms.move),
            ([Self.atoms.move, Self.atoms.copy], Self.atoms.ask, Self.atoms.move), ([], Self.atoms.copy, 0),
        ] as [([X11Atom], X11Atom, X11Atom)] {
            var session = target(actions: actions)
            _ = session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
            #expect(
                session.receive(position(action: asked)) == [status(accepts: answered != 0, action: answered)],
                "\(actions), \(asked)")
        }
    }

    @Test("target: a move converts DELETE after the data; a DELETE that fails leaves a copy")
    func targetMove() {
        for deleted in [true, false] {
            var session = target(actions: [Self.atoms.move, Self.atoms.copy])
            _ = session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.json]))
            _ = session.receive(position(action: Self.atoms.move))
            #expect(session.receive(.drop(source: Self.sourceWindow, time: 9)) == [.convert(type: Self.json, time: 9)])
            #expect(session.conversionEnded(succeeded: true) == [.convert(type: Self.atoms.delete, time: 0)])
            #expect(
                session.conversionEnded(succeeded: deleted) == [
                    .send(
                        .finished(
                            target: Self.targetWindow, accepted: true,
                            action: deleted ? Self.atoms.move : Self.atoms.copy),
                        to: Self.sourceWindow),
                    .ended(delivered: true),
                ])
        }
    }

    @Test("target: a conversion that fails finishes the drop not accepted")
    func targetFailedConversion() {
        var session = target()
        _ = session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        _ = session.receive(position())
        _ = session.receive(.drop(source: Self.sourceWindow, time: 9))
        #expect(
            session.conversionEnded(succeeded: false) == [
                .send(.finished(target: Self.targetWindow, accepted: false, action: 0), to: Self.sourceWindow),
                .ended(delivered: false),
            ])
        // Nothing is awaited after the end: a late report changes nothing.
        #expect(session.conversionEnded(succeeded: true).isEmpty)
    }

    @Test("target: a flood of positions gets one status each and nothing else")
    func targetFlood() {
        var session = target()
        _ = session.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        var statuses = 0
        for index in 0..<10_000 {
            let steps = session.receive(
                .position(
                    source: Self.sourceWindow, x: UInt16(index % 1000), y: 5,
                    time: X11Timestamp(rawValue: UInt32(index)),
                    action: Self.atoms.copy))
            statuses += steps.count
        }
        #expect(statuses == 10_000)
        guard case .over(let drag) = session.phase else {
            Issue.record("the drag ended")
            return
        }
        #expect(drag.x == 999 && drag.y == 5)
    }

    @Test("target: a source gone silent expires: forgotten, or its drop finished not accepted")
    func targetExpiry() {
        var hovering = target()
        #expect(hovering.expire().isEmpty)
        _ = hovering.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        #expect(hovering.expire() == [.ended(delivered: false)])
        var dropping = target()
        _ = dropping.receive(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.text]))
        _ = dropping.receive(position())
        _ = dropping.receive(.drop(source: Self.sourceWindow, time: 1))
        #expect(
            dropping.expire() == [
                .send(.finished(target: Self.targetWindow, accepted: false, action: 0), to: Self.sourceWindow),
                .ended(delivered: false),
            ])
        #expect(dropping.phase == .idle)
    }

    // MARK: The source

    static let copy = atoms.copy
    static let over = XdndSourceSession.Target(window: targetWindow, version: 5)

    func source(types: [X11Atom] = [json, text]) -> XdndSourceSession {
        XdndSourceSession(window: Self.sourceWindow, types: types, action: Self.copy)
    }

    func sent(_ message: XdndMessage, about window: X11Window = targetWindow, to destination: X11Window? = nil)
        -> XdndSourceSession.Step
    {
        .send(message, about: window, to: destination ?? window)
    }

    func accepting(_ window: X11Window = targetWindow, rectangle: XdndMessage.Rectangle = .empty, inside: Bool = true)
        -> XdndMessage
    {
        .status(target: window, accepts: true, wantsPositionsInside: inside, rectangle: rectangle, action: Self.copy)
    }

    @Test("source: enter and a position; the next waits for the status; a release waits too; then drop and finish")
    func sourceDrag() {
        var session = source()
        #expect(session.moved(x: 1, y: 1, time: 1, over: nil).isEmpty)
        #expect(
            session.moved(x: 10, y: 20, time: 2, over: Self.over) == [
                sent(.enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.json, Self.text])),
                sent(.position(source: Self.sourceWindow, x: 10, y: 20, time: 2, action: Self.copy)),
            ])
        #expect(session.moved(x: 11, y: 20, time: 3, over: Self.over).isEmpty)
        #expect(session.moved(x: 12, y: 20, time: 4, over: Self.over).isEmpty)
        // The newest position goes when the status comes.
        #expect(
            session.receive(accepting()) == [
                sent(.position(source: Self.sourceWindow, x: 12, y: 20, time: 4, action: Self.copy))
            ])
        #expect(session.released(at: 5).isEmpty)
        #expect(session.isWaiting)
        #expect(session.receive(accepting()) == [sent(.drop(source: Self.sourceWindow, time: 5))])
        #expect(
            session.receive(.finished(target: Self.targetWindow, accepted: true, action: Self.copy)) == [
                .ended(.dropped(target: Self.targetWindow, accepted: true, action: Self.copy))
            ])
        #expect(!session.isWaiting)
        #expect(session.moved(x: 0, y: 0, time: 6, over: Self.over).isEmpty)
    }

    @Test("source: accepted while the pointer is down over a target whose last status accepted; not after")
    func sourceAcceptance() {
        var session = source()
        _ = session.moved(x: 10, y: 20, time: 1, over: Self.over)
        #expect(!session.isAccepted, "no status yet")
        _ = session.receive(accepting())
        #expect(session.isAccepted)
        // A refusal, then an acceptance again.
        _ = session.moved(x: 11, y: 20, time: 2, over: Self.over)
        _ = session.receive(
            .status(target: Self.targetWindow, accepts: false, wantsPositionsInside: true, rectangle: .empty, action: 0)
        )
        #expect(!session.isAccepted)
        _ = session.moved(x: 12, y: 20, time: 3, over: Self.over)
        _ = session.receive(accepting())
        #expect(session.isAccepted)
        // An acceptance without an action is a refusal.
        _ = session.moved(x: 13, y: 20, time: 4, over: Self.over)
        _ = session.receive(
            .status(target: Self.targetWindow, accepts: true, wantsPositionsInside: true, rectangle: .empty, action: 0))
        #expect(!session.isAccepted)
        // Another window: not accepted until it says so.
        _ = session.moved(x: 14, y: 20, time: 5, over: Self.over)
        _ = session.receive(accepting())
        let other = XdndSourceSession.Target(window: 0x60_0009, version: 5)
        _ = session.moved(x: 300, y: 20, time: 6, over: other)
        #expect(!session.isAccepted)
        _ = session.receive(accepting(0x60_0009))
        #expect(session.isAccepted)
        // Released: dropped, no longer over a target that would take it.
        _ = session.released(at: 7)
        #expect(!session.isAccepted)
        // Over nothing: not accepted.
        var elsewhere = source()
        _ = elsewhere.moved(x: 1, y: 1, time: 1, over: nil)
        #expect(!elsewhere.isAccepted)
    }

    @Test("source: more than three types: XdndTypeList flagged, the first three in the message")
    func sourceTypeList() {
        var session = source(types: [1, 2, 3, 4, 5])
        #expect(
            session.moved(x: 0, y: 0, time: 1, over: Self.over).first
                == sent(.enter(source: Self.sourceWindow, version: 5, hasTypeList: true, types: [1, 2, 3])))
    }

    @Test("source: the version is the lower of the two; a version 4 target's finish counts as accepted")
    func sourceVersion() {
        var session = source()
        let old = XdndSourceSession.Target(window: Self.targetWindow, version: 4)
        #expect(
            session.moved(x: 0, y: 0, time: 1, over: old).first
                == sent(
                    .enter(source: Self.sourceWindow, version: 4, hasTypeList: false, types: [Self.json, Self.text])))
        _ = session.receive(accepting())
        _ = session.released(at: 2)
        #expect(
            session.receive(.finished(target: Self.targetWindow, accepted: false, action: Self.copy)) == [
                .ended(.dropped(target: Self.targetWindow, accepted: true, action: Self.copy))
            ])
        var newer = source()
        let future = XdndSourceSession.Target(window: Self.targetWindow, version: 9)
        #expect(
            newer.moved(x: 0, y: 0, time: 1, over: future).first
                == sent(
                    .enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.json, Self.text])))
    }

    @Test("source: crossing from one target to another leaves the first; a proxy gets the messages about its window")
    func sourceCrossing() {
        var session = source()
        let proxied = XdndSourceSession.Target(window: 0x80_0001, proxy: 0x80_0099, version: 5)
        _ = session.moved(x: 0, y: 0, time: 1, over: Self.over)
        #expect(
            session.moved(x: 500, y: 0, time: 2, over: proxied) == [
                sent(.leave(source: Self.sourceWindow)),
                sent(
                    .enter(source: Self.sourceWindow, version: 5, hasTypeList: false, types: [Self.json, Self.text]),
                    about: 0x80_0001, to: 0x80_0099),
                sent(
                    .position(source: Self.sourceWindow, x: 500, y: 0, time: 2, action: Self.copy), about: 0x80_0001,
                    to: 0x80_0099),
            ])
        // The first target's late status is not the current target's.
        #expect(session.receive(accepting()).isEmpty)
        #expect(session.isWaiting)
        #expect(
            session.moved(x: 900, y: 0, time: 3, over: nil) == [
                sent(.leave(source: Self.sourceWindow), about: 0x80_0001, to: 0x80_0099)
            ])
        #expect(session.released(at: 4) == [.ended(.refused)])
    }

    @Test("source: no positions inside the rectangle a status names, unless it asks for them")
    func sourceQuietRectangle() {
        var session = source()
        _ = session.moved(x: 50, y: 50, time: 1, over: Self.over)
        _ = session.receive(accepting(rectangle: .init(x: 10, y: 10, width: 100, height: 100), inside: false))
        #expect(session.moved(x: 60, y: 60, time: 2, over: Self.over).isEmpty)
        #expect(session.moved(x: 109, y: 109, time: 3, over: Self.over).isEmpty)
        #expect(
            session.moved(x: 110, y: 60, time: 4, over: Self.over) == [
                sent(.position(source: Self.sourceWindow, x: 110, y: 60, time: 4, action: Self.copy))
            ])
        _ = session.receive(accepting(rectangle: .init(x: 10, y: 10, width: 200, height: 200), inside: true))
        #expect(session.moved(x: 60, y: 60, time: 5, over: Self.over).count == 1)
    }

    @Test("source: released after a refusal, or an acceptance without an action: left, refused")
    func sourceRefused() {
        for status in [
            XdndMessage.status(
                target: Self.targetWindow, accepts: false, wantsPositionsInside: true, rectangle: .empty, action: 0),
            .status(target: Self.targetWindow, accepts: true, wantsPositionsInside: true, rectangle: .empty, action: 0),
        ] {
            var session = source()
            _ = session.moved(x: 0, y: 0, time: 1, over: Self.over)
            _ = session.receive(status)
            #expect(session.released(at: 2) == [sent(.leave(source: Self.sourceWindow)), .ended(.refused)])
        }
    }

    @Test("source: a silent target expires: left when a status is awaited, ended when its finish is")
    func sourceExpiry() {
        var waiting = source()
        #expect(waiting.expire().isEmpty)
        _ = waiting.moved(x: 0, y: 0, time: 1, over: Self.over)
        #expect(waiting.expire() == [sent(.leave(source: Self.sourceWindow)), .ended(.expired)])
        var dropped = source()
        _ = dropped.moved(x: 0, y: 0, time: 1, over: Self.over)
        _ = dropped.receive(accepting())
        _ = dropped.released(at: 2)
        #expect(dropped.isWaiting)
        #expect(dropped.expire() == [.ended(.expired)])
        #expect(dropped.receive(.finished(target: Self.targetWindow, accepted: true, action: Self.copy)).isEmpty)
    }

    @Test("the two sessions together: every message the source sends, the target answers, to a drop")
    func sessionsTogether() {
        var source = source(types: [Self.png, 7, 8, Self.json])
        var target = target()
        var toTarget: [XdndMessage] = []
        var outcome: XdndSourceSession.Outcome?
        var delivered: Bool?
        func run(_ steps: [XdndSourceSession.Step]) {
            for step in steps {
                switch step {
                case .send(let message, _, _): toTarget.append(message)
                case .ended(let end): outcome = end
                }
            }
            while !toTarget.isEmpty {
                for answer in target.receive(toTarget.removeFirst()) {
                    switch answer {
                    case .readTypeList: _ = target.typesRead(source.types)
                    case .send(let message, _): run(source.receive(message))
                    case .convert:
                        run(
                            target.conversionEnded(succeeded: true).flatMap { step -> [XdndSourceSession.Step] in
                                if case .send(let message, _) = step { return source.receive(message) }
                                if case .ended(let done) = step { delivered = done }
                                return []
                            })
                    case .ended(let done): delivered = done
                    }
                }
            }
        }
        for x in stride(from: UInt16(0), to: 50, by: 5) {
            run(source.moved(x: x, y: 0, time: X11Timestamp(rawValue: UInt32(x)), over: Self.over))
        }
        run(source.released(at: 60))
        #expect(outcome == .dropped(target: Self.targetWindow, accepted: true, action: Self.copy))
        #expect(delivered == true)
    }
}
