import Foundation
import Synchronization
import Testing
import TransferSupport

@testable import TransferClipboard

#if canImport(Glibc)
    import Glibc
#endif

/// Little-endian bytes, built field by field as the protocol's appendix B lists them.
private struct Bytes {
    var bytes: [UInt8] = []

    func u8(_ values: UInt8...) -> Bytes {
        var copy = self
        copy.bytes += values
        return copy
    }

    func u16(_ value: UInt16) -> Bytes {
        var copy = self
        copy.bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
        return copy
    }

    func u32(_ value: UInt32) -> Bytes {
        var copy = self
        copy.bytes += (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
        return copy
    }

    func text(_ value: String) -> Bytes {
        var copy = self
        copy.bytes += Array(value.utf8)
        return copy
    }

    func zeros(_ count: Int) -> Bytes {
        var copy = self
        copy.bytes += [UInt8](repeating: 0, count: count)
        return copy
    }

    /// Zeros to the next multiple of 4.
    func padded() -> Bytes { zeros((4 - bytes.count % 4) % 4) }
}

/// A setup answer of `Success` (appendix B, "Connection Setup"): vendor "Fake", one pixmap format,
/// `screens` screens of 40 bytes each, the first of root 0x0000_0123.
private func successfulSetup(screens: UInt8 = 1, rootDepth: UInt8 = 0, imageByteOrder: UInt8 = 0) -> [UInt8] {
    var body = Bytes()
        .u32(0)  // release-number
        .u32(0x0040_0000)  // resource-id-base
        .u32(0x001F_FFFF)  // resource-id-mask
        .u32(256)  // motion-buffer-size
        .u16(4)  // length of vendor
        .u16(0xFFFF)  // maximum-request-length
        .u8(screens, 1)  // screens, formats
        .u8(imageByteOrder, 0, 32, 32, 8, 255)  // byte orders, scanline unit and pad, keycodes
        .zeros(4)
        .text("Fake")
        .u8(24, 32, 32).zeros(5)  // FORMAT: depth, bits-per-pixel, scanline-pad, 5 unused
    for index in 0..<Int(screens) {
        // SCREEN: root, then the rest, root-depth at 38.
        body = body.u32(0x123 + UInt32(index)).zeros(34).u8(rootDepth, 0)
    }
    return Bytes().u8(1, 0).u16(11).u16(0).u16(UInt16(body.bytes.count / 4)).bytes + body.bytes
}

/// Expects `body` to throw a `ClipboardError` of `code`.
private func expectError(
    _ code: ClipboardError.Code, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws(ClipboardError) -> Void
) {
    do {
        try body()
        Issue.record("no error; expected \(code). \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    } catch {
        #expect(error.code == code, "\(error) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    }
}

@Suite("X11Wire: the setup answer")
struct X11WireSetupTests {
    @Test("Success: the identifiers, the request length, the first screen's root")
    func success() throws {
        let reply = try X11SetupReply(decoding: successfulSetup(screens: 2))
        #expect(
            reply
                == .success(
                    .init(idBase: 0x0040_0000, idMask: 0x001F_FFFF, maximumRequestLength: 0xFFFF, root: 0x123)))
        #expect(try X11SetupReply.additionalLength(head: Array(successfulSetup().prefix(8))) == 40 + 4 + 8 + 40 - 8)
    }

    @Test("the root's depth and its pixmap format: how PutImage lays out pixels, in the server's byte order")
    func imageFormat() throws {
        for order: UInt8 in [0, 1] {
            guard
                case .success(let success) = try X11SetupReply(
                    decoding: successfulSetup(rootDepth: 24, imageByteOrder: order))
            else {
                Issue.record("not a success")
                return
            }
            #expect(
                success.imageFormat
                    == .init(depth: 24, bitsPerPixel: 32, scanlinePad: 32, mostSignificantFirst: order == 1))
        }
        // A depth no pixmap format lists: no image format, and nothing is drawn.
        guard case .success(let other) = try X11SetupReply(decoding: successfulSetup(rootDepth: 16)) else { return }
        #expect(other.imageFormat == nil)
    }

    @Test("no screen: no root")
    func noScreen() throws {
        guard case .success(let success) = try X11SetupReply(decoding: successfulSetup(screens: 0)) else {
            Issue.record("not a success")
            return
        }
        #expect(success.root == nil)
    }

    @Test("every prefix of a Success answer is a protocol error")
    func everyPrefix() {
        let reply = successfulSetup()
        for count in 0..<reply.count {
            expectError(.protocolError, "prefix \(count)") { () throws(ClipboardError) in
                _ = try X11SetupReply(decoding: Array(reply.prefix(count)))
            }
        }
    }

    @Test("the 8 bytes that used to crash the client: Success of no more bytes")
    func eightBytes() {
        do {
            _ = try X11SetupReply(decoding: [0x01, 0x00, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x00])
            Issue.record("decoded")
        } catch {
            #expect(error.code == .protocolError)
            #expect(error.reason.contains("of 8 bytes: expected at least 40 bytes"), "\(error)")
        }
    }

    @Test("lengths inside that overrun the answer: a vendor, formats, a screen")
    func inconsistentLengths() {
        var vendor = successfulSetup()
        vendor[24] = 200  // a vendor of 200 bytes in an answer of 92
        var formats = successfulSetup()
        formats[29] = 9
        var screens = successfulSetup()
        screens.removeLast(40)  // one screen said, none there
        screens[6] = UInt8((screens.count - 8) / 4)
        // Requests of at most 4095 units, less than the protocol guarantees: a client would size
        // its INCR chunks by it (a length of 0 made them negative).
        var shortRequests = successfulSetup()
        shortRequests[26...27] = [0xFF, 0x0F]
        for bytes in [vendor, formats, screens, shortRequests] {
            expectError(.protocolError) { () throws(ClipboardError) in _ = try X11SetupReply(decoding: bytes) }
        }
    }

    @Test("Failed and Authenticate: the reason, without its padding")
    func refused() throws {
        let reason = "No protocol specified\n"
        let failed = Bytes().u8(0, UInt8(reason.utf8.count)).u16(11).u16(0).u16(6).text(reason).padded().bytes
        #expect(try X11SetupReply(decoding: failed) == .failed(reason: "No protocol specified"))
        let authenticate = Bytes().u8(2).zeros(5).u16(2).text("more").zeros(4).bytes
        #expect(try X11SetupReply(decoding: authenticate) == .authenticate(reason: "more"))
        var overrun = failed
        overrun[1] = 200
        expectError(.protocolError) { () throws(ClipboardError) in _ = try X11SetupReply(decoding: overrun) }
        var unknown = failed
        unknown[0] = 7
        expectError(.protocolError) { () throws(ClipboardError) in _ = try X11SetupReply(decoding: unknown) }
    }

    @Test("the setup request: byte order, version 11.0, the authorization padded")
    func setupRequest() {
        let bytes = X11Request.setup(authorizationName: Array("MIT".utf8), data: [1, 2, 3, 4, 5])
        #expect(
            bytes == [0x6C, 0, 11, 0, 0, 0, 3, 0, 5, 0, 0, 0] + Array("MIT".utf8) + [0] + [1, 2, 3, 4, 5, 0, 0, 0])
    }
}

@Suite("X11Wire: packets and events")
struct X11WirePacketTests {
    @Test("framing: 32 bytes, or 32 and 4 × length for a reply and GenericEvent (with SendEvent's bit too)")
    func framing() throws {
        let reply = Bytes().u8(1, 8).u16(7).u32(2).zeros(24).zeros(8).bytes
        #expect(try X11Packet.size(ofNextIn: reply) == 40)
        #expect(try X11Packet.size(ofNextIn: reply.prefix(31)) == nil)
        #expect(try X11Packet.size(ofNextIn: reply + [1, 2, 3]) == 40)
        for code: UInt8 in [35, 35 | 0x80] {
            #expect(try X11Packet.size(ofNextIn: Bytes().u8(code, 0).u16(1).u32(3).zeros(24).bytes) == 44)
        }
        // An event's and an error's bytes 4–7 are fields, not a length.
        #expect(try X11Packet.size(ofNextIn: Bytes().u8(2, 0).u16(1).u32(0xFFFF_FFFF).zeros(24).bytes) == 32)
        #expect(try X11Packet.size(ofNextIn: Bytes().u8(0, 3).u16(1).u32(0xFFFF_FFFF).zeros(24).bytes) == 32)
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try X11Packet.size(ofNextIn: Bytes().u8(1, 0).u16(1).u32(0xFFFF_FFFF).zeros(24).bytes, maximum: 1 << 20)
        }
    }

    @Test("an error: code, sequence, bad value")
    func error() throws {
        let bytes = Bytes().u8(0, 3).u16(0x1234).u32(0xDEAD).u16(0).u8(20).zeros(21).bytes
        #expect(try X11Packet(decoding: bytes) == .error(sequence: 0x1234, code: 3, value: 0xDEAD))
    }

    @Test("a reply: whole, by its sequence; shorter than its length says, a protocol error")
    func reply() throws {
        let bytes = Bytes().u8(1, 0).u16(9).u32(1).u32(0x44).zeros(20).u32(7).bytes
        #expect(try X11Packet(decoding: bytes) == .reply(sequence: 9, bytes: bytes))
        for count in 0..<bytes.count {
            expectError(.protocolError, "prefix \(count)") { () throws(ClipboardError) in
                _ = try X11Packet(decoding: Array(bytes.prefix(count)))
            }
        }
    }

    static let events: [(name: String, bytes: [UInt8], event: X11Event)] = [
        (
            "Expose",
            Bytes().u8(12, 0).u16(9).u32(0x40_0001).u16(1).u16(2).u16(300).u16(200).u16(3).zeros(14).bytes,
            .expose(window: 0x40_0001, x: 1, y: 2, width: 300, height: 200, count: 3)
        ),
        (
            "SelectionRequest",
            Bytes().u8(30, 0).u16(5).u32(1000).u32(0x20_0001).u32(0x40_0002).u32(0x1E).u32(0x1F).u32(0x120).zeros(4)
                .bytes,
            .selectionRequest(
                time: 1000, owner: 0x20_0001, requestor: 0x40_0002, selection: 0x1E, target: 0x1F, property: 0x120)
        ),
        (
            "SelectionNotify",
            Bytes().u8(31, 0).u16(6).u32(2000).u32(0x40_0002).u32(0x1E).u32(0x1F).u32(0x120).zeros(8).bytes,
            .selectionNotify(time: 2000, requestor: 0x40_0002, selection: 0x1E, target: 0x1F, property: 0x120)
        ),
        (
            "SelectionClear",
            Bytes().u8(29, 0).u16(7).u32(3000).u32(0x20_0001).u32(0x1E).zeros(16).bytes,
            .selectionClear(time: 3000, owner: 0x20_0001, selection: 0x1E)
        ),
        (
            "PropertyNotify (Deleted)",
            Bytes().u8(28, 0).u16(8).u32(0x40_0002).u32(0x120).u32(4000).u8(1).zeros(15).bytes,
            .propertyNotify(window: 0x40_0002, atom: 0x120, time: 4000, state: 1)
        ),
        (
            // KeyButtonPointer: time, root, event, child, root-x, root-y, event-x, event-y, state,
            // same-screen.
            "ButtonPress",
            Bytes().u8(4, 1).u16(10).u32(5000).u32(0x2B).u32(0x40_0003).u32(0x40_0004).u16(110).u16(60).u16(10)
                .u16(0xFFFE).u16(0x10).u8(1, 0).bytes,
            .pointer(
                X11Event.Pointer(
                    code: 4, detail: 1, time: 5000, root: 0x2B, window: 0x40_0003, child: 0x40_0004, rootX: 110,
                    rootY: 60, x: 10, y: -2, state: 0x10, sameScreen: 1))
        ),
        (
            "MotionNotify",
            Bytes().u8(6, 0).u16(11).u32(5001).u32(0x2B).u32(0x40_0003).u32(0).u16(0xFFF0).u16(61).u16(11).u16(1)
                .u16(0x110).u8(1, 0).bytes,
            .pointer(
                X11Event.Pointer(
                    code: 6, detail: 0, time: 5001, root: 0x2B, window: 0x40_0003, child: .none, rootX: -16,
                    rootY: 61, x: 11, y: 1, state: 0x110, sameScreen: 1))
        ),
    ]

    @Test("each event the selection protocol uses: its fields; sent, the same; written again, the same bytes")
    func events() throws {
        for (name, bytes, event) in Self.events {
            #expect(try X11Packet(decoding: bytes) == .event(event), "\(name)")
            var sent = bytes
            sent[0] |= 0x80
            #expect(try X11Event(decoding: sent) == event, "\(name) sent")
            #expect(event.encoded(sequence: bytes.uint16(at: 2)) == bytes, "\(name) encoded")
            for count in 0..<bytes.count {
                expectError(.protocolError, "\(name), prefix \(count)") { () throws(ClipboardError) in
                    _ = try X11Event(decoding: bytes.prefix(count))
                }
            }
        }
    }

    @Test("other events by their code; a GenericEvent whole; an error or reply is no event")
    func otherEvents() throws {
        #expect(try X11Event(decoding: Bytes().u8(2 | 0x80).zeros(31).bytes) == .other(code: 2))
        // SendEvent's bit on an error's or a reply's code (no server sets it there; the x11 fuzz
        // target's first input): an event of no known kind, not an error.
        #expect(try X11Packet(decoding: Bytes().u8(0x81).zeros(31).bytes) == .event(.other(code: 1)))
        let generic = Bytes().u8(35, 1).u16(1).u32(1).zeros(24).u32(9).bytes
        #expect(try X11Packet(decoding: generic) == .event(.other(code: 35)))
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try X11Packet(decoding: Array(generic.prefix(32)))
        }
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try X11Event(decoding: Bytes().u8(1).zeros(31).bytes)
        }
        #expect(X11Event.other(code: 2).encoded() == nil)
    }
}

@Suite("X11Wire: replies and property values")
struct X11WireReplyTests {
    /// A GetProperty reply (appendix B): format, type, bytes-after, the value in format units.
    static func property(format: UInt8, type: UInt32, after: UInt32 = 0, units: UInt32, value: [UInt8]) -> [UInt8] {
        Bytes().u8(1, format).u16(3).u32(UInt32((value.count + 3) / 4)).u32(type).u32(after).u32(units).zeros(12)
            .bytes + Bytes(bytes: value).padded().bytes
    }

    @Test("GetProperty: type, format, bytes after, the value; every prefix a protocol error")
    func getProperty() throws {
        let reply = Self.property(format: 8, type: 31, after: 6, units: 5, value: Array("hello".utf8))
        let property = try X11Reply.Property(decoding: reply)
        #expect(property.type == 31 && property.format == 8 && property.bytesAfter == 6)
        #expect(Array(property.value) == Array("hello".utf8))
        for count in 0..<(32 + 5) {
            expectError(.protocolError, "prefix \(count)") { () throws(ClipboardError) in
                _ = try X11Reply.Property(decoding: Array(reply.prefix(count)))
            }
        }
        let words = try X11Reply.Property(
            decoding: Self.property(format: 32, type: 4, units: 2, value: [1, 0, 0, 0, 2, 0, 0, 0]))
        #expect(X11Reply.words(words.value) == [1, 2])
        let halves = try X11Reply.Property(
            decoding: Self.property(format: 16, type: 19, units: 3, value: [1, 0, 2, 0, 3, 0]))
        #expect(halves.value.count == 6)
        #expect(try X11Reply.Property(decoding: Self.property(format: 0, type: 0, units: 0, value: [])).value.isEmpty)
    }

    @Test("GetProperty: a format not 0, 8, 16 or 32, a value longer than the reply, format 0 with a value")
    func getPropertyMalformed() {
        for reply in [
            Self.property(format: 7, type: 31, units: 1, value: [0]),
            Self.property(format: 32, type: 4, units: 3, value: [1, 0, 0, 0, 2, 0, 0, 0]),
            Self.property(format: 8, type: 31, units: 0xFFFF_FFFF, value: [0]),
            Self.property(format: 0, type: 0, units: 1, value: [0, 0, 0, 0]),
            Bytes().u8(0).zeros(31).bytes,
        ] {
            expectError(.protocolError) { () throws(ClipboardError) in _ = try X11Reply.Property(decoding: reply) }
        }
    }

    @Test("GetSelectionOwner, InternAtom, GetAtomName, QueryExtension, BigReqEnable")
    func smallReplies() throws {
        let word = Bytes().u8(1, 0).u16(4).u32(0).u32(0x40_0001).zeros(20).bytes
        #expect(try X11Reply.selectionOwner(word) == 0x40_0001)
        #expect(try X11Reply.internAtom(word) == 0x40_0001)
        #expect(try X11Reply.bigRequestsMaximumLength(word) == 0x40_0001)
        let name = Bytes().u8(1, 0).u16(4).u32(3).u16(11).zeros(22).text("UTF8_STRING").padded().bytes
        #expect(try X11Reply.atomName(name) == "UTF8_STRING")
        for count in 0..<(32 + 11) {
            expectError(.protocolError, "prefix \(count)") { () throws(ClipboardError) in
                _ = try X11Reply.atomName(Array(name.prefix(count)))
            }
        }
        let query = Bytes().u8(1, 0).u16(4).u32(0).u8(1, 133, 0, 0).zeros(20).bytes
        let found = try X11Reply.Extension(decoding: query)
        #expect(found.isPresent && found.majorOpcode == 133 && found.firstEvent == 0)
        for count in 0..<32 {
            expectError(.protocolError) { () throws(ClipboardError) in
                _ = try X11Reply.selectionOwner(Array(word.prefix(count)))
            }
            expectError(.protocolError) { () throws(ClipboardError) in
                _ = try X11Reply.Extension(decoding: Array(query.prefix(count)))
            }
        }
    }

    @Test("TARGETS: atoms of type ATOM or TARGETS, format 32; anything else a protocol error")
    func targets() throws {
        let atoms: ArraySlice<UInt8> = [0x10, 0, 0, 0, 0x20, 0, 0, 0]
        #expect(try X11Reply.targets(.init(type: 4, format: 32, value: atoms), targetsAtom: 300) == [0x10, 0x20])
        #expect(try X11Reply.targets(.init(type: 300, format: 32, value: atoms), targetsAtom: 300) == [0x10, 0x20])
        for wrong in [X11Reply.Property(type: 31, format: 8, value: atoms), .init(type: 4, format: 16, value: atoms)] {
            expectError(.protocolError) { () throws(ClipboardError) in _ = try X11Reply.targets(wrong, targetsAtom: 300)
            }
        }
    }

    @Test("INCR's size, MULTIPLE's pairs")
    func incrAndPairs() throws {
        #expect(X11Reply.incrSize(.init(type: 9, format: 32, value: [0x00, 0x00, 0x10, 0x00])) == 0x10_0000)
        #expect(X11Reply.incrSize(.init(type: 9, format: 32, value: [1, 2, 3])) == nil)
        let pairs = try X11Reply.atomPairs(
            .init(type: 9, format: 32, value: [1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]))
        #expect(pairs.map(\.target) == [1, 3] && pairs.map(\.property) == [2, 0])
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try X11Reply.atomPairs(.init(type: 9, format: 32, value: [1, 0, 0, 0]))
        }
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try X11Reply.atomPairs(.init(type: 9, format: 8, value: [1, 0, 0, 0, 2, 0, 0, 0]))
        }
    }
}

@Suite("X11Wire: requests")
struct X11WireRequestTests {
    /// A request's bytes with a payload, as the connection sends them.
    func bytes(_ request: X11Request, payload: [UInt8] = [], bigRequests: Bool = false) throws -> [UInt8] {
        try request.encoded(payloadCount: payload.count, bigRequests: bigRequests) + payload
            + [UInt8](repeating: 0, count: request.padding(payloadCount: payload.count))
    }

    @Test("InternAtom, ChangeProperty, SendEvent: appendix B's bytes")
    func encodings() throws {
        #expect(try bytes(.internAtom("AB")) == Bytes().u8(16, 0).u16(3).u16(2).zeros(2).text("AB").zeros(2).bytes)
        let change = try bytes(
            .changeProperty(window: 0x40_0001, property: 0x120, type: 31, format: 8, mode: 2), payload: [1, 2, 3])
        #expect(
            change
                == Bytes().u8(18, 2).u16(7).u32(0x40_0001).u32(0x120).u32(31).u8(8).zeros(3).u32(3).u8(1, 2, 3)
                .zeros(1).bytes)
        let words = try bytes(
            .changeProperty(window: 1, property: 2, type: 4, format: 32, mode: 0),
            payload: [UInt8](repeating: 7, count: 8))
        #expect(words[20..<24] == [2, 0, 0, 0])  // two 32-bit units
        let event = X11Event.selectionNotify(time: 5, requestor: 1, selection: 2, target: 3, property: 4)
        let send = try bytes(.sendEvent(destination: 1, eventMask: [], event: event.encoded() ?? []))
        #expect(send.count == 44 && send.uint16(at: 2) == 11 && Array(send[12...]) == event.encoded())
        #expect(try bytes(.getInputFocus) == [43, 0, 1, 0])
    }

    @Test("CreateWindow, ChangeWindowAttributes: appendix B's bytes, each event mask its SETofEVENT bit")
    func windows() throws {
        // SETofEVENT: ButtonPress #x4, ButtonRelease #x8, ButtonMotion #x2000, Exposure #x8000,
        // StructureNotify #x20000, SubstructureNotify #x80000, PropertyChange #x400000.
        let masks: [(X11EventMask, UInt32)] = [
            (.buttonPress, 0x4), (.buttonRelease, 0x8), (.buttonMotion, 0x2000), (.exposure, 0x8000),
            (.structureNotify, 0x2_0000), (.substructureNotify, 0x8_0000), (.propertyChange, 0x40_0000),
            (.buttonDrag, 0x200C),
        ]
        for (mask, bits) in masks {
            #expect(
                try bytes(.changeWindowAttributes(window: 0x40_0001, eventMask: mask))
                    == Bytes().u8(2, 0).u16(4).u32(0x40_0001).u32(0x800).u32(bits).bytes, "\(bits)")
        }
        // InputOnly, 1 × 1 at 0, 0, CopyFromParent's visual; the value-mask holds event-mask only.
        #expect(
            try bytes(.createWindow(window: 0x40_0002, parent: 0x2B, eventMask: .propertyChange))
                == Bytes().u8(1, 0).u16(9).u32(0x40_0002).u32(0x2B).zeros(4).u16(1).u16(1).u16(0).u16(2).u32(0)
                .u32(0x800).u32(0x40_0000).bytes)
        // InputOutput, its place and size, background-pixel then event-mask (the value-mask's order).
        #expect(
            try bytes(
                .createVisibleWindow(
                    window: 0x40_0003, parent: 0x2B, x: -5, y: 7, width: 320, height: 240, background: 0xFF_FFFF,
                    eventMask: [.exposure, .structureNotify]))
                == Bytes().u8(1, 0).u16(10).u32(0x40_0003).u32(0x2B).u16(0xFFFB).u16(7).u16(320).u16(240).u16(0)
                .u16(1).u32(0).u32(0x802).u32(0xFF_FFFF).u32(0x2_8000).bytes)
    }

    @Test("CreateGC, PutImage (a ZPixmap, its pixels the payload), GetImage: appendix B's bytes")
    func images() throws {
        #expect(try bytes(.createGC(context: 7, drawable: 9)) == Bytes().u8(55, 0).u16(4).u32(7).u32(9).u32(0).bytes)
        let put = try bytes(
            .putImage(drawable: 9, context: 7, width: 2, height: 1, x: -1, y: 3, depth: 24),
            payload: [1, 2, 3, 0, 4, 5, 6, 0])
        #expect(
            put
                == Bytes().u8(72, 2).u16(8).u32(9).u32(7).u16(2).u16(1).u16(0xFFFF).u16(3).u8(0, 24).zeros(2)
                .u8(1, 2, 3, 0, 4, 5, 6, 0).bytes)
        #expect(
            try bytes(.getImage(drawable: 9, x: 0, y: 1, width: 30, height: 20))
                == Bytes().u8(73, 2).u16(5).u32(9).u16(0).u16(1).u16(30).u16(20).u32(0xFFFF_FFFF).bytes)
    }

    @Test("a picture as a 24-bit TrueColor ZPixmap: BGRX least significant first, XRGB most; other depths not drawn")
    func pictureLayout() throws {
        let picture = try #require(WindowPicture(width: 2, height: 1, rgb: [1, 2, 3, 4, 5, 6]))
        let least = X11SetupReply.ImageFormat(depth: 24, bitsPerPixel: 32, scanlinePad: 32, mostSignificantFirst: false)
        #expect(picture.zPixmap(least) == [3, 2, 1, 0, 6, 5, 4, 0])
        var most = least
        most.mostSignificantFirst = true
        #expect(picture.zPixmap(most) == [0, 1, 2, 3, 0, 4, 5, 6])
        #expect(
            picture.zPixmap(.init(depth: 16, bitsPerPixel: 16, scanlinePad: 32, mostSignificantFirst: false)) == nil)
        #expect(WindowPicture(width: 2, height: 2, rgb: [1, 2, 3]) == nil)
        // As wide as PutImage can say, and not one pixel wider.
        #expect(WindowPicture(width: 65_535, height: 1, rgb: [UInt8](repeating: 0, count: 65_535 * 3)) != nil)
        #expect(WindowPicture(width: 65_536, height: 1, rgb: [UInt8](repeating: 0, count: 65_536 * 3)) == nil)
        #expect(WindowPicture(width: 0, height: 1, rgb: []) == nil)
    }

    @Test("a request past 65,535 units: BIG-REQUESTS' extended length, or a protocol error without it")
    func bigRequests() throws {
        let request = X11Request.changeProperty(window: 1, property: 2, type: 31, format: 8, mode: 0)
        let payload = 0x4_0000 * 4
        let header = try request.encoded(payloadCount: payload, bigRequests: true)
        #expect(header.uint16(at: 2) == 0 && Int(header.uint32(at: 4)) == 1 + 1 + 5 + payload / 4)
        expectError(.protocolError) { () throws(ClipboardError) in
            _ = try request.encoded(payloadCount: payload, bigRequests: false)
        }
    }
}

/// A fake X server on `/tmp/.X11-unix/X<number>` (a free number from 980): it reads a client's
/// setup request and answers with `answer`, then closes the connection — at once, or when
/// `waitsForClient`, once the client has closed its end (reading what it sends meanwhile).
private final class FakeX11Server: @unchecked Sendable {
    let number: Int
    private let listener: Int32
    private let done = DispatchSemaphore(value: 0)
    private var path: String { "/tmp/.X11-unix/X\(number)" }

    init(answer: [UInt8], waitsForClient: Bool = false) throws {
        var chosen: Int?
        var descriptor: Int32 = -1
        for candidate in 980..<1000 where !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(candidate)") {
            if let listening = listeningUnixSocket(at: "/tmp/.X11-unix/X\(candidate)") {
                descriptor = listening
                chosen = candidate
                break
            }
        }
        guard let chosen else { throw POSIXError(.EADDRINUSE) }
        number = chosen
        listener = descriptor
        Thread { [listener, done] in
            defer { done.signal() }
            var entry = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10_000) > 0 else { return }
            let client = (try? FileDescriptor(rawValue: listener).accept())?.rawValue ?? -1
            guard client >= 0 else { return }
            defer { close(client) }
            var request = [UInt8](repeating: 0, count: 12)
            var received = 0
            while received < 12 {
                let count = request.withUnsafeMutableBytes { read(client, $0.baseAddress! + received, 12 - received) }
                guard count > 0 else { return }
                received += count
            }
            _ = answer.withUnsafeBytes { send(client, $0.baseAddress!, $0.count, Int32(MSG_NOSIGNAL)) }
            var fromClient = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
            while waitsForClient, poll(&fromClient, 1, 10_000) > 0, read(client, &request, request.count) > 0 {}
        }.start()
    }

    func stop() {
        done.wait()
        close(listener)
        unlink(path)
    }
}

@Suite("X11Wire: a fake server's setup answer", .serialized)
struct X11FakeServerTests {
    static let answers: [(name: String, bytes: [UInt8], code: ClipboardError.Code)] = [
        // Each answer but the last is all the server sends: then it closes the connection.
        ("Success of 8 bytes", [0x01, 0x00, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x00], .protocolError),
        (
            "Success cut short of the length it says, then closed", Array(successfulSetup().prefix(50)),
            .connectionFailed
        ),
        (
            "Success with a screen said and none there",
            Array(successfulSetup(screens: 0)).enumerated().map { $0.offset == 28 ? 1 : $0.element }, .protocolError
        ),
        ("Failed", Bytes().u8(0, 4).u16(11).u16(0).u16(1).text("nope").bytes, .connectionFailed),
        ("a first byte of 9", Bytes().u8(9).zeros(7).bytes, .protocolError),
        // The answer to QueryExtension (the first request, sequence 1) says it has 4 GiB more.
        (
            "a reply of 4 GiB after the setup",
            successfulSetup() + Bytes().u8(1, 0).u16(1).u32(0x4000_0000).zeros(24).bytes,
            .protocolError
        ),
    ]

    @Test("a truncated or inconsistent setup answer is an error, not a crash", arguments: 0..<answers.count)
    func truncatedSetup(_ index: Int) throws {
        let (name, answer, code) = Self.answers[index]
        let server = try FakeX11Server(answer: answer, waitsForClient: index == Self.answers.count - 1)
        defer { server.stop() }
        do {
            _ = try X11Connection(
                display: ":\(server.number)", environment: ["XAUTHORITY": "/nonexistent"], timeout: .seconds(5))
            Issue.record("\(name): connected")
        } catch {
            #expect(error.code == code, "\(name): \(error)")
        }
    }
    @Test("the same server with a whole setup answer and QueryExtension's: connected, the root and request length read")
    func wholeSetup() throws {
        let absent = Bytes().u8(1, 0).u16(1).u32(0).u8(0).zeros(23).bytes  // BIG-REQUESTS: not present
        let server = try FakeX11Server(answer: successfulSetup() + absent, waitsForClient: true)
        defer { server.stop() }
        var connection: X11Connection? = try X11Connection(
            display: ":\(server.number)", environment: ["XAUTHORITY": "/nonexistent"], timeout: .seconds(5))
        #expect(connection?.root == 0x123)
        #expect(connection?.maximumRequestBytes == 0xFFFF * 4)
        connection = nil  // closed before the server is stopped: it waits for that
    }
}

@Suite("X11: the display's name and the authority file")
struct X11AuthorityTests {
    /// An `.Xauthority` entry: the family, then four fields each with its 16-bit big-endian length.
    func entry(family: UInt16, address: [UInt8], display: String, name: String = "MIT-MAGIC-COOKIE-1", cookie: [UInt8])
        -> [UInt8]
    {
        var bytes = [UInt8(family >> 8), UInt8(family & 0xFF)]
        for field in [address, Array(display.utf8), Array(name.utf8), cookie] {
            bytes += [UInt8(field.count >> 8), UInt8(field.count & 0xFF)] + field
        }
        return bytes
    }

    @Test("DISPLAY :N, :N.S and unix:N are local displays with their socket; a host's, or a name that is none, is not")
    func displayNames() {
        #expect(X11Display(":0")?.number == 0)
        #expect(X11Display(":12.3")?.number == 12)
        #expect(X11Display("unix:7")?.socketPath == "/tmp/.X11-unix/X7")
        for name in ["", ":", "host:0", "localhost:10.0", ":x", ":1.", ":1.a", ":1 ", "unix", ":١"] {
            #expect(X11Display(name) == nil, "\(name)")
        }
    }

    @Test("fields of 256 bytes and more are read by their two length bytes: the entry after is found")
    func longFields() throws {
        // A local entry for another host, its address 300 bytes long, then a wildcard one for :5.
        let other = entry(family: 256, address: [UInt8](repeating: 0x61, count: 300), display: "5", cookie: [1, 2])
        let wild = entry(family: 65535, address: [], display: "5", cookie: Array(0..<16))
        let authority = Xauthority(decoding: other + wild)
        #expect(authority.entries.count == 2 && !authority.isTruncated)
        #expect(authority.entries[0].address.count == 300)
        #expect(authority.cookie(display: 5, host: Array("here".utf8)) == Array(0..<16))
        #expect(authority.cookie(display: 6, host: Array("here".utf8)) == nil)
    }

    @Test(
        "the cookie: this host's local entry or a wildcard, for the display or every display, named MIT-MAGIC-COOKIE-1")
    func choosing() {
        let host = Array("box".utf8)
        let authority = Xauthority(
            decoding: entry(family: 256, address: Array("other".utf8), display: "0", cookie: [1])
                + entry(family: 0, address: [127, 0, 0, 1], display: "0", cookie: [2])
                + entry(family: 256, address: host, display: "0", name: "XDM-AUTHORIZATION-1", cookie: [3])
                + entry(family: 256, address: host, display: "1", cookie: [4])
                + entry(family: 256, address: host, display: "", cookie: [5]))
        #expect(authority.cookie(display: 1, host: host) == [4])
        // Display 0: the other host's, the Internet one and the XDM one are passed over.
        #expect(authority.cookie(display: 0, host: host) == [5])
        #expect(authority.cookie(display: 0, host: Array("other".utf8)) == [1])
        #expect(Xauthority(decoding: []).cookie(display: 0, host: host) == nil)
    }

    @Test("a file that ends inside an entry: the entries before it are kept, as libXau keeps them, and it says so")
    func truncated() {
        let first = entry(family: 65535, address: [], display: "3", cookie: Array(0..<16))
        let second = entry(family: 65535, address: [], display: "4", cookie: [9, 9])
        for cut in 1..<second.count {
            let authority = Xauthority(decoding: first + second.prefix(cut))
            #expect(authority.isTruncated, "cut at \(cut)")
            #expect(authority.entries.count == 1, "cut at \(cut)")
            #expect(authority.cookie(display: 3, host: []) == Array(0..<16))
            #expect(authority.cookie(display: 4, host: []) == nil)
        }
    }

    @Test("the file XAUTHORITY names is read; a file that is not there gives no cookie")
    func fromEnvironment() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("Xauthority-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(entry(family: 65535, address: [], display: "5", cookie: Array(0..<16))).write(to: file)
        #expect(Xauthority.cookie(display: 5, environment: ["XAUTHORITY": file.path]) == Array(0..<16))
        #expect(Xauthority.cookie(display: 5, environment: ["XAUTHORITY": file.path + ".gone"]) == nil)
    }
}

@Suite("X11: the events read early, and the atoms known")
struct X11ConnectionStateTests {
    @Test(
        "the predefined atoms are the protocol's numbers; timestamps order as their numbers, a time at or after another"
    )
    func identifiers() {
        // Appendix A, "Predefined Atoms": what every client and server agree on without asking.
        #expect(
            [X11Atom.primary, .atom, .integer, .string, .wmName].map(\.rawValue) == [1, 4, 19, 31, 39])
        #expect(X11Atom.none.rawValue == 0 && X11Window.none.rawValue == 0 && X11Timestamp.currentTime.rawValue == 0)
        // An owner keeps a request made at its own time and refuses one before it (ICCCM §2.2).
        let taken: X11Timestamp = 5000
        #expect(taken >= 5000 && !(taken < 5000) && X11Timestamp(rawValue: 4999) < taken && 5001 > taken)
        #expect(X11EventMask.buttonDrag == [.buttonPress, .buttonRelease, .buttonMotion])
    }

    @Test("events kept in order; one taken from the middle leaves the rest in order; past the capacity the oldest go")
    func eventQueue() {
        var queue = X11EventQueue(capacity: 3)
        for window in UInt32(1)...5 {
            queue.append(.selectionClear(time: 0, owner: X11Window(rawValue: window), selection: 1))
        }
        #expect(queue.events == (3...5).map { .selectionClear(time: 0, owner: X11Window(rawValue: $0), selection: 1) })
        let middle = queue.take { if case .selectionClear(_, 4, _) = $0 { true } else { false } }
        #expect(middle == .selectionClear(time: 0, owner: 4, selection: 1))
        #expect(queue.take { _ in false } == nil)
        #expect(queue.popFirst() == .selectionClear(time: 0, owner: 3, selection: 1))
        #expect(queue.popFirst() == .selectionClear(time: 0, owner: 5, selection: 1))
        #expect(queue.popFirst() == nil && queue.isEmpty)
    }

    @Test("an atom recorded is known both ways")
    func atomCache() {
        var atoms = X11AtomCache()
        #expect(atoms.atom(named: "TARGETS") == nil && atoms.name(of: 300) == nil)
        atoms.record(300, named: "TARGETS")
        #expect(atoms.atom(named: "TARGETS") == 300 && atoms.name(of: 300) == "TARGETS")
        #expect(atoms.atom(named: "targets") == nil)
    }
}
