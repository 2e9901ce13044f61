import Foundation
import Testing
import TransferKit

@testable import TransferClipboard

/// `transfer drag` into `transfer drop`, two processes on Xvfb, with the pointer pressed, moved and
/// released by `xdotool` through XTest — the server's real input path, as a user's hand would.
/// Skipped, with the reason printed, where Xvfb or xdotool is absent (`.ci/run` installs both).
@Suite("transfer drag into transfer drop, the pointer moved by xdotool on Xvfb", .serialized)
struct DragCommandTests {
    /// Presses on (`from`, 50), moves right in steps to (240, 50) and releases: from a drag window
    /// at the left of the screen to a drop window at the right.
    func dragAcross(from start: Int = 40, on server: XvfbServer) async throws {
        var steps = ["mousemove", "\(start)", "50", "mousedown", "1"]
        for x in stride(from: start + 10, through: 240, by: 10) { steps += ["mousemove", "\(x)", "50"] }
        steps += ["mouseup", "1"]
        let moved = try await DesktopTools.run(
            "xdotool", steps, environment: server.environment, timeout: .seconds(150))
        #expect(moved.status == 0, "\(moved.error)")
    }

    /// Waits until the drag window (at the left) and the drop window (at the right) show: `nil`,
    /// or the error that says why not.
    func windowsShown(on server: XvfbServer) async -> (any Error)? {
        await withCheckedContinuation { continuation in
            DispatchQueue(label: "windows").async {
                do {
                    try waitForWindow(on: server, x: 40, y: 50, takingDrops: false)
                    try waitForWindow(on: server, x: 240, y: 50)
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: error)
                }
            }
        }
    }

    /// What a tool said: its output, standard error and status.
    typealias Said = (output: Data, error: String, status: Int32)

    /// Runs `transfer drag DRAGGING` (its window at the left, 150 × 100) and `transfer drop
    /// DROPPING` (at the right), presses on the drag window at (`start`, 50) and releases over the
    /// drop window once both show: what each said. A window that did not show is thrown, with
    /// what the tools said.
    func drag(
        _ dragging: [String], into dropping: [String], from start: Int = 40, on server: XvfbServer
    ) async throws -> (source: Said, target: Said) {
        let dragged = DesktopTools.start(
            transfer, ["drag"] + dragging + ["--geometry", "150x100+0+0", "--timeout", "120"],
            environment: server.environment, timeout: .seconds(150))
        let dropped = DesktopTools.start(
            transfer, ["drop"] + dropping + ["--geometry", "150x100+170+0", "--timeout", "120"],
            environment: server.environment, timeout: .seconds(150))
        let shown = await windowsShown(on: server)
        if shown == nil { try await dragAcross(from: start, on: server) }
        let (source, target) = try await (dragged.value, dropped.value)
        if let shown {
            // What the tools said goes with a server that did not hold their windows.
            if let mixUp = shown as? ServerMixUp {
                throw ServerMixUp(
                    description: "\(mixUp); drag exited \(source.status) saying \(source.error.debugDescription); "
                        + "drop exited \(target.status) saying \(target.error.debugDescription)")
            }
            throw DragFailure(description: "\(shown); drag said \(source.error); drop said \(target.error)")
        }
        return (source, target)
    }

    @Test("a profile dragged as the model arrives in the other window as the model, written as CSV")
    func modelToModel() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let input = directory.appendingPathComponent("ada.json")
            try DropCommandTests.profileJSON.write(to: input)
            let output = directory.appendingPathComponent("dropped.csv")
            let (source, target) = try await drag(
                ["--verbose", "--model", "Profile", input.path],
                into: ["--model", "Profile", "--to", "csv", "-o", output.path], on: server)
            #expect(source.status == 0, "\(source.error)")
            // With --verbose, the drag's beginning is said once, before its end.
            let said = source.error.split(separator: "\n").map(String.init)
            #expect(said.filter { $0 == "transfer drag: a drag began" }.count == 1, "\(source.error)")
            #expect(
                (said.firstIndex(of: "transfer drag: a drag began") ?? .max)
                    < (said.firstIndex(of: "transfer drag: dropped (copy)") ?? .min), "\(source.error)")
            // Whether the window was said to accept it depends on how fast xdotool moved: released
            // before the target's status arrived, the drop follows the status at once (the session's
            // tests pin `isAccepted`). Said or not, it ends no longer over one.
            #expect(
                !said.contains("transfer drag: over a window that would take it")
                    || said.suffix(2) == [
                        "transfer drag: over no window that would take it", "transfer drag: dropped (copy)",
                    ], "\(source.error)")
            #expect(target.status == 0, "\(target.error)")
            // The model's own type first: the drop took the profile as the model exported it.
            #expect(target.error.contains("Profile from "), "\(target.error)")
            let csv = try String(contentsOf: output, encoding: .utf8)
            #expect(csv.hasPrefix("id,name,bio,funFacts,video,portrait"))
            #expect(csv.contains("E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada"))
        }
    }

    @Test("files dragged as files with --all arrive as a file list naming them all")
    func files() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let files = ["one.txt", "two words.png"].map { directory.appendingPathComponent($0) }
            for file in files { try Data("x".utf8).write(to: file) }
            let (source, target) = try await drag(
                ["--all"] + files.map(\.path), into: ["--type", "text/uri-list"], on: server)
            #expect(source.status == 0, "\(source.error)")
            #expect(!source.error.contains("a drag began"), "without --verbose: \(source.error)")
            #expect(target.status == 0, "\(target.error)")
            let list = String(decoding: target.output, as: UTF8.self)
            #expect(list.split(separator: "\r\n").map(String.init) == files.map(\.absoluteString))
        }
    }

    @Test("of two files shown side by side, the one pressed is the one dragged: the second, then the first")
    func oneOfSeveral() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let files = ["one.txt", "two.txt"].map { directory.appendingPathComponent($0) }
            for file in files { try Data("x".utf8).write(to: file) }
            let drag = try BackgroundProgram(
                transfer, ["drag", "--keep"] + files.map(\.path) + ["--geometry", "150x100+0+0", "--timeout", "120"],
                environment: server.environment)
            defer { drag.stop() }
            // The second tile (75 to 150), then the first (0 to 75), from the same window.
            for (press, file) in [(110, files[1]), (40, files[0])] {
                let dropped = DesktopTools.start(
                    transfer, ["drop", "--type", "text/uri-list", "--geometry", "150x100+170+0", "--timeout", "120"],
                    environment: server.environment, timeout: .seconds(150))
                if let shown = await windowsShown(on: server) { throw shown }
                try await dragAcross(from: press, on: server)
                let target = try await dropped.value
                #expect(target.status == 0, "pressed at \(press): \(target.error)")
                let list = String(decoding: target.output, as: UTF8.self)
                #expect(list.split(separator: "\r\n").map(String.init) == [file.absoluteString], "pressed at \(press)")
            }
        }
    }

    @Test("--keep: the window stays after a drop, and a second drag from it is taken too")
    func keep() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("kept.txt")
            try Data("x".utf8).write(to: file)
            let scratch = directory.appendingPathComponent("tmp")
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let drag = try BackgroundProgram(
                transfer, ["drag", "--keep", file.path, "--geometry", "150x100+0+0", "--timeout", "120"],
                environment: server.environment.merging(["TMPDIR": scratch.path]) { $1 })
            defer { drag.stop() }
            var next = 0
            for round in 0..<2 {
                let dropped = DesktopTools.start(
                    transfer, ["drop", "--type", "text/uri-list", "--geometry", "150x100+170+0", "--timeout", "120"],
                    environment: server.environment, timeout: .seconds(150))
                if let shown = await windowsShown(on: server) { throw shown }
                try await dragAcross(on: server)
                let target = try await dropped.value
                #expect(target.status == 0, "round \(round): \(target.error)")
                #expect(String(decoding: target.output, as: UTF8.self).hasPrefix(file.absoluteString))
                // The drag window says so once per drop, and is still there for the next.
                let from = next
                next = try await onThread { try drag.line(from: from) { $0.contains("dropped (copy)") } }.index + 1
            }
            // The file is listed where it is: no directory was made for an export.
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        }
    }

    @Test("released over no window that takes drops: 75, saying so")
    func releasedOverNothing() async throws {
        guard DesktopTools.available("xdotool") else { return }
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drag-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("note.txt")
            try Data("x".utf8).write(to: file)
            let dragged = DesktopTools.start(
                transfer, ["drag", file.path, "--geometry", "150x100+0+0", "--timeout", "120"],
                environment: server.environment, timeout: .seconds(150))
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue(label: "windows").async {
                    continuation.resume(
                        with: Result { try waitForWindow(on: server, x: 40, y: 50, takingDrops: false) })
                }
            }
            try await dragAcross(on: server)
            let source = try await dragged.value
            #expect(source.status == 75)
            #expect(source.error.contains("released where nothing takes it"), "\(source.error)")
        }
    }
}
