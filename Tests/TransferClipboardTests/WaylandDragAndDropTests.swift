import Foundation
import Synchronization
import Testing
import TransferKit
import TransferKitTesting
import TransferSupport

@testable import TransferClipboard

/// Wayland's own drag and drop (`wl_data_device`) on a headless sway: a ``DropTarget`` and a
/// ``DragSource`` opened with `WAYLAND_DISPLAY` set each show a window of their own, and a virtual
/// pointer (`zwlr_virtual_pointer_v1`, which gives the headless seat its pointer) presses on the
/// source and releases over the target. Skipped, with the reason printed, where sway is absent
/// (`.ci/run` installs it).
///
/// The time-outs are generous, as the X11 drag tests' are: a suite running every test at once on
/// two cores once took 204 s for a drag that takes 0.1 s alone.
@Suite("Wayland drag and drop on a headless sway: between two windows of the package", .serialized)
struct WaylandDragAndDropTests {
    /// sway's headless output.
    static let screen = (width: 1280, height: 720)

    /// Whether a drag the target would take came over it, as its `isTargeted` said: signalled each
    /// time it says `true`.
    final class Targeting: Sendable {
        let came = DispatchSemaphore(value: 0)
        let said = Mutex<[Bool]>([])

        func say(_ targeted: Bool) {
            said.withLock { $0.append(targeted) }
            if targeted { came.signal() }
        }
    }

    /// Counts the child tasks that have begun: a test drives the pointer only once the drag's and
    /// the drop's waits have started, which a suite whose tests keep Swift's few shared threads
    /// busy can delay by minutes.
    final class Begun: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)

        /// Says one more has begun.
        func now() {
            semaphore.signal()
        }

        /// Waits until `count` have begun.
        func wait(for count: Int) async throws {
            try await onThread { for _ in 0..<count { self.semaphore.wait() } }
        }
    }

    /// Presses on the source's window (the second opened: the right half of the screen, as sway
    /// tiles two windows), moves the drag over the target's (the left half) until the target says
    /// a drag came over it, and releases there. Tried again from the press when the target heard
    /// nothing within five seconds: sway shows a new window's tile only once the windows have taken
    /// their new sizes, and a press before that lands on the old layout.
    static func dragAcross(on server: SwayServer, _ targeting: Targeting) throws {
        try dragAcross(on: server) { targeting.came.wait(timeout: .now() + .milliseconds(200)) == .success }
    }

    /// Drags as ``dragAcross(on:_:)`` does, asking `arrived` (which waits up to 200 ms) whether the
    /// target has heard of the drag.
    static func dragAcross(on server: SwayServer, arrived heard: () throws -> Bool) throws {
        let pointer = try WaylandVirtualPointer(socket: server.socket, deadline: .now + .seconds(120))
        let (width, height) = screen
        let source = (x: width * 3 / 4, y: height / 2)
        let target = (x: width / 4, y: height / 2)
        for _ in 1...8 {
            try pointer.move(to: source.x, source.y, in: width, height)
            try pointer.move(to: source.x + 1, source.y, in: width, height)
            try pointer.press(true)
            for step in 1...8 {
                try pointer.move(to: source.x + (target.x - source.x) * step / 8, target.y, in: width, height)
            }
            // Nudged until the target has heard of the drag: the drag starts when the source has
            // read the press, which the compositor does not wait for.
            var arrived = false
            // Up to ten seconds a try: a suite running every test at once on two cores can keep
            // the target's thread from reading the drag's events for seconds.
            for nudge in 1...50 {
                if try heard() {
                    arrived = true
                    break
                }
                try pointer.move(to: target.x + nudge % 2, target.y, in: width, height)
            }
            try pointer.press(false)
            if arrived { return }
        }
        Issue.record("the target never heard of the drag in eight tries")
    }

    @Test("a drag the target takes none of is refused: the source hears so, and the target waits on")
    func refusedDrop() async throws {
        guard let server = try SwayServer.start() else { return }
        let limits = Clipboard.Limits(idleTimeout: .seconds(60), timeout: .seconds(240))
        let target = try DropTarget(title: "Takes PNG only", environment: server.environment, limits: limits)
        let source = try DragSource(
            data: Data("plain words".utf8), as: ["text/plain"], title: "Drag text", environment: server.environment,
            limits: limits)
        let asked = Mutex<[[String]]>([])
        // Released once the drag has come over the target and the target was asked.
        let targeting = Targeting()
        let begun = Begun()
        async let dropped = {
            begun.now()
            return try await target.dropData(timeout: .seconds(20)) { offered in
                asked.withLock { $0.append(offered.map(\.name)) }
                targeting.came.signal()
                return offered.first { $0.name == "image/png" }
            }
        }()
        // Told once that the drag began: when the compositor was asked to start it.
        let begins = Mutex(0)
        async let dragged = {
            begun.now()
            return try await source.drag(timeout: .seconds(240), willBegin: { begins.withLock { $0 += 1 } })
        }()
        try await begun.wait(for: 2)
        try await onThread { try Self.dragAcross(on: server, targeting) }
        #expect(try await dragged == .refused)
        #expect(try await dropped == nil)
        #expect(asked.withLock { $0.contains(["text/plain"]) })
        #expect(begins.withLock { $0 } == 1)
    }

    /// A directory of its own holding a profile's JSON (`ada.json`): the directory, for the caller
    /// to remove, and the file.
    static func profileFile() throws -> (directory: URL, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayland-drag-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("ada.json")
        try DropCommandTests.profileJSON.write(to: file)
        return (directory, file)
    }

    @Test("transfer drag --model Profile into transfer drop --model Profile: the model, written as CSV; both say so")
    func commandLine() async throws {
        guard let server = try SwayServer.start() else { return }
        let (directory, input) = try Self.profileFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("dropped.csv")
        let drop = try BackgroundProgram(
            transfer,
            ["drop", "--model", "Profile", "--to", "csv", "-o", output.path, "--verbose", "--timeout", "240"],
            environment: server.environment)
        defer { drop.stop() }
        _ = try drop.line { $0.contains("drop onto the window") }
        let drag = try BackgroundProgram(
            transfer, ["drag", "--verbose", "--model", "Profile", input.path, "--timeout", "240"],
            environment: server.environment)
        defer { drag.stop() }
        _ = try drag.line { $0.contains("drag from the window") }
        // Released once the source hears from the compositor that the target accepts: the
        // target's saying so is not enough (its `accept` may still be unread beside the release).
        try await onThread {
            try Self.dragAcross(on: server) {
                (try? drag.line(timeout: .milliseconds(200)) { $0.contains("over a window that would take it") })
                    != nil
            }
        }
        let (dragged, dropped) = (drag.finish(timeout: .seconds(240)), drop.finish(timeout: .seconds(240)))
        #expect(dragged.status == 0, "\(dragged.error)")
        // Each side said the drag was over a window that takes it: the source, then the drop.
        let said = dragged.error.split(separator: "\n").map(String.init)
        #expect(
            said.suffix(3) == [
                "transfer drag: over a window that would take it", "transfer drag: over no window that would take it",
                "transfer drag: dropped (copy)",
            ], "\(dragged.error)")
        #expect(said.filter { $0 == "transfer drag: a drag began" }.count == 1, "\(dragged.error)")
        #expect(dropped.error.contains("a drag the window would take is over it"), "\(dropped.error)")
        #expect(dropped.status == 0, "\(dropped.error)")
        #expect(dropped.error.contains("Profile from "), "\(dropped.error)")
        let csv = try String(contentsOf: output, encoding: .utf8)
        #expect(csv.hasPrefix("id,name,bio,funFacts,video,portrait"))
        #expect(csv.contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada"))
    }

    @Test("transfer drag --model Profile into Chromium on Wayland: the page gets the profile's text")
    func modelIntoChromium() async throws {
        guard let server = try SwayServer.start(),
            let page = try ChromiumWindow.start(page: try ChromiumDragTests.page("drop"), on: server)
        else { return }
        _ = try await onThread { try page.report("loaded", as: ChromiumWindow.Nothing.self) }
        let (directory, input) = try Self.profileFile()
        defer { try? FileManager.default.removeItem(at: directory) }
        let drag = try BackgroundProgram(
            transfer, ["drag", "--keep", "--verbose", "--model", "Profile", input.path, "--timeout", "240"],
            environment: server.environment)
        defer { drag.stop() }
        _ = try drag.line { $0.contains("drag from the window") }
        // Chromium's window is the first, at the left; transfer's the second. Released once the
        // tool says the page's window accepts the drag (the compositor has an `accept` and an
        // action, without which a release cancels it) and the page has seen a `dragover` for a
        // move made after that: Chromium's browser accepts before its renderer has seen the drag
        // (a release then drops nothing: the page never sees it), and its renderer logs
        // `dragover` before it answers (a release at the first one found no drop). Even so, a
        // drop Chromium's browser took without handing it to the page was seen once in five runs
        // beside other suites: the window stays (--keep), and the drag is made again, as a user
        // would, at most three times, each retry said.
        var dropped: ChromiumDragTests.Dropped?
        for attempt in 1...3 where dropped == nil {
            let start = drag.count { _ in true }
            try await onThread {
                var needed: Int?
                try Self.dragAcross(on: server) {
                    if let needed {
                        return
                            (try? page.report(
                                "dragover", as: ChromiumWindow.Nothing.self, skipping: needed - 1,
                                timeout: .milliseconds(200))) != nil
                    }
                    let accepted =
                        (try? drag.line(from: start, timeout: .milliseconds(100)) {
                            $0.contains("over a window that would take it")
                        }) != nil
                    let seen = page.reports("dragover")
                    if accepted, seen > 0 { needed = seen + 1 }
                    return false  // a nudge, then the `dragover` it makes
                }
            }
            dropped = try? await onThread {
                try page.report("drop", as: ChromiumDragTests.Dropped.self, timeout: .seconds(20))
            }
            if dropped == nil {
                print("drag \(attempt) into Chromium on Wayland reached no drop on the page: once more")
            }
        }
        let drop = try #require(dropped, "no drag of three reached a drop on the page")
        // The tool says the drag began, then that it was dropped and taken.
        let taken = try drag.line { $0 == "transfer drag: dropped (copy)" }.index
        let began = try drag.line { $0 == "transfer drag: a drag began" }.index
        #expect(began < taken)
        // Only the types Chromium knows reach a page on Wayland: the JSON and CSV that reach it on
        // X11 (inside chromium/x-web-custom-data) do not.
        #expect(drop.types == ["text/plain"], "\(drop.types)")
        #expect(drop.text == "Ada")
    }

    /// Drags out of Chromium (the first window: the left half of the screen, as sway tiles two
    /// windows) into `transfer drop` (the right half), run with `arguments`, each step once the
    /// page or the drop has said the last one happened: the pointer over the page, a press and
    /// nudges until the page's drag has started (Chromium starts it once the renderer has seen the
    /// press and a move past its threshold) and has come over the page (the compositor's drag has
    /// begun: moved off the page before that, it never does), moves onto the drop's window, nudges
    /// there until it says it would take the drag, and the release. How `transfer drop` ended;
    /// `nil` where Chromium is not installed.
    static func dragOutOfChromium(
        page name: String, files: [String: Data] = [:], into arguments: [String], on server: SwayServer
    ) async throws -> (output: Data, error: String, status: Int32)? {
        guard let page = try ChromiumWindow.start(page: try ChromiumDragTests.page(name), files: files, on: server)
        else { return nil }
        _ = try await onThread { try page.report("loaded", as: ChromiumWindow.Nothing.self) }
        let drop = try BackgroundProgram(
            transfer, ["drop"] + arguments + ["--timeout", "240", "--verbose"], environment: server.environment)
        defer { drop.stop() }
        _ = try drop.line { $0.contains("drop onto the window") }
        // Once Chromium's window has taken its half of the screen: a press while the page is laid
        // out again starts no drag.
        _ = try await onThread { try page.report("resize", as: ChromiumWindow.Nothing.self) }
        try await onThread {
            let pointer = try WaylandVirtualPointer(socket: server.socket, deadline: .now + .seconds(120))
            let (width, height) = screen
            // On the page, in its image's top left (both pages drag from there), and on the drop's window.
            let source = (x: 200, y: 150)
            let target = (x: width * 3 / 4, y: height / 2)
            /// Nudges the pointer about `x`, `y` until `happened` (which waits up to 200 ms) says so.
            func nudge(about x: Int, _ y: Int, until happened: () -> Bool) throws -> Bool {
                for nudge in 1...25 {
                    if happened() { return true }
                    try pointer.move(to: x + 4 * (nudge % 3), y, in: width, height)
                }
                return false
            }
            func reported(_ name: String, skipping: Int) -> Bool {
                (try? page.report(
                    name, as: ChromiumWindow.Nothing.self, skipping: skipping, timeout: .milliseconds(200))) != nil
            }
            _ = try nudge(about: source.x, source.y) { reported("pointerover", skipping: 0) }
            var (started, entered) = (0, 0)
            for _ in 1...8 {
                try pointer.move(to: source.x, source.y, in: width, height)
                try pointer.press(true)
                let dragging = try nudge(about: source.x + 12, source.y) { reported("dragstart", skipping: started) }
                if dragging { started += 1 }
                let begun =
                    try dragging && nudge(about: source.x + 24, source.y) { reported("dragenter", skipping: entered) }
                if begun { entered += 1 }
                var over = false
                if begun {
                    for step in 1...8 {
                        try pointer.move(
                            to: source.x + (target.x - source.x) * step / 8,
                            source.y + (target.y - source.y) * step / 8, in: width, height)
                    }
                    over = try nudge(about: target.x, target.y) {
                        (try? drop.line(timeout: .milliseconds(200)) { $0.contains("would take is over it") }) != nil
                    }
                }
                try pointer.press(false)
                if over { return }
            }
            Issue.record("no drag out of Chromium came over transfer drop in eight tries")
        }
        return try await onThread { drop.finish(timeout: .seconds(240)) }
    }

    @Test("text dragged out of Chromium on Wayland arrives in transfer drop, as UTF-8")
    func textOutOfChromium() async throws {
        guard let server = try SwayServer.start(),
            let dropped = try await Self.dragOutOfChromium(page: "drag", into: ["--type", "text/plain"], on: server)
        else { return }
        #expect(dropped.status == 0, "\(dropped.error)")
        #expect(dropped.error.contains("transfer drop: text/plain"), "\(dropped.error)")
        #expect(String(decoding: dropped.output, as: UTF8.self) == "Hello from Chromium ☕")
    }

    @Test("an image dragged out of Chromium on Wayland arrives in transfer drop --to png byte for byte")
    func imageOutOfChromium() async throws {
        // A PNG no encoder would write again the same way: an ancillary text chunk before the end.
        var png = try PlaceholderImage(width: 120, height: 90, text: "portrait").pngData()
        png.insert(contentsOf: ChromiumDragTests.textChunk("Comment", "kept byte for byte"), at: png.count - 12)
        guard let server = try SwayServer.start(),
            let dropped = try await Self.dragOutOfChromium(
                page: "drag-image", files: ["portrait.png": png], into: ["--to", "png"], on: server)
        else { return }
        #expect(dropped.status == 0, "\(dropped.error)")
        // Chromium offers the image as bytes of no type, named by the type's own parameter.
        #expect(
            dropped.error.contains("application/octet-stream;name=\"portrait.png\" → public.png"), "\(dropped.error)")
        #expect(dropped.output == png, "\(dropped.output.count) bytes, not the page's \(png.count)")
    }

    /// A source written by hand on the package's window: on a press it starts a drag offering
    /// `text/plain`, then holds every pipe it is asked to write into open, writing nothing, until
    /// the compositor cancels it. Whether it was cancelled, and how many pipes it was handed.
    static func silentSource(on server: SwayServer) throws -> (cancelled: Bool, pipes: Int) {
        let window = try WaylandWindow(
            socket: server.socket, title: "Silent source", width: 320, height: 240, picture: nil,
            deadline: .now + .seconds(120))
        let connection = window.connection
        var held: [FileDescriptor] = []
        defer { held.forEach { $0.close() } }
        var source: WaylandObject<WlDataSource>?
        let deadline = ContinuousClock.now + .seconds(240)
        while let event = try connection.nextEvent(deadline: deadline) {
            if try window.handle(event) { continue }
            switch event {
            case .pointerButton(let serial, WaylandWindow.firstButton, pressed: true) where source == nil:
                let made = connection.newObject(WlDataSource.self)
                try connection.send(.createDataSource(made), to: window.dataDeviceManager)
                try connection.send(.offer(mimeType: "text/plain"), to: made)
                try connection.send(.setActions(.copy), to: made)
                try connection.send(
                    .startDrag(source: made, origin: window.surface, icon: nil, serial: serial), to: window.dataDevice)
                source = made
            case .send(let to, _, let descriptor) where to == source?.id:
                held.append(connection.claim(descriptor))
            case .cancelled(let to) where to == source?.id:
                return (true, held.count)
            default:
                continue
            }
        }
        return (false, held.count)
    }

    @Test("a source that never writes: the drop fails after the idle time-out, saying so, and the source is cancelled")
    func silentSourceDrop() async throws {
        guard let server = try SwayServer.start() else { return }
        let target = try DropTarget(
            title: "Drop here", environment: server.environment,
            limits: Clipboard.Limits(idleTimeout: .seconds(1), timeout: .seconds(240)))
        let targeting = Targeting()
        let begun = Begun()
        async let dropped: ClipboardError? = {
            begun.now()
            do throws(ClipboardError) {
                _ = try await target.dropData(timeout: .seconds(240), isTargeted: { targeting.say($0) }) { $0.first }
                return nil
            } catch {
                return error
            }
        }()
        async let sourceSaw = {
            begun.now()
            return try await onThread { try Self.silentSource(on: server) }
        }()
        try await begun.wait(for: 2)
        try await onThread { try Self.dragAcross(on: server, targeting) }
        guard let error = await dropped else {
            Issue.record("the drop of a source that never writes did not fail")
            return
        }
        #expect(error.code == .timedOut)
        #expect(error.reason.hasPrefix("the drop failed, and the source was told: "), "\(error.reason)")
        #expect(error.reason.contains("sent 0 bytes of text/plain, then nothing for"), "\(error.reason)")
        let saw = try await sourceSaw
        #expect(saw.pipes == 1)
        #expect(saw.cancelled, "the source was not cancelled")
    }

    /// A target written by hand on the package's window: it accepts `text/plain` when a drag
    /// enters (signalling `targeting`), and at the drop neither reads nor finishes. It follows its
    /// events until ``stop()`` shuts its connection down.
    final class SilentTarget: @unchecked Sendable {
        let window: WaylandWindow
        let dropped = Mutex(false)

        init(on server: SwayServer) throws {
            window = try WaylandWindow(
                socket: server.socket, title: "Silent target", width: 320, height: 240, picture: nil,
                deadline: .now + .seconds(120))
        }

        /// Follows the window's events until the connection ends.
        func run(_ targeting: Targeting) {
            let connection = window.connection
            while let event = try? connection.nextEvent(deadline: .now + .seconds(240)) {
                guard (try? window.handle(event)) == false else { continue }
                switch event {
                case .dragEnter(let serial, _, _, _, let entered?):
                    let offer = WaylandObject<WlDataOffer>(entered)
                    try? connection.send(.accept(serial: serial, mimeType: "text/plain"), to: offer)
                    try? connection.send(.setActions(.copy, preferred: .copy), to: offer)
                    targeting.say(true)
                case .dragDrop:
                    dropped.withLock { $0 = true }
                default:
                    continue
                }
            }
        }

        func stop() {
            window.connection.descriptor.shutDown(.readingAndWriting)
        }
    }

    @Test("a target that never finishes: the drag ends after the idle time-out as expired")
    func silentTargetDrag() async throws {
        guard let server = try SwayServer.start() else { return }
        let targeting = Targeting()
        // The target's window first (the left tile), then the source's.
        let target = try SilentTarget(on: server)
        let begun = Begun()
        async let followed: Void = {
            begun.now()
            try await onThread { target.run(targeting) }
        }()
        let source = try DragSource(
            data: Data("words".utf8), as: ["text/plain"], title: "Drag text", environment: server.environment,
            limits: Clipboard.Limits(idleTimeout: .seconds(1), timeout: .seconds(240)))
        async let dragged = {
            begun.now()
            return try await source.drag(timeout: .seconds(240))
        }()
        try await begun.wait(for: 2)
        try await onThread { try Self.dragAcross(on: server, targeting) }
        #expect(try await dragged == .expired)
        #expect(target.dropped.withLock { $0 }, "the target saw no drop")
        target.stop()
        try await followed
    }
}
