import ContentTypes
import LinkPreviews
package import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The `transfer` command-line tool: parses arguments, calls the libraries, prints.
///
/// The executable is a thin `main.swift` around ``run(_:console:)``; tests call it directly with a
/// captured console, and also run the built executable end to end.
package enum TransferTool {
    /// Runs the tool with `arguments` (without the program name).
    ///
    /// - Returns: The exit status.
    package static func run(_ arguments: [String], console: Console) async -> ExitStatus {
        // The types the modules the tool links declare, as an app's exported declarations would be:
        // `transfer types` lists them and reads their tags.
        _ = UTType.linkMetadata
        var arguments = arguments
        guard let name = arguments.first, !name.hasPrefix("-") else {
            if arguments.contains("--version") {
                console.write(version + "\n")
                return .success
            }
            // Help asked for goes to standard output; help shown because a command is missing is a
            // usage error, on standard error.
            if arguments.contains("--help") || arguments.contains("-h") {
                console.write(help)
                return .success
            }
            console.error(
                (arguments.isEmpty
                    ? "missing command\n\n"
                    : "expected a command before '\(escapingControls(arguments.first ?? ""))'\n\n") + help)
            return .usage
        }
        arguments.removeFirst()
        guard let command = commands.first(where: { $0.name == name }) else {
            console.error("unknown command '\(escapingControls(name))'\n\n" + help)
            return .usage
        }
        do {
            try await command.dispatch(arguments, console: console)
            // A write of standard output that failed after the command was done is mapped as the
            // command's own errors are: a reader that went away ends the tool as SIGPIPE would,
            // without a word (141); another failure is 74.
            if let failure = console.outputFailure() {
                throw OutputWriteError(descriptor: .standardOutput, errno: failure)
            }
            return .success
        } catch {
            if let usage = UsageError.within(error) {
                console.error("\(escapingControls(usage.message))\nSee 'transfer \(name) --help'.\n")
                return .usage
            }
            // Every error a command throws, but a usage error, becomes a status and a message here.
            let failure = ToolError(error)
            if failure.status != .brokenPipe { console.error(escapingControls(failure.message) + "\n") }
            return failure.status
        }
    }

    package static let version = "transfer 0.1.0"

    /// A message with the control characters that came from input (a file name, a field) shown as
    /// `\u{1B}` and the like, so that an error cannot move the cursor, clear the screen or retitle
    /// the terminal; line breaks and tabs are kept. Invisible format characters (a byte-order mark
    /// in a field, zero-width spaces, direction marks) are shown the same way, so that what was found
    /// can be seen; the zero-width joiner inside emoji is kept.
    package static func escapingControls(_ message: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(message.unicodeScalars.count)
        for scalar in message.unicodeScalars {
            switch scalar.value {
            case 0x0A, 0x09: result.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0x7F, 0x80..<0xA0, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            case _ where scalar.properties.generalCategory == .format && scalar.value != 0x200D:
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The top-level commands.
    static let commands: [Command] = [
        ConvertCommand.command, TypesCommand.command, ReceiversCommand.command, NegotiateCommand.command,
        PreviewCommand.command, PlaceholderCommand.command, ClipboardCommands.copy, ClipboardCommands.paste,
        ClipboardCommands.clipboard, DragCommand.command, DropCommand.command,
    ]

    static var help: String {
        """
        USAGE: transfer <command> [options]

        Converts, inspects and negotiates data through TransferKit's content types and representations.

        COMMANDS:
        \(commands.map { "  " + $0.name.padding(12) + $0.summary }.joined(separator: "\n"))

        Run 'transfer <command> --help' for a command's options.
        Exit status: 0 success, 64 usage error, 65 bad data, 66 missing input, 69 remote service
        failed, 73 cannot create the output, 74 read or write error, 75 timed out, 77 not permitted;
        130, 143, 129, 131, 141 when stopped by SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE (after
        removing what the command made).

        """
    }
}

/// Where the tool writes: standard output and standard error, or buffers in tests.
package struct Console: Sendable {
    package let write: @Sendable (String) -> Void
    package let error: @Sendable (String) -> Void
    /// Writes bytes to the output as they are, without making a string or a copy of them; throws
    /// when they cannot be written (a reader that went away), so that the command stops.
    package let writeBytes: @Sendable (UnsafeRawBufferPointer) throws -> Void
    /// Why a write to the output failed, if one did: the command then exits 74 (141 for a reader
    /// that went away), not 0.
    package let outputFailure: @Sendable () -> Errno?

    package init(
        write: @escaping @Sendable (String) -> Void,
        error: @escaping @Sendable (String) -> Void,
        writeBytes: (@Sendable (UnsafeRawBufferPointer) throws -> Void)? = nil,
        outputFailure: @escaping @Sendable () -> Errno? = { nil }
    ) {
        self.write = write
        self.error = error
        self.writeBytes = writeBytes ?? { write(String(decoding: $0, as: UTF8.self)) }
        self.outputFailure = outputFailure
    }

    /// The process's standard output and standard error.
    package static let standard = Console(
        write: { FileDescriptorOutput.write($0, to: .standardOutput) },
        error: { FileDescriptorOutput.write($0, to: .standardError) },
        writeBytes: { try FileDescriptorOutput.send($0, to: .standardOutput) },
        outputFailure: { FileDescriptorOutput.failure(of: .standardOutput) }
    )
}

extension Console {
    /// Writes `data` to the output (``send(_:)``).
    func send(_ data: Data) throws(OutputWriteError) {
        try data.withUnsafeBytes { bytes in Result { () throws(OutputWriteError) in try send(bytes) } }.get()
    }

    /// Writes `bytes` to the output (``writeBytes``), for a writer that throws only
    /// ``OutputWriteError``: the standard console's failures are those; another's (a test's) are
    /// reported as a failed write of standard output.
    func send(_ bytes: UnsafeRawBufferPointer) throws(OutputWriteError) {
        do {
            try writeBytes(bytes)
        } catch let error as OutputWriteError {
            throw error
        } catch {
            throw OutputWriteError(descriptor: .standardOutput, errno: Errno(rawValue: EIO))
        }
    }
}

extension String {
    /// The string padded with spaces to `width` characters, plus one space when already wider.
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
