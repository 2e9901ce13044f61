import Foundation
import Testing
import TransferKit

@testable import TransferClipboard

/// Drag and drop against peers that break the rules on purpose, written by hand on a connection
/// of the test's own: `transfer drop` against a source that never answers its conversion, floods
/// positions, or lists thousands of types; `transfer drag` against a target that never finishes,
/// never answers, or floods statuses. Each ends in bounded time — the idle time-out's — with words,
/// and leaves the window able to take the next drag. Skipped, with the reason printed, where Xvfb
/// (or, for the drags, xdotool) is absent (`.ci/run` installs them).
@Suite("Hostile XDND peers on Xvfb: bounded, with words", .serialized)
struct HostileXdndPeerTests {
    /// `transfer drop`'s window, and a point on it.
    static let dropGeometry = "200x200+10+10"
    static let onDrop: (x: UInt16, y: UInt16) = (110, 60)

    /// A source by hand: its own connection and window, which owns `XdndSelection` and answers
    /// nothing unless the test does.
    struct HandSource {
        let connection: X11Connection
        let window: X11Window
        let atoms: XdndAtoms
        let deadline = ContinuousClock.now + .seconds(120)

        init(on server: XvfbServer) throws {
            connection = try X11Connection(
                display: server.display, environment: server.environment, timeout: .seconds(20))
            let selection = try X11Selection(connection, deadline: deadline)
            window = selection.window
            atoms = try XdndAtoms(connection, deadline: deadline)
            try connection.setSelectionOwner(window, selection: atoms.selection, time: 0)
        }

        func atom(_ name: String) throws -> X11Atom { try connection.internAtom(name, deadline: deadline) }

        func send(_ messages: [XdndMessage], to target: X11Window) throws {
            for message in messages {
                try connection.send(message.event(about: target, atoms: atoms.messages), to: target)
            }
        }

        /// The next XDND message sent to the source, or `nil` at the deadline; selection requests
        /// and every other event are read and left unanswered.
        func nextMessage() throws -> XdndMessage? {
            while let event = try connection.nextEvent(deadline: deadline) {
                if let message = XdndMessage(event, atoms: atoms.messages) { return message }
            }
            return nil
        }
    }

    /// The window that takes drops at ``onDrop``.
    func dropWindow(on server: XvfbServer) async throws -> X11Window {
        try await onThread {
            try waitForWindow(on: server, x: Int16(Self.onDrop.x), y: Int16(Self.onDrop.y))
            let connection = try X11Connection(
                display: server.display, environment: server.environment, timeout: .seconds(20))
            return try connection.childWindow(
                of: connection.root, atRoot: Int16(Self.onDrop.x), Int16(Self.onDrop.y), deadline: .now + .seconds(20))
        }
    }

    @Test("a source that never answers the dropped conversion: told not accepted, and transfer drop exits 75 saying so")
    func sourceNeverAnswers() async throws {
        try await withFreshServer { server in
            let tool = DesktopTools.start(
                transfer, ["drop", "--type", "text/plain", "--geometry", Self.dropGeometry, "--timeout", "120"],
                environment: server.environment, timeout: .seconds(150))
            let target = try await dropWindow(on: server)
            let finished = try await onThread { () throws -> XdndMessage? in
                let source = try HandSource(on: server)
                let text = try source.atom("text/plain")
                try source.send(
                    [
                        .enter(source: source.window, version: 5, hasTypeList: false, types: [text]),
                        .position(
                            source: source.window, x: Self.onDrop.x, y: Self.onDrop.y, time: 0,
                            action: source.atoms.actions.copy),
                    ], to: target)
                guard case .status(_, accepts: true, _, _, _)? = try source.nextMessage() else { return nil }
                try source.send([.drop(source: source.window, time: 0)], to: target)
                // The conversion's request comes, and is never answered; the finish is awaited.
                return try source.nextMessage()
            }
            let result = try await tool.value
            #expect(finished == .finished(target: target, accepted: false, action: 0))
            #expect(result.status == 75, "\(result.error)")
            #expect(
                result.error.contains("the drop failed, and the source was told")
                    && result.error.contains("did not answer for text/plain"), "\(result.error)")
            #expect(result.output.isEmpty)
        }
    }

    @Test("a flood of positions gets one status each, and the next drag is taken")
    func positionFlood() async throws {
        try await withFreshServer { server in
            let tool = DesktopTools.start(
                transfer, ["drop", "--type", "text/plain", "--geometry", Self.dropGeometry, "--timeout", "120"],
                environment: server.environment, timeout: .seconds(150))
            let target = try await dropWindow(on: server)
            let positions = 5_000
            let statuses = try await onThread { () throws -> Int in
                let source = try HandSource(on: server)
                let text = try source.atom("text/plain")
                try source.send(
                    [.enter(source: source.window, version: 5, hasTypeList: false, types: [text])], to: target)
                let position = XdndMessage.position(
                    source: source.window, x: Self.onDrop.x, y: Self.onDrop.y, time: 0,
                    action: source.atoms.actions.copy)
                try source.send(Array(repeating: position, count: positions), to: target)
                var statuses = 0
                while statuses < positions, case .status? = try source.nextMessage() { statuses += 1 }
                try source.send([.leave(source: source.window)], to: target)
                return statuses
            }
            #expect(statuses == positions)
            let outcome = try await onThread {
                try xdndDrag(ClipboardContent(bytes: Data("after the flood".utf8), names: ["text/plain"]), on: server)
            }
            let result = try await tool.value
            if case .dropped(let to, let accepted, _)? = outcome {
                #expect(to == target && accepted)
            } else {
                Issue.record("the drag ended \(String(describing: outcome))")
            }
            #expect(result.status == 0, "\(result.error)")
            #expect(String(decoding: result.output, as: UTF8.self) == "after the flood")
        }
    }

    @Test("thousands of types: the first 100 are read; a type past them is not seen, one among them is taken")
    func tooManyTypes() async throws {
        try await withFreshServer { server in
            let tool = DesktopTools.start(
                transfer, ["drop", "--type", "text/plain", "--geometry", Self.dropGeometry, "--timeout", "120"],
                environment: server.environment, timeout: .seconds(150))
            let target = try await dropWindow(on: server)
            let accepted = try await onThread { () throws -> [Bool] in
                let source = try HandSource(on: server)
                let (text, junk) = (try source.atom("text/plain"), try source.atom("application/x-junk"))
                var answers: [Bool] = []
                for place in [4_999, 50] {
                    var list = [X11Atom](repeating: junk, count: 5_000)
                    list[place] = text
                    var value: [UInt8] = []
                    for atom in list { value.appendUInt32(atom.rawValue) }
                    try source.connection.changeProperty(
                        source.window, source.atoms.typeList, type: X11Atom.atom, format: 32, data: value)
                    try source.send(
                        [
                            .enter(source: source.window, version: 5, hasTypeList: true, types: [junk, junk, junk]),
                            .position(
                                source: source.window, x: Self.onDrop.x, y: Self.onDrop.y, time: 0,
                                action: source.atoms.actions.copy),
                        ], to: target)
                    guard case .status(_, let accepts, _, _, _)? = try source.nextMessage() else { return answers }
                    answers.append(accepts)
                    try source.send([.leave(source: source.window)], to: target)
                }
                return answers
            }
            #expect(accepted == [false, true])
            // A drag that ends the tool's wait.
            _ = try await onThread {
                try xdndDrag(ClipboardContent(bytes: Data("done".utf8), names: ["text/plain"]), on: server)
            }
            let result = try await tool.value
            #expect(result.status == 0, "\(result.error)")
            #expect(String(decoding: result.output, as: UTF8.self) == "done")
        }
    }

    /// What a hand-written target does.
    enum TargetBehaviour: Sendable {
        /// Accepts every position, and never sends `XdndFinished` after the drop.
        case neverFinishes
        /// Never answers a position.
        case neverAnswers
        /// Answers each position with 500 accepting statuses, and the drop with a finish.
        case floodsStatuses
    }

    /// A target by hand at (170, 0), 150 × 100, made and played on one thread.
    struct HandTarget {
        let connection: X11Connection
        let window: X11Window
        let atoms: XdndAtoms

        init(on server: XvfbServer) throws {
            connection = try X11Connection(
                display: server.display, environment: server.environment, timeout: .seconds(20))
            let deadline = ContinuousClock.now + .seconds(20)
            atoms = try XdndAtoms(connection, deadline: deadline)
            window = try connection.createVisibleWindow(x: 170, y: 0, width: 150, height: 100)
            var version: [UInt8] = []
            version.appendUInt32(5)
            try connection.changeProperty(window, atoms.aware, type: X11Atom.atom, format: 32, data: version)
            try X11DropTarget.name(window, "hostile target", on: connection, atoms: atoms)
            try connection.mapWindow(window)
            try connection.sync(deadline: deadline)
        }

        /// Plays `behaviour` until the drag ends or the deadline: the messages it received.
        func play(_ behaviour: TargetBehaviour, until deadline: ContinuousClock.Instant) throws -> [XdndMessage] {
            var received: [XdndMessage] = []
            while let event = try connection.nextEvent(deadline: deadline) {
                guard let message = XdndMessage(event, atoms: atoms.messages) else { continue }
                received.append(message)
                let accept = XdndMessage.status(
                    target: window, accepts: true, wantsPositionsInside: true, rectangle: .empty,
                    action: atoms.actions.copy)
                switch (message, behaviour) {
                case (.position(let source, _, _, _, _), .neverFinishes):
                    try connection.send(accept.event(about: source, atoms: atoms.messages), to: source)
                case (.position(let source, _, _, _, _), .floodsStatuses):
                    for _ in 0..<500 {
                        try connection.send(accept.event(about: source, atoms: atoms.messages), to: source)
                    }
                case (.drop(let source, _), .floodsStatuses):
                    let finished = XdndMessage.finished(target: window, accepted: true, action: atoms.actions.copy)
                    try connection.send(finished.event(about: source, atoms: atoms.messages), to: source)
                    try connection.sync(deadline: deadline)
                    return received
                case (.leave, _):
                    return received
                default:
                    break
                }
            }
            return received
        }
    }

    /// Runs `transfer drag` of a file at the left, drags it onto a hand-written target playing
    /// `behaviour`, and returns how the tool ended and what the target received.
    func drag(onto behaviour: TargetBehaviour, on server: XvfbServer) async throws -> (
        tool: (output: Data, error: String, status: Int32), received: [XdndMessage]
    ) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-drag-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("note.txt")
        try Data("x".utf8).write(to: file)
        let tool = DesktopTools.start(
            transfer, ["drag", file.path, "--geometry", "150x100+0+0", "--timeout", "120"],
            environment: server.environment, timeout: .seconds(150))
        let received = ThreadTask { try HandTarget(on: server).play(behaviour, until: .now + .seconds(140)) }
        try await onThread {
            try waitForWindow(on: server, x: 40, y: 50, takingDrops: false)
            try waitForWindow(on: server, x: 240, y: 50)
        }
        try await DragCommandTests().dragAcross(on: server)
        let ended = try await tool.value
        // The tool has ended: a leave tells the target to stop playing (it may still be waiting).
        try await onThread {
            let connection = try X11Connection(
                display: server.display, environment: server.environment, timeout: .seconds(20))
            let atoms = try XdndAtoms(connection, deadline: .now + .seconds(20))
            let window = try connection.childWindow(of: connection.root, atRoot: 240, 50, deadline: .now + .seconds(20))
            guard window != .none else { return }  // The target stopped already, and its window is gone.
            try connection.send(XdndMessage.leave(source: 0).event(about: window, atoms: atoms.messages), to: window)
            try connection.sync(deadline: .now + .seconds(20))
        }
        return (ended, try await received.value)
    }

    @Test("a target that never finishes after the drop: transfer drag ends at the idle time-out, 75, saying so")
    func targetNeverFinishes() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let (tool, received) = try await drag(onto: .neverFinishes, on: server)
            #expect(received.contains { if case .drop = $0 { true } else { false } }, "\(received)")
            #expect(tool.status == 75)
            #expect(tool.error.contains("the target stopped answering: nothing from it in"), "\(tool.error)")
        }
    }

    @Test("a target that never answers a position: released, the drag ends at the idle time-out, 75, saying so")
    func targetNeverAnswers() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let (tool, received) = try await drag(onto: .neverAnswers, on: server)
            // One position at a time: the next waits for a status that never comes.
            #expect(received.filter { if case .position = $0 { true } else { false } }.count == 1, "\(received)")
            #expect(tool.status == 75)
            #expect(tool.error.contains("the target stopped answering"), "\(tool.error)")
        }
    }

    @Test("a target that floods statuses: the extra ones are ignored, and the drop is taken")
    func statusFlood() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let (tool, received) = try await drag(onto: .floodsStatuses, on: server)
            #expect(received.contains { if case .drop = $0 { true } else { false } }, "\(received)")
            #expect(tool.status == 0, "\(tool.error)")
            #expect(tool.error.contains("dropped (copy)"), "\(tool.error)")
        }
    }
}
