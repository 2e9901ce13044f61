import Foundation
import LinkPreviews
import TransferClipboard
import TransferKit
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension TransferTool {
    /// Exit statuses, from BSD's `sysexits.h`.
    package enum ExitStatus: Int32, Sendable {
        /// The command succeeded.
        case success = 0
        /// The command was called wrongly: unknown option, missing argument (`EX_USAGE`).
        case usage = 64
        /// The input was read but is not valid: unknown type, malformed declarations (`EX_DATAERR`).
        case dataError = 65
        /// An input file does not exist or cannot be read (`EX_NOINPUT`).
        case noInput = 66
        /// A remote service failed: a host not found, a refused connection, an HTTP error
        /// (`EX_UNAVAILABLE`).
        case unavailable = 69
        /// An output file could not be created (`EX_CANTCREAT`).
        case cannotCreate = 73
        /// Reading or writing failed: a full device, a closed output (`EX_IOERR`).
        case ioError = 74
        /// A temporary failure, worth retrying: a fetch that timed out (`EX_TEMPFAIL`).
        case temporaryFailure = 75
        /// Not permitted: a URL the fetch policy refuses, such as a private address (`EX_NOPERM`).
        case noPermission = 77
        /// The reader of standard output went away (a closed pipe, `head` that has read enough):
        /// the status of a process SIGPIPE stopped, 128 + 13, with nothing said.
        case brokenPipe = 141
    }
}

/// A failure with its exit status and a message for standard error.
///
/// Commands throw it for what they find themselves (a missing file, a refused option value), and
/// throw the libraries' errors as they are, or in a ``CommandFailure`` that names the input and
/// output they concern: ``init(_:)`` is where those become an exit status and a message, for every
/// command, and for a write of standard output that failed after it (a detached copy's child says
/// its failure as any command does, and its parent exits with the child's status). One outcome is mapped elsewhere: a ``UsageError`` (64, shown by
/// ``TransferTool/run(_:console:)`` with the command's name).
package struct ToolError: Error {
    /// What the tool exits with.
    package let status: TransferTool.ExitStatus
    /// What it says on standard error, without the line feed.
    package let message: String

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - status: What the tool exits with.
    ///   - message: What it says: what was expected, what was found, and where.
    package init(_ status: TransferTool.ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The exit status and message of any error a command throws (but a ``UsageError``, which
    /// ``TransferTool/run(_:console:)`` shows with the command's name):
    ///
    /// | error | status |
    /// |---|---|
    /// | ``ToolError`` | its own |
    /// | ``OutputWriteError``: a reader that went away (`EPIPE`); another failed write | 141 (silent); 74 |
    /// | a write that failed for want of room or of a working device, wrapped in anything | 74 |
    /// | `TransferConversionError`, `TransferError`, `CSVError`, `DecodingError`, `EncodingError` | 65 |
    /// | `TransferConversionError` at `reading`; at `writing`, what its underlying error maps to | 66; as that |
    /// | `ReceiverDeclarationError`, `UTTypeDeclarationError` | 65 |
    /// | `TransferError` `fileUnavailable`, `CocoaError` for a file that cannot be read | 66 |
    /// | `LinkPreviewError` | 75 timed out, 77 refused address, 65 not a page, else 69 |
    /// | `ClipboardError` | 66 nothing to paste, 75 timed out, 65 protocol, 73 output, else 69 |
    /// | anything else | 73 when the command writes an output, else 65 |
    ///
    /// - Parameter error: What the command threw, or a ``CommandFailure`` naming its input and output.
    package init(_ error: any Error) {
        var error = error
        var input: String?
        var output: String?
        if let failure = error as? CommandFailure {
            (error, input, output) = (failure.error, failure.input, failure.output)
        }
        if let failure = error as? ToolError {
            self = failure
            return
        }
        if let failure = error as? OutputWriteError {
            self.init(failure.isBrokenPipe ? .brokenPipe : .ioError, failure.description)
            return
        }
        let subject = input.map { "\($0): " } ?? ""
        let destination = output ?? "standard output"
        if let failure = Self.writeFailure(in: error) {
            // The command's own files (an export's, in the temporary directory) could not be
            // written: the device or the environment, not the data, is at fault.
            let place = failure.path.map { "a temporary file in \($0)" } ?? "a temporary file"
            self.init(.ioError, "\(destination): cannot be written (\(place): \(failure.reason))")
            return
        }
        switch error {
        case let error as TransferConversionError where error.stage == .reading:
            self.init(.noInput, "\(input ?? "the input"): \(error.description)")
        case let error as TransferConversionError where error.stage == .writing:
            // The output's own failure, mapped as if the command had thrown it.
            self.init(CommandFailure(error.underlyingError, input: input, output: output))
        case let error as TransferConversionError:
            // The codec's own words say what was expected, what was found and where.
            self.init(.dataError, subject + error.description)
        case let error as TransferError where error.code == .fileUnavailable:
            self.init(.noInput, "\(input ?? "the input"): cannot be read (\(error.description))")
        case let error as CocoaError
        where [.fileReadNoSuchFile, .fileReadNoPermission, .fileReadUnknown].contains(error.code):
            self.init(.noInput, "\(input ?? "the input"): cannot be read (\(error))")
        case let error as TransferError:
            self.init(.dataError, subject + error.description)
        case let error as DecodingError:
            self.init(.dataError, subject + error.readableDescription)
        case let error as EncodingError:
            // A value the output format cannot hold (a field over the limit, NaN): the data's fault.
            self.init(.dataError, subject + error.readableDescription)
        case let error as CSVError:
            self.init(.dataError, subject + error.description)
        case let error as ReceiverDeclarationError:
            // Said of the input file, whatever the parser called its source.
            let named = input.map { ReceiverDeclarationError(source: $0, diagnostics: error.diagnostics) } ?? error
            self.init(.dataError, named.description)
        case let error as UTTypeDeclarationError:
            self.init(.dataError, error.description)
        case let error as LinkPreviewError:
            self.init(error, input: input)
        case let error as ClipboardError:
            self.init(error)
        case _ where output != nil:
            self.init(.cannotCreate, "\(destination): cannot be written (\(error))")
        default:
            self.init(.dataError, subject + "\(error)")
        }
    }

    /// A link preview's failure: a page read from `input` that is not one is bad data (65); a
    /// fetch's exit status follows Apple's `lpErrorCode` (75 timed out, 77 not allowed), and its
    /// ``LinkPreviewError/code`` for a page that is not one (65); any other fetch failure is the
    /// remote service's (69).
    private init(_ error: LinkPreviewError, input: String?) {
        if let input {
            self.init(.dataError, "\(input): \(error.reason)")
            return
        }
        let status: TransferTool.ExitStatus
        switch error.lpErrorCode {
        case .metadataFetchTimedOut: status = .temporaryFailure
        case .metadataFetchNotAllowed: status = .noPermission
        default:
            status = [.notHTML, .tooLarge, .unsupportedEncoding].contains(error.code) ? .dataError : .unavailable
        }
        let hint = error.code == .blockedAddress ? " (--allow-private-addresses fetches it)" : ""
        self.init(status, error.description + hint)
    }

    /// A clipboard's failure: nothing to paste is a missing input (66), a timeout temporary (75), a
    /// protocol violation bad data (65), a file not written 73; no display or owner, 69.
    private init(_ error: ClipboardError) {
        let status: TransferTool.ExitStatus =
            switch error.code {
            case .empty, .typeNotOffered, .noImportableType: .noInput
            case .timedOut: .temporaryFailure
            case .protocolError, .tooLarge, .transferFailed: .dataError
            case .outputFailed: .cannotCreate
            default: .unavailable
            }
        self.init(status, error.reason)
    }

    /// The `errno` values that mean a write failed for want of room or of a working device — a
    /// full device, a file-size limit, a quota, a read-only volume, an I/O error — rather than
    /// because of the file's name or place: an I/O error (74), where a file that cannot be made is
    /// 73. The one list: ``writeFailure(in:)`` and `convert`'s output read it.
    static let deviceFailures: Set<Int32> = [ENOSPC, EFBIG, EDQUOT, EROFS, EIO]

    /// The system's reason, and the directory when it is known, when `error` is, or wraps, a write
    /// that failed for want of room or of a working device — a full device, a file-size limit
    /// (`ulimit -f`), a quota, a read-only volume, an I/O error, a temporary directory (`TMPDIR`)
    /// that is missing or not writable — rather than because of the data.
    static func writeFailure(in error: any Error) -> (reason: String, path: String?)? {
        let causes = deviceFailures
        let writeCodes: Set<CocoaError.Code> = [
            .fileWriteUnknown, .fileWriteNoPermission, .fileWriteOutOfSpace, .fileWriteVolumeReadOnly,
        ]
        var current: (any Error)? = error
        var isWrite = false
        var path: String?
        var systemReason: String?
        while let error = current {
            switch error {
            case let error as TransferError:
                current = error.underlyingError
            case let error as TransferConversionError:
                current = error.underlyingError
            case let error as CocoaError:
                if writeCodes.contains(error.code) {
                    isWrite = true
                    path = path ?? error.filePath
                    if error.code == .fileWriteOutOfSpace { return (SystemCalls.reason(ENOSPC), path) }
                    if error.code == .fileWriteVolumeReadOnly { return (SystemCalls.reason(EROFS), path) }
                }
                current = error.underlying
            case let error as POSIXError:
                let number = error.code.rawValue
                if causes.contains(number) { return (SystemCalls.reason(number), path) }
                systemReason = systemReason ?? SystemCalls.reason(number)
                current = nil
            default:
                current = nil
            }
        }
        return isWrite ? (systemReason ?? "a write failed", path) : nil
    }
}

/// A library's error, with the input and output of the command that it failed, so that
/// ``ToolError/init(_:)`` can name them in its message: `profiles.csv: line 3, column 6: …`.
package struct CommandFailure: Error {
    /// What the library threw.
    package let error: any Error
    /// The input the command read (a path, `-` or `standard input`), when it read one.
    package let input: String?
    /// The output the command writes (a path, or `standard output`), when it writes one.
    package let output: String?

    /// Wraps a library's error with the command's input and output.
    ///
    /// - Parameters:
    ///   - error: What the library threw.
    ///   - input: The input the command read.
    ///   - output: The output the command writes: a path, or `standard output`.
    package init(_ error: any Error, input: String? = nil, output: String? = nil) {
        self.error = error
        self.input = input
        self.output = output
    }
}
