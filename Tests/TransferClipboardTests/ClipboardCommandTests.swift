import Foundation
import Synchronization
import Testing
import TransferClipboard
import TransferKit

/// The `transfer` executable beside the test bundle in the build folder, for every test of the tool.
let transfer: String = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    while directory.pathExtension == "xctest" || ["MacOS", "Contents"].contains(directory.lastPathComponent) {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("transfer").path
}()

/// A folder of its own holding a profile archive of one profile, as CSV.
struct ProfileFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
    var csv: URL { url.appendingPathComponent("people.csv") }

    init() throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(
            """
            id,name,bio,funFacts,video,portrait
            E621E1F8-C36C-495A-93FC-0C247A3E6E5F,Ada,"Writes, reads",[],,

            """.utf8
        ).write(to: csv)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

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

        // Until xclip owns it, our serving process still offers its text.
        try await afterTakingOver(
            try Clipboard(environment: server.environment), offers: { $0.map(\.name) == ["image/png"] }
        ) {
            try await DesktopTools.run(
                "xclip", ["-selection", "clipboard", "-t", "image/png", "-i"], input: pngBytes,
                environment: server.environment, detaches: true)
        }
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
        let folder = try ProfileFolder()
        defer { folder.remove() }
        let csv = folder.csv
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

    @Test(
        "a copy is the file as it was: changed after the copy, 6 MB pasted as copied, to a file and to standard output; standard input too"
    )
    func copyIsASnapshot() async throws {
        guard let server = try XvfbServer.start() else { return }
        try await snapshotRoundTrip(environment: server.environment) { type in
            ("xclip", ["-selection", "clipboard", "-o", "-t", type])
        }
    }

}

@Suite("transfer copy, paste and clipboard list, against wl-clipboard on a headless sway", .serialized)
struct WaylandClipboardCommandTests {
    @Test("a detached copy that fails in its serving process: the caller exits with its status and words")
    func detachedFailureReported() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("copy-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ada.json")
        try Data("not a profile".utf8).write(to: file)
        // No display: the serving process cannot connect, and says so (69).
        let noDisplay = try await DesktopTools.run(
            transfer, ["copy", file.path], environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(noDisplay.status == 69, "\(noDisplay.error)")
        #expect(noDisplay.error.contains("DISPLAY"), "\(noDisplay.error)")
        guard let server = try XvfbServer.start() else { return }
        // A file the model cannot import: the serving process's 65 and its message, whole.
        let refused = try await DesktopTools.run(
            transfer, ["copy", "--model", "Profile", file.path], environment: server.environment)
        #expect(refused.status == 65, "\(refused.error)")
        #expect(refused.error.contains("Profile"), "\(refused.error)")
        #expect(!refused.error.contains("serving process stopped"), "\(refused.error)")
    }

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

        try await afterTakingOver(
            try Clipboard(environment: server.environment), offers: { $0.map(\.name) == ["image/png"] }
        ) {
            try await DesktopTools.run(
                "wl-copy", ["--type", "image/png"], input: pngBytes, environment: server.environment, detaches: true)
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-clip-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("pasted.png")
        let pasted = try await DesktopTools.run(
            transfer, ["paste", "--type", "image/png", "-o", output.path], environment: server.environment)
        #expect(pasted.status == 0, "\(pasted.error)")
        #expect(try Data(contentsOf: output) == pngBytes)
        let nowhere = directory.appendingPathComponent("missing/pasted.png").path
        let unwritable = try await DesktopTools.run(
            transfer, ["paste", "--type", "image/png", "-o", nowhere], environment: server.environment)
        #expect(unwritable.status == 73)
        #expect(unwritable.error == "the paste cannot be written: \(nowhere): No such file or directory\n")
        let refused = try await DesktopTools.run(
            transfer, ["paste", "--type", "text/plain"], environment: server.environment)
        #expect(refused.status == 66)
        #expect(refused.error.contains("image/png"), "\(refused.error)")
    }

    @Test("a model's representations on the primary selection: wl-paste --primary reads each")
    func copyAsAModel() async throws {
        guard let server = try SwayServer.start() else { return }
        let folder = try ProfileFolder()
        defer { folder.remove() }
        let csv = folder.csv
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

        // -o whose final rename fails (a directory holding a file there), for a model's conversion
        // (written whole) and for a type's bytes (streamed into the file): 73, the directory as it
        // was, no temporary file beside it.
        let target = folder.url.appendingPathComponent("pasted")
        try FileManager.default.createDirectory(
            at: target.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        for arguments in [["--model", "ProfilesArchive", "--to", "csv"], ["--type", "text/csv"]] {
            let failed = try await DesktopTools.run(
                transfer, ["paste", "--primary"] + arguments + ["-o", target.path], environment: server.environment)
            #expect(failed.status == 73, "\(arguments): \(failed.error)")
            #expect(failed.error.contains("cannot be written"), "\(arguments): \(failed.error)")
            #expect(failed.error.lowercased().contains("is a directory"), "\(arguments): \(failed.error)")
            #expect(failed.output.isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: target.path) == ["inside"])
        }
    }

    @Test(
        "a copy is the file as it was: changed after the copy, 6 MB pasted as copied, to a file and to standard output; standard input too"
    )
    func copyIsASnapshot() async throws {
        guard let server = try SwayServer.start() else { return }
        try await snapshotRoundTrip(environment: server.environment) { type in
            ("wl-paste", ["--no-newline", "--type", type])
        }
    }

}

/// A program started and left running, for a test to signal; killed at the end if still there.
final class RunningProgram: @unchecked Sendable {
    let pid: pid_t
    /// The exit status as a shell reports it, once reaped.
    private let exitStatus = Mutex<Int32?>(nil)

    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        _ = DesktopTools.ignoresBrokenPipes
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0.key)=\($0.value)" }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        inheritsNoOtherDescriptors(&actions)  // after the dup2s: it closes from 3 up
        let spawned = withCleanSpawnAttributes { posix_spawn(&pid, executable, &actions, &$0, argv, envp) }
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        self.pid = pid
    }

    /// Sends `signal` and waits (at most 10 seconds) for the exit status, as a shell reports it:
    /// the code, or 128 + the signal that killed it. A thread of its own waits in `waitpid`, woken
    /// by the exit itself.
    func stop(with signal: Int32) async -> Int32? {
        guard !reaped.withLock({ $0 }) else { return nil }
        kill(pid, signal)
        let exited = DispatchSemaphore(value: 0)
        Thread {
            var raw: Int32 = 0
            while waitpid(self.pid, &raw, 0) < 0, errno == EINTR {}
            self.reaped.withLock { $0 = true }
            self.exitStatus.withLock { $0 = raw & 0x7F == 0 ? (raw >> 8) & 0xFF : 128 + (raw & 0x7F) }
            exited.signal()
        }.start()
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = exited.wait(timeout: .now() + 10)
                continuation.resume(returning: self.exitStatus.withLock { $0 })
            }
        }
    }

    /// Whether the process was reaped: its pid may be another process's now (pid_max may be
    /// 32768), which must not be killed in its place.
    private let reaped = Mutex(false)

    deinit {
        guard !reaped.withLock({ $0 }) else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }
}

@Suite("The clipboard commands stop cleanly", .serialized)
struct ClipboardCommandStopTests {
    @Test("SIGTERM to a copy being served: the selection given up, nothing left in TMPDIR, exit 0")
    func copyStopsOnSIGTERM() async throws {
        guard let server = try SwayServer.start() else { return }
        let folder = try ProfileFolder()
        defer { folder.remove() }
        let csv = folder.csv
        let scratch = folder.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let clipboard = try Clipboard(environment: server.environment)
        let copy = try await afterTakingOver(clipboard, offers: { $0.contains { $0.name == "application/json" } }) {
            try RunningProgram(
                transfer, ["copy", "--foreground", "--model", "ProfilesArchive", csv.path],
                environment: server.environment.merging(["TMPDIR": scratch.path]) { $1 })
        }
        let json = try await clipboard.data(for: "application/json")
        #expect(String(decoding: json, as: UTF8.self).contains("\"Ada\""))
        #expect(await copy.stop(with: SIGTERM) == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        let empty = await #expect(throws: ClipboardError.self) { try await clipboard.types() }
        #expect(empty?.code == .empty)
    }

    @Test("SIGINT during a paste into a file: 130, and no partial file left")
    func pasteStopsOnSIGINT() async throws {
        guard let server = try SwayServer.start() else { return }
        let owner = try HostileWaylandOwner(.neverWrites, socket: server.socket)
        defer { owner.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-stop-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let paste = try RunningProgram(
            transfer, ["paste", "--type", "text/plain", "-o", directory.appendingPathComponent("out.txt").path],
            environment: server.environment)
        // The paste waits for bytes that never come, its temporary file open beside out.txt: the
        // file's creation is an event (inotify), not a time to guess.
        let watch = inotify_init1(Int32(IN_CLOEXEC))
        defer { close(watch) }
        inotify_add_watch(watch, directory.path, UInt32(IN_CREATE))
        if try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty {
            var created = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
            #expect(poll(&created, 1, 10_000) == 1, "no file made beside out.txt within 10 s")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).count == 1)
        #expect(await paste.stop(with: SIGINT) == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("transfer clipboard clear empties the clipboard, whoever owns it; its owner stops")
    func clear() async throws {
        guard let server = try SwayServer.start() else { return }
        let clipboard = try Clipboard(environment: server.environment)
        try await afterTakingOver(clipboard) {
            try await DesktopTools.run(
                "wl-copy", [], input: Data("to clear".utf8), environment: server.environment, detaches: true)
        }
        let cleared = try await DesktopTools.run(transfer, ["clipboard", "clear"], environment: server.environment)
        #expect(cleared.status == 0, "\(cleared.error)")
        let empty = await #expect(throws: ClipboardError.self) { try await clipboard.types() }
        #expect(empty?.code == .empty)
        // And on X11, with the API: xclip's copy ends.
        guard DesktopTools.available("xclip"), let x11 = try XvfbServer.start() else { return }
        let xClipboard = try Clipboard(environment: x11.environment)
        let ours = try await xClipboard.copy("ours")
        try await xClipboard.clear()
        await ours.waitUntilFinished()
        let none = await #expect(throws: ClipboardError.self) { try await xClipboard.types() }
        #expect(none?.code == .empty, "\(String(describing: none))")
    }
}

/// Copies a 6 MB file with `transfer copy`, overwrites the file, and reads the clipboard with
/// `transfer paste` and with the other program `reader` names: both give the bytes as copied. Then
/// the same through standard input, from a pipe.
func snapshotRoundTrip(environment: [String: String], reader: (String) -> (String, [String])) async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cli-snapshot-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let type = "application/x-transferkit-test"
    let original = Data((0..<6_000_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 13) })
    let file = directory.appendingPathComponent("payload.bin")
    try original.write(to: file)
    let copied = try await DesktopTools.run(
        transfer, ["copy", "--type", type, file.path], environment: environment, detaches: true)
    #expect(copied.status == 0, "\(copied.error)")
    // Changed in place after the copy: the clipboard keeps what was copied.
    let handle = try FileHandle(forWritingTo: file)
    try handle.write(contentsOf: Data(repeating: 0x21, count: original.count))
    try handle.close()
    let output = directory.appendingPathComponent("pasted.bin")
    let pasted = try await DesktopTools.run(
        transfer, ["paste", "--type", type, "-o", output.path], environment: environment)
    #expect(pasted.status == 0, "\(pasted.error)")
    #expect(try Data(contentsOf: output) == original)
    // Streamed to standard output as it arrives, and ended as every command ends when its reader
    // goes away: 141 and no words.
    let streamed = try await DesktopTools.run(transfer, ["paste", "--type", type], environment: environment)
    #expect(streamed.status == 0, "\(streamed.error)")
    #expect(streamed.output == original, "standard output had \(streamed.output.count) bytes")
    let cutShort = try await DesktopTools.run(
        "bash", ["-c", "'\(transfer)' paste --type \(type) | head -c 10 >/dev/null; echo ${PIPESTATUS[0]}"],
        environment: environment)
    #expect(String(decoding: cutShort.output, as: UTF8.self) == "141\n", "\(cutShort.error)")
    #expect(cutShort.error.isEmpty)
    let (program, arguments) = reader(type)
    let read = try await DesktopTools.run(program, arguments, environment: environment)
    #expect(read.output == original, "\(program) read \(read.output.count) bytes")

    let piped = Data(original.reversed())
    let fromInput = try await DesktopTools.run(
        transfer, ["copy", "--type", type, "-"], input: piped, environment: environment, detaches: true)
    #expect(fromInput.status == 0, "\(fromInput.error)")
    let again = try await DesktopTools.run(program, arguments, environment: environment)
    #expect(again.output == piped)
}
