import Foundation
import Testing
import TransferClipboard
import TransferKit

/// The `transfer` executable beside the test bundle in the build folder.
private let transfer: String = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while directory.pathExtension == "xctest" || ["MacOS", "Contents"].contains(directory.lastPathComponent) {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("transfer").path
}()

@Suite("transfer copy, paste and clipboard list, against xclip on Xvfb", .serialized)
struct ClipboardCommandTests {
    @Test("transfer copy keeps serving after it returns; xclip reads it; transfer paste reads xclip's")
    func copyAndPaste() async throws {
        guard DesktopTools.available("xclip") else { return }
        guard let server = try XvfbServer.start() else { return }
        let copied = try await DesktopTools.run(
            transfer, ["copy"], input: Data("from the CLI ✓".utf8), environment: server.environment, detaches: true)
        #expect(copied.status == 0)
        let read = try await DesktopTools.run(
            "xclip", ["-selection", "clipboard", "-o", "-t", "UTF8_STRING"], environment: server.environment)
        #expect(String(decoding: read.output, as: UTF8.self) == "from the CLI ✓")
        let listed = try await DesktopTools.run(
            transfer, ["clipboard", "list", "--format", "json"], environment: server.environment)
        let entries = try JSONSerialization.jsonObject(with: listed.output) as? [[String: Any]]
        #expect(entries?.first?["name"] as? String == "text/plain;charset=utf-8")
        #expect(entries?.first?["contentType"] as? String == "public.utf8-plain-text")

        try await DesktopTools.run(
            "xclip", ["-selection", "clipboard", "-t", "image/png", "-i"], input: pngBytes,
            environment: server.environment, detaches: true)
        try await waitForOwner(try Clipboard(environment: server.environment))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pasted.png")
        let pasted = try await DesktopTools.run(
            transfer, ["paste", "--type", "image/png", "-o", output.path], environment: server.environment)
        #expect(pasted.status == 0, "\(pasted.error)")
        #expect(try Data(contentsOf: output) == pngBytes)
        // The clipboard offers no text and nothing the model imports: 66, saying what it offers.
        let refused = try await DesktopTools.run(
            transfer, ["paste", "--model", "ProfilesArchive", "--to", "json"], environment: server.environment)
        #expect(refused.status == 66)
        #expect(refused.error.contains("image/png"))
    }

    @Test("a model's representations: transfer copy --model, each exported when asked")
    func copyAsAModel() async throws {
        guard DesktopTools.available("xclip") else { return }
        guard let server = try XvfbServer.start() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("people.csv")
        try Data(
            """
            id,name,bio,funFacts,video,portrait
            E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada,"Writes, reads",[],,

            """.utf8
        ).write(to: csv)
        let copied = try await DesktopTools.run(
            transfer, ["copy", "--model", "ProfilesArchive", csv.path], environment: server.environment, detaches: true)
        #expect(copied.status == 0)
        let targets = try await DesktopTools.run(
            "xclip", ["-selection", "clipboard", "-o", "-t", "TARGETS"], environment: server.environment)
        let names = String(decoding: targets.output, as: UTF8.self).split(separator: "\n")
        #expect(names.contains("text/csv") && names.contains("application/json"), "\(names)")
        let json = try await DesktopTools.run(
            "xclip", ["-selection", "clipboard", "-o", "-t", "application/json"], environment: server.environment)
        let records = try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]]
        #expect(records?.first?["name"] as? String == "Ada")
        #expect(records?.first?["bio"] as? String == "Writes, reads")
    }

    @Test("the serving process holds none of the caller's descriptors: a command substitution returns")
    func servingProcessInheritsNoDescriptors() async throws {
        guard let server = try XvfbServer.start() else { return }
        // $(…) waits for every holder of its pipe, here also on the command's descriptor 3; the
        // serving process must not be one.
        let shell = try await DesktopTools.run(
            "sh", ["-c", "out=$(printf 'x' | '\(transfer)' copy 3>&1); echo \"done $?\""],
            environment: server.environment, timeout: .seconds(20))
        #expect(String(decoding: shell.output, as: UTF8.self) == "done 0\n", "\(shell.error)")
    }

    @Test("no display: 69 and why; an empty clipboard: 66")
    func failures() async throws {
        let noDisplay = try await DesktopTools.run(
            transfer, ["clipboard", "list"], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(noDisplay.status == 69)
        #expect(noDisplay.error.contains("DISPLAY"))
        guard let server = try XvfbServer.start() else { return }
        let empty = try await DesktopTools.run(transfer, ["paste"], environment: server.environment)
        #expect(empty.status == 66)
        #expect(empty.error.contains("no owner"))
    }
}

@Suite("transfer copy, paste and clipboard list, against wl-clipboard on a headless sway", .serialized)
struct WaylandClipboardCommandTests {
    @Test("transfer copy keeps serving after it returns; wl-paste reads it; transfer paste reads wl-copy's")
    func copyAndPaste() async throws {
        guard let server = try SwayServer.start() else { return }
        let copied = try await DesktopTools.run(
            transfer, ["copy"], input: Data("from the CLI ✓".utf8), environment: server.environment, detaches: true)
        #expect(copied.status == 0)
        let read = try await DesktopTools.run(
            "wl-paste", ["--no-newline", "--type", "UTF8_STRING"], environment: server.environment)
        #expect(String(decoding: read.output, as: UTF8.self) == "from the CLI ✓")
        let listed = try await DesktopTools.run(transfer, ["clipboard", "list"], environment: server.environment)
        #expect(
            String(decoding: listed.output, as: UTF8.self).contains("text/plain;charset=utf-8 public.utf8-plain-text"),
            "\(listed.error)")

        try await DesktopTools.run(
            "wl-copy", ["--type", "image/png"], input: pngBytes, environment: server.environment, detaches: true)
        try await waitForOwner(
            try Clipboard(environment: server.environment), offers: { $0.map(\.name) == ["image/png"] })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pasted.png")
        let pasted = try await DesktopTools.run(
            transfer, ["paste", "--type", "image/png", "-o", output.path], environment: server.environment)
        #expect(pasted.status == 0, "\(pasted.error)")
        #expect(try Data(contentsOf: output) == pngBytes)
        let refused = try await DesktopTools.run(
            transfer, ["paste", "--type", "text/plain"], environment: server.environment)
        #expect(refused.status == 66)
        #expect(refused.error.contains("image/png"), "\(refused.error)")
    }

    @Test("a model's representations on the primary selection: wl-paste --primary reads each")
    func copyAsAModel() async throws {
        guard let server = try SwayServer.start() else { return }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("people.csv")
        try Data(
            """
            id,name,bio,funFacts,video,portrait
            E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada,"Writes, reads",[],,

            """.utf8
        ).write(to: csv)
        let copied = try await DesktopTools.run(
            transfer, ["copy", "--primary", "--model", "ProfilesArchive", csv.path], environment: server.environment,
            detaches: true)
        #expect(copied.status == 0)
        let types = try await DesktopTools.run(
            "wl-paste", ["--primary", "--list-types"], environment: server.environment)
        let names = String(decoding: types.output, as: UTF8.self).split(separator: "\n")
        #expect(names.contains("text/csv") && names.contains("application/json"), "\(names)")
        let json = try await DesktopTools.run(
            "wl-paste", ["--primary", "--type", "application/json"], environment: server.environment)
        let records = try JSONSerialization.jsonObject(with: json.output) as? [[String: Any]]
        #expect(records?.first?["name"] as? String == "Ada")
        // The paste command reads the same selection back into the model.
        let back = try await DesktopTools.run(
            transfer, ["paste", "--primary", "--model", "ProfilesArchive", "--to", "csv"],
            environment: server.environment)
        #expect(back.status == 0, "\(back.error)")
        #expect(String(decoding: back.output, as: UTF8.self).contains("Ada,\"Writes, reads\""))
    }
}
