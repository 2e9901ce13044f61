internal import CTransferKitSystem
internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client connection to a Wayland compositor over its Unix socket (*The Wayland Protocol*, "Wire
/// Format"): it moves the bytes and the descriptors beside them (SCM_RIGHTS), allocates object
/// identifiers densely from 2, keeps which object is of which interface, and makes round trips with
/// the display's `sync`. The bytes are framed and decoded by ``WaylandMessage`` and
/// ``WaylandEvent``; descriptors are kept by a ``WaylandDescriptorQueue``.
///
/// One thread uses a connection at a time; it is not `Sendable`. Every wait has a deadline.
final class WaylandConnection {
    /// `wl_display`, always object 1.
    static let display: UInt32 = 1

    let descriptor: FileDescriptor
    /// What the compositor is called in messages: the socket's path.
    let name: String
    private var nextID: UInt32 = 2
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Descriptors received and not yet taken by a message, in order.
    private var descriptors = WaylandDescriptorQueue()
    /// The descriptor of the last event returned, closed at the next unless claimed.
    private var unclaimed: FileDescriptor?
    /// The interface of each object whose events are decoded.
    private var interfaces: [UInt32: WaylandInterface] = [display: .display]
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 15)

    /// Connects to the compositor's socket at `path`.
    ///
    /// - Throws: ``ClipboardError/Code/connectionFailed`` when nothing listens there.
    init(socket path: String) throws(ClipboardError) {
        name = path
        descriptor = try UnixSocket.connected(to: path, description: "the Wayland compositor")
    }

    deinit {
        descriptor.close()
        unclaimed?.close()
        descriptors.closeAll()
    }

    /// The socket `WAYLAND_DISPLAY` names (default `wayland-0`), in `XDG_RUNTIME_DIR` unless the
    /// name is an absolute path; `nil` when neither says where.
    static func socketPath(environment: [String: String]) -> String? {
        guard let name = environment["WAYLAND_DISPLAY"], !name.isEmpty else { return nil }
        if name.hasPrefix("/") { return name }
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty else { return nil }
        return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
    }

    /// A new object identifier: the next after the last, as the protocol requires; its events are
    /// decoded as `interface`'s.
    func newID(_ interface: WaylandInterface? = nil) -> UInt32 {
        defer { nextID += 1 }
        interfaces[nextID] = interface
        return nextID
    }

    /// Stops decoding `object`'s events, after a request that destroys it.
    func forget(_ object: UInt32) {
        interfaces[object] = nil
    }

    // MARK: Sending

    /// Sends a request to `object`, with `descriptor` attached when given.
    func send(
        _ object: UInt32, _ opcode: UInt16, _ arguments: WaylandArguments = WaylandArguments(),
        descriptor: FileDescriptor? = nil
    ) throws(ClipboardError) {
        let message = try WaylandMessage(object: object, opcode: opcode, arguments: arguments.bytes).encoded()
        var offset = 0
        var attached = descriptor  // With the first bytes sent only.
        while offset < message.count {
            let sent = message.withUnsafeBytes { bytes in
                SystemCalls.valueOrErrno {
                    // -1 is the C shim's "none", and stays at its call.
                    transferkit_send_with_descriptor(
                        self.descriptor.rawValue, bytes.baseAddress! + offset, bytes.count - offset,
                        attached?.rawValue ?? -1)
                }
            }
            guard case .success(let count) = sent, count > 0 else {
                let reason = if case .failure(let error) = sent { "\(error)" } else { "nothing was written" }
                throw ClipboardError(.connectionFailed, "writing to the Wayland compositor at \(name): \(reason)")
            }
            offset += count
            attached = nil
        }
    }

    // MARK: Receiving

    /// The next event, or `nil` when none came before `deadline`. The descriptor of a `send`
    /// event is closed at the next call unless ``claim(_:)`` takes it.
    ///
    /// - Throws: ``ClipboardError``: `connectionFailed` when the compositor closed the connection;
    ///   `protocolError` for the display's `error` event and for a malformed message.
    func nextEvent(deadline: ContinuousClock.Instant) throws(ClipboardError) -> WaylandEvent? {
        unclaimed?.close()
        unclaimed = nil
        while true {
            if let message = try bufferedMessage() {
                let event = try WaylandEvent(
                    decoding: message, interface: interfaces[message.object], descriptors: &descriptors)
                switch event {
                case .error(let object, let code, let words):
                    throw ClipboardError(
                        .protocolError,
                        "the Wayland compositor at \(name) reported error \(code) on object \(object): \(words)")
                case .deleteID(let object):
                    if object != Self.display { interfaces[object] = nil }
                    continue
                case .dataOffer(_, let offer):
                    interfaces[offer] = .dataControlOffer
                case .dragOffer(_, let offer):
                    interfaces[offer] = .dataOffer
                case .send(_, _, let descriptor):
                    unclaimed = descriptor
                default:
                    break
                }
                return event
            }
            // Every message that came is decoded: a descriptor left came with none of them.
            if inputStart == input.count { descriptors.closeAll() }
            guard try waitReadable(deadline: deadline) else { return nil }
            try fill()
        }
    }

    /// Takes the descriptor of the last event returned: the caller closes it.
    func claim(_ descriptor: FileDescriptor) -> FileDescriptor {
        if unclaimed == descriptor { unclaimed = nil }
        return descriptor
    }

    /// Sends `wl_display.sync` and hands every event before its answer to `handle`.
    func roundTrip(deadline: ContinuousClock.Instant, _ handle: (WaylandEvent) throws(ClipboardError) -> Void)
        throws(ClipboardError)
    {
        let callback = newID(.callback)
        try send(Self.display, 0, WaylandArguments().uint(callback))
        while true {
            guard let event = try nextEvent(deadline: deadline) else {
                throw ClipboardError(.timedOut, "the Wayland compositor at \(name) did not answer in time")
            }
            if case .done(callback, _) = event {
                forget(callback)
                return
            }
            try handle(event)
        }
    }

    /// The compositor's globals (`wl_registry.global`), the first of each interface, and the registry
    /// they are bound through.
    func globals(deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> (registry: UInt32, globals: [String: (name: UInt32, version: UInt32)])
    {
        let registry = newID(.registry)
        try send(Self.display, 1, WaylandArguments().uint(registry))
        var globals: [String: (name: UInt32, version: UInt32)] = [:]
        try roundTrip(deadline: deadline) { event in
            guard case .global(registry, let name, let interface, let version) = event else { return }
            if globals[interface] == nil { globals[interface] = (name, version) }
        }
        return (registry, globals)
    }

    /// Binds the global `name` of `interface` at `version` through `registry`: a new object whose
    /// events are decoded as `decoded`'s.
    func bind(
        _ registry: UInt32, _ name: UInt32, _ interface: String, version: UInt32, as decoded: WaylandInterface? = nil
    ) throws(ClipboardError) -> UInt32 {
        let object = newID(decoded)
        try send(registry, 0, WaylandArguments().uint(name).string(interface).uint(version).uint(object))
        return object
    }

    private func bufferedMessage() throws(ClipboardError) -> WaylandMessage? {
        let buffered = input[inputStart...]
        guard let size = try WaylandMessage.size(ofNextIn: buffered) else { return nil }
        defer { inputStart += size }
        return try WaylandMessage(decoding: buffered.prefix(size))
    }

    private func fill() throws(ClipboardError) {
        if inputStart > 0 {
            input.removeFirst(inputStart)
            inputStart = 0
        }
        var received: [Int32] = Array(repeating: -1, count: 28)
        var count: Int32 = 0
        let outcome = readBuffer.withUnsafeMutableBytes { buffer in
            received.withUnsafeMutableBufferPointer { slots in
                SystemCalls.valueOrErrno {
                    transferkit_receive_with_descriptors(
                        descriptor.rawValue, buffer.baseAddress!, buffer.count, slots.baseAddress!, Int32(slots.count),
                        &count)
                }
            }
        }
        descriptors.append(contentsOf: received.prefix(Int(count)).map(FileDescriptor.init(rawValue:)))
        let length: Int
        switch outcome {
        case .success(let count): length = count
        case .failure(.wouldBlock): return
        case .failure(let error):
            throw ClipboardError(.connectionFailed, "the Wayland compositor at \(name): cannot be read (\(error))")
        }
        guard length > 0 else {
            throw ClipboardError(.connectionFailed, "the Wayland compositor at \(name) closed the connection")
        }
        input += readBuffer[0..<length]
    }

    /// Whether the socket became readable before `deadline` (looked at once when it has passed).
    private func waitReadable(deadline: ContinuousClock.Instant) throws(ClipboardError) -> Bool {
        while true {
            do throws(Errno) {
                if try descriptor.poll(for: Int16(POLLIN), until: deadline) { return true }
            } catch {
                throw ClipboardError(.connectionFailed, "waiting for the Wayland compositor at \(name): \(error)")
            }
            if ContinuousClock.now >= deadline { return false }
        }
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
