import CTransferKitSystem
import Foundation
import Synchronization
import Testing
import TransferSupport

@testable import TransferClipboard

/// The desktop programs the clipboard tests talk to: found on `PATH`, or, where absent, a skip
/// with the reason printed — except where `TRANSFERKIT_REQUIRE_DESKTOP` is set (`.ci/run` sets it
/// after installing them), where an absent program fails the test.
enum DesktopTools {
    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A program that stops reading its input must not end the test process: SIGPIPE ignored.
    static let ignoresBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static var required: Bool { ProcessInfo.processInfo.environment["TRANSFERKIT_REQUIRE_DESKTOP"] != nil }

    /// Whether every program in `names` is installed; prints why not, and records an issue where
    /// they are required.
    static func available(_ names: String...) -> Bool {
        let missing = names.filter { path($0) == nil }
        guard missing.isEmpty else {
            let message =
                "skipped: \(missing.joined(separator: ", ")) not installed "
                + "(Scripts/install-desktop-tools.sh installs them; .ci/run does)"
            if required {
                Issue.record("\(message), and TRANSFERKIT_REQUIRE_DESKTOP is set")
            } else {
                print(message)
            }
            return false
        }
        return true
    }

    /// Runs a program to its end with `input` on standard input; its standard output, error and
    /// status. Spawned and reaped here rather than by `Process`, whose wait on Linux lasts as long
    /// as any descendant holds its pipe: xclip, xsel and wl-copy fork a child that keeps serving.
    @discardableResult
    static func run(
        _ name: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60), detaches: Bool = false
    ) async throws -> (output: Data, error: String, status: Int32) {
        try await start(
            name, arguments, input: input, environment: environment, timeout: timeout, detaches: detaches
        ).value
    }

    /// ``run(_:_:input:environment:timeout:detaches:)`` started now, on a thread of its own, and
    /// awaited later: for a program the test acts on meanwhile (a window it drags onto). Not
    /// `async let`, whose program starts only once one of Swift concurrency's threads is free
    /// (``ThreadTask``).
    static func start(
        _ name: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60), detaches: Bool = false
    ) -> ThreadTask<(output: Data, error: String, status: Int32)> {
        // On a thread of its own: waiting for the program must not hold one of Swift
        // concurrency's few threads, which the clipboard's exports need meanwhile.
        ThreadTask {
            try runBlocking(
                name, arguments, input: input, environment: environment, timeout: timeout, detaches: detaches)
        }
    }

    /// ``run(_:_:input:environment:timeout:detaches:)`` on the caller's thread, for a caller that
    /// is on a thread of its own already.
    static func runBlocking(
        _ name: String, _ arguments: [String], input: Data? = nil, environment: [String: String] = [:],
        timeout: Duration = .seconds(60), detaches: Bool = false
    ) throws -> (output: Data, error: String, status: Int32) {
        _ = ignoresBrokenPipes
        let executable = path(name) ?? name
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        // Closed on exec: only this program gets them (as 0, 1, 2), not one another test starts.
        guard transferkit_pipe_cloexec(&inputPipe) == 0, transferkit_pipe_cloexec(&outputPipe) == 0,
            transferkit_pipe_cloexec(&errorPipe) == 0
        else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        if detaches {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        }
        for descriptor in inputPipe + outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
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
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard spawned == 0 else {
            [inputPipe[1], outputPipe[0], errorPipe[0]].forEach { close($0) }
            throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO)
        }
        let inputDescriptor = inputPipe[1]
        let errorDescriptor = errorPipe[0]
        // Each helper thread says when it is done: a thread not yet started is not "executing"
        // either, so polling isExecuting could return before the error was read (seen under ASan).
        let finished = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { finished.signal() }
            if let input {
                input.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let written = write(inputDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if written <= 0 { break }
                        offset += written
                    }
                }
            }
            close(inputDescriptor)
        }
        writer.start()
        @Sendable func drain(_ descriptor: Int32) -> Data {
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                data.append(contentsOf: buffer[0..<count])
            }
            close(descriptor)
            return data
        }
        let errorData = Mutex(Data())
        let errorReader = Thread {
            errorData.withLock { $0 = drain(errorDescriptor) }
            finished.signal()
        }
        errorReader.start()
        // The program is killed at the time-out unless it was reaped: once reaped, its pid may be
        // another process's (pid_max may be 32768), which must not be killed in its place.
        let reaped = Mutex(false)
        let killer = DispatchWorkItem { reaped.withLock { if !$0 { kill(pid, SIGKILL) } } }
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Int(timeout.components.seconds)), execute: killer)
        let data = drain(outputPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        reaped.withLock { $0 = true }
        killer.cancel()
        finished.wait()
        finished.wait()
        return (data, String(decoding: errorData.withLock { $0 }, as: UTF8.self), (status >> 8) & 0xFF)
    }
}

/// Closes, in a spawned program, every descriptor but 0, 1 and 2: tests run side by side, and a
/// program that inherited another test's pipe — xclip's or wl-copy's serving child lives long — would
/// keep that pipe's reader from ever seeing its end.
func inheritsNoOtherDescriptors(_ actions: inout posix_spawn_file_actions_t) {
    _ = transferkit_spawn_close_from(&actions, 3)
}

/// A pipe a server is started with as its descriptor 3, on which it says it is ready: Xvfb's
/// `-displayfd 3` writes its display number once it accepts connections; sway runs its
/// configuration's `exec` lines once it serves. The server holds the write end as long as it
/// runs, so one that exits before it is ready ends the pipe: an event either way, not a poll.
final class ReadinessPipe {
    private let readEnd: FileDescriptor
    private var writeEnd: FileDescriptor?

    init() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        self.readEnd = readEnd
        self.writeEnd = writeEnd
        if writeEnd.rawValue <= 3 {
            // Never 3 itself: the spawn's dup2 onto 3 must make a copy (which exec keeps), and a
            // descriptor below it would be one of the child's standard streams.
            let moved = fcntl(writeEnd.rawValue, F_DUPFD_CLOEXEC, 4)
            writeEnd.close()
            guard moved >= 0 else { throw Errno.current }
            self.writeEnd = FileDescriptor(rawValue: moved)
        }
    }

    deinit {
        readEnd.close()
        writeEnd?.close()
    }

    /// Makes the write end the spawned program's descriptor 3, and closes every other of ours from
    /// 4 up: in place of `inheritsNoOtherDescriptors`, after the other dup2s.
    func passAsDescriptor3(_ actions: inout posix_spawn_file_actions_t) {
        if let writeEnd { posix_spawn_file_actions_adddup2(&actions, writeEnd.rawValue, 3) }
        _ = transferkit_spawn_close_from(&actions, 4)
    }

    /// After the spawn: the first line the server writes, without its newline; `nil` when the
    /// pipe ends first (the server exited) or nothing comes for `timeout`.
    func line(timeout: Duration = .seconds(10)) -> String? {
        writeEnd?.close()
        writeEnd = nil
        let deadline = ContinuousClock.now + timeout
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            guard (try? readEnd.poll(for: Int16(POLLIN), until: deadline)) == true,
                (try? readEnd.read(into: &byte, count: 1)) == 1
            else { return nil }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}

/// Spawn attributes that give the child an empty signal mask and default handlers: a thread of
/// libdispatch blocks most signals, and a child inherits the spawning thread's mask, so a server
/// started from one would ignore SIGTERM.
func withCleanSpawnAttributes<Result>(_ body: (inout posix_spawnattr_t) -> Result) -> Result {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGPIPE, SIGHUP, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    return body(&attributes)
}

/// An X server of the test's own (`Xvfb`) on a free display number, stopped at the end.
final class XvfbServer: @unchecked Sendable {
    let display: String
    private let pid: pid_t

    /// Starts `Xvfb` with a screen of `screen` (width × height × depth), or returns `nil` (with
    /// the reason printed) where it is not installed.
    static func start(screen: String = "320x240x24") throws -> XvfbServer? {
        guard DesktopTools.available("Xvfb"), let executable = DesktopTools.path("Xvfb") else { return nil }
        // One server starts at a time in this process: two Xvfb started at once can both stay up
        // for seconds, one of them holding the lock, and a test's clients then reach another
        // test's server.
        starting.lock()
        defer { starting.unlock() }
        for _ in 0..<20 {
            let number = Int.random(in: 100..<900)
            guard !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
                !FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock"),
                claimed.withLock({ $0.insert(number).inserted })
            else { continue }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            // -displayfd 3: the server writes its number on the pipe once it accepts connections
            // (after listen(); the socket's file exists from bind(), when a connection is still
            // refused). One that lost the number to another server (its abstract socket taken)
            // exits without a word: the pipe ends. With -displayfd, Xvfb writes no lock file.
            let ready = try ReadinessPipe()
            let arguments: [String] = [
                executable, ":\(number)", "-displayfd", "3", "-nolisten", "tcp", "-noreset", "-screen", "0", screen,
            ]
            let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            ready.passAsDescriptor3(&actions)  // after the dup2s: it closes from 4 up
            guard withCleanSpawnAttributes({ posix_spawn(&pid, executable, &actions, &$0, argv, environ) }) == 0 else {
                claimed.withLock { _ = $0.remove(number) }
                continue
            }
            let server = XvfbServer(display: ":\(number)", number: number, pid: pid)
            if ready.line() == "\(number)" { return server }
            // Lost the number, or silent for 10 seconds: the server's deinit stops and reaps ours
            // (a pid not yet reaped is still ours), and another number is tried.
        }
        throw XvfbFailure()
    }

    struct XvfbFailure: Error, CustomStringConvertible {
        var description: String { "Xvfb did not start on any of 20 display numbers" }
    }

    private init(display: String, number: Int, pid: pid_t) {
        self.display = display
        self.number = number
        self.pid = pid
    }

    /// The display numbers this process's servers hold or are starting on: two tests that start
    /// a server at once never try the same number. (Two Xvfb started on one number at once can
    /// both stay up for seconds, one of them holding the lock: a test's clients then reached
    /// another test's server, and windows vanished between two connections.)
    private static let claimed = Mutex<Set<Int>>([])
    private static let starting = NSLock()
    private let number: Int

    /// The environment of a client of this server.
    var environment: [String: String] { ["DISPLAY": display, "XAUTHORITY": "/nonexistent", "WAYLAND_DISPLAY": ""] }

    /// Stops and reaps the server. Its pid is ours until reaped here, whether it still runs or
    /// has exited (SIGTERM to a process that has exited and is not reaped does nothing).
    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        Self.claimed.withLock { _ = $0.remove(number) }
    }
}

/// A Wayland compositor of the test's own: `sway` on wlroots' headless backend, with a runtime
/// directory of its own, stopped at the end. sway refuses to run as root, so as root it runs as
/// `nobody` (through `setpriv`); clients running as root can still use its socket.
final class SwayServer: @unchecked Sendable {
    let runtimeDirectory: URL
    let socket: String
    private let pid: pid_t

    /// Starts `sway`, or returns `nil` (with the reason printed) where it is not installed.
    static func start() throws -> SwayServer? {
        guard DesktopTools.available("sway", "wl-copy", "wl-paste"), let sway = DesktopTools.path("sway") else {
            return nil
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("transferkit-sway-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        chmod(directory.path, 0o700)
        let variables = [
            "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=\(directory.path)", "XDG_RUNTIME_DIR=\(directory.path)",
            "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "WLR_LIBINPUT_NO_DEVICES=1",
        ]
        // No Xwayland: it would take a display number the X11 tests' servers may want. No dragging
        // of tiles with the pointer: a press beside a window's surface (a drag test's press before
        // sway has shown a new window's final size) would start one, and sway 1.7 crashes when it
        // ends (a NULL seat in seat_get_focus, after "Swapping containers").
        // sway runs a configuration's exec lines once it serves (its socket made, its outputs up):
        // the last line writes the socket's name on descriptor 3, which sway holds while it runs.
        let configuration = directory.appendingPathComponent("config")
        try Data(
            """
            xwayland disable
            tiling_drag disable
            exec printf '%s\\n' "$WAYLAND_DISPLAY" >&3

            """.utf8
        ).write(to: configuration)
        var arguments = ["/usr/bin/env", "-i"] + variables + [sway, "-c", configuration.path]
        if getuid() == 0 {
            // setpriv becomes sway, so stopping it is one signal; runuser would stay its parent
            // and wait two seconds after forwarding SIGTERM.
            guard let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.isExecutableFile)
            else {
                throw SwayFailure(reason: "sway refuses to run as root, and setpriv (util-linux) is not installed")
            }
            guard let nobody = getpwnam("nobody") else { throw SwayFailure(reason: "there is no user nobody") }
            let (uid, gid) = (nobody.pointee.pw_uid, nobody.pointee.pw_gid)
            chown(directory.path, uid, gid)
            arguments = [setpriv, "--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", "--"] + arguments
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let log = directory.appendingPathComponent("sway.log").path
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let ready = try ReadinessPipe()
        ready.passAsDescriptor3(&actions)  // after the dup2s: it closes from 4 up
        let spawned = withCleanSpawnAttributes { posix_spawn(&pid, arguments[0], &actions, &$0, argv, environ) }
        guard spawned == 0 else {
            throw SwayFailure(reason: "cannot start sway: \(String(cString: strerror(spawned)))")
        }
        guard let name = ready.line(), name.hasPrefix("wayland-") else {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            let words = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: directory)
            throw SwayFailure(reason: "sway did not serve in 10 seconds, or exited: \(words.suffix(600))")
        }
        return SwayServer(directory: directory, socket: directory.appendingPathComponent(name).path, pid: pid)
    }

    struct SwayFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    private init(directory: URL, socket: String, pid: pid_t) {
        runtimeDirectory = directory
        self.socket = socket
        self.pid = pid
    }

    /// The environment of a client of this compositor; `DISPLAY` emptied, so that nothing falls
    /// back to an X server.
    var environment: [String: String] {
        [
            "XDG_RUNTIME_DIR": runtimeDirectory.path, "WAYLAND_DISPLAY": (socket as NSString).lastPathComponent,
            "DISPLAY": "",
        ]
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}
