import Foundation
import Testing
import TransferKit

@testable import TransferClipboard

/// `transfer drop`, the executable: its window on Xvfb takes a drag from a source of the test's
/// own, and writes what was dropped — through a model, or as it came — or says why not.
@Suite("transfer drop, against a drag on Xvfb", .serialized)
struct DropCommandTests {
    static let profileJSON = Data(
        #"{"id":"E621E1F8-C36C-495A-93FC-0C247A3E6E5F","name":"Ada","bio":"Writes, reads","funFacts":["Sails"]}"#.utf8)

    /// Runs `transfer drop ARGUMENTS`, drags `content` onto its window once it shows, and returns
    /// the tool's result and the drag's outcome.
    func dropping(_ content: ClipboardContent, _ arguments: [String], on server: XvfbServer) async throws -> (
        tool: (output: Data, error: String, status: Int32), drag: XdndSourceSession.Outcome?
    ) {
        let tool = DesktopTools.start(
            transfer, ["drop"] + arguments, environment: server.environment, timeout: .seconds(150))
        // The drag blocks on its connection: on a thread of its own, not one of Swift's.
        let drag = await withCheckedContinuation { continuation in
            DispatchQueue(label: "drag").async {
                continuation.resume(
                    returning: Result {
                        try waitForWindow(on: server, x: 110, y: 60)
                        return try xdndDrag(content, on: server)
                    })
            }
        }
        let result = try await tool.value
        // When no window showed, what the tool said goes with it.
        if case .failure(let mixUp as ServerMixUp) = drag {
            throw ServerMixUp(
                description: "\(mixUp); transfer drop exited \(result.status) saying \(result.error.debugDescription)")
        }
        guard case .success(let outcome) = drag else {
            throw DragFailure(description: "\(drag); transfer drop exited \(result.status): \(result.error)")
        }
        return (result, outcome)
    }

    @Test("a profile dropped as JSON, written as CSV through the model: 0, and what was taken on standard error")
    func modelDrop() async throws {
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let output = directory.appendingPathComponent("dropped.csv")
            let content = ClipboardContent(bytes: Self.profileJSON, names: ["text/x-unknown", "application/json"])
            let (tool, drag) = try await dropping(
                content, ["--model", "Profile", "--to", "csv", "-o", output.path, "--timeout", "120"], on: server)
            #expect(tool.status == 0, "\(tool.error)")
            #expect(tool.error.contains("Profile from application/json"), "\(tool.error)")
            guard case .dropped(_, true, _) = drag else {
                Issue.record("the drag ended \(String(describing: drag))")
                return
            }
            let csv = try String(contentsOf: output, encoding: .utf8)
            #expect(csv.hasPrefix("id,name,bio,funFacts,video,portrait"))
            #expect(csv.contains(#"E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada,"Writes, reads","#))
        }
    }

    @Test("without --type, the text offered is taken before any other type, and written as it came")
    func textFirst() async throws {
        try await withFreshServer { server in
            let content = ClipboardContent(bytes: Data("dropped ✓".utf8), names: ["image/x-made-up", "UTF8_STRING"])
            let (tool, _) = try await dropping(content, ["--timeout", "120"], on: server)
            #expect(tool.status == 0, "\(tool.error)")
            #expect(String(decoding: tool.output, as: UTF8.self) == "dropped ✓")
            #expect(tool.error.contains("UTF8_STRING"))
        }
    }

    @Test("a drag that offers nothing asked for is refused: the window waits on, and ends at its time-out, 75")
    func refusedThenTimeout() async throws {
        try await withFreshServer { server in
            let content = ClipboardContent(bytes: Data("text".utf8), names: ["UTF8_STRING"])
            // A fraction of a second: the time-out read to the millisecond, and said as it was given.
            let (tool, drag) = try await dropping(content, ["--type", "png", "--timeout", "5.5"], on: server)
            #expect(drag == .refused)
            #expect(tool.status == 75)
            #expect(tool.error.contains("nothing was dropped in 5.5 seconds"), "\(tool.error)")
            #expect(tool.output.isEmpty)
        }
    }

    @Test("--to png takes a file list's first PNG file, read, when no type offered is a PNG")
    func fileListAsType() async throws {
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let note = directory.appendingPathComponent("note.txt")
            let picture = directory.appendingPathComponent("picture one.png")
            let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("not decoded".utf8))
            try Data("a note".utf8).write(to: note)
            try png.write(to: picture)
            // As a file manager writes it: CRLF line ends, a comment, percent-encoded names.
            let list = "# dragged\r\n\(note.absoluteString)\r\n\(picture.absoluteString)\r\n"
            let content = ClipboardContent(bytes: Data(list.utf8), names: ["text/uri-list", "UTF8_STRING"])
            let (tool, drag) = try await dropping(content, ["--to", "png", "--timeout", "120"], on: server)
            #expect(tool.status == 0, "\(tool.error)")
            #expect(tool.output == png)
            #expect(tool.error.contains("picture one.png from text/uri-list"), "\(tool.error)")
            guard case .dropped(_, true, _) = drag else {
                Issue.record("the drag ended \(String(describing: drag))")
                return
            }
        }
    }

    @Test("--to png with a file list that holds no PNG: 65, naming the files found, and nothing written")
    func fileListWithoutType() async throws {
        try await withFreshServer { server in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("drop-\(UUID())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let note = directory.appendingPathComponent("note.txt")
            try Data("a note".utf8).write(to: note)
            let output = directory.appendingPathComponent("dropped.png")
            let content = ClipboardContent(bytes: Data(note.absoluteString.utf8), names: ["text/uri-list"])
            let (tool, _) = try await dropping(
                content, ["--to", "png", "-o", output.path, "--timeout", "120"], on: server)
            #expect(tool.status == 65)
            #expect(
                tool.error.contains("expected a file of type public.png in the dropped file list, found note.txt"),
                "\(tool.error)")
            #expect(!FileManager.default.fileExists(atPath: output.path))
        }
    }

    @Test(
        "usage: 64, with what is wrong",
        arguments: [
            (["--to", "csv", "--type", "png"], "give --type or --to"), (["--model", "Profile"], "--model needs --to"),
            (["--model", "Profile", "--to", "csv", "--type", "png"], "not both"),
            (["--timeout", "0"], "--timeout '0'"), (["--timeout", "soon"], "--timeout 'soon'"),
        ])
    func usage(arguments: [String], message: String) async throws {
        let result = try await DesktopTools.run(transfer, ["drop"] + arguments, environment: ["DISPLAY": ":0"])
        #expect(result.status == 64)
        #expect(result.error.contains(message), "\(result.error)")
    }

    @Test("a --to type that does not resolve: 65, before any window opens")
    func unknownType() async throws {
        for arguments in [["--to", "nosuchtype"], ["--model", "Profile", "--to", "nosuchtype"]] {
            let result = try await DesktopTools.run(transfer, ["drop"] + arguments, environment: ["DISPLAY": ":0"])
            #expect(result.status == 65, "\(arguments)")
            #expect(result.error.contains("unknown type 'nosuchtype'"), "\(result.error)")
            #expect(!result.error.contains("drop onto the window"), "\(result.error)")
        }
    }

    @Test("no display: 69, saying so")
    func noDisplay() async throws {
        let result = try await DesktopTools.run(transfer, ["drop"], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 69)
        #expect(result.error.contains("DISPLAY"), "\(result.error)")
    }
}

/// A drag that could not be made, with what the tool said.
struct DragFailure: Error, CustomStringConvertible {
    let description: String
}
