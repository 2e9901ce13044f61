import Foundation
import Synchronization
import Testing
import TransferKit

@testable import TransferClipboard

/// Wayland's own drag and drop (`wl_data_device`) on a headless sway: a ``DropTarget`` and a
/// ``DragSource`` opened with `WAYLAND_DISPLAY` set each show a window of their own, and a virtual
/// pointer (`zwlr_virtual_pointer_v1`, which gives the headless seat its pointer) presses on the
/// source and releases over the target. Skipped, with the reason printed, where sway is absent
/// (`.ci/run` installs it).
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

    /// Presses on the source's window (the second opened: the right half of the screen, as sway
    /// tiles two windows), moves the drag over the target's (the left half) until the target says
    /// a drag came over it, and releases there. Tried again from the press when the target heard
    /// nothing within two seconds: sway shows a new window's tile only once the windows have taken
    /// their new sizes, and a press before that lands on the old layout.
    static func dragAcross(on server: SwayServer, _ targeting: Targeting) throws {
        let pointer = try WaylandVirtualPointer(socket: server.socket, deadline: .now + .seconds(20))
        let (width, height) = screen
        let source = (x: width * 3 / 4, y: height / 2)
        let target = (x: width / 4, y: height / 2)
        for _ in 1...5 {
            try pointer.move(to: source.x, source.y, in: width, height)
            try pointer.move(to: source.x + 1, source.y, in: width, height)
            try pointer.press(true)
            for step in 1...8 {
                try pointer.move(to: source.x + (target.x - source.x) * step / 8, target.y, in: width, height)
            }
            // Nudged until the target has heard of the drag: the drag starts when the source has
            // read the press, which the compositor does not wait for.
            var arrived = false
            for nudge in 1...10 {
                if targeting.came.wait(timeout: .now() + .milliseconds(200)) == .success {
                    arrived = true
                    break
                }
                try pointer.move(to: target.x + nudge % 2, target.y, in: width, height)
            }
            try pointer.press(false)
            if arrived { return }
        }
    }

    @Test(
        "a model dragged from one window and dropped on the other arrives as the model; the source hears it was taken")
    func modelDrop() async throws {
        guard let server = try SwayServer.start() else { return }
        let limits = Clipboard.Limits(idleTimeout: .seconds(20), timeout: .seconds(60))
        let target = try DropTarget(title: "Drop a note", environment: server.environment, limits: limits)
        let note = ClipNote(title: "Carried", body: "by a Wayland drag")
        let targeting = Targeting()
        async let dropped = target.drop(ClipNote.self, timeout: .seconds(60)) { targeting.say($0) }
        let source = try DragSource([note], title: "Drag a note", environment: server.environment, limits: limits)
        async let dragged = source.drag(timeout: .seconds(60))
        try await onThread { try Self.dragAcross(on: server, targeting) }
        let paste = try #require(try await dropped)
        #expect(paste.value == note)
        // The app's own identifier names no type this process declared: JSON, the next the model
        // imports, is taken, as on X11.
        #expect(paste.type.name == "application/json")
        #expect(try await dragged == .dropped(accepted: true, action: "copy"))
        #expect(targeting.said.withLock { $0.first } == true)
    }

    @Test("a drag the target takes none of is refused: the source hears so, and the target waits on")
    func refusedDrop() async throws {
        guard let server = try SwayServer.start() else { return }
        let limits = Clipboard.Limits(idleTimeout: .seconds(20), timeout: .seconds(60))
        let target = try DropTarget(title: "Takes PNG only", environment: server.environment, limits: limits)
        let source = try DragSource(
            data: Data("plain words".utf8), as: ["text/plain"], title: "Drag text", environment: server.environment,
            limits: limits)
        let asked = Mutex<[[String]]>([])
        // Released once the drag has come over the target and the target was asked.
        let targeting = Targeting()
        async let dropped = target.dropData(timeout: .seconds(8)) { offered in
            asked.withLock { $0.append(offered.map(\.name)) }
            targeting.came.signal()
            return offered.first { $0.name == "image/png" }
        }
        async let dragged = source.drag(timeout: .seconds(60))
        try await onThread { try Self.dragAcross(on: server, targeting) }
        #expect(try await dragged == .refused)
        #expect(try await dropped == nil)
        #expect(asked.withLock { $0.contains(["text/plain"]) })
    }
}
