import Foundation
import Testing
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one system-call layer: `EINTR` retried in one place, failures a typed `Errno`, and
/// `ReadableFile`'s errors the `CocoaError` that `Data(contentsOf:)` throws.
@Suite("System calls: EINTR retried once for all, errors typed")
struct SystemCallsTests {
    @Test("Errno: the system's words, the value of errno, and the names the package tests for")
    func errno() {
        #expect(Errno(rawValue: ENOENT).description == "No such file or directory")
        #expect(Errno.noSuchFileOrDirectory.rawValue == ENOENT)
        #expect(open("/nonexistent/\(UUID())", O_RDONLY) == -1)
        #expect(Errno.current == .noSuchFileOrDirectory)
        #expect(SystemCalls.reason(EACCES) == Errno(rawValue: EACCES).description)
    }

    @Test("valueOrErrno: a call interrupted is made again; without retrying, EINTR is returned")
    func retryOnInterrupt() {
        var calls = 0
        func interruptedTwice() -> Int32 {
            calls += 1
            guard calls > 2 else {
                Glibc.errno = EINTR
                return -1
            }
            return 7
        }
        #expect(SystemCalls.valueOrErrno(interruptedTwice) == .success(7))
        #expect(calls == 3)
        calls = 0
        #expect(SystemCalls.valueOrErrno(retryOnInterrupt: false, interruptedTwice) == .failure(.interrupted))
        #expect(calls == 1)
        #expect(
            SystemCalls.valueOrErrno { () -> Int32 in
                Glibc.errno = EBADF
                return -1
            } == .failure(.badFileDescriptor))
    }

    @Test("read and write throw the Errno of a bad descriptor")
    func badDescriptor() {
        var byte: UInt8 = 0
        #expect(throws: Errno.badFileDescriptor) { try SystemCalls.read(-1, into: &byte, count: 1) }
        #expect(throws: Errno.badFileDescriptor) {
            try withUnsafeBytes(of: &byte) { bytes throws(Errno) in try SystemCalls.write(-1, bytes) }
        }
    }

    @Test("ReadableFile: a missing file is the CocoaError Data(contentsOf:) throws; a file reads whole in chunks")
    func readableFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readable-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("missing.txt")
        do {
            _ = try ReadableFile(missing)
            Issue.record("a missing file opened")
        } catch {
            #expect(error.code == .fileReadNoSuchFile)
            #expect(error.userInfo["NSFilePath"] as? String == missing.path)
            #expect(error.errno == .noSuchFileOrDirectory)
            #expect(error.fileSystemReason == "\(missing.path): No such file or directory")
            do {
                _ = try Data(contentsOf: missing)
            } catch let foundation as CocoaError {
                #expect(error.code == foundation.code)
            }
        }
        let file = directory.appendingPathComponent("file.bin")
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: file)
        let reader = try ReadableFile(file)
        #expect(try reader.status().st_size == 10_000 && !reader.isDirectory)
        var read: [UInt8] = []
        while try reader.append(upTo: 4096, to: &read) > 0 {}
        #expect(read == bytes)
        try reader.seek(to: 9_998)
        let (tail, count) = try reader.reading(upTo: 100, after: [1])
        #expect(tail == [1] + bytes.suffix(2) && count == 2)
        reader.close()
        #expect(throws: CocoaError.self) { try reader.append(upTo: 1, to: &read) }
        // A directory opens, and reads fail with the system's words, as a CocoaError.
        let folder = try ReadableFile(directory)
        #expect(folder.isDirectory)
        #expect(throws: CocoaError.self) { try folder.append(upTo: 1, to: &read) }
    }

    /// A pipe written by a thread of its own with `bytes`, then closed: its read end.
    func pipe(writing bytes: [UInt8]) -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = Glibc.pipe(&ends)
        let writer = ends[1]
        Thread {
            bytes.withUnsafeBytes { buffer in _ = try? SystemCalls.write(writer, buffer) }
            close(writer)
        }.start()
        return ends[0]
    }

    @Test(
        "readWhole: a pipe of unknown size grows past its first MiB, byte for byte, up to the limit and not past it",
        arguments: [0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5_000_000])
    func readWholePipe(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let reader = pipe(writing: bytes)
        defer { close(reader) }
        var reported = 0
        let data = try SystemCalls.readWhole(reader, sizeHint: nil, maximumSizeAllowed: count) { reported += $0 }
        #expect(data.count == count && reported == count)
        #expect(data == Data(bytes))
        // One byte more than allowed is refused, however it comes.
        if count > 0 {
            let again = pipe(writing: bytes)
            defer { close(again) }
            #expect(throws: SystemCalls.WholeReadFailure.tooLarge) {
                try SystemCalls.readWhole(again, sizeHint: nil, maximumSizeAllowed: count - 1)
            }
        }
    }

    @Test(
        "readWhole: a regular file from where it is to its end, a wrong size hint only a hint, a bad descriptor typed")
    func readWholeFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("read-whole-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 >> 3) })
        try bytes.write(to: file)
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        for hint in [bytes.count, 10, bytes.count * 2] {
            lseek(descriptor, 1_000, SEEK_SET)
            let data = try SystemCalls.readWhole(descriptor, sizeHint: hint, maximumSizeAllowed: .max)
            #expect(data == bytes.dropFirst(1_000), "hint \(hint)")
        }
        #expect(throws: SystemCalls.WholeReadFailure.system(.badFileDescriptor)) {
            try SystemCalls.readWhole(-1, sizeHint: nil, maximumSizeAllowed: 10)
        }
    }
}
