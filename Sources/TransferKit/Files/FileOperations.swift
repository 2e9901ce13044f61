import CTransferKitSystem
import TransferCodecs
import TransferSupport

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
    /// on file systems that can) where available, else in 1 MiB chunks, into a temporary file that
    /// is linked into place (``TransferSupport/AtomicFile``): the copy appears whole or not at all.
    /// - Parameter progress: Called with the bytes copied and the total after each step; when given,
    ///   the copy runs in 8 MiB steps and stops, removing the partial copy, when the task is cancelled.
    static func copy(
        _ source: URL,
        to destination: URL,
        itemType: Any.Type,
        progress: ((_ copied: Int64, _ total: Int64) -> Void)? = nil
    ) throws(TransferError) {
        let input: ReadableFile
        let status: stat
        do throws(CocoaError) {
            input = try ReadableFile(source)
            status = try input.status()
        } catch {
            throw fileError(itemType, "Cannot read \(source.path)", error)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw TransferError(
                .fileUnavailable, itemType: itemType,
                reason: "Cannot copy \(source.path): it is a directory, and only files are transferred")
        }
        let output = try writing(destination, itemType: itemType) { () throws(CocoaError) in
            try AtomicFile(writing: destination)
        }
        defer { output.discard() }
        try copyContents(
            from: input, to: output.fileDescriptor, source: source, itemType: itemType, total: Int64(status.st_size),
            progress: progress)
        try writing(destination, itemType: itemType) { () throws(CocoaError) in
            try output.commit(synchronizing: false, replacing: false)
        }
    }

    /// Runs a write, turning its `CocoaError` into ``TransferError/Code/fileUnavailable`` with the
    /// system's words and the error beneath.
    private static func writing<Result>(
        _ destination: URL, itemType: Any.Type, _ body: () throws(CocoaError) -> Result
    ) throws(TransferError) -> Result {
        do {
            return try body()
        } catch {
            throw TransferError(
                .fileUnavailable, itemType: itemType, reason: "Cannot write \(error.fileSystemReason)",
                underlyingError: error)
        }
    }

    private static func copyContents(
        from input: ReadableFile,
        to output: FileDescriptor,
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
        if progress == nil, transferkit_clone_file(input.fileDescriptor.rawValue, output.rawValue) == 0 { return }
        let step = progress == nil ? chunkSize * 64 : chunkSize * 8
        copying: while true {
            switch SystemCalls.valueOrErrno({
                transferkit_copy_file_range(input.fileDescriptor.rawValue, output.rawValue, step)
            }) {
            case .success(let copied) where copied > 0:
                try advance(copied)
            case .success:
                if done == 0 { progress?(0, total) }
                if done == 0, total > 0 { break copying }  // Nothing copied: the file system may not support it.
                return
            case .failure(let error):
                if [EXDEV, ENOSYS, EOPNOTSUPP, EINVAL].contains(error.rawValue) { break copying }
                throw fileError(itemType, "Cannot copy \(source.path)", error.rawValue)
            }
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count: Int
            do throws(CocoaError) {
                count = try input.read(into: buffer, count: chunkSize)
            } catch {
                throw fileError(itemType, "Cannot read \(source.path)", error)
            }
            if count == 0 { return }
            do throws(Errno) {
                try output.writeAll(UnsafeRawBufferPointer(start: buffer, count: count))
            } catch {
                throw fileError(itemType, "Cannot write the copy of \(source.path)", error.rawValue)
            }
            try advance(count)
        }
    }

    /// Creates `file`, which must not exist, from what `body` hands its writing function, in
    /// pieces, through a buffer of 1 MiB: for exporters that produce a file a batch at a time. The
    /// file appears whole, or not at all when `body` throws.
    ///
    /// - Throws: ``TransferError/Code/fileUnavailable`` with the system's error when the file cannot
    ///   be created or written; what `body` throws.
    static func writePieces(to file: URL, _ body: ((Data) throws -> Void) throws -> Void) throws {
        let output = try writing(file, itemType: Any.self) { () throws(CocoaError) in try AtomicFile(writing: file) }
        defer { output.discard() }
        try body { piece in try writing(file, itemType: Any.self) { () throws(CocoaError) in try output.write(piece) } }
        try writing(file, itemType: Any.self) { () throws(CocoaError) in
            try output.commit(synchronizing: false, replacing: false)
        }
    }

    /// Writes `data` to `destination`, which must not exist, through a temporary file in the same
    /// directory that is linked into place: readers see the whole file or none.
    static func write(_ data: Data, to destination: URL, itemType: Any.Type) throws(TransferError) {
        try writing(destination, itemType: itemType) { () throws(CocoaError) in
            try AtomicFile.write(data, to: destination, replacing: false)
        }
    }

    /// The whole contents of a file, for representations that asked for data.
    static func contents(of file: URL, itemType: Any.Type) throws(TransferError) -> Data {
        do {
            return try ReadableFile.contents(of: file)
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
        func reading<Value>(_ body: () throws(CocoaError) -> Value) throws(TransferError) -> Value {
            do {
                return try body()
            } catch {
                throw fileError(itemType, "Cannot read \(file.path)", error)
            }
        }
        let input = try reading { () throws(CocoaError) in try ReadableFile(file) }
        let total = try reading { () throws(CocoaError) in Int64(try input.status().st_size) }
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
                var probe: [UInt8] = []
                count = try reading { () throws(CocoaError) in try input.append(upTo: 4096, to: &probe) }
                if count > 0 {  // The file grew, or its size was unknown.
                    data.append(contentsOf: probe)
                    done += count
                    data.count = done + step
                    progress(Int64(done), max(total, Int64(done)))
                    continue
                }
            } else {
                count = try reading { () throws(CocoaError) in
                    try data.withUnsafeMutableBytes { buffer in
                        Result { () throws(CocoaError) in
                            try input.read(into: buffer.baseAddress! + done, count: min(step, buffer.count - done))
                        }
                    }.get()
                }
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

    /// The error of a file that cannot be read: `what`, the system's words for the `errno` beneath
    /// `error`, and the `POSIXError` beneath.
    static func fileError(_ itemType: Any.Type, _ what: String, _ error: CocoaError) -> TransferError {
        fileError(itemType, what, error.errno?.rawValue ?? EIO)
    }

    /// The error of a file that cannot be read or written: `what`, the system's words for `code`,
    /// and the `POSIXError` beneath.
    static func fileError(_ itemType: Any.Type, _ what: String, _ code: Int32) -> TransferError {
        TransferError(
            .fileUnavailable, itemType: itemType, reason: "\(what): \(SystemCalls.reason(code))",
            underlyingError: POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO))
    }
}

extension FileOperations {
    /// `name` made safe to use as one file name: path separators replaced, NUL removed; `nil` when
    /// nothing usable is left (empty, `.` or `..`).
    package static func safeFileName(_ name: String) -> String? {
        let safe = name.replacing("/", with: "-").replacing("\u{0}", with: "")
        return safe.isEmpty || safe == "." || safe == ".." ? nil : safe
    }
}
