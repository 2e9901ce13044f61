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

/// A client connection to an X server over its Unix socket (*X Window System Protocol*): it moves
/// the bytes — the setup, requests with their sequence numbers, replies, errors and events, and
/// BIG-REQUESTS when the server has it — and leaves their encoding to the codecs beside it
/// (``X11Request``, ``X11SetupReply``, ``X11Packet``, ``X11Event``, ``X11Reply``), the display's
/// name and authority to ``X11Display`` and ``Xauthority``, the atoms known to ``X11AtomCache``,
/// the events read early to ``X11EventQueue``, and the requests the clipboard makes to
/// `X11Connection+Requests.swift`.
///
/// One thread uses a connection at a time; it is not `Sendable`. Every wait has a deadline.
final class X11Connection {
    let descriptor: FileDescriptor
    /// The first screen's root window.
    private(set) var root = X11Window.none
    /// The largest request the server takes, in bytes.
    private(set) var maximumRequestBytes = 4096
    /// How the root's depth lays out an image, when the server says.
    private(set) var imageFormat: X11SetupReply.ImageFormat?
    private var idBase: UInt32 = 0
    private var idMask: UInt32 = 0
    private var nextID: UInt32 = 1
    private var sequence: UInt16 = 0
    private var bigRequests = false
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Events read while waiting for a reply or for one event, in order.
    private var queuedEvents = X11EventQueue()
    /// The largest packet believed: 1 MiB, or more when a `GetProperty` asked for more.
    private var maximumPacketBytes = 1 << 20
    /// The atoms interned or named so far.
    var knownAtoms = X11AtomCache()

    /// Connects to the display `DISPLAY` names (`:0`, `:0.0`, `unix:0`), authenticating with the
    /// `MIT-MAGIC-COOKIE-1` of `XAUTHORITY` (or `~/.Xauthority`) when it has one for the display.
    ///
    /// - Throws: ``ClipboardError`` (`noDisplay`, `connectionFailed`) when there is no display or
    ///   the server refuses the connection.
    init(display: String, environment: [String: String], timeout: Duration) throws(ClipboardError) {
        guard let local = X11Display(display) else {
            throw ClipboardError(
                .noDisplay, "DISPLAY '\(display)': expected a local display such as :0 or unix:0")
        }
        descriptor = try UnixSocket.connected(to: local.socketPath, description: "the X server of DISPLAY \(display)")
        let deadline = ContinuousClock.now + timeout
        // The descriptor is closed by deinit, which runs when this initializer throws.
        do {
            let cookie = Xauthority.cookie(display: local.number, environment: environment)
            try send(
                X11Request.setup(authorizationName: cookie == nil ? [] : Xauthority.cookieName, data: cookie ?? []))
            let head = try read(8, deadline: deadline)
            let rest = try read(try X11SetupReply.additionalLength(head: head), deadline: deadline)
            switch try X11SetupReply(decoding: head + rest) {
            case .failed(let reason), .authenticate(let reason):
                throw ClipboardError(
                    .connectionFailed, "the X server of DISPLAY \(display) refused the connection: \(reason)")
            case .success(let success):
                guard let root = success.root else {
                    throw ClipboardError(.connectionFailed, "the X server of DISPLAY \(display) has no screen")
                }
                idBase = success.idBase
                idMask = success.idMask
                maximumRequestBytes = Int(success.maximumRequestLength) * 4
                imageFormat = success.imageFormat
                self.root = root
            }
            try enableBigRequests(deadline: deadline)
        }
    }

    deinit { descriptor.close() }

    // MARK: Requests

    /// A new resource identifier: a window's or a graphics context's.
    func newID<ID: X11Identifier>() -> ID {
        defer { nextID += 1 }
        return ID(rawValue: idBase | (nextID & idMask))
    }

    /// Sends a request and returns its sequence number. A `payload` (a property's value) follows
    /// the request's fixed part, not copied into it.
    @discardableResult
    func request(_ request: X11Request, payload: some DataProtocol & ContiguousBytes = [UInt8]())
        throws(ClipboardError) -> UInt16
    {
        let packet = try request.encoded(payloadCount: payload.count, bigRequests: bigRequests)
        try send(packet[...])
        try send(payload)
        try send([UInt8](repeating: 0, count: request.padding(payloadCount: payload.count))[...])
        sequence &+= 1
        return sequence
    }

    /// Believes packets of up to `size` bytes from now on: a reply a request asked to be that
    /// large (an image, a property read whole).
    func expectPackets(upTo size: Int) {
        maximumPacketBytes = max(maximumPacketBytes, size)
    }

    /// The bytes of a request's payload that fit in one request after a header of `header` bytes.
    func payloadCapacity(header: Int) -> Int {
        (maximumRequestBytes - header - (bigRequests ? 4 : 0)) / 4 * 4
    }

    private func enableBigRequests(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        let reply = try waitForReply(try request(.queryExtension("BIG-REQUESTS")), deadline: deadline)
        let bigRequestsExtension = try X11Reply.Extension(decoding: reply)
        guard bigRequestsExtension.isPresent else { return }
        let enable = try waitForReply(
            try request(.extensionRequest(majorOpcode: bigRequestsExtension.majorOpcode)), deadline: deadline)
        // Never less than the core protocol's length, whatever the reply says.
        maximumRequestBytes = max(maximumRequestBytes, Int(try X11Reply.bigRequestsMaximumLength(enable)) * 4)
        bigRequests = true
    }

    // MARK: Reading

    /// The reply to request `sequence`, whole; events that come first are queued for
    /// ``nextEvent(deadline:)``.
    func waitForReply(_ sequence: UInt16, deadline: ContinuousClock.Instant) throws(ClipboardError) -> [UInt8] {
        while true {
            switch try readPacket(deadline: deadline) {
            case .reply(sequence, let bytes):
                return bytes
            case .error(sequence, let code, let value):
                throw ClipboardError(.protocolError, "the X server refused a request: error \(code), value \(value)")
            case .reply, .error:
                continue  // an error or reply to another request: asynchronous errors are not ours to wait for
            case .event(let event):
                queuedEvents.append(event)
            }
        }
    }

    /// The first event `matches` takes, waiting until `deadline`; every other event read
    /// meanwhile is kept, in order, for ``nextEvent(deadline:)`` (``X11EventQueue``: past its
    /// capacity a flood's oldest are dropped). A wait for one event — a timestamp's
    /// `PropertyNotify` — so loses neither the pointer's moves nor a request that came first.
    func nextEvent(where matches: (X11Event) -> Bool, deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> X11Event?
    {
        if let event = queuedEvents.take(where: matches) { return event }
        while true {
            let packet: X11Packet
            do {
                packet = try readPacket(deadline: deadline)
            } catch let error where error.code == .timedOut {
                return nil
            }
            guard case .event(let event) = packet else { continue }
            if matches(event) { return event }
            queuedEvents.append(event)
        }
    }

    /// The next event, or `nil` at `deadline` (`nil`: none) or as soon as `wake` is readable,
    /// whichever comes first: a wait that sleeps until something happens, and that another thread
    /// can end by writing to `wake`.
    func nextEvent(until deadline: ContinuousClock.Instant?, interruptedBy wake: FileDescriptor)
        throws(ClipboardError) -> X11Event?
    {
        while true {
            if let event = queuedEvents.popFirst() { return event }
            if inputStart == input.count {
                var pollers = [
                    pollfd(fd: descriptor.rawValue, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: wake.rawValue, events: Int16(POLLIN), revents: 0),
                ]
                do throws(Errno) {
                    _ = try SystemCalls.poll(&pollers, until: deadline)
                } catch {
                    throw ClipboardError(.connectionFailed, "waiting for the X server: \(error)")
                }
                if pollers[1].revents != 0 { return nil }
                guard pollers[0].revents != 0 else { return nil }  // the deadline
            }
            // Bytes are there: a whole packet follows them, as the server writes packets whole.
            if case .event(let event) = try readPacket(deadline: .now + .seconds(10)) { return event }
        }
    }

    /// The next event, or `nil` at the deadline.
    func nextEvent(deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Event? {
        if let event = queuedEvents.popFirst() { return event }
        while true {
            let packet: X11Packet
            do {
                packet = try readPacket(deadline: deadline)
            } catch let error where error.code == .timedOut {
                return nil
            }
            if case .event(let event) = packet { return event }
        }
    }

    /// The next packet: its first 32 bytes, then what ``X11Packet/size(ofNextIn:maximum:)`` says
    /// follows them.
    private func readPacket(deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Packet {
        let head = try read(X11Wire.packetSize, deadline: deadline)
        let size = try X11Packet.size(ofNextIn: head, maximum: maximumPacketBytes) ?? X11Wire.packetSize
        let packet = size > head.count ? try read(size - head.count, deadline: deadline, after: head) : head
        return try X11Packet(decoding: packet)
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
                        try descriptor.read(into: bytes.baseAddress! + filled, count: bytes.count - filled)
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
                    try descriptor.read(into: bytes.baseAddress!, count: bytes.count)
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
                if try descriptor.poll(for: Int16(POLLIN), until: deadline) { return }
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
        do throws(Errno) {
            try descriptor.sendAll(bytes)
        } catch {
            throw ClipboardError(.connectionFailed, "writing to the X server: \(error)")
        }
    }
}
