import Foundation
import Synchronization
import TransferCommandLine

/// What one run of the tool printed and how it exited.
struct CommandResult: Sendable {
    let status: Int32
    let output: String
    let error: String
}

/// Runs `transfer` in process, with a captured console.
func transfer(_ arguments: String...) async -> CommandResult {
    await transfer(arguments)
}

func transfer(_ arguments: [String]) async -> CommandResult {
    let output = Mutex("")
    let error = Mutex("")
    let console = Console(
        write: { text in output.withLock { $0 += text } },
        error: { text in error.withLock { $0 += text } }
    )
    let status = await TransferTool.run(arguments, console: console)
    return CommandResult(status: status.rawValue, output: output.withLock { $0 }, error: error.withLock { $0 })
}

/// Runs `body`, which blocks until a child process ends, on a thread of its own: a test that waits for
/// a process must not hold one of the cooperative pool's threads (one per core), or the asynchronous
/// tests running beside it starve — and their deadlines pass.
func onThreadOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}

/// Runs the built `transfer` executable as a separate process.
func transferExecutable(
    _ arguments: [String],
    input: Data? = nil,
    environment: [String: String] = [:]
) async throws -> CommandResult {
    try await onThreadOfItsOwn { try runExecutable(arguments, input: input, environment: environment) }
}

private func runExecutable(_ arguments: [String], input: Data?, environment: [String: String]) throws -> CommandResult {
    let process = Process()
    process.executableURL = executableURL
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let outputPipe = Pipe()
    let errorPipe = Pipe()
    let inputPipe = Pipe()
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = inputPipe
    try process.run()
    // Standard input is written on a thread of its own, while the outputs are read: a child that
    // stops reading (it found an error, say) ends the writing with EPIPE — SIGPIPE is blocked on
    // that thread, where it would otherwise end the test process.
    let inputWritten = DispatchSemaphore(value: 0)
    let inputWriter = Thread {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &blocked, nil)
        let descriptor = inputPipe.fileHandleForWriting.fileDescriptor
        input?.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                offset += count
            }
        }
        try? inputPipe.fileHandleForWriting.close()
        inputWritten.signal()
    }
    inputWriter.start()
    // Read both pipes before waiting, so a large output cannot block the child.
    let errorData = Mutex(Data())
    let errorRead = DispatchSemaphore(value: 0)
    let errorReader = Thread {
        errorData.withLock { $0 = errorPipe.fileHandleForReading.readDataToEndOfFile() }
        errorRead.signal()
    }
    errorReader.start()
    let outputData = outputPipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    errorRead.wait()
    inputWritten.wait()
    return CommandResult(
        status: process.terminationStatus,
        output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData.withLock { $0 }, as: UTF8.self)
    )
}

/// Runs the built `transfer` executable under a pseudo-terminal (Python's `pty`), so that its
/// standard error is a terminal; returns its exit status and what the terminal showed.
func transferUnderTerminal(_ arguments: [String]) async throws -> (status: Int32, shown: String) {
    let result = try await onThreadOfItsOwn { try runUnderTerminal(arguments) }
    return (result.status, result.shown)
}

private struct TerminalResult: Sendable {
    let status: Int32
    let shown: String
}

private func runUnderTerminal(_ arguments: [String]) throws -> TerminalResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
        [
            "python3", "-c", "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))",
            executableURL.path,
        ] + arguments
    let terminal = Pipe()
    process.standardOutput = terminal
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let shown = String(decoding: terminal.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return TerminalResult(status: process.terminationStatus, shown: shown)
}

/// The `transfer` executable beside the test bundle in the build folder.
let executableURL: URL = {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On Darwin the test runner sits inside the .xctest bundle.
    while directory.pathExtension == "xctest" || directory.lastPathComponent == "MacOS"
        || directory.lastPathComponent == "Contents"
    {
        directory.deleteLastPathComponent()
    }
    return directory.appendingPathComponent("transfer")
}()

/// Runs a program with standard output discarded; its exit status and standard error.
func runProgram(_ program: URL, _ arguments: [String]) async throws -> CommandResult {
    try await onThreadOfItsOwn { try runProgramNow(program, arguments) }
}

/// ``runProgram(_:_:)`` on the calling thread, with `environment` added to the test's own.
func runProgramNow(_ program: URL, _ arguments: [String], environment: [String: String] = [:]) throws
    -> CommandResult
{
    let process = Process()
    process.executableURL = program
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let error = Pipe()
    process.standardError = error
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let said = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandResult(status: process.terminationStatus, output: "", error: String(decoding: said, as: UTF8.self))
}
