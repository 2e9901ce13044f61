internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A client connection to an X server over its Unix socket, speaking the core protocol's bytes
/// (*X Window System Protocol*, appendix B): the setup, requests with their sequence numbers,
/// replies, errors and events, and BIG-REQUESTS when the server has it.
///
/// One thread uses a connection at a time; it is not `Sendable`. Every wait has a deadline.
final class X11Connection {
    /// The predefined atoms the clipboard uses.
    enum Atom {
        static let none: UInt32 = 0
        static let primary: UInt32 = 1
        static let atom: UInt32 = 4
        static let integer: UInt32 = 19
        static let string: UInt32 = 31
    }

    /// Event codes, with SendEvent's bit cleared.
    enum Event {
        static let propertyNotify: UInt8 = 28
        static let selectionClear: UInt8 = 29
        static let selectionRequest: UInt8 = 30
        static let selectionNotify: UInt8 = 31
    }

    /// `PropertyChangeMask`.
    static let propertyChangeMask: UInt32 = 0x0040_0000

    let descriptor: Int32
    /// The first screen's root window.
    private(set) var root: UInt32 = 0
    /// The largest request the server takes, in bytes.
    private(set) var maximumRequestBytes = 4096
    private var idBase: UInt32 = 0
    private var idMask: UInt32 = 0
    private var nextID: UInt32 = 1
    private var sequence: UInt16 = 0
    private var bigRequests = false
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Events read while waiting for a reply, in order.
    private var queuedEvents: [[UInt8]] = []
    private var atomsByName: [String: UInt32] = [:]
    private var namesByAtom: [UInt32: String] = [:]

    /// Connects to the display `DISPLAY` names (`:0`, `:0.0`, `unix:0`), authenticating with the
    /// `MIT-MAGIC-COOKIE-1` of `XAUTHORITY` (or `~/.Xauthority`) when it has one for the display.
    ///
    /// - Throws: ``ClipboardError`` (`noDisplay`, `connectionFailed`) when there is no display or
    ///   the server refuses the connection.
    init(display: String, environment: [String: String], timeout: Duration) throws(ClipboardError) {
        guard let number = Self.displayNumber(display) else {
            throw ClipboardError(
                .noDisplay, "DISPLAY '\(display)': expected a local display such as :0 or unix:0")
        }
        let path = "/tmp/.X11-unix/X\(number)"
        descriptor = try UnixSocket.connected(to: path, description: "the X server of DISPLAY \(display)")
        let deadline = ContinuousClock.now + timeout
        // The descriptor is closed by deinit, which runs when this initializer throws.
        do {
            let cookie = Self.authorization(display: number, environment: environment)
            let name = Array((cookie == nil ? "" : "MIT-MAGIC-COOKIE-1").utf8)
            let data = cookie ?? []
            var setup: [UInt8] = [0x6C, 0, 11, 0, 0, 0]
            setup.appendUInt16(UInt16(name.count))
            setup.appendUInt16(UInt16(data.count))
            setup += [0, 0]
            setup += name
            setup.pad()
            setup += data
            setup.pad()
            try send(setup)
            let head = try read(8, deadline: deadline)
            let rest = try read(Int(head.uint16(at: 6)) * 4, deadline: deadline)
            guard head[0] == 1 else {
                let length = head[0] == 0 ? Int(head[1]) : rest.count
                var reason = String(decoding: rest.prefix(length), as: UTF8.self)
                while reason.last == "\0" || reason.last == "\n" { reason.removeLast() }
                throw ClipboardError(
                    .connectionFailed, "the X server of DISPLAY \(display) refused the connection: \(reason)")
            }
            let reply = head + rest
            idBase = reply.uint32(at: 12)
            idMask = reply.uint32(at: 16)
            let vendorLength = Int(reply.uint16(at: 24))
            maximumRequestBytes = Int(reply.uint16(at: 26)) * 4
            let formats = Int(reply[29])
            let screens = 40 + (vendorLength + 3) / 4 * 4 + formats * 8
            guard reply[28] > 0, screens + 4 <= reply.count else {
                throw ClipboardError(.connectionFailed, "the X server of DISPLAY \(display) has no screen")
            }
            root = reply.uint32(at: screens)
            try enableBigRequests(deadline: deadline)
        }
    }

    deinit { close(descriptor) }

    /// The display number of `:N`, `:N.S`, `unix:N`; `nil` for a remote display.
    static func displayNumber(_ display: String) -> Int? {
        var rest = Substring(display)
        if rest.hasPrefix("unix:") { rest = rest.dropFirst(4) }
        guard rest.first == ":" else { return nil }
        let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let number = Int(digits) else { return nil }
        let after = rest.dropFirst(1 + digits.count)
        guard after.isEmpty || (after.first == "." && after.dropFirst().allSatisfy(\.isNumber)) else { return nil }
        return number
    }

    /// The cookie for display `number` in the authority file: a `FamilyLocal` entry for this
    /// host, or a `FamilyWild` one.
    static func authorization(display number: Int, environment: [String: String]) -> [UInt8]? {
        let path = environment["XAUTHORITY"] ?? environment["HOME"].map { "\($0)/.Xauthority" }
        guard let path, let file = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](file)
        var hostname = [UInt8](repeating: 0, count: 256)
        gethostname(&hostname, hostname.count - 1)
        let host = Array(hostname.prefix { $0 != 0 })
        let wanted = Array(String(number).utf8)
        var offset = 0
        func field() -> [UInt8]? {
            guard offset + 2 <= bytes.count else { return nil }
            let length = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            offset += 2
            guard offset + length <= bytes.count else { return nil }
            defer { offset += length }
            return Array(bytes[offset..<(offset + length)])
        }
        while offset + 2 <= bytes.count {
            let family = Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
            offset += 2
            guard let address = field(), let display = field(), let name = field(), let data = field() else {
                return nil
            }
            let addressMatches = family == 65535 || (family == 256 && address == host)
            if addressMatches, display == wanted || display.isEmpty, name == Array("MIT-MAGIC-COOKIE-1".utf8) {
                return data
            }
        }
        return nil
    }

    // MARK: Requests

    /// A new resource identifier.
    func newID() -> UInt32 {
        defer { nextID += 1 }
        return idBase | (nextID & idMask)
    }

    /// Sends a request and returns its sequence number. `body` is everything after the 4-byte
    /// header; it is padded here.
    @discardableResult
    func request(
        _ opcode: UInt8, _ byte1: UInt8 = 0, _ body: [UInt8], payload: some DataProtocol & ContiguousBytes = [UInt8]()
    ) throws(ClipboardError) -> UInt16 {
        let length = body.count + payload.count
        let padded = (length + 3) / 4 * 4
        let units = 1 + padded / 4
        var packet: [UInt8] = [opcode, byte1]
        packet.reserveCapacity(8 + body.count)
        if units <= 0xFFFF {
            packet.appendUInt16(UInt16(units))
        } else {
            guard bigRequests else {
                throw ClipboardError(.protocolError, "a request of \(units * 4) bytes is larger than the server takes")
            }
            packet.appendUInt16(0)
            packet.appendUInt32(UInt32(units + 1))
        }
        packet += body
        // A large payload goes out as it is, not copied into the packet first.
        try send(packet[...])
        try send(payload)
        try send([UInt8](repeating: 0, count: padded - length)[...])
        sequence &+= 1
        return sequence
    }

    /// The bytes of a request's payload that fit in one request after a header of `header` bytes.
    func payloadCapacity(header: Int) -> Int {
        (maximumRequestBytes - header - (bigRequests ? 4 : 0)) / 4 * 4
    }

    func internAtom(_ name: String, deadline: ContinuousClock.Instant) throws(ClipboardError) -> UInt32 {
        if let atom = atomsByName[name] { return atom }
        let bytes = Array(name.utf8)
        var body: [UInt8] = []
        body.appendUInt16(UInt16(bytes.count))
        body += [0, 0]
        body += bytes
        let reply = try waitForReply(try request(16, 0, body), deadline: deadline)
        let atom = reply.uint32(at: 8)
        atomsByName[name] = atom
        namesByAtom[atom] = name
        return atom
    }

    /// The names of `atoms`, the requests sent together and the replies read after.
    func atomNames(_ atoms: [UInt32], deadline: ContinuousClock.Instant) throws(ClipboardError) -> [String] {
        var sequences: [(UInt32, UInt16?)] = []
        for atom in atoms {
            if namesByAtom[atom] != nil {
                sequences.append((atom, nil))
            } else {
                var body: [UInt8] = []
                body.appendUInt32(atom)
                sequences.append((atom, try request(17, 0, body)))
            }
        }
        var names: [String] = []
        for (atom, sequence) in sequences {
            if let sequence {
                let reply = try waitForReply(sequence, deadline: deadline)
                let length = Int(reply.uint16(at: 8))
                let name = String(decoding: reply[32..<min(reply.count, 32 + length)], as: UTF8.self)
                namesByAtom[atom] = name
                atomsByName[name] = atom
            }
            names.append(namesByAtom[atom] ?? "")
        }
        return names
    }

    /// An unmapped InputOnly window that receives property changes.
    func createWindow() throws(ClipboardError) -> UInt32 {
        let window = newID()
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(root)
        body += [0, 0, 0, 0]  // x, y
        body.appendUInt16(1)
        body.appendUInt16(1)
        body.appendUInt16(0)  // border
        body.appendUInt16(2)  // InputOnly
        body.appendUInt32(0)  // CopyFromParent visual
        body.appendUInt32(0x800)  // event-mask
        body.appendUInt32(Self.propertyChangeMask)
        try request(1, 0, body)
        return window
    }

    func selectPropertyChanges(on window: UInt32) throws(ClipboardError) {
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(0x800)
        body.appendUInt32(Self.propertyChangeMask)
        try request(2, 0, body)
    }

    func changeProperty(
        _ window: UInt32, _ property: UInt32, type: UInt32, format: UInt8, data: some DataProtocol & ContiguousBytes,
        append: Bool = false
    ) throws(ClipboardError) {
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(property)
        body.appendUInt32(type)
        body += [format, 0, 0, 0]
        body.appendUInt32(UInt32(data.count / Int(format / 8)))
        try request(18, append ? 2 : 0, body, payload: data)
    }

    func deleteProperty(_ window: UInt32, _ property: UInt32) throws(ClipboardError) {
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(property)
        try request(19, 0, body)
    }

    /// A property's value.
    struct Property {
        var type: UInt32
        var format: UInt8
        var bytesAfter: Int
        var value: ArraySlice<UInt8>
    }

    func getProperty(
        _ window: UInt32, _ property: UInt32, delete: Bool, longLength: Int, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> Property {
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(property)
        body.appendUInt32(0)  // AnyPropertyType
        body.appendUInt32(0)
        body.appendUInt32(UInt32(clamping: longLength))
        let reply = try waitForReply(try request(20, delete ? 1 : 0, body), deadline: deadline)
        let format = reply[1]
        let count = Int(reply.uint32(at: 16)) * Int(max(format, 8) / 8)
        guard 32 + count <= reply.count else {
            throw ClipboardError(.protocolError, "a GetProperty reply shorter than its value")
        }
        return Property(
            type: reply.uint32(at: 8), format: format, bytesAfter: Int(reply.uint32(at: 12)),
            value: reply[32..<(32 + count)])
    }

    func setSelectionOwner(_ window: UInt32, selection: UInt32, time: UInt32) throws(ClipboardError) {
        var body: [UInt8] = []
        body.appendUInt32(window)
        body.appendUInt32(selection)
        body.appendUInt32(time)
        try request(22, 0, body)
    }

    func selectionOwner(_ selection: UInt32, deadline: ContinuousClock.Instant) throws(ClipboardError) -> UInt32 {
        var body: [UInt8] = []
        body.appendUInt32(selection)
        return try waitForReply(try request(23, 0, body), deadline: deadline).uint32(at: 8)
    }

    func convertSelection(
        requestor: UInt32, selection: UInt32, target: UInt32, property: UInt32, time: UInt32
    ) throws(ClipboardError) {
        var body: [UInt8] = []
        body.appendUInt32(requestor)
        body.appendUInt32(selection)
        body.appendUInt32(target)
        body.appendUInt32(property)
        body.appendUInt32(time)
        try request(24, 0, body)
    }

    /// Sends a `SelectionNotify` to `requestor` (property 0: refused).
    func notifySelection(
        requestor: UInt32, selection: UInt32, target: UInt32, property: UInt32, time: UInt32
    ) throws(ClipboardError) {
        var event: [UInt8] = [Event.selectionNotify, 0, 0, 0]
        event.appendUInt32(time)
        event.appendUInt32(requestor)
        event.appendUInt32(selection)
        event.appendUInt32(target)
        event.appendUInt32(property)
        event += [UInt8](repeating: 0, count: 32 - event.count)
        var body: [UInt8] = []
        body.appendUInt32(requestor)
        body.appendUInt32(0)  // event mask
        body += event
        try request(25, 0, body)
    }

    /// A round trip: every request before it has been handled when it returns.
    func sync(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        _ = try waitForReply(try request(43, 0, []), deadline: deadline)
    }

    private func enableBigRequests(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        let name = Array("BIG-REQUESTS".utf8)
        var body: [UInt8] = []
        body.appendUInt16(UInt16(name.count))
        body += [0, 0]
        body += name
        let reply = try waitForReply(try request(98, 0, body), deadline: deadline)
        guard reply[8] == 1 else { return }
        let enable = try waitForReply(try request(reply[9], 0, []), deadline: deadline)
        bigRequests = true
        maximumRequestBytes = Int(enable.uint32(at: 8)) * 4
    }

    // MARK: Reading

    /// The reply to request `sequence`; events that come first are queued for ``nextEvent(deadline:)``.
    func waitForReply(_ sequence: UInt16, deadline: ContinuousClock.Instant) throws(ClipboardError) -> [UInt8] {
        while true {
            let packet = try readPacket(deadline: deadline)
            let packetSequence = packet.uint16(at: 2)
            switch packet[0] {
            case 1 where packetSequence == sequence:
                return packet
            case 0 where packetSequence == sequence:
                throw ClipboardError(
                    .protocolError, "the X server refused a request: error \(packet[1]), value \(packet.uint32(at: 4))")
            case 0, 1:
                continue  // an error or reply to another request: asynchronous errors are not ours to wait for
            default:
                queuedEvents.append(packet)
            }
        }
    }

    /// The next event (its code with SendEvent's bit cleared in byte 0), or `nil` at the deadline.
    func nextEvent(deadline: ContinuousClock.Instant) throws(ClipboardError) -> [UInt8]? {
        if !queuedEvents.isEmpty {
            var event = queuedEvents.removeFirst()
            event[0] &= 0x7F
            return event
        }
        while true {
            let packet: [UInt8]
            do {
                packet = try readPacket(deadline: deadline)
            } catch let error where error.code == .timedOut {
                return nil
            }
            if packet[0] > 1 {
                var event = packet
                event[0] &= 0x7F
                return event
            }
        }
    }

    private func readPacket(deadline: ContinuousClock.Instant) throws(ClipboardError) -> [UInt8] {
        let head = try read(32, deadline: deadline)
        guard head[0] == 1 || head[0] == 35 else { return head }
        let extra = Int(head.uint32(at: 4)) * 4
        guard extra > 0 else { return head }
        return try read(extra, deadline: deadline, after: head)
    }

    /// A buffer for reads, reused: small packets are gathered in `input` from it.
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 16)

    /// The next `count` bytes, after `prefix`: a large reply (an INCR chunk, a whole property) is
    /// read from the socket straight into the array returned, not through the buffer.
    private func read(_ count: Int, deadline: ContinuousClock.Instant, after prefix: [UInt8] = [])
        throws(ClipboardError) -> [UInt8]
    {
        let buffered = input.count - inputStart
        if count > readBuffer.count, buffered < count {
            let start = prefix.count
            var result = [UInt8](repeating: 0, count: start + count)
            result.replaceSubrange(0..<start, with: prefix)
            result.replaceSubrange(start..<(start + buffered), with: input[inputStart...])
            input.removeAll(keepingCapacity: true)
            inputStart = 0
            var filled = start + buffered
            while filled < result.count {
                try waitReadable(deadline: deadline)
                let received = result.withUnsafeMutableBytes { bytes in
                    Result { () throws(Errno) in
                        try SystemCalls.read(descriptor, into: bytes.baseAddress! + filled, count: bytes.count - filled)
                    }
                }
                if case .failure(.wouldBlock) = received { continue }
                guard case .success(let received) = received, received > 0 else {
                    throw ClipboardError(.connectionFailed, "the X server closed the connection")
                }
                filled += received
            }
            return result
        }
        while input.count - inputStart < count {
            if inputStart > 0, inputStart >= input.count / 2 {
                input.removeFirst(inputStart)
                inputStart = 0
            }
            try waitReadable(deadline: deadline)
            let received = readBuffer.withUnsafeMutableBytes { bytes in
                Result { () throws(Errno) in
                    try SystemCalls.read(descriptor, into: bytes.baseAddress!, count: bytes.count)
                }
            }
            if case .failure(.wouldBlock) = received { continue }
            guard case .success(let received) = received, received > 0 else {
                throw ClipboardError(.connectionFailed, "the X server closed the connection")
            }
            input += readBuffer[0..<received]
        }
        defer { inputStart += count }
        return prefix + input[inputStart..<(inputStart + count)]
    }

    private func waitReadable(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw ClipboardError(.timedOut, "no answer from the X server in time") }
            do throws(Errno) {
                if try SystemCalls.poll(descriptor, for: Int16(POLLIN), until: deadline) { return }
            } catch {
                throw ClipboardError(.connectionFailed, "waiting for the X server: \(error)")
            }
        }
    }

    /// Writes all of `bytes`; a closed connection is an error, not a SIGPIPE (`MSG_NOSIGNAL`).
    private func send(_ bytes: [UInt8]) throws(ClipboardError) {
        try send(bytes[...])
    }

    private func send(_ bytes: some ContiguousBytes) throws(ClipboardError) {
        let failure = bytes.withUnsafeBytes { buffer -> ClipboardError? in
            do throws(ClipboardError) {
                try send(buffer)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func send(_ bytes: UnsafeRawBufferPointer) throws(ClipboardError) {
        var offset = 0
        while offset < bytes.count {
            let sent = SystemCalls.valueOrErrno {
                Glibc.send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            switch sent {
            case .success(let count): offset += count
            case .failure(let error):
                throw ClipboardError(.connectionFailed, "writing to the X server: \(error)")
            }
        }
    }
}

extension [UInt8] {
    mutating func appendUInt16(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }

    mutating func appendUInt32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func pad() {
        while count % 4 != 0 { append(0) }
    }
}

extension RandomAccessCollection where Element == UInt8, Index == Int {
    func uint16(at offset: Int) -> UInt16 {
        UInt16(self[startIndex + offset]) | UInt16(self[startIndex + offset + 1]) << 8
    }

    func uint32(at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(self[startIndex + offset + $1]) << UInt32(8 * $1) }
    }
}
