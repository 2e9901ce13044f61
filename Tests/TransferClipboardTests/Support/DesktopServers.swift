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
        _ = ignoresBrokenPipes
        // On a thread of its own: waiting for the program must not hold one of Swift
        // concurrency's few threads, which the clipboard's exports need meanwhile.
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue(label: "DesktopTools.run").async {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            name, arguments, input: input, environment: environment, timeout: timeout,
                            detaches: detaches)
                    })
            }
        }
    }

    private static func runBlocking(
        _ name: String, _ arguments: [String], input: Data?, environment: [String: String], timeout: Duration,
        detaches: Bool
    ) throws -> (output: Data, error: String, status: Int32) {
        let executable = path(name) ?? name
        var inputPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [0, 0]
        guard pipe(&inputPipe) == 0, pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else {
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
            let arguments: [String] = [
                executable, ":\(number)", "-nolisten", "tcp", "-noreset", "-screen", "0", screen,
            ]
            let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            var pid: pid_t = 0
            inheritsNoOtherDescriptors(&actions)  // after the dup2s: it closes from 3 up
            guard withCleanSpawnAttributes({ posix_spawn(&pid, executable, &actions, &$0, argv, environ) }) == 0 else {
                claimed.withLock { _ = $0.remove(number) }
                continue
            }
            let server = XvfbServer(display: ":\(number)", number: number, pid: pid)
            for _ in 0..<500 {
                var status: Int32 = 0
                if waitpid(pid, &status, WNOHANG) == pid {
                    // Another server took the number. Ours is reaped: its pid is free for the
                    // system to give another process (pid_max may be 32768), which the server's
                    // deinit must then not kill.
                    server.reaped = true
                    break
                }
                // Ours only when the lock names our process: two tests may race for one number, and
                // the loser must not take the winner's socket for its own.
                let lock = (try? String(contentsOfFile: "/tmp/.X\(number)-lock", encoding: .utf8)) ?? ""
                // And only once it accepts connections: the socket's file exists from bind(),
                // before listen(), when a connection is still refused.
                if Int32(lock.trimmingCharacters(in: .whitespacesAndNewlines)) == pid,
                    Self.accepts("/tmp/.X11-unix/X\(number)")
                {
                    return server
                }
                usleep(20_000)
            }
        }
        throw XvfbFailure()
    }

    /// Whether something listens on the Unix socket at `path`.
    static func accepts(_ path: String) -> Bool {
        guard let descriptor = try? UnixSocket.connected(to: path, description: "a test's server") else { return false }
        descriptor.close()
        return true
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

    /// Whether the server's process was reaped already: its pid may be another process's now.
    private var reaped = false

    deinit {
        if !reaped {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
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
        let configuration = directory.appendingPathComponent("config")
        try Data("xwayland disable\ntiling_drag disable\n".utf8).write(to: configuration)
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
        inheritsNoOtherDescriptors(&actions)  // after the dup2s: it closes from 3 up
        let spawned = withCleanSpawnAttributes { posix_spawn(&pid, arguments[0], &actions, &$0, argv, environ) }
        guard spawned == 0 else {
            throw SwayFailure(reason: "cannot start sway: \(String(cString: strerror(spawned)))")
        }
        for _ in 0..<500 {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                let words = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                try? FileManager.default.removeItem(at: directory)
                throw SwayFailure(reason: "sway exited at start: \(words.suffix(600))")
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            if let socket = names.first(where: { $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock") }),
                XvfbServer.accepts(directory.appendingPathComponent(socket).path)
            {
                return SwayServer(directory: directory, socket: directory.appendingPathComponent(socket).path, pid: pid)
            }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        throw SwayFailure(reason: "sway made no socket in 5 seconds")
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
