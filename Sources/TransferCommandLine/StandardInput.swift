import Foundation
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input, read as a stream with a size limit: never to the end whatever it holds, and
/// never with a crash when it is closed or is a directory.
enum StandardInput {
    /// The most read from standard input: past it, the input must be given as a file.
    static let limit = 1 << 30

    /// Reads standard input to its end.
    ///
    /// - Throws: `ToolError` 66 when standard input is closed or cannot be read (a directory),
    ///   65 when it holds more than `limit` bytes, 74 on another read error.
    static func readAll(limit: Int = StandardInput.limit) throws -> Data {
        try readAll(descriptor: 0, name: "standard input", limit: limit) { limit in
            "more than \(limit >> 20) MiB (expected at most that much; give the input as a file, which is read in place)"
        }
    }

    /// Reads a descriptor to its end, in chunks, stopping past `limit` bytes.
    ///
    /// - Parameters:
    ///   - descriptor: An open descriptor.
    ///   - name: What it is, for messages.
    ///   - limit: The most read.
    ///   - tooLarge: The message when there is more than `limit`.
    static func readAll(descriptor: CInt, name: String, limit: Int, tooLarge: (Int) -> String) throws -> Data {
        if StandardStreams.wasClosed(descriptor) {
            throw ToolError(.noInput, "\(name): closed (expected the input, or give a file instead of -)")
        }
        // A regular file's size is known: its bytes are read into one buffer of that size (plus
        // one byte, to see the end), without growing or copying. Anything else grows by doubling.
        // Data's zeroed allocation costs nothing until the pages are written.
        var status = stat()
        let known = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG ? Int(status.st_size) : nil
        var data = Data(count: min((known ?? (1 << 20) - 1) + 1, limit + 1))
        var filled = 0
        while true {
            if filled == data.count { data.count = min(data.count * 2, limit + 1) }
            let count = data.withUnsafeMutableBytes {
                SystemCalls.read(descriptor, into: $0.baseAddress! + filled, count: $0.count - filled)
            }
            let number = errno
            if count == 0 {
                data.count = filled
                return data
            }
            if count < 0 {
                switch number {
                case EBADF:
                    throw ToolError(.noInput, "\(name): closed (expected the input, or give a file instead of -)")
                case EISDIR: throw ToolError(.noInput, "\(name): a directory (expected a file's contents)")
                default:
                    throw ToolError(.ioError, "\(name): cannot be read (\(SystemCalls.reason(number)))")
                }
            }
            filled += count
            if filled > limit {
                throw ToolError(.dataError, "\(name): \(tooLarge(limit))")
            }
        }
    }
}

/// A small input file read whole (declarations, receiver profiles, manifests), with a message for
/// each way it can fail and a size limit.
enum InputFile {
    /// The most read from such a file.
    static let limit = 64 << 20

    /// The contents of the file at `path`.
    ///
    /// - Throws: `ToolError` 66 when the file does not exist, is a directory or cannot be opened;
    ///   65 when it holds more than `limit` bytes; 74 on a read error.
    static func contents(of path: String, limit: Int = InputFile.limit) throws -> Data {
        let shown = path
        var descriptor: CInt
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            let number = errno
            let reason = number == ENOENT ? "no such file" : "cannot be opened (\(SystemCalls.reason(number)))"
            throw ToolError(.noInput, "\(shown): \(reason)")
        }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw ToolError(.noInput, "\(shown): is a directory (expected a file)")
        }
        return try StandardInput.readAll(descriptor: descriptor, name: shown, limit: limit) { limit in
            "more than \(limit >> 20) MiB (expected a declaration file of at most that size)"
        }
    }
}
