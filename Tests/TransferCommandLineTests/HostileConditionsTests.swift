import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tool where its surroundings fail: standard input closed or a directory, output on a full
/// device or closed, signals in the middle of a conversion. Each case checks the exit status, the
/// message, and that nothing is left behind.
@Suite("transfer under hostile conditions")
struct HostileConditionsTests {
    /// Runs the built tool through `bash -c`, so that the script can redirect its descriptors;
    /// `$0` is the tool.
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> CommandResult {
        try runProgramNow(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script, executableURL.path], environment: environment)
    }

    /// Runs the tool as ``shell(_:environment:)`` does, but with every signal unblocked and SIGXFSZ
    /// at its default action (which kills), as in a terminal: a test runner may have it ignored or
    /// blocked, and children inherit both. Standard error goes to `errorFile`.
    private func shellWithDefaultSignals(
        _ script: String, environment: [String: String], errorFile: URL
    ) throws -> CommandResult {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGXFSZ)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let arguments = ["/bin/bash", "-c", script, executableURL.path]
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        var pid = pid_t()
        let spawned = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, envp) }
        }
        try #require(spawned == 0, "posix_spawn: \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited: the code in the second byte; killed: 128 + the signal, as a shell reports it.
        let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return CommandResult(
            status: code, output: "", error: (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "")
    }

    /// Calls `body` with `strings` as a null-terminated array of C strings.
    private func withCStrings<Result>(
        _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
    ) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }

    @Test("standard input closed, or a directory: 66 and what was expected")
    func standardInputThatCannotBeRead() throws {
        let closed = try shell(#""$0" convert - --from csv --to json <&-"#)
        #expect(closed.status == 66, "\(closed.error)")
        #expect(closed.error.contains("standard input: closed"))
        let directory = try shell(#""$0" convert - --from csv --to json < /tmp"#)
        #expect(directory.status == 66, "\(directory.error)")
        #expect(directory.error.contains("standard input: a directory"))
    }

    @Test("output lost (a full device, a closed output): 74, never 0")
    func outputThatCannotBeWritten() throws {
        let sample = samples.appendingPathComponent("profiles.csv").path
        let full = try shell(#""$0" convert "\#(sample)" --to json > /dev/full"#)
        #expect(full.status == 74, "\(full.error)")
        #expect(full.error.contains("standard output: cannot be written (No space left on device)"))
        let closed = try shell(#""$0" convert "\#(sample)" --to json >&-"#)
        #expect(closed.status == 74, "\(closed.error)")
        #expect(closed.error.contains("standard output: cannot be written"))
        let types = try shell(#""$0" types list > /dev/full"#)
        #expect(types.status == 74, "\(types.error)")
    }

    @Test(
        "a signal in the middle of a conversion, streamed or whole: 128 + its number, and nothing left behind",
        arguments: [
            (SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGPIPE, Int32(141)), (SIGHUP, Int32(129)),
            (SIGQUIT, Int32(131)),
        ], [false, true])
    func signalsRemoveWhatTheConversionMade(signal: (number: Int32, status: Int32), whole: Bool) throws {
        // About 40 MB: long enough to be stopped while it writes.
        let folder = try ConversionFolder(inputSize: 40 << 20)
        defer { folder.remove() }
        let temporary = folder.temporary

        let process = Process()
        process.executableURL = executableURL
        process.arguments =
            ["convert", folder.input.path, "--to", "json", "-o", folder.output.path] + (whole ? ["--whole"] : [])
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until the conversion has made what it must clean up — the whole export's private
        // directory, or the streamed output's partial file with some records in it — then stop it.
        func started() -> Bool {
            if whole {
                return (try? FileManager.default.contentsOfDirectory(atPath: temporary.path))?.contains {
                    $0.hasPrefix("TransferKit-")
                } == true
            }
            return folder.partialFileHasBytes()
        }
        _ = waitForChanges(
            in: [temporary, folder.directory], until: Date().addingTimeInterval(60), while: { process.isRunning },
            started)
        try #require(process.isRunning, "the conversion ended before it could be stopped")
        kill(process.processIdentifier, signal.number)
        process.waitUntilExit()
        #expect(process.terminationStatus == signal.status)
        try folder.expectNothingLeftBehind(previousOutputKept: true)
    }

    @Test("-o whose final rename fails (a directory appears at the output while it converts): 73, nothing left behind")
    func failedRenameLeavesNothing() throws {
        // About 40 MB: long enough for the directory to appear before the rename.
        let folder = try ConversionFolder(inputSize: 40 << 20)
        defer { folder.remove() }
        let process = Process()
        process.executableURL = executableURL
        process.arguments = ["convert", folder.input.path, "--to", "json", "-o", folder.output.path]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.temporary.path]) { $1 }
        let errorPipe = Pipe()
        process.standardError = errorPipe
        try process.run()
        // Once records reach the partial file, the output (a file when the tool checked it) becomes
        // a directory holding a file: renaming the partial file onto it fails at the very end.
        _ = waitForChanges(
            in: [folder.directory], until: Date().addingTimeInterval(60), while: { process.isRunning },
            folder.partialFileHasBytes)
        try #require(process.isRunning, "the conversion ended before the output could be replaced")
        try FileManager.default.removeItem(at: folder.output)
        try FileManager.default.createDirectory(
            at: folder.output.appendingPathComponent("inside"), withIntermediateDirectories: true)
        let error = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 73, "\(error)")
        #expect(error.contains("\(folder.output.path): cannot be written"), "\(error)")
        #expect(error.lowercased().contains("is a directory"), "\(error)")
        try folder.expectNothingLeftBehind(previousOutputKept: false)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.output.path) == ["inside"])
    }

    @Test(
        "a file-size limit (ulimit -f) reached: 74 and why, the previous output kept, nothing left behind",
        // ThreadSanitizer's runtime itself dies of SIGBUS under a file-size limit (in its shadow
        // memory, on the first large copy), before the tool can report anything: Scripts/tsan.sh
        // sets TSAN_OPTIONS, and the test runs only without it.
        .disabled(
            if: ProcessInfo.processInfo.environment["TSAN_OPTIONS"] != nil,
            "ThreadSanitizer's runtime cannot run under a file-size limit"),
        arguments: ["-o", ">", "--whole -o"])
    func fileSizeLimit(output redirection: String) throws {
        // About 200 KB of JSON, past a limit of 64 KiB.
        let folder = try ConversionFolder(inputSize: 200_000)
        defer { folder.remove() }
        let errors = folder.directory.appendingPathComponent("stderr")
        // A shell redirection truncates the file itself: only -o can keep the previous output.
        let result = try shellWithDefaultSignals(
            #"ulimit -f 64; "$0" convert "\#(folder.input.path)" --to json \#(redirection) "\#(folder.output.path)""#,
            environment: ["TMPDIR": folder.temporary.path], errorFile: errors)
        #expect(result.status == 74, "\(result.error)")
        let name = redirection == ">" ? "standard output" : "out.json"
        #expect(result.error.contains("\(name): cannot be written ("), "\(result.error)")
        #expect(result.error.contains("File too large)"), "\(result.error)")
        #expect(!result.error.contains("Error Domain"), "\(result.error)")
        try FileManager.default.removeItem(at: errors)
        try folder.expectNothingLeftBehind(previousOutputKept: redirection != ">")
    }

    @Test(
        "a temporary directory (TMPDIR) missing or not a directory: 74 for a whole conversion, naming it, the previous output kept; a streamed one needs none",
        arguments: [("missing", "No such file or directory"), ("big.csv", "Not a directory")])
    func unusableTemporaryDirectory(name: String, reason: String) throws {
        let folder = try ConversionFolder(inputSize: 10_000)
        defer { folder.remove() }
        let temporary = folder.directory.appendingPathComponent(name)
        let result = try shell(
            #""$0" convert "\#(folder.input.path)" --to json --whole -o "\#(folder.output.path)""#,
            environment: ["TMPDIR": temporary.path])
        #expect(result.status == 74, "\(result.error)")
        #expect(
            result.error.contains("out.json: cannot be written (a temporary file in \(temporary.path): \(reason))"),
            "\(result.error)")
        try folder.expectNothingLeftBehind(previousOutputKept: true)

        // Records stream from the input to the output's own partial file: no temporary directory.
        let streamed = try shell(
            #""$0" convert "\#(folder.input.path)" --to json -o "\#(folder.output.path)""#,
            environment: ["TMPDIR": temporary.path])
        #expect(streamed.status == 0, "\(streamed.error)")
        #expect(try Data(contentsOf: folder.output).starts(with: Data("[{".utf8)))
    }

    @Test("property lists nested 100,000 deep: refused before Foundation's parser recurses")
    func deeplyNestedPropertyLists() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nesting-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let deep = directory.appendingPathComponent("Info.plist")
        let body = String(repeating: "<array>", count: 100_000) + String(repeating: "</array>", count: 100_000)
        try Data(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">\#(body)</plist>"#.utf8).write(to: deep)
        let types = try await transferExecutable(["types", "list", "--declarations", deep.path])
        #expect(types.status == 65, "\(types.error)")
        #expect(types.error.contains("more than 512 levels deep"))
        let negotiate = try await transferExecutable([
            "negotiate", "--receiver", deep.path, "--item", "photo", "--offer", "public.png",
        ])
        #expect(negotiate.status == 65, "\(negotiate.error)")
        #expect(negotiate.error.contains("512 levels deep"))
    }

    @Test("a transfer binary copied elsewhere still has its built-in receivers")
    func theBinaryNeedsNoResourceBundle() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("copied-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("transfer")
        // Copied by `cp`, not in this process: a descriptor this process held open for writing
        // the copy would be inherited by a child another test spawns at that moment, and running
        // the copy then fails with ETXTBSY ("Text file busy"), as it once did on CI. `cp`'s own
        // descriptor is gone with it.
        let copier = Process()
        copier.executableURL = URL(fileURLWithPath: "/bin/cp")
        copier.arguments = [executableURL.path, copy.path]
        try copier.run()
        copier.waitUntilExit()
        try #require(copier.terminationStatus == 0)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["receivers", "list"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for name in ["Photos", "X", "Bluesky", "Mastodon", "Threads", "Instagram"] { #expect(output.contains(name)) }
    }

    @Test("-o keeps what it replaces: the mode, a symbolic link; refuses directories and devices")
    func outputFilesAreReplacedWithCare() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let sample = samples.appendingPathComponent("profiles.csv").path
        let expected = try Data(contentsOf: samples.appendingPathComponent("profiles.json"))

        // A private file stays private.
        let privateFile = directory.appendingPathComponent("private.json")
        try Data("old".utf8).write(to: privateFile)
        chmod(privateFile.path, 0o600)
        #expect(await transfer("convert", sample, "--to", "json", "-o", privateFile.path).status == 0)
        #expect(try Data(contentsOf: privateFile) == expected)
        let mode = try FileManager.default.attributesOfItem(atPath: privateFile.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A symbolic link is followed: the target is written, the link stays a link.
        let target = directory.appendingPathComponent("target.json")
        try Data("old".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(await transfer("convert", sample, "--to", "json", "-o", link.path).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try Data(contentsOf: target) == expected)

        // A long but legal name: the temporary name stays within the limit.
        let long = directory.appendingPathComponent(String(repeating: "n", count: 241) + ".json")
        let written = await transfer("convert", sample, "--to", "json", "-o", long.path)
        #expect(written.status == 0, "\(written.error)")
        #expect(try Data(contentsOf: long) == expected)

        // Directories and devices: 73; a name that is empty or ends in /: 64.
        let folder = directory.appendingPathComponent("folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let intoFolder = await transfer("convert", sample, "--to", "json", "-o", folder.path)
        #expect(intoFolder.status == 73)
        #expect(intoFolder.error.contains("is a directory"))
        let device = await transfer("convert", sample, "--to", "json", "-o", "/dev/null")
        #expect(device.status == 73)
        #expect(device.error.contains("not a regular file"))
        #expect(await transfer("convert", sample, "--to", "json", "-o", folder.path + "/").status == 64)
        #expect(await transfer("convert", sample, "--to", "json", "-o", "").status == 64)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
                == ["folder", "link.json", String(repeating: "n", count: 241) + ".json", "private.json", "target.json"])
    }

    @Test("CSV without records is still checked; UTF-16 is named", arguments: [false, true])
    func inputsThatAreNotProfiles(streaming: Bool) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notcsv-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func convert(_ contents: Data) async throws -> CommandResult {
            let input = directory.appendingPathComponent("input.csv")
            try contents.write(to: input)
            return await transfer(["convert", input.path, "--to", "json"] + (streaming ? ["--stream"] : []))
        }
        let nul = try await convert(Data(repeating: 0, count: 1000))
        #expect(nul.status == 65)
        #expect(nul.error.contains("expected a header naming id, name, bio, funFacts (and optionally video, portrait)"))
        let prose = try await convert(Data("Lorem ipsum dolor sit amet, consectetur adipiscing elit.\n".utf8))
        #expect(prose.status == 65)
        #expect(prose.error.contains("found \"Lorem ipsum dolor sit amet\""), "\(prose.error)")
        let utf16 = try await convert(
            Data([0xFF, 0xFE]) + "id,name,bio,funFacts,video,portrait\r\n".data(using: .utf16LittleEndian)!)
        #expect(utf16.status == 65)
        #expect(utf16.error.contains("found UTF-16LE"), "\(utf16.error)")
        // A header and no records, or nothing at all: an empty archive.
        let header = try await convert(Data("id,name,bio,funFacts,video,portrait\r\n".utf8))
        #expect(header.status == 0, "\(header.error)")
        #expect(header.output == "[]")
        let empty = try await convert(Data())
        #expect(empty.status == 0, "\(empty.error)")
        #expect(empty.output == "[]")
    }

    @Test("control characters from input are shown, not obeyed; a missing receiver file is 66")
    func messagesAreSafeAndPrecise() async throws {
        let evil = "/tmp/\u{1B}]0;owned\u{07}\u{1B}[2J.csv"
        let missing = await transfer("convert", evil, "--to", "json")
        #expect(missing.status == 66)
        #expect(!missing.error.contains("\u{1B}"))
        #expect(missing.error.contains("\\u{1B}]0;owned\\u{7}\\u{1B}[2J.csv"))
        let receiver = await transfer(
            "negotiate", "--receiver", "/nonexistent/Share.plist", "--item", "photo", "--offer", "public.png")
        #expect(receiver.status == 66, "\(receiver.error)")
        #expect(receiver.error.contains("no such file"))
    }
}

/// A folder for one conversion that will not finish: `big.csv`, the sample's records repeated;
/// `out.json`, a previous output holding "previous"; and `tmp/`, the conversion's `TMPDIR`.
private struct ConversionFolder {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("conversion-\(UUID())")
    var temporary: URL { directory.appendingPathComponent("tmp") }
    var input: URL { directory.appendingPathComponent("big.csv") }
    var output: URL { directory.appendingPathComponent("out.json") }

    /// Makes the folder, with an input of about `inputSize` bytes.
    init(inputSize: Int) throws {
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let sample = try String(contentsOf: samples.appendingPathComponent("profiles.csv"), encoding: .utf8)
        let headerEnd = try #require(sample.firstRange(of: "\r\n")).upperBound
        let records = String(sample[headerEnd...])
        let repeated = String(repeating: records, count: max(1, inputSize / records.utf8.count))
        try Data((String(sample[..<headerEnd]) + repeated).utf8).write(to: input)
        try "previous".write(to: output, atomically: true, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Checks that the conversion left nothing: no temporary file, no partial output beside the
    /// output, and (when it should be kept) the previous output as it was.
    /// Whether the output's partial file exists and has bytes: records have reached it.
    func partialFileHasBytes() -> Bool {
        let partial = (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.first {
            $0.hasSuffix(".partial")
        }
        let size = partial.flatMap {
            try? FileManager.default.attributesOfItem(atPath: directory.appendingPathComponent($0).path)[.size] as? Int
        }
        return (size ?? 0) > 0
    }

    func expectNothingLeftBehind(previousOutputKept: Bool, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let temporaries = try FileManager.default.contentsOfDirectory(atPath: temporary.path)
        #expect(temporaries.isEmpty, "left in TMPDIR: \(temporaries)", sourceLocation: sourceLocation)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["big.csv", "out.json", "tmp"], sourceLocation: sourceLocation)
        if previousOutputKept {
            #expect(try String(contentsOf: output, encoding: .utf8) == "previous", sourceLocation: sourceLocation)
        }
    }
}
