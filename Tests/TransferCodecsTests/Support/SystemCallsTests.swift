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

    @Test("makeUniqueDirectory: a new directory each time; a missing parent is ENOENT")
    func uniqueDirectory() throws {
        let base = FileManager.default.temporaryDirectory.path
        let first = try SystemCalls.makeUniqueDirectory("\(base)/unique-XXXXXX")
        let second = try SystemCalls.makeUniqueDirectory("\(base)/unique-XXXXXX")
        defer { for path in [first, second] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(first != second && first.hasPrefix("\(base)/unique-") && !first.hasSuffix("XXXXXX"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: first, isDirectory: &isDirectory) && isDirectory.boolValue)
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try SystemCalls.makeUniqueDirectory("\(base)/missing-\(UUID())/unique-XXXXXX")
        }
    }
}
