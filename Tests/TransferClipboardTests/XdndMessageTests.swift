import Testing

@testable import TransferClipboard

/// XDND's six messages against the byte layouts of the specification ("Message layouts"): each
/// written as the table says, and read back from bytes written by hand.
@Suite("XDND messages, byte for byte")
struct XdndMessageTests {
    let atoms = XdndMessage.Atoms(enter: 301, position: 302, status: 303, leave: 304, drop: 305, finished: 306)

    /// A format-32 ClientMessage as the server delivers it: code 33 (SendEvent's bit set), the
    /// format, a sequence, the window, the type and five little-endian words.
    func packet(window: UInt32, type: UInt32, _ words: [UInt32], format: UInt8 = 32) -> [UInt8] {
        var bytes: [UInt8] = [33 | 0x80, format, 0x34, 0x12]
        for word in [window, type] + words + [UInt32](repeating: 0, count: 5 - words.count) {
            bytes += (0..<4).map { UInt8((word >> (8 * $0)) & 0xFF) }
        }
        return bytes
    }

    func message(_ bytes: [UInt8]) throws -> XdndMessage? {
        XdndMessage(try X11Event(decoding: bytes), atoms: atoms)
    }

    @Test("XdndEnter: version in the top byte, bit 0 for a type list, up to three types")
    func enter() throws {
        // Chromium's: five types, so bit 0 and the words left 0.
        let chromium = packet(window: 0x0060_0001, type: 301, [0x0040_0007, 5 << 24 | 1, 0, 0, 0])
        #expect(try message(chromium) == .enter(source: 0x0040_0007, version: 5, hasTypeList: true, types: []))
        let two = packet(window: 9, type: 301, [7, 5 << 24, 401, 402, 0])
        #expect(try message(two) == .enter(source: 7, version: 5, hasTypeList: false, types: [401, 402]))
        // Written: the words in place, the fourth type left to XdndTypeList.
        let written = XdndMessage.enter(source: 7, version: 5, hasTypeList: true, types: [401, 402, 403, 404])
            .event(about: 9, atoms: atoms)
        #expect(written.longs == [7, 5 << 24 | 1, 401, 402, 403])
        #expect(written.encoded()?[0...1] == [33, 32])
    }

    @Test("XdndPosition: root x in the high half, y in the low, then the time and the action")
    func position() throws {
        let bytes = packet(window: 9, type: 302, [7, 0, 1200 << 16 | 35, 123_456, 501])
        let read = try message(bytes)
        #expect(read == .position(source: 7, x: 1200, y: 35, time: 123_456, action: 501))
        // Written again, it is the bytes it came from (but SendEvent's bit and the sequence).
        var again = try #require(read?.event(about: 9, atoms: atoms).encoded(sequence: 0x1234))
        again[0] |= 0x80
        #expect(again == bytes)
    }

    @Test("XdndStatus: accept and want-positions bits, the rectangle in halves, the action")
    func status() throws {
        let bytes = packet(window: 7, type: 303, [9, 3, 10 << 16 | 20, 300 << 16 | 200, 501])
        #expect(
            try message(bytes)
                == .status(
                    target: 9, accepts: true, wantsPositionsInside: true,
                    rectangle: .init(x: 10, y: 20, width: 300, height: 200), action: 501))
        let refusal = XdndMessage.status(
            target: 9, accepts: false, wantsPositionsInside: false, rectangle: .empty, action: 0)
        #expect(refusal.event(about: 7, atoms: atoms).longs == [9, 0, 0, 0, 0])
        // Qt answers 1: accepting, positions not wanted inside the rectangle.
        guard case .status(_, true, false, _, _)? = try message(packet(window: 7, type: 303, [9, 1, 0, 0, 501])) else {
            Issue.record("Qt's status read otherwise")
            return
        }
    }

    @Test("XdndLeave, XdndDrop (time in the third word) and XdndFinished (v5's accepted bit)")
    func leaveDropFinished() throws {
        #expect(try message(packet(window: 9, type: 304, [7])) == .leave(source: 7))
        #expect(try message(packet(window: 9, type: 305, [7, 0, 98_765])) == .drop(source: 7, time: 98_765))
        #expect(
            try message(packet(window: 7, type: 306, [9, 1, 501])) == .finished(target: 9, accepted: true, action: 501))
        #expect(
            XdndMessage.finished(target: 9, accepted: false, action: 0).event(about: 7, atoms: atoms).longs == [
                9, 0, 0, 0, 0,
            ])
        #expect(XdndMessage.drop(source: 7, time: 5).event(about: 9, atoms: atoms).longs == [7, 0, 5, 0, 0])
    }

    @Test("reserved bits are ignored on reading; other types and formats are not XDND")
    func leniencyAndOthers() throws {
        // Bits the specification reserves, set by a careless source: the message is still read.
        let noisy = packet(window: 9, type: 301, [7, 5 << 24 | 0x00FF_FF00, 401, 0, 0])
        #expect(try message(noisy) == .enter(source: 7, version: 5, hasTypeList: false, types: [401]))
        #expect(try message(packet(window: 9, type: 999, [7])) == nil)
        #expect(try message(packet(window: 9, type: 301, [7], format: 8)) == nil)
        #expect(XdndMessage(.selectionClear(time: 1, owner: 2, selection: 3), atoms: atoms) == nil)
    }

    @Test("every message written and read again is itself")
    func roundTrips() throws {
        let messages: [XdndMessage] = [
            .enter(source: 1, version: 5, hasTypeList: false, types: [10, 11, 12]),
            .enter(source: 1, version: 3, hasTypeList: true, types: []),
            .position(source: 1, x: 0, y: 32767, time: 0, action: 20),
            .status(
                target: 2, accepts: true, wantsPositionsInside: false,
                rectangle: .init(x: 65535, y: 1, width: 2, height: 65535), action: 21),
            .leave(source: 1), .drop(source: 1, time: 0xFFFF_FFFF), .finished(target: 2, accepted: true, action: 22),
        ]
        for original in messages {
            let bytes = try #require(original.event(about: 77, atoms: atoms).encoded())
            #expect(try message(bytes) == original)
            #expect(bytes.count == 32)
        }
    }
}
