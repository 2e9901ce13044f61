import CTransferKitSystem
import TransferCodecs

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// File copies and writes that stream in bounded memory and never leave a partial file behind.
package enum FileOperations {
    /// The size of one read or write when the kernel cannot copy for us.
    static let chunkSize = 1 << 20

    /// Copies `source` to `destination`, which must not exist: with `copy_file_range` (which clones
    /// on file systems that can) where available, else in 1 MiB chunks. On failure nothing is left
    /// at `destination`.
    /// - Parameter progress: Called with the bytes copied and the total after each step; when given,
    ///   the copy runs in 8 MiB steps and stops, removing the partial copy, when the task is cancelled.
    static func copy(
        _ source: URL,
        to destination: URL,
        itemType: Any.Type,
        progress: ((_ copied: Int64, _ total: Int64) -> Void)? = nil
    ) throws(TransferError) {
        let input = open(source.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else {
            throw fileError(itemType, "Cannot read \(source.path)", errno)
        }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw fileError(itemType, "Cannot read \(source.path)", errno) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw TransferError(
                .fileUnavailable, itemType: itemType,
                reason: "Cannot copy \(source.path): it is a directory, and only files are transferred")
        }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard output >= 0 else { throw fileError(itemType, "Cannot create \(destination.path)", errno) }
        var succeeded = false
        defer {
            close(output)
            if !succeeded { unlink(destination.path) }
        }
        try copyContents(
            from: input, to: output, source: source, itemType: itemType, total: Int64(status.st_size),
            progress: progress)
        succeeded = true
    }

    private static func copyContents(
        from input: Int32,
        to output: Int32,
        source: URL,
        itemType: Any.Type,
        total: Int64,
        progress: ((Int64, Int64) -> Void)?
    ) throws(TransferError) {
        var done: Int64 = 0
        func advance(_ count: Int) throws(TransferError) {
            done += Int64(count)
            guard let progress else { return }
            progress(done, total)
            if Task.isCancelled {
                throw TransferError(.cancelled, itemType: itemType, reason: "The copy of \(source.path) was cancelled")
            }
        }
        // A clone shares the blocks; the kernel copies otherwise, without passing the bytes through
        // user space; plain reads and writes are the last resort. With progress, the kernel copies in
        // steps, so that progress is reported and cancellation is seen.
        if progress == nil, transferkit_clone_file(input, output) == 0 { return }
        let step = progress == nil ? chunkSize * 64 : chunkSize * 8
        while true {
            let copied = transferkit_copy_file_range(input, output, step)
            if copied > 0 {
                try advance(copied)
                continue
            }
            if copied == 0 {
                if done == 0 { progress?(0, total) }
                if done == 0, total > 0 { break }  // Nothing copied: the file system may not support it.
                return
            }
            let error = errno
            if error == EINTR { continue }
            if error == EXDEV || error == ENOSYS || error == EOPNOTSUPP || error == EINVAL { break }
            throw fileError(itemType, "Cannot copy \(source.path)", error)
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = systemRead(input, buffer, chunkSize)
            if count == 0 { return }
            if count < 0 {
                if errno == EINTR { continue }
                throw fileError(itemType, "Cannot read \(source.path)", errno)
            }
            var written = 0
            while written < count {
                let result = systemWrite(output, buffer + written, count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    throw fileError(itemType, "Cannot write the copy of \(source.path)", errno)
                }
                written += result
            }
            try advance(count)
        }
    }

    /// Creates `file` and writes to it what `body` hands its writing function, in pieces, through
    /// a buffer of 1 MiB: for exporters that produce a file a batch at a time.
    ///
    /// - Throws: ``TransferError/Code/fileUnavailable`` with the system's error (a `POSIXError`)
    ///   when the file cannot be created or written; what `body` throws.
    static func writePieces(to file: URL, _ body: ((Data) throws -> Void) throws -> Void) throws {
        let writer = try PieceWriter(creating: file)
        defer { writer.close() }
        try body { try writer.write($0) }
        try writer.flush()
    }

    /// Writes `data` to `destination`, which must not exist, through a temporary file in the same
    /// directory that is renamed into place: readers see the whole file or none.
    static func write(_ data: Data, to destination: URL, itemType: Any.Type) throws(TransferError) {
        let temporary = destination.temporarySibling
        do {
            try data.write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw TransferError(
                .fileUnavailable, itemType: itemType, reason: "Cannot write \(destination.path)", underlyingError: error
            )
        }
        try moveIntoPlace(temporary, destination, itemType: itemType)
    }

    /// Copies `source` to `destination`, which must not exist, through a temporary file in the
    /// destination's directory that is linked into place: the copy appears whole or not at all.
    static func copyIntoPlace(_ source: URL, to destination: URL, itemType: Any.Type) throws(TransferError) {
        let temporary = destination.temporarySibling
        try copy(source, to: temporary, itemType: itemType)
        try moveIntoPlace(temporary, destination, itemType: itemType)
    }

    /// Renames `temporary` to `destination` without replacing an existing file; removes
    /// `temporary` on failure.
    static func moveIntoPlace(_ temporary: URL, _ destination: URL, itemType: Any.Type) throws(TransferError) {
        // link + unlink fails when the destination exists, where rename would replace it.
        if link(temporary.path, destination.path) == 0 {
            unlink(temporary.path)
            return
        }
        let error = errno
        unlink(temporary.path)
        throw fileError(itemType, "Cannot create \(destination.path)", error)
    }

    /// The whole contents of a file, for representations that asked for data.
    static func contents(of file: URL, itemType: Any.Type) throws(TransferError) -> Data {
        do {
            return try Data(contentsOf: file, options: .mappedIfSafe)
        } catch {
            throw TransferError(
                .fileUnavailable, itemType: itemType,
                reason: "Cannot read \(file.path)"
                    + (FileManager.default.fileExists(atPath: file.path) ? "" : ": no such file"),
                underlyingError: error)
        }
    }

    /// The whole contents of a file, read in 8 MiB steps: `progress` is called after each, and the
    /// read stops when the task is cancelled.
    static func contents(
        of file: URL,
        itemType: Any.Type,
        progress: (_ completed: Int64, _ total: Int64) -> Void
    ) throws(TransferError) -> Data {
        let input = open(file.path, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw fileError(itemType, "Cannot read \(file.path)", errno) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw fileError(itemType, "Cannot read \(file.path)", errno) }
        let total = Int64(status.st_size)
        var data = Data(count: Int(total))
        var done = 0
        let step = chunkSize * 8
        while true {
            if Task.isCancelled {
                throw TransferError(.cancelled, itemType: itemType, reason: "The read of \(file.path) was cancelled")
            }
            let count: Int
            if done == data.count {
                // The expected size is read: probe for more before growing, so that the usual case
                // (a file that did not grow) never reallocates the whole buffer.
                var probe = [UInt8](repeating: 0, count: 4096)
                count = probe.withUnsafeMutableBytes { systemRead(input, $0.baseAddress!, $0.count) }
                if count > 0 {  // The file grew, or its size was unknown.
                    data.append(contentsOf: probe[0..<count])
                    done += count
                    data.count = done + step
                    progress(Int64(done), max(total, Int64(done)))
                    continue
                }
            } else {
                count = data.withUnsafeMutableBytes { buffer in
                    systemRead(input, buffer.baseAddress! + done, min(step, buffer.count - done))
                }
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw fileError(itemType, "Cannot read \(file.path)", errno)
            }
            if count == 0 { break }
            done += count
            progress(Int64(done), max(total, Int64(done)))
        }
        data.count = done
        return data
    }

    /// A free name for `fileName` in `directory`: the name itself, or `name 2.ext`, `name 3.ext`, …
    static func availableURL(for fileName: String, in directory: URL) -> URL {
        let candidate = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: candidate.path) else { return candidate }
        let ext = URL(fileURLWithPath: fileName).pathExtension
        let base = ext.isEmpty ? fileName : String(fileName.dropLast(ext.count + 1))
        var number = 2
        while true {
            let name = ext.isEmpty ? "\(base) \(number)" : "\(base) \(number).\(ext)"
            let url = directory.appendingPathComponent(name)
            if !FileManager.default.fileExists(atPath: url.path) { return url }
            number += 1
        }
    }

    enum Kind {
        case file
        case directory
        case missing
    }

    /// Whether `url` names a file, a directory or nothing (following symbolic links).
    static func kind(of url: URL) -> Kind {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return .missing }
        return (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .file
    }

    static func fileError(_ itemType: Any.Type, _ what: String, _ code: Int32) -> TransferError {
        TransferError(.fileUnavailable, itemType: itemType, reason: "\(what): \(String(cString: strerror(code)))")
    }
}

#if canImport(Glibc)
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
    private let systemClose = Glibc.close
#elseif canImport(Musl)
    private let systemRead = Musl.read
    private let systemWrite = Musl.write
    private let systemClose = Musl.close
#elseif canImport(Darwin)
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
    private let systemClose = Darwin.close
#endif

extension FileOperations {
    /// `name` made safe to use as one file name: path separators replaced, NUL removed; `nil` when
    /// nothing usable is left (empty, `.` or `..`).
    package static func safeFileName(_ name: String) -> String? {
        let safe = name.replacing("/", with: "-").replacing("\u{0}", with: "")
        return safe.isEmpty || safe == "." || safe == ".." ? nil : safe
    }
}

/// A new file written in pieces through a buffer of 1 MiB. Not `Sendable`: one writer, one thread.
final class PieceWriter {
    private let file: URL
    private let descriptor: Int32
    private var buffer = Data()

    /// Creates the file, which must not exist, with the mode the umask leaves of 0666.
    init(creating file: URL) throws(TransferError) {
        self.file = file
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw Self.writeError(file, errno) }
    }

    func write(_ piece: Data) throws(TransferError) {
        buffer.append(piece)
        if buffer.count >= 1 << 20 { try flush() }
    }

    func flush() throws(TransferError) {
        let (file, descriptor) = (file, descriptor)
        let failure: Int32? = buffer.withUnsafeBytes { bytes in
            var written = 0
            while written < bytes.count {
                let result = systemWrite(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += result
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure { throw Self.writeError(file, failure) }
    }

    /// Writes what is buffered and waits until the file is on its device (`fsync`): before it is
    /// renamed into place, so that the name never points to a file a crash could leave half written.
    func synchronize() throws(TransferError) {
        try flush()
        guard fsync(descriptor) == 0 else { throw Self.writeError(file, errno) }
    }

    func close() {
        _ = systemClose(descriptor)
    }

    /// The error for a file that cannot be written, with the system's error beneath it.
    private static func writeError(_ file: URL, _ code: Int32) -> TransferError {
        TransferError(
            .fileUnavailable, itemType: Any.self,
            reason: "Cannot write \(file.path): \(String(cString: strerror(code)))",
            underlyingError: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}
