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
/// (``X11Request``, ``X11SetupReply``, ``X11Packet``, ``X11Event``, ``X11Reply``).
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

    let descriptor: FileDescriptor
    /// The first screen's root window.
    private(set) var root: UInt32 = 0
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
    /// Events read while waiting for a reply, in order.
    private var queuedEvents: [X11Event] = []
    /// The largest packet believed: 1 MiB, or more when a `GetProperty` asked for more.
    private var maximumPacketBytes = 1 << 20
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
            try send(X11Request.setup(authorizationName: name, data: cookie ?? []))
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
        // An authority file is small: a megabyte is more than any holds.
        guard let path,
            let file = try? ReadableFile.contents(of: URL(fileURLWithPath: path), maximumSizeAllowed: 1 << 20)
        else { return nil }
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

    /// The bytes of a request's payload that fit in one request after a header of `header` bytes.
    func payloadCapacity(header: Int) -> Int {
        (maximumRequestBytes - header - (bigRequests ? 4 : 0)) / 4 * 4
    }

    func internAtom(_ name: String, deadline: ContinuousClock.Instant) throws(ClipboardError) -> UInt32 {
        if let atom = atomsByName[name] { return atom }
        let atom = try X11Reply.internAtom(try waitForReply(try request(.internAtom(name)), deadline: deadline))
        atomsByName[name] = atom
        namesByAtom[atom] = name
        return atom
    }

    /// The names of `atoms`, the requests sent together and the replies read after.
    func atomNames(_ atoms: [UInt32], deadline: ContinuousClock.Instant) throws(ClipboardError) -> [String] {
        var sequences: [(UInt32, UInt16?)] = []
        for atom in atoms {
            sequences.append((atom, namesByAtom[atom] != nil ? nil : try request(.getAtomName(atom))))
        }
        var names: [String] = []
        for (atom, sequence) in sequences {
            if let sequence {
                let name = try X11Reply.atomName(try waitForReply(sequence, deadline: deadline))
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
        try request(.createWindow(window: window, parent: root, eventMask: X11Request.propertyChangeMask))
        return window
    }

    /// A window that shows, at `x`, `y` of the root, white: a drop target's, or a drag source's
    /// (which selects the pointer's events too, `eventMask`).
    func createVisibleWindow(x: Int16, y: Int16, width: UInt16, height: UInt16, eventMask: UInt32 = 0)
        throws(ClipboardError) -> UInt32
    {
        let window = newID()
        try request(
            .createVisibleWindow(
                window: window, parent: root, x: x, y: y, width: width, height: height, background: 0xFF_FFFF,
                eventMask: X11Request.propertyChangeMask | X11Request.structureNotifyMask | eventMask))
        return window
    }

    /// The pixels of `width` × `height` of `window` at `x`, `y`, as a `ZPixmap` of its depth (the
    /// reply's bytes after its 32-byte header).
    func image(
        of window: UInt32, x: Int16 = 0, y: Int16 = 0, width: UInt16, height: UInt16, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> ArraySlice<UInt8> {
        maximumPacketBytes = max(maximumPacketBytes, X11Wire.packetSize + Int(width) * Int(height) * 4)
        let reply = try waitForReply(
            try request(.getImage(drawable: window, x: x, y: y, width: width, height: height)), deadline: deadline)
        return reply.dropFirst(X11Wire.packetSize)
    }

    func mapWindow(_ window: UInt32) throws(ClipboardError) {
        try request(.mapWindow(window))
    }

    /// The child of `window` that holds the point `x`, `y` of the root (0: none): one step down
    /// the tree towards the window under the pointer.
    func childWindow(of window: UInt32, atRoot x: Int16, _ y: Int16, deadline: ContinuousClock.Instant)
        throws(ClipboardError) -> UInt32
    {
        let sequence = try request(.translateCoordinates(source: root, destination: window, x: x, y: y))
        return try X11Reply.translatedCoordinates(try waitForReply(sequence, deadline: deadline)).child
    }

    /// Sends `event` (its 32 bytes) to the client that made `window`, without propagation.
    func send(_ event: X11Event, to window: UInt32) throws(ClipboardError) {
        try request(.sendEvent(destination: window, eventMask: 0, event: event.encoded() ?? []))
    }

    func selectPropertyChanges(on window: UInt32) throws(ClipboardError) {
        try request(.changeWindowAttributes(window: window, eventMask: X11Request.propertyChangeMask))
    }

    func changeProperty(
        _ window: UInt32, _ property: UInt32, type: UInt32, format: UInt8, data: some DataProtocol & ContiguousBytes,
        append: Bool = false
    ) throws(ClipboardError) {
        try request(
            .changeProperty(window: window, property: property, type: type, format: format, mode: append ? 2 : 0),
            payload: data)
    }

    func deleteProperty(_ window: UInt32, _ property: UInt32) throws(ClipboardError) {
        try request(.deleteProperty(window: window, property: property))
    }

    /// A property's value, at most `longLength` 4-byte units of it.
    func getProperty(
        _ window: UInt32, _ property: UInt32, delete: Bool, longLength: Int, deadline: ContinuousClock.Instant
    ) throws(ClipboardError) -> X11Reply.Property {
        let units = UInt32(clamping: longLength)
        maximumPacketBytes = max(maximumPacketBytes, X11Wire.packetSize + Int(units) * 4)
        let sequence = try request(
            .getProperty(window: window, property: property, delete: delete, longOffset: 0, longLength: units))
        return try X11Reply.Property(decoding: try waitForReply(sequence, deadline: deadline))
    }

    func setSelectionOwner(_ window: UInt32, selection: UInt32, time: UInt32) throws(ClipboardError) {
        try request(.setSelectionOwner(owner: window, selection: selection, time: time))
    }

    func selectionOwner(_ selection: UInt32, deadline: ContinuousClock.Instant) throws(ClipboardError) -> UInt32 {
        try X11Reply.selectionOwner(try waitForReply(try request(.getSelectionOwner(selection)), deadline: deadline))
    }

    func convertSelection(
        requestor: UInt32, selection: UInt32, target: UInt32, property: UInt32, time: UInt32
    ) throws(ClipboardError) {
        try request(
            .convertSelection(
                requestor: requestor, selection: selection, target: target, property: property, time: time))
    }

    /// Sends a `SelectionNotify` to `requestor` (property 0: refused).
    func notifySelection(
        requestor: UInt32, selection: UInt32, target: UInt32, property: UInt32, time: UInt32
    ) throws(ClipboardError) {
        let event = X11Event.selectionNotify(
            time: time, requestor: requestor, selection: selection, target: target, property: property)
        try request(.sendEvent(destination: requestor, eventMask: 0, event: event.encoded() ?? []))
    }

    /// A round trip: every request before it has been handled when it returns.
    func sync(deadline: ContinuousClock.Instant) throws(ClipboardError) {
        _ = try waitForReply(try request(.getInputFocus), deadline: deadline)
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
                queue(event)
            }
        }
    }

    /// Keeps `event` for ``nextEvent(deadline:)``: at most ``maximumQueuedEvents``, a flood's
    /// oldest dropped past that.
    private func queue(_ event: X11Event) {
        if queuedEvents.count >= Self.maximumQueuedEvents { queuedEvents.removeFirst() }
        queuedEvents.append(event)
    }

    /// The next event, or `nil` at the deadline.
    /// The first event `matches` takes, waiting until `deadline`; every other event read
    /// meanwhile is kept, in order, for ``nextEvent(deadline:)`` (at most ``maximumQueuedEvents``
    /// of them: past that a flood's oldest are dropped). A wait for one event — a timestamp's
    /// `PropertyNotify` — so loses neither the pointer's moves nor a request that came first.
    func nextEvent(where matches: (X11Event) -> Bool, deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> X11Event?
    {
        if let index = queuedEvents.firstIndex(where: matches) { return queuedEvents.remove(at: index) }
        while true {
            let packet: X11Packet
            do {
                packet = try readPacket(deadline: deadline)
            } catch let error where error.code == .timedOut {
                return nil
            }
            guard case .event(let event) = packet else { continue }
            if matches(event) { return event }
            queue(event)
        }
    }

    /// The most events kept for later (while a reply or one event is awaited).
    static let maximumQueuedEvents = 4096

    func nextEvent(deadline: ContinuousClock.Instant) throws(ClipboardError) -> X11Event? {
        if !queuedEvents.isEmpty { return queuedEvents.removeFirst() }
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
