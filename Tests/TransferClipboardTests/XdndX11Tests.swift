import Foundation
import Synchronization
import Testing
import TransferKit

@testable import TransferClipboard

/// XDND over a real X server: a drop target's window on one connection, a drag source on another,
/// the source's pointer moved over the target by position (as a toolkit hands its moves over),
/// and the dropped bytes converted from `XdndSelection`. Skipped, with the reason printed, where
/// Xvfb is absent (`.ci/run` installs it).
@Suite("XDND on Xvfb: a source's drag onto a target's window", .serialized)
struct XdndX11Tests {
    /// What the target's thread saw: its window, then the drop (or the error that ended it).
    final class TargetRun: Sendable {
        let window = Mutex(X11Window.none)
        let drop = Mutex<Result<X11DropTarget.Drop?, any Error>?>(nil)
        let ready = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
    }

    /// Starts a target at 10, 10 (200 × 200) on its own connection and thread, waiting for one
    /// drop of the first of `accepting`.
    func startTarget(on server: XvfbServer, accepting: [String]) -> TargetRun {
        let run = TargetRun()
        let (display, environment) = (server.display, server.environment)
        DispatchQueue.global().async {
            defer { run.done.signal() }
            do {
                let connection = try X11Connection(display: display, environment: environment, timeout: .seconds(20))
                let selection = try X11Selection(connection, deadline: .now + .seconds(20))
                let target = try X11DropTarget(
                    selection, title: "TransferKit drop test", x: 10, y: 10, width: 200, height: 200,
                    deadline: .now + .seconds(20))
                run.window.withLock { $0 = target.window }
                run.ready.signal()
                let drop = try target.nextDrop(
                    accepting: accepting, limit: 1 << 26, idle: .seconds(60), deadline: .now + .seconds(240))
                run.drop.withLock { $0 = .success(drop) }
            } catch {
                run.drop.withLock { $0 = .failure(error) }
                run.ready.signal()
            }
        }
        return run
    }

    /// A source of `item` on its own connection, moved over the screen, then released.
    func drag(_ item: some Transferable, on server: XvfbServer) throws -> XdndSourceSession.Outcome? {
        try xdndDrag(try ClipboardContent(items: [ShareItem(item)]), on: server)
    }

    @Test("the first type the target accepts travels, byte for byte (large enough for INCR), and both sides end")
    func dragAndDrop() async throws {
        try await withFreshServer { server in
            // More than the 16 MiB one request carries: the target reads it in INCR chunks.
            let note = ClipNote(title: "Dragged", body: String(repeating: "a line of the body\n", count: 1_000_000))
            let run = startTarget(on: server, accepting: ["text/x-unknown", "application/json", "text/plain"])
            try await onThread { run.ready.wait() }
            let window = run.window.withLock { $0 }
            // What Chromium needs of a window before it drags onto it: a WM_NAME, and XdndAware 5.
            let (name, aware) = try await onThread {
                let look = try X11Connection(
                    display: server.display, environment: server.environment, timeout: .seconds(20))
                let deadline = ContinuousClock.now + .seconds(20)
                do {
                    let name = try look.getProperty(window, 39, delete: false, longLength: 64, deadline: deadline)
                    let aware = try look.getProperty(
                        window, try look.internAtom("XdndAware", deadline: deadline), delete: false, longLength: 1,
                        deadline: deadline)
                    return (name, aware)
                } catch let error as ClipboardError where error.code == .protocolError {
                    // The window the target made and synced is not there for another connection.
                    throw ServerMixUp(description: "\(error)")
                }
            }
            #expect(String(decoding: name.value, as: UTF8.self) == "TransferKit drop test")
            #expect(aware.type == X11Atom.atom && X11Reply.words(aware.value) == [5])
            let outcome = try await onThread { try self.drag(note, on: server) }
            try await onThread { run.done.wait() }
            guard case .dropped(window, true, let action) = outcome, action != .none else {
                Issue.record("the source's drag ended \(String(describing: outcome)), not dropped on \(window)")
                return
            }
            let drop = try #require(try run.drop.withLock { $0 }?.get())
            #expect(drop.type.name == "application/json")
            #expect(drop.action == "copy")
            #expect(
                drop.offered.map(\.name).contains("com.example.clip-note")
                    && drop.offered.map(\.name).contains("application/json"))
            #expect(try JSONDecoder().decode(ClipNote.self, from: drop.data) == note)
        }
    }

    @Test("a target that takes none of the types refuses, and takes the next drag that has one")
    func refusal() async throws {
        try await withFreshServer { server in
            let run = startTarget(on: server, accepting: ["image/png"])
            try await onThread { run.ready.wait() }
            #expect(try await onThread { try self.drag(ClipNote(title: "t", body: "b"), on: server) } == .refused)
            guard
                case .dropped(_, true, _) = try await onThread({ try self.drag(ClipPhoto(png: pngBytes), on: server) })
            else {
                Issue.record("the photo was not dropped")
                return
            }
            try await onThread { run.done.wait() }
            let drop = try #require(try run.drop.withLock { $0 }?.get())
            #expect(drop.type.name == "image/png" && drop.data == pngBytes)
        }
    }

    @Test("a target's messages name the source they go to, as Chromium needs: it routes them by that window")
    func targetMessagesNameTheirSource() async throws {
        try await withFreshServer { server in
            let run = startTarget(on: server, accepting: ["text/plain"])
            try await onThread { run.ready.wait() }
            let target = run.window.withLock { $0 }
            // A source by hand: an enter and a position, then the status the target answers.
            let (source, status) = try await onThread { () throws -> (X11Window, X11Event?) in
                let deadline = ContinuousClock.now + .seconds(60)
                let connection = try X11Connection(
                    display: server.display, environment: server.environment, timeout: .seconds(20))
                let selection = try X11Selection(connection, deadline: deadline)
                let atoms = try XdndAtoms(connection, deadline: deadline)
                let text = try connection.internAtom("text/plain", deadline: deadline)
                let source = selection.window
                let messages: [XdndMessage] = [
                    .enter(source: source, version: 5, hasTypeList: false, types: [text]),
                    .position(source: source, x: 60, y: 60, time: 0, action: atoms.actions.copy),
                ]
                for message in messages {
                    try connection.send(message.event(about: target, atoms: atoms.messages), to: target)
                }
                while let event = try connection.nextEvent(deadline: deadline) {
                    guard case .clientMessage(_, atoms.messages.status, _, _) = event else { continue }
                    try connection.send(
                        XdndMessage.leave(source: source).event(about: target, atoms: atoms.messages), to: target)
                    return (source, event)
                }
                return (source, nil)
            }
            guard case .clientMessage(let window, _, _, _) = try #require(status) else { return }
            #expect(window == source, "the status names \(window), not the source \(source) it went to")
            // A drag to its end, so that the target's wait ends.
            _ = try await onThread { try self.drag(ClipNote(title: "t", body: "b"), on: server) }
            try await onThread { run.done.wait() }
        }
    }

    @Test("DropTarget: a model dropped is the model, through the same negotiation as a paste")
    func modelDrop() async throws {
        try await withFreshServer { server in
            let target = try DropTarget(
                title: "Drop a note", environment: server.environment,
                limits: Clipboard.Limits(idleTimeout: .seconds(20), timeout: .seconds(60)))
            let note = ClipNote(title: "Carried", body: "by a drag")
            async let dropped = target.drop(ClipNote.self, timeout: .seconds(60))
            // The source blocks on its connection: on a thread of its own, not one of Swift's.
            let outcome = await withCheckedContinuation { continuation in
                DispatchQueue(label: "source").async {
                    continuation.resume(returning: Result { try drag(note, on: server) })
                }
            }
            guard case .dropped(_, true, _) = try outcome.get() else {
                Issue.record("the drag ended \(String(describing: try? outcome.get()))")
                return
            }
            let paste = try #require(try await dropped)
            #expect(paste.value == note)
            // The app's own identifier names no type this process declared (UTType(exportedAs:) is
            // not a declaration, as on Apple's platforms without Info.plist): JSON, the next the
            // model imports, is taken — as a paste of the same offer takes it.
            #expect(paste.type.name == "application/json")
            #expect(paste.negotiation.best?.offer.contentType == .json)
            // Raw bytes too: the first of the names offered, as they came.
            async let raw = target.dropData(timeout: .seconds(60)) { offered in
                offered.first { $0.name == "text/x-none" } ?? offered.first { $0.name == "UTF8_STRING" }
            }
            let second = await withCheckedContinuation { continuation in
                DispatchQueue(label: "source").async {
                    continuation.resume(returning: Result { try drag(note, on: server) })
                }
            }
            #expect(try second.get() != .refused)
            let bytes = try #require(try await raw)
            #expect(bytes.type.name == "UTF8_STRING" && bytes.data == Data("Carried".utf8))
        }
    }
}

/// A drag of `content` from a source on a connection of its own: the pointer moved along y = 60
/// from x = 5 to x = 110 (over a target at the top left of the screen), each position's status
/// awaited, then released, and the drop's conversions served to the end.
func xdndDrag(_ content: ClipboardContent, on server: XvfbServer) throws -> XdndSourceSession.Outcome? {
    // Generous: a suite running every test at once on two cores once took 290 s for the 19 MB drop
    // through INCR (8 s alone), and a source past its deadline stops serving mid-transfer.
    let deadline = ContinuousClock.now + .seconds(240)
    let connection = try X11Connection(display: server.display, environment: server.environment, timeout: .seconds(20))
    let selection = try X11Selection(connection, deadline: deadline)
    let source = try X11DragSource(selection, content: content, idle: .seconds(60), deadline: deadline)
    for x: Int16 in [5, 20, 60, 100, 110] {
        try source.move(toRootX: x, y: 60, deadline: deadline)
        try source.serve(until: deadline)
    }
    try source.release()
    try source.serve(until: deadline)
    return source.outcome
}

/// Waits until a window is mapped at the root's point `x`, `y` — one that takes drops (with
/// `XdndAware`) when `takingDrops`: woken by the root's `MapNotify` events, not by time; at most 45
/// seconds (a program started by a suite of two cores running every test can be slow to show one).
func waitForWindow(on server: XvfbServer, x: Int16, y: Int16, takingDrops: Bool = true) throws {
    do {
        try watchForWindow(on: server, x: x, y: y, takingDrops: takingDrops)
    } catch let error as ClipboardError where error.code == .timedOut {
        // The observer's own requests went unanswered for 20 seconds: a server that did not hold
        // up under the full suite's load (seen once, beside the million-level nesting suite), which
        // a fresh server is tried for, as for a window that never showed.
        throw ServerMixUp(description: "the X server of \(server.display) did not answer the observer: \(error)")
    }
}

private func watchForWindow(on server: XvfbServer, x: Int16, y: Int16, takingDrops: Bool) throws {
    let deadline = ContinuousClock.now + .seconds(45)
    let connection = try X11Connection(display: server.display, environment: server.environment, timeout: .seconds(20))
    let aware = try connection.internAtom("XdndAware", deadline: deadline)
    // SubstructureNotify on the root: an event for every top-level mapped from now on.
    try connection.request(.changeWindowAttributes(window: connection.root, eventMask: .substructureNotify))
    var seen: [String] = []
    while true {
        let child = try connection.childWindow(of: connection.root, atRoot: x, y, deadline: deadline)
        if child != .none {
            let property = try connection.getProperty(child, aware, delete: false, longLength: 1, deadline: deadline)
            if !takingDrops || !property.value.isEmpty { return }
        }
        seen.append("\(child)")
        guard let event = try connection.nextEvent(deadline: deadline) else {
            // Which X servers claim the display: more than one would explain a window not seen.
            let servers = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap {
                pid -> String? in
                guard let line = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8) else {
                    return nil
                }
                let arguments = line.split(separator: "\0").map(String.init)
                return arguments.first?.hasSuffix("Xvfb") == true && arguments.contains(server.display) ? pid : nil
            }
            let now = try connection.childWindow(of: connection.root, atRoot: x, y, deadline: .now + .seconds(5))
            // What xdotool sees: a client of xcb's, which reaches the server by its abstract socket
            // first, where the package's connections go by the socket's file. Every named window
            // there (the tools' are named "transfer drop", "Drop a PNG", …), with its place, tells
            // whether the tool's window is on another server than the one this connection
            // reaches, or elsewhere on this one.
            let socketFile = "/tmp/.X11-unix/X\(server.display.dropFirst())"
            let xdotool = try? DesktopTools.runBlocking(
                "xdotool", ["search", "--name", ".", "getwindowname", "%@", "getwindowgeometry", "%@"],
                environment: server.environment, timeout: .seconds(10))
            let elsewhere =
                xdotool.map { String(decoding: $0.output, as: UTF8.self) + $0.error } ?? "xdotool did not run"
            throw ServerMixUp(
                description:
                    "no window was mapped at \(x), \(y) of \(server.display) in 45 seconds (saw \(seen); there now: \(now); Xvfb processes for it: \(servers); its socket file \(FileManager.default.fileExists(atPath: socketFile) ? "is there" : "is gone"); xdotool sees: \(elsewhere.debugDescription))"
            )
        }
        seen.append("\(event)")
    }
}

/// A test's X server that did not hold what the test put on it: a window made on one connection
/// was not there for another, or never showed. Seen once to four times in a full run of the suite
/// on a busy two-core machine, among the first tests that start servers, beside the million-level
/// nesting suites. One cause found: the tool whose window was awaited was started by `async let`,
/// whose child task waited for one of Swift concurrency's two threads, which those suites held,
/// so that its window came up after the observer's 45 seconds (``ThreadTask``); tools now start at
/// once, and those retries stopped. Another remains, rarer (once in three full runs since): a
/// tool that had said its window was up before the observer looked, and a window the observer
/// never saw — its cause unknown. A server that does not hold a window is retried once, and the
/// retry says what each side saw.
struct ServerMixUp: Error, CustomStringConvertible {
    let description: String
}

/// Runs `body` with an X server of its own, and once more on a fresh server when the first
/// attempt meets a ``ServerMixUp`` (said on standard output); skips where Xvfb is absent. Every
/// other failure fails the test at once.
func withFreshServer(screen: String = "320x240x24", _ body: (XvfbServer) async throws -> Void) async throws {
    for attempt in 1...2 {
        guard let server = try XvfbServer.start(screen: screen) else { return }
        do {
            try await body(server)
            return
        } catch let mixUp as ServerMixUp where attempt == 1 {
            print(
                "the X server of \(server.display) did not hold the test's windows (\(mixUp)): once more on a fresh one"
            )
        }
    }
}
