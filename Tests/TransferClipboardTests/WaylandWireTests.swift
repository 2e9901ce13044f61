import CTransferKitSystem
import Foundation
import Testing
import TransferSupport

@testable import TransferClipboard

#if canImport(Glibc)
    import Glibc
#endif

/// A message's bytes as the wire format writes them, built here without the codec's encoder: the
/// object, the size and opcode, the words of the arguments (host byte order).
func wire(_ object: WaylandObjectID, _ opcode: UInt16, _ words: [UInt32] = [], raw: [UInt8] = []) -> [UInt8] {
    var arguments: [UInt8] = []
    for word in words { withUnsafeBytes(of: word) { arguments += $0 } }
    arguments += raw
    var bytes: [UInt8] = []
    withUnsafeBytes(of: object.rawValue) { bytes += $0 }
    withUnsafeBytes(of: UInt32(8 + arguments.count) << 16 | UInt32(opcode)) { bytes += $0 }
    return bytes + arguments
}

/// A string argument's bytes: the length with the NUL, the bytes, the NUL, zeros to 32 bits.
func stringArgument(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    withUnsafeBytes(of: UInt32(text.utf8.count + 1)) { bytes += $0 }
    bytes += Array(text.utf8) + [0]
    while bytes.count % 4 != 0 { bytes.append(0) }
    return bytes
}

/// A queue of fake descriptors whose closes are recorded, not made.
private final class ClosedDescriptors {
    var closed: [Int32] = []
}

private func fakeQueue(_ descriptors: [Int32], closed: ClosedDescriptors) -> WaylandDescriptorQueue {
    var queue = WaylandDescriptorQueue { closed.closed.append($0.rawValue) }
    queue.append(contentsOf: descriptors.map(FileDescriptor.init(rawValue:)))
    return queue
}

private func decode(
    _ bytes: [UInt8], _ interface: WaylandEvent.Interface?, descriptors: [Int32] = []
) throws(ClipboardError) -> WaylandEvent {
    var queue = fakeQueue(descriptors, closed: ClosedDescriptors())
    return try WaylandEvent(decoding: WaylandMessage(decoding: bytes[...]), interface: interface, descriptors: &queue)
}

/// Expects `body` to throw a `ClipboardError` of `code`.
private func expectError(
    _ code: ClipboardError.Code, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(ClipboardError) -> Void
) {
    do {
        try body()
        Issue.record("no error; expected \(code). \(comment)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "\(error) \(comment)", sourceLocation: sourceLocation)
    }
}

@Suite("WaylandWire: framing")
struct WaylandWireFramingTests {
    @Test("the next message's size, or nil until it is all there")
    func framing() throws {
        let message = wire(3, 1, [7, 8])
        #expect(try WaylandMessage.size(ofNextIn: message[...]) == 16)
        #expect(try WaylandMessage.size(ofNextIn: (message + wire(1, 0))[...]) == 16)
        for count in 0..<16 {
            #expect(try WaylandMessage.size(ofNextIn: message.prefix(count)) == nil, "prefix \(count)")
        }
        let decoded = try WaylandMessage(decoding: message[...])
        #expect(decoded == WaylandMessage(object: 3, opcode: 1, arguments: [7, 0, 0, 0, 8, 0, 0, 0]))
        #expect(try decoded.encoded() == message)
    }

    @Test(
        "a size of 4, 7 or 65,535 (less than the header, or not a multiple of 4): a protocol error",
        arguments: [0, 4, 7, 9, 65535])
    func badSizes(_ size: Int) {
        var bytes = wire(1, 0)
        withUnsafeBytes(of: UInt32(size) << 16) { bytes.replaceSubrange(4..<8, with: $0) }
        expectError(.protocolError) { () throws(ClipboardError) in _ = try WaylandMessage.size(ofNextIn: bytes[...]) }
        expectError(.protocolError) { () throws(ClipboardError) in _ = try WaylandMessage(decoding: bytes[...]) }
    }

    @Test("a message of 65,532 bytes frames; one of 65,536 cannot be written")
    func largest() throws {
        let largest = wire(5, 0, raw: [UInt8](repeating: 1, count: 65532 - 8))
        #expect(try WaylandMessage.size(ofNextIn: largest[...]) == 65532)
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try WaylandMessage(object: 5, opcode: 0, arguments: [UInt8](repeating: 0, count: 65528)).encoded()
        }
    }

    @Test("decoding bytes that are not exactly one message: a protocol error")
    func notOne() {
        let message = wire(3, 1, [7])
        for bytes in [Array(message.prefix(11)), message + [0, 0, 0, 0], Array(message.prefix(4))] {
            expectError(.protocolError) { () throws(ClipboardError) in _ = try WaylandMessage(decoding: bytes[...]) }
        }
    }

    @Test("the error names the size the header claims, from a header alone (8 bytes) on; less has none")
    func claimedSizeInTheError() {
        // A header of 8 bytes that claims 12: the message's size is named.
        let header = Array(wire(3, 1, [7]).prefix(8))
        #expect(throws: ClipboardError.self) { try WaylandMessage(decoding: header[...]) }
        do {
            _ = try WaylandMessage(decoding: header[...])
        } catch {
            #expect(error.reason == "a Wayland message of 8 bytes that says it has 12: expected them to agree")
        }
        do {
            _ = try WaylandMessage(decoding: header.prefix(7))
        } catch {
            #expect(error.reason == "a Wayland message of 7 bytes that has no header: expected them to agree")
        }
    }
}

@Suite("WaylandWire: arguments")
struct WaylandWireArgumentTests {
    @Test("uint, int, string, array, new_id, fd, read in order; written by WaylandArguments")
    func reading() throws {
        let arguments = WaylandArguments().uint(7).int(-2).string("text/plain").array([1, 2, 3]).uint(9)
        #expect(arguments.bytes.count == 4 + 4 + (4 + 12) + (4 + 4) + 4)
        var reader = WaylandArgumentReader(WaylandMessage(object: 2, opcode: 0, arguments: arguments.bytes))
        #expect(try reader.uint() == 7)
        #expect(try reader.int() == -2)
        #expect(try reader.string() == "text/plain")
        #expect(Array(try reader.array()) == [1, 2, 3])
        reader.descriptor()
        #expect(try reader.newID() == 9)
        #expect(reader.isAtEnd && reader.descriptorCount == 1)
        try reader.end()
    }

    @Test("a null string is empty; a string without its NUL, or longer than the message, is a protocol error")
    func strings() throws {
        var null = WaylandArgumentReader(WaylandMessage(object: 2, opcode: 0, arguments: [0, 0, 0, 0]))
        #expect(try null.string() == "")
        var noNUL = stringArgument("abc")
        noNUL[4 + 3] = 0x41
        var long = stringArgument("abc")
        long[0] = 200
        for bytes in [noNUL, long, Array(stringArgument("abcd").prefix(8))] {
            var reader = WaylandArgumentReader(WaylandMessage(object: 2, opcode: 0, arguments: bytes))
            expectError(.protocolError, "\(bytes)") { () throws(ClipboardError) in _ = try reader.string() }
        }
        var zero = WaylandArgumentReader(WaylandMessage(object: 2, opcode: 0, arguments: [0, 0, 0, 0]))
        expectError(.protocolError) { () throws(ClipboardError) in _ = try zero.newID() }
        var array = WaylandArgumentReader(WaylandMessage(object: 2, opcode: 0, arguments: [5, 0, 0, 0, 1, 2, 3, 4]))
        expectError(.protocolError) { () throws(ClipboardError) in _ = try array.array() }
    }
}

@Suite("WaylandWire: events")
struct WaylandWireEventTests {
    static let registry: WaylandObjectID = 2
    static let device: WaylandObjectID = 5
    static let offer: WaylandObjectID = 0xFF00_0001
    static let source: WaylandObjectID = 6

    /// Each event the clipboard reads: its bytes, the interface of its object, the value.
    static let events: [(bytes: [UInt8], interface: WaylandEvent.Interface, event: WaylandEvent)] = [
        (
            wire(1, 0, [3, 1], raw: stringArgument("invalid object")), .display,
            .error(object: 3, code: 1, message: "invalid object")
        ),
        (wire(1, 1, [4]), .display, .deleteID(4)),
        (
            wire(registry, 0, [12], raw: stringArgument("zwlr_data_control_manager_v1") + [2, 0, 0, 0]),
            .registry, .global(registry: registry, name: 12, interface: "zwlr_data_control_manager_v1", version: 2)
        ),
        (wire(registry, 1, [12]), .registry, .globalRemove(registry: registry, name: 12)),
        (wire(3, 0, [77]), .callback, .done(callback: 3, data: 77)),
        (wire(device, 0, [offer.rawValue]), .dataControlDevice, .dataOffer(device: device, offer: offer)),
        (
            wire(device, 1, [offer.rawValue]), .dataControlDevice,
            .selection(device: device, .clipboard, offer: offer)
        ),
        (wire(device, 3, [0]), .dataControlDevice, .selection(device: device, .primary, offer: nil)),
        (wire(device, 2), .dataControlDevice, .finished(device: device)),
        (
            wire(offer, 0, raw: stringArgument("image/png")), .dataControlOffer,
            .offer(offer: offer, mimeType: "image/png")
        ),
        (wire(source, 1), .dataControlSource, .cancelled(source: source)),
        // A window's seat, pointer and shell; `fixed` is 24.8 (160.5 is 41,088; -2.25 is -576).
        (wire(7, 0, [1]), .seat, .capabilities(seat: 7, 1)),
        (
            wire(8, 0, [5, 9, 41_088, UInt32(bitPattern: -576)]), .pointer,
            .pointerEnter(serial: 5, surface: 9, x: 160.5, y: -2.25)
        ),
        (wire(8, 1, [6, 9]), .pointer, .pointerLeave(serial: 6, surface: 9)),
        (wire(8, 2, [100, 256, 512]), .pointer, .pointerMotion(x: 1, y: 2)),
        (wire(8, 3, [7, 100, 0x110, 1]), .pointer, .pointerButton(serial: 7, button: 0x110, pressed: true)),
        (wire(8, 3, [7, 100, 0x110, 0]), .pointer, .pointerButton(serial: 7, button: 0x110, pressed: false)),
        (wire(10, 0, [55]), .windowManager, .ping(serial: 55)),
        (wire(11, 0, [56]), .windowSurface, .configure(surface: 11, serial: 56)),
        (wire(12, 0, [636, 693, 4, 1]), .toplevel, .toplevelSize(toplevel: 12, width: 636, height: 693)),
        (wire(12, 1), .toplevel, .close(toplevel: 12)),
        // Drag and drop's device, source and offer.
        (wire(device, 0, [offer.rawValue]), .dataDevice, .dragOffer(device: device, offer: offer)),
        (
            wire(device, 1, [8, 9, 256, 512, offer.rawValue]), .dataDevice,
            .dragEnter(serial: 8, surface: 9, x: 1, y: 2, offer: offer)
        ),
        // A drag of no data: the null offer.
        (wire(device, 1, [8, 9, 256, 512, 0]), .dataDevice, .dragEnter(serial: 8, surface: 9, x: 1, y: 2, offer: nil)),
        (wire(device, 2), .dataDevice, .dragLeave(device: device)),
        (wire(device, 3, [100, 768, 1024]), .dataDevice, .dragMotion(x: 3, y: 4)),
        (wire(device, 4), .dataDevice, .dragDrop(device: device)),
        (wire(device, 5, [offer.rawValue]), .dataDevice, .selection(device: device, .clipboard, offer: offer)),
        (wire(device, 5, [0]), .dataDevice, .selection(device: device, .clipboard, offer: nil)),
        // `target`: the type the target under the drag accepts, or the null string for none.
        (
            wire(source, 0, raw: stringArgument("text/plain")), .dataSource,
            .target(source: source, mimeType: "text/plain")
        ),
        (wire(source, 0, [0]), .dataSource, .target(source: source, mimeType: nil)),
        (wire(source, 2), .dataSource, .cancelled(source: source)),
        (wire(source, 3), .dataSource, .dropPerformed(source: source)),
        (wire(source, 4), .dataSource, .dragFinished(source: source)),
        (wire(source, 5, [2]), .dataSource, .action(object: source, .move)),
        (wire(source, 5, [0]), .dataSource, .action(object: source, [])),
        (wire(offer, 0, raw: stringArgument("text/plain")), .dataOffer, .offer(offer: offer, mimeType: "text/plain")),
        (wire(offer, 1, [3]), .dataOffer, .sourceActions(offer: offer, [.copy, .move])),
        (wire(offer, 2, [1]), .dataOffer, .action(object: offer, .copy)),
        // `dnd_action` of wayland.xml: copy 1, move 2, ask 4.
        (wire(offer, 2, [4]), .dataOffer, .action(object: offer, .ask)),
    ]

    @Test("each event: its arguments; every shorter message, and a longer one, a protocol error")
    func events() throws {
        for (bytes, interface, event) in Self.events {
            #expect(try decode(bytes, interface) == event)
            let arguments = Array(bytes.dropFirst(8))
            for count in stride(from: 0, to: arguments.count, by: 4) {
                let short = wire(
                    WaylandObjectID(bytes.word(at: 0)), UInt16(bytes.word(at: 4) & 0xFFFF),
                    raw: Array(arguments.prefix(count)))
                expectError(.protocolError, "\(event), \(count) bytes") { () throws(ClipboardError) in
                    _ = try decode(short, interface)
                }
            }
            let long = wire(
                WaylandObjectID(bytes.word(at: 0)), UInt16(bytes.word(at: 4) & 0xFFFF), raw: arguments + [0, 0, 0, 0])
            expectError(.protocolError, "\(event), 4 bytes more") { () throws(ClipboardError) in
                _ = try decode(long, interface)
            }
        }
    }

    @Test("send takes the first descriptor received; with none, a protocol error")
    func send() throws {
        let bytes = wire(Self.source, 0, raw: stringArgument("text/plain"))
        let closed = ClosedDescriptors()
        var queue = fakeQueue([41, 42], closed: closed)
        let message = try WaylandMessage(decoding: bytes[...])
        #expect(
            try WaylandEvent(decoding: message, interface: .dataControlSource, descriptors: &queue)
                == .send(source: Self.source, mimeType: "text/plain", descriptor: FileDescriptor(rawValue: 41)))
        #expect(
            try WaylandEvent(decoding: message, interface: .dataControlSource, descriptors: &queue).descriptor
                == FileDescriptor(rawValue: 42))
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try WaylandEvent(decoding: message, interface: .dataControlSource, descriptors: &queue)
        }
        #expect(closed.closed.isEmpty)
        // A drag's source: the same event, opcode 1.
        var dragQueue = fakeQueue([43], closed: closed)
        let dragSend = try WaylandMessage(decoding: wire(Self.source, 1, raw: stringArgument("text/plain"))[...])
        #expect(
            try WaylandEvent(decoding: dragSend, interface: .dataSource, descriptors: &dragQueue)
                == .send(source: Self.source, mimeType: "text/plain", descriptor: FileDescriptor(rawValue: 43)))
    }

    @Test("a malformed send takes no descriptor")
    func malformedSend() {
        let closed = ClosedDescriptors()
        var queue = fakeQueue([41], closed: closed)
        var noNUL = wire(Self.source, 0, raw: stringArgument("abc"))
        noNUL[noNUL.count - 1] = 0x41
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try WaylandEvent(
                decoding: WaylandMessage(decoding: noNUL[...]), interface: .dataControlSource, descriptors: &queue)
        }
        #expect(queue.descriptors.map(\.rawValue) == [41])
    }

    @Test("an object of no interface here, or an opcode the interface lacks: other, its arguments unread")
    func other() throws {
        #expect(try decode(wire(9, 0, [1, 2, 3]), nil) == .other(object: 9, opcode: 0))
        #expect(try decode(wire(Self.device, 4, [1]), .dataControlDevice) == .other(object: Self.device, opcode: 4))
        #expect(try decode(wire(1, 2), .display) == .other(object: 1, opcode: 2))
    }

    @Test(
        "the null object (0) where an event requires one — a pointer's or a drag's surface, the object of an error — is a protocol error"
    )
    func nullWhereRequired() {
        let messages: [([UInt8], WaylandEvent.Interface)] = [
            (wire(8, 0, [5, 0, 256, 256]), .pointer),
            (wire(8, 1, [6, 0]), .pointer),
            (wire(Self.device, 1, [8, 0, 256, 512, Self.offer.rawValue]), .dataDevice),
            (wire(1, 0, [0, 1], raw: stringArgument("invalid object")), .display),
        ]
        for (bytes, interface) in messages {
            expectError(.protocolError, "\(bytes)") { () throws(ClipboardError) in _ = try decode(bytes, interface) }
        }
    }

    @Test("descriptors no message took are closed, each once")
    func closeAll() {
        let closed = ClosedDescriptors()
        var queue = fakeQueue([7, 8, 9], closed: closed)
        #expect((try? queue.take(for: "a test"))?.rawValue == 7)
        #expect(queue.closeAll() == 2)
        #expect(closed.closed == [8, 9])
        #expect(queue.closeAll() == 0 && queue.isEmpty)
        #expect(closed.closed == [8, 9])
    }

    @Test("with a real pipe: closeAll closes the write end, and the read end sees the end of the data")
    func closesPipe() throws {
        let pipe = try FileDescriptor.pipe()  // closed on exec: see pipeEnds()
        let ends = [pipe.readEnd.rawValue, pipe.writeEnd.rawValue]
        defer { close(ends[0]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        var queue = WaylandDescriptorQueue()
        queue.append(contentsOf: [FileDescriptor(rawValue: ends[1])])
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == -1)  // open, and empty: EAGAIN
        #expect(queue.closeAll() == 1)
        #expect(read(ends[0], &byte, 1) == 0)  // every write end closed
    }
}

/// A listening Unix socket of the test's own, for one `WaylandConnection`: accepted after the
/// client connects (the backlog holds it), written to with descriptors attached, on the test's
/// thread.
private final class CompositorSocket {
    let path = "/tmp/tk-wlw-\(UUID().uuidString.prefix(8))"
    private let listener: Int32
    private(set) var client: Int32 = -1

    init() throws {
        guard let listening = listeningUnixSocket(at: path) else { throw POSIXError(.EADDRINUSE) }
        listener = listening
    }

    func accept() {
        client = (try? FileDescriptor(rawValue: listener).accept())?.rawValue ?? -1
    }

    /// Receives up to `count` bytes the client sent, and the descriptors beside them.
    func receive(_ count: Int) -> (bytes: [UInt8], descriptors: [Int32]) {
        var bytes = [UInt8](repeating: 0, count: count)
        var slots = [Int32](repeating: -1, count: 4)
        var received: Int32 = 0
        let length = bytes.withUnsafeMutableBytes { buffer in
            slots.withUnsafeMutableBufferPointer {
                transferkit_receive_with_descriptors(
                    client, buffer.baseAddress!, count, $0.baseAddress!, Int32($0.count), &received)
            }
        }
        return (Array(bytes.prefix(max(0, length))), Array(slots.prefix(Int(received))))
    }

    /// Sends `bytes` with `descriptor` attached.
    func send(_ bytes: [UInt8], descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { transferkit_send_with_descriptor(client, $0.baseAddress!, $0.count, descriptor) }
            == bytes.count
    }

    deinit {
        if client >= 0 { close(client) }
        close(listener)
        unlink(path)
    }
}

@Suite("WaylandWire: the connection closes descriptors no event takes")
struct WaylandConnectionDescriptorTests {
    /// A pipe whose read end is non-blocking: `nil` while a write end is open somewhere, 0 at the end.
    func pipeEnds() throws -> (read: Int32, write: Int32) {
        // Closed on exec: a program another test starts meanwhile must not hold the write end,
        // whose end of data these tests wait for.
        let (read, write) = try FileDescriptor.pipe()
        let ends = [read.rawValue, write.rawValue]
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    func readEnd(_ descriptor: Int32) -> Int? {
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        return count < 0 ? nil : count
    }

    @Test("a descriptor sent with a message to an object of no interface here: closed once the message is read")
    func orphan() throws {
        let compositor = try CompositorSocket()
        let connection = try WaylandConnection(socket: compositor.path)
        compositor.accept()
        let pipe = try pipeEnds()
        defer { close(pipe.read) }
        #expect(compositor.send(wire(77, 0, [1]), descriptor: pipe.write))
        close(pipe.write)  // the client's copy is the only write end left
        #expect(try connection.nextEvent(deadline: .now + .seconds(5)) == .other(object: 77, opcode: 0))
        #expect(readEnd(pipe.read) == nil)  // still open in the client
        #expect(try connection.nextEvent(deadline: .now) == nil)
        #expect(readEnd(pipe.read) == 0)
    }

    @Test("send's descriptor: the caller's when claimed, else closed at the next event")
    func unclaimed() throws {
        let compositor = try CompositorSocket()
        let connection = try WaylandConnection(socket: compositor.path)
        let source = connection.newObject(DataControlSource.self)
        compositor.accept()
        let pipe = try pipeEnds()
        defer { close(pipe.read) }
        let send = wire(source.id, 0, raw: stringArgument("text/plain"))
        #expect(compositor.send(send, descriptor: pipe.write))
        close(pipe.write)
        guard case .send(source.id, "text/plain", let received) = try connection.nextEvent(deadline: .now + .seconds(5))
        else {
            Issue.record("no send event")
            return
        }
        #expect(readEnd(pipe.read) == nil)
        #expect(try connection.nextEvent(deadline: .now) == nil)
        #expect(readEnd(pipe.read) == 0)
        #expect(received.rawValue >= 0)

        let second = try pipeEnds()
        defer { close(second.read) }
        #expect(compositor.send(send, descriptor: second.write))
        close(second.write)
        guard case .send(_, _, let kept) = try connection.nextEvent(deadline: .now + .seconds(5)) else {
            Issue.record("no second send event")
            return
        }
        let claimed = connection.claim(kept)
        #expect(try connection.nextEvent(deadline: .now) == nil)
        #expect(readEnd(second.read) == nil)  // still the caller's
        claimed.close()
        #expect(readEnd(second.read) == 0)
    }

    @Test("objects are numbered densely from 2; a request goes out as its bytes, its descriptor beside them")
    func sendsRequests() throws {
        let compositor = try CompositorSocket()
        let connection = try WaylandConnection(socket: compositor.path)
        compositor.accept()
        let pool = connection.newObject(WlShmPool.self)
        let buffer = connection.newObject(WlBuffer.self)
        #expect([pool.id, buffer.id] == [2, 3])
        let pipe = try pipeEnds()
        defer { close(pipe.read) }
        try connection.send(
            .createPool(pool, descriptor: FileDescriptor(rawValue: pipe.write), size: 64),
            to: WaylandObject<WlShm>(7))
        close(pipe.write)
        try connection.send(.destroy, to: buffer)
        let expected = wire(7, 0, [2, 64]) + wire(3, 0)
        // A receive stops after the bytes a descriptor came with: read on to the end.
        var received = compositor.receive(expected.count)
        while received.bytes.count < expected.count {
            let more = compositor.receive(expected.count - received.bytes.count)
            guard !more.bytes.isEmpty else { break }
            received.bytes += more.bytes
            received.descriptors += more.descriptors
        }
        #expect(received.bytes == expected)
        // The descriptor the compositor got is the pipe's write end: what is written comes out.
        try #require(received.descriptors.count == 1)
        var byte: UInt8 = 0x5A
        #expect(write(received.descriptors[0], &byte, 1) == 1)
        close(received.descriptors[0])
        byte = 0
        #expect(read(pipe.read, &byte, 1) == 1 && byte == 0x5A)
    }
}
