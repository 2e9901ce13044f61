import Foundation
import Testing
import TransferClipboard
import TransferKit

/// The package's folder: the docs and scripts a user's clone has.
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

@Suite("Docs/Clipboard.md's try-it-yourself commands, run as written", .serialized)
struct DesktopSessionScriptTests {
    /// The `sh` block of the section "Try it without a desktop", its build line dropped and the
    /// tool's path pointed at the one under test.
    func documentedCommands() throws -> String {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("Docs/Clipboard.md"), encoding: .utf8)
        let section = try #require(page.components(separatedBy: "## Try it without a desktop").dropFirst().first)
        let block = try #require(
            section.components(separatedBy: "```sh\n").dropFirst().first?.components(
                separatedBy: "```"
            ).first)
        return block.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("swift build") }
            .joined(separator: "\n")
            .replacingOccurrences(of: ".build/debug/transfer", with: transfer)
    }

    @Test("the docs' X11 and Wayland sessions copy, paste and list text under every name text has")
    func documentedSessionsRun() async throws {
        guard DesktopTools.available("Xvfb", "xclip", "sway", "wl-paste") else { return }
        let commands = try documentedCommands()
        #expect(commands.components(separatedBy: "Scripts/desktop-session.sh").count == 3, "two sessions")
        let run = try await DesktopTools.run(
            "/bin/sh", ["-ec", "cd '\(packageRoot.path)'\n" + commands], timeout: .seconds(120))
        #expect(run.status == 0, "\(run.error)")
        let lines = String(decoding: run.output, as: UTF8.self).split(separator: "\n").map(String.init)
        // Each session pastes what it copied, then lists it: public.utf8-plain-text, named as the
        // tool names types, is offered under text's clipboard names, not as that literal name.
        #expect(lines.filter { $0 == "hello" }.count == 2, "\(lines)")
        #expect(lines.contains("UTF8_STRING"), "\(lines)")
        #expect(lines.contains("text/plain;charset=utf-8"), "\(lines)")
        #expect(!lines.contains("public.utf8-plain-text"), "\(lines)")
    }

    @Test("an unknown session kind or no command is a usage error (64); a session ends with its command's status")
    func usage() async throws {
        let script = packageRoot.appendingPathComponent("Scripts/desktop-session.sh").path
        let unknown = try await DesktopTools.run(script, ["mir", "--", "true"])
        #expect(unknown.status == 64)
        #expect(unknown.error.hasPrefix("usage: Scripts/desktop-session.sh x11|wayland"))
        let nothing = try await DesktopTools.run(script, ["x11", "--"])
        #expect(nothing.status == 64)
        guard DesktopTools.available("Xvfb") else { return }
        let failing = try await DesktopTools.run(
            script, ["x11", "--", "/bin/sh", "-c", "test -n \"$DISPLAY\"; exit 3"])
        #expect(failing.status == 3, "\(failing.error)")
    }
}

@Suite("transfer copy and paste take a type as the rest of the tool names it", .serialized)
struct ClipboardTypeNameTests {
    @Test("on Wayland, paste --type public.png, .png and png read what is offered as image/png")
    func pasteByTheToolsTypeNames() async throws {
        guard let server = try SwayServer.start() else { return }
        try await afterTakingOver(
            try Clipboard(environment: server.environment), offers: { $0.map(\.name) == ["image/png"] }
        ) {
            try await DesktopTools.run(
                "wl-copy", ["--type", "image/png"], input: pngBytes, environment: server.environment, detaches: true)
        }
        for name in ["public.png", ".png", "png", "public.image"] {
            let pasted = try await DesktopTools.run(
                transfer, ["paste", "--type", name], environment: server.environment)
            #expect(pasted.status == 0, "\(name): \(pasted.error)")
            #expect(pasted.output == pngBytes, "\(name)")
        }
        let absent = try await DesktopTools.run(
            transfer, ["paste", "--type", "public.jpeg"], environment: server.environment)
        #expect(absent.status == 66)
        #expect(absent.error.contains("it offers image/png"), "\(absent.error)")
    }

    @Test("on X11, copy --type public.png offers image/png; copy --type UTF8_STRING offers that name alone")
    func copyByTheToolsTypeNames() async throws {
        guard let server = try XvfbServer.start() else { return }
        let copied = try await DesktopTools.run(
            transfer, ["copy", "--type", "public.png"], input: pngBytes, environment: server.environment, detaches: true
        )
        #expect(copied.status == 0, "\(copied.error)")
        let clipboard = try Clipboard(environment: server.environment)
        #expect(try await clipboard.types().map(\.name) == ["image/png"])
        let literal = try await DesktopTools.run(
            transfer, ["copy", "--type", "UTF8_STRING"], input: Data("x".utf8), environment: server.environment,
            detaches: true)
        #expect(literal.status == 0, "\(literal.error)")
        // A detached copy exits once its serving process owns the selection.
        #expect(try await clipboard.types().map(\.name) == ["UTF8_STRING"])
    }
}

@Suite("transfer copy --as-files: files copied as a file manager copies them", .serialized)
struct CopyFilesCommandTests {
    @Test("on X11 and Wayland, the files' absolute URIs as text/uri-list and GNOME's list; a missing file is 66")
    func copiesFilesAsAFileList() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("as-files-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("a photo.png")
        let second = directory.appendingPathComponent("notes.txt")
        try pngBytes.write(to: first)
        try Data("notes".utf8).write(to: second)
        let uris = [first, second].map(\.absoluteString)
        func check(_ environment: [String: String]) async throws {
            let copied = try await DesktopTools.run(
                transfer, ["copy", "--as-files", first.path, second.path], environment: environment, detaches: true)
            #expect(copied.status == 0, "\(copied.error)")
            let clipboard = try Clipboard(environment: environment)
            // The first file's bytes too, as the library offers a FileRepresentation's first item.
            #expect(
                try await clipboard.types().map(\.name) == [
                    "application/octet-stream", "text/uri-list", "x-special/gnome-copied-files",
                ])
            let list = try await clipboard.data(for: "text/uri-list")
            #expect(String(decoding: list, as: UTF8.self) == uris.map { $0 + "\r\n" }.joined())
            let gnome = try await clipboard.data(for: "x-special/gnome-copied-files")
            #expect(String(decoding: gnome, as: UTF8.self) == (["copy"] + uris).joined(separator: "\n"))
            let missing = try await DesktopTools.run(
                transfer, ["copy", "--as-files", first.path, directory.appendingPathComponent("gone").path],
                environment: environment)
            #expect(missing.status == 66)
            #expect(missing.error.contains("gone: no such file"), "\(missing.error)")
        }
        if let server = try XvfbServer.start() { try await check(server.environment) }
        if let server = try SwayServer.start() { try await check(server.environment) }
        let none = try await DesktopTools.run(transfer, ["copy", "--as-files"])
        #expect(none.status == 64)
    }
}
