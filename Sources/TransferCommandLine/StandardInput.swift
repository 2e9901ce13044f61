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

    /// Standard input's descriptor, for a reader that streams it (`transfer convert -`).
    ///
    /// - Throws: `ToolError` 66 when standard input is closed or is a directory.
    static func descriptor() throws -> FileDescriptor {
        guard !StandardStreams.wasClosed(.standardInput), let status = try? FileDescriptor.standardInput.status() else {
            throw ToolError(.noInput, "standard input: closed (expected the input, or give a file instead of -)")
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            throw ToolError(.noInput, "standard input: a directory (expected a file's contents)")
        }
        return .standardInput
    }

    /// Reads standard input to its end.
    ///
    /// - Throws: `ToolError` 66 when standard input is closed or cannot be read (a directory),
    ///   65 when it holds more than `limit` bytes, 74 on another read error.
    static func readAll(limit: Int = StandardInput.limit) throws -> Data {
        try readAll(descriptor: .standardInput, name: "standard input", limit: limit) { limit in
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
    static func readAll(descriptor: FileDescriptor, name: String, limit: Int, tooLarge: (Int) -> String) throws -> Data
    {
        if StandardStreams.wasClosed(descriptor) {
            throw ToolError(.noInput, "\(name): closed (expected the input, or give a file instead of -)")
        }
        // A regular file's size is known: its bytes are read into one buffer of that size (plus
        // one byte, to see the end). Anything else grows by doubling.
        let status = try? descriptor.status()
        let known = status.flatMap { $0.st_mode & S_IFMT == S_IFREG ? Int($0.st_size) : nil }
        do throws(FileDescriptor.WholeReadFailure) {
            return try descriptor.readToEnd(sizeHint: known, maximumSizeAllowed: limit)
        } catch .system(.badFileDescriptor) {
            throw ToolError(.noInput, "\(name): closed (expected the input, or give a file instead of -)")
        } catch .system(Errno(rawValue: EISDIR)) {
            throw ToolError(.noInput, "\(name): a directory (expected a file's contents)")
        } catch .system(let error) {
            throw ToolError(.ioError, "\(name): cannot be read (\(error))")
        } catch .tooLarge {
            throw ToolError(.dataError, "\(name): \(tooLarge(limit))")
        } catch {
            throw ToolError(.ioError, "\(name): cannot be read (no memory for its bytes)")
        }
    }
}

enum InputFile {
    /// The most read from such a file.
    static let limit = 64 << 20

    /// The contents of the file at `path`.
    ///
    /// - Throws: `ToolError` 66 when the file does not exist, is a directory or cannot be opened;
    ///   65 when it holds more than `limit` bytes; 74 on a read error.
    static func contents(of path: String, limit: Int = InputFile.limit) throws -> Data {
        let file = try open(path)
        return try StandardInput.readAll(descriptor: file.fileDescriptor, name: path, limit: limit) { limit in
            "more than \(limit >> 20) MiB (expected a declaration file of at most that size)"
        }
    }

    /// The file at `path`, open for reading: where every command looks at an input file, before
    /// anything else is done with it. (`negotiate` and `preview` ask `FileManager` only whether an
    /// argument names a file at all — a receiver's name or a URL otherwise — then read it here.)
    ///
    /// - Throws: `ToolError` 66 when the file does not exist, is a directory or cannot be opened.
    static func open(_ path: String) throws -> ReadableFile {
        let file: ReadableFile
        do throws(CocoaError) {
            file = try ReadableFile(path: path)
        } catch {
            let number = error.errno ?? Errno(rawValue: EIO)
            let reason = number == .noSuchFileOrDirectory ? "no such file" : "cannot be opened (\(number))"
            throw ToolError(.noInput, "\(path): \(reason)")
        }
        if file.isDirectory {
            throw ToolError(.noInput, "\(path): is a directory (expected a file)")
        }
        return file
    }
}
