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
    static let display = WaylandObject<WlDisplay>(.display)

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
    /// The table each object's events are decoded with.
    private var interfaces: [WaylandObjectID: WaylandEvent.Interface] = [.display: .display]
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

    /// A new object of `Interface`, for the request that makes it: the identifier after the last,
    /// as the protocol requires; its events are decoded with the interface's table.
    func newObject<Interface: WaylandInterface>(_: Interface.Type = Interface.self) -> WaylandObject<Interface> {
        defer { nextID += 1 }
        let id = WaylandObjectID(nextID)
        interfaces[id] = Interface.events
        return WaylandObject(id)
    }

    /// Stops decoding `object`'s events, after a request that destroys it.
    func forget<Interface>(_ object: WaylandObject<Interface>) {
        interfaces[object.id] = nil
    }

    // MARK: Sending

    /// Sends `request` to `object`, with the descriptor of its `fd` argument beside the bytes.
    func send<Interface>(_ request: Interface.Request, to object: WaylandObject<Interface>) throws(ClipboardError) {
        let message = try request.message(to: object.id).encoded()
        var offset = 0
        var attached = request.descriptor  // With the first bytes sent only.
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
                    if object != .display { interfaces[object] = nil }
                    continue
                case .dataOffer(_, let offer):
                    interfaces[offer] = DataControlOffer.events
                case .dragOffer(_, let offer):
                    interfaces[offer] = WlDataOffer.events
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
        let callback = newObject(WlCallback.self)
        try send(.sync(callback: callback), to: Self.display)
        while true {
            guard let event = try nextEvent(deadline: deadline) else {
                throw ClipboardError(.timedOut, "the Wayland compositor at \(name) did not answer in time")
            }
            if case .done(callback.id, _) = event {
                forget(callback)
                return
            }
            try handle(event)
        }
    }

    /// The compositor's globals (`wl_registry.global`), the first of each interface by its name,
    /// and the registry they are bound through.
    func globals(deadline: ContinuousClock.Instant) throws(ClipboardError)
        -> (registry: WaylandObject<WlRegistry>, globals: [String: WaylandGlobal])
    {
        let registry = newObject(WlRegistry.self)
        try send(.getRegistry(registry), to: Self.display)
        var globals: [String: WaylandGlobal] = [:]
        try roundTrip(deadline: deadline) { event in
            guard case .global(registry.id, let name, let interface, let version) = event else { return }
            if globals[interface] == nil { globals[interface] = WaylandGlobal(name: name, version: version) }
        }
        return (registry, globals)
    }

    /// Binds `global` through `registry` as a new object of `Interface`, at `version`; `name` is
    /// the interface's name in the registry, when it has another (the wlroots data-control's).
    func bind<Interface: WaylandInterface>(
        _ global: WaylandGlobal, named name: String = Interface.name, version: UInt32,
        through registry: WaylandObject<WlRegistry>
    ) throws(ClipboardError) -> WaylandObject<Interface> {
        let object = newObject(Interface.self)
        try send(.bind(name: global.name, interface: name, version: version, id: object.id), to: registry)
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

/// A global the compositor advertises (`wl_registry.global`): the name to bind it by, and the
/// highest version it has.
struct WaylandGlobal: Equatable {
    var name: UInt32
    var version: UInt32
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
