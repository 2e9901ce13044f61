import Foundation
import Testing
import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The typed descriptor: every call's failure an `Errno`, pipes and duplicates closed on `exec`,
/// whole reads of pipes and files, sockets without `SIGPIPE`.
@Suite("FileDescriptor: the package's system calls on a descriptor, typed")
struct FileDescriptorTests {
    /// A number no descriptor has.
    let closed = FileDescriptor(rawValue: -1)

    @Test("Every call on a bad descriptor throws Errno.badFileDescriptor")
    func badDescriptor() {
        var byte: UInt8 = 0
        #expect(throws: Errno.badFileDescriptor) { try closed.read(into: &byte, count: 1) }
        #expect(throws: Errno.badFileDescriptor) {
            try withUnsafeBytes(of: &byte) { bytes throws(Errno) in try closed.writeAll(bytes) }
        }
        #expect(throws: Errno.badFileDescriptor) { try closed.seek(offset: 0, from: .current) }
        #expect(throws: Errno.badFileDescriptor) { try closed.status() }
        #expect(throws: Errno.badFileDescriptor) { try closed.duplicate() }
        #expect(throws: Errno.badFileDescriptor) { try closed.setNonBlocking() }
        #expect(throws: Errno.badFileDescriptor) { try closed.duplicate(as: FileDescriptor(rawValue: 900)) }
        #expect(!closed.isOpen)
        #expect(throws: Errno.noSuchFileOrDirectory) { try FileDescriptor.open("/nonexistent/\(UUID())", O_RDONLY) }
    }

    @Test("pipe: both ends close on exec; a non-blocking empty pipe says wouldBlock; closeAfter closes")
    func pipeEnds() throws {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.close() }
        for end in [readEnd, writeEnd] { #expect(fcntl(end.rawValue, F_GETFD) & FD_CLOEXEC != 0) }
        try readEnd.setNonBlocking()
        var byte: UInt8 = 0
        #expect(throws: Errno.wouldBlock) { try readEnd.read(into: &byte, count: 1) }
        #expect(try !readEnd.poll(for: Int16(POLLIN), until: .now))
        let written = try writeEnd.closeAfter { try [UInt8]("hi".utf8).withUnsafeBytes { try writeEnd.write($0) } }
        #expect(written == 2 && !writeEnd.isOpen)
        #expect(try readEnd.poll(for: Int16(POLLIN), until: nil))
        let (bytes, count) = try readEnd.reading(upTo: 10, after: [0x3E], filling: true)
        #expect(bytes == [0x3E] + Array("hi".utf8) && count == 2)
    }

    @Test("seek, pread, duplicate: a duplicate shares the position; pread leaves it")
    func positions() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("descriptor-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let created = try FileDescriptor.open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions: 0o600)
        try created.closeAfter { try Array("0123456789".utf8).withUnsafeBytes { try created.writeAll($0) } }
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(throws: Errno(rawValue: EEXIST)) {
            try FileDescriptor.open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC)
        }
        let descriptor = try FileDescriptor.open(file.path, O_RDONLY | O_CLOEXEC)
        defer { descriptor.close() }
        #expect(try descriptor.status().st_size == 10)
        #expect(try descriptor.seek(offset: 4, from: .start) == 4)
        let copy = try descriptor.duplicate()
        defer { copy.close() }
        #expect(copy != descriptor && fcntl(copy.rawValue, F_GETFD) & FD_CLOEXEC != 0)
        #expect(try copy.seek(offset: 0, from: .current) == 4)
        var buffer = [UInt8](repeating: 0, count: 3)
        #expect(try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0.baseAddress!, count: 3, at: 8) } == 2)
        #expect(Array(buffer.prefix(2)) == Array("89".utf8))
        #expect(try descriptor.seek(offset: 0, from: .current) == 4)
        #expect(try descriptor.seek(offset: -1, from: .end) == 9)
        var tail: [UInt8] = []
        #expect(try descriptor.append(upTo: 5, to: &tail) == 1 && tail == Array("9".utf8))
    }

    @Test("Sockets: send without SIGPIPE says EPIPE once the peer is gone; receiveNow says wouldBlock when empty")
    func sockets() throws {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        #else
            #expect(socketpair(AF_UNIX, SOCK_STREAM, 0, &ends) == 0)
        #endif
        let (near, far) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { near.close() }
        var byte: UInt8 = 0
        #expect(throws: Errno.wouldBlock) { try near.receiveNow(into: &byte, count: 1) }
        try Array("ping".utf8).withUnsafeBytes { try far.sendAll($0) }
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(try buffer.withUnsafeMutableBytes { try near.receiveNow(into: $0.baseAddress!, count: $0.count) } == 4)
        far.shutDown(.writing)
        #expect(try near.receiveNow(into: &byte, count: 1) == 0)  // the end of the stream
        far.close()
        #expect(throws: Errno(rawValue: EPIPE)) {
            try Array("lost".utf8).withUnsafeBytes { _ = try near.send($0) }
        }
    }

    /// A pipe written by a thread of its own with `bytes`, then closed: its read end.
    func pipe(writing bytes: [UInt8]) throws -> FileDescriptor {
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        Thread {
            writeEnd.closeAfter { bytes.withUnsafeBytes { buffer in _ = try? writeEnd.writeAll(buffer) } }
        }.start()
        return readEnd
    }

    @Test(
        "readToEnd: a pipe of unknown size grows past its first MiB, byte for byte, up to the limit and not past it",
        arguments: [0, 1, (1 << 20) - 1, 1 << 20, (1 << 20) + 1, 5_000_000])
    func readToEndPipe(count: Int) throws {
        let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let reader = try pipe(writing: bytes)
        defer { reader.close() }
        var reported = 0
        let data = try reader.readToEnd(sizeHint: nil, maximumSizeAllowed: count) { reported += $0 }
        #expect(data.count == count && reported == count)
        #expect(data == Data(bytes))
        // One byte more than allowed is refused, however it comes.
        if count > 0 {
            let again = try pipe(writing: bytes)
            defer { again.close() }
            #expect(throws: FileDescriptor.WholeReadFailure.tooLarge) {
                try again.readToEnd(sizeHint: nil, maximumSizeAllowed: count - 1)
            }
        }
    }

    @Test(
        "readToEnd: a regular file from where it is to its end, a wrong size hint only a hint, a bad descriptor typed")
    func readToEndFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("read-whole-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let bytes = Data((0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 >> 3) })
        try bytes.write(to: file)
        let descriptor = try FileDescriptor.open(file.path, O_RDONLY)
        defer { descriptor.close() }
        for hint in [bytes.count, 10, bytes.count * 2] {
            try descriptor.seek(offset: 1_000, from: .start)
            let data = try descriptor.readToEnd(sizeHint: hint)
            #expect(data == bytes.dropFirst(1_000), "hint \(hint)")
        }
        #expect(throws: FileDescriptor.WholeReadFailure.system(.badFileDescriptor)) {
            try closed.readToEnd(sizeHint: nil, maximumSizeAllowed: 10)
        }
    }
}
