internal import CTransferKitSystem
internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client connection to a Wayland compositor over its Unix socket, speaking the wire format
/// (*The Wayland Protocol*, "Wire Format"): messages of 32-bit words in host byte order, an object
/// and an opcode in each header, descriptors beside the bytes (SCM_RIGHTS), object identifiers
/// allocated densely from 2, and the display's `sync` for a round trip.
///
/// One thread uses a connection at a time; it is not `Sendable`. Every wait has a deadline.
final class WaylandConnection {
    /// A message from the compositor: the object it is for, its opcode, and its arguments.
    struct Message {
        let object: UInt32
        let opcode: UInt16
        let arguments: [UInt8]
    }

    /// `wl_display`, always object 1.
    static let display: UInt32 = 1

    let descriptor: Int32
    /// What the compositor is called in messages: the socket's path.
    let name: String
    private var nextID: UInt32 = 2
    private var input: [UInt8] = []
    private var inputStart = 0
    /// Descriptors received and not yet taken by a message, in order.
    private var descriptors: [Int32] = []
    private var readBuffer = [UInt8](repeating: 0, count: 1 << 15)

    /// Connects to the compositor's socket at `path`.
    ///
    /// - Throws: ``ClipboardError/Code/connectionFailed`` when nothing listens there.
    init(socket path: String) throws(ClipboardError) {
        name = path
        descriptor = try UnixSocket.connected(to: path, description: "the Wayland compositor")
    }

    deinit {
        close(descriptor)
        descriptors.forEach { close($0) }
    }

    /// The socket `WAYLAND_DISPLAY` names (default `wayland-0`), in `XDG_RUNTIME_DIR` unless the
    /// name is an absolute path; `nil` when neither says where.
    static func socketPath(environment: [String: String]) -> String? {
        guard let name = environment["WAYLAND_DISPLAY"], !name.isEmpty else { return nil }
        if name.hasPrefix("/") { return name }
        guard let directory = environment["XDG_RUNTIME_DIR"], !directory.isEmpty else { return nil }
        return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
    }

    /// A new object identifier: the next after the last, as the protocol requires.
    func newID() -> UInt32 {
        defer { nextID += 1 }
        return nextID
    }

    // MARK: Sending

    /// Sends a request to `object`, with `descriptor` attached when given.
    func send(_ object: UInt32, _ opcode: UInt16, _ arguments: Arguments = Arguments(), descriptor: Int32? = nil)
        throws(ClipboardError)
    {
        let size = 8 + arguments.bytes.count
        guard size <= 0xFFFF else {
            throw ClipboardError(.protocolError, "a Wayland message of \(size) bytes is larger than 65,535")
        }
        var message: [UInt8] = []
        message.reserveCapacity(size)
        message.appendWord(object)
        message.appendWord(UInt32(size) << 16 | UInt32(opcode))
        message += arguments.bytes
        var offset = 0
        var attached = descriptor ?? -1
        while offset < message.count {
            let sent = message.withUnsafeBytes { bytes in
                SystemCalls.valueOrErrno {
                    transferkit_send_with_descriptor(
                        self.descriptor, bytes.baseAddress! + offset, bytes.count - offset, attached)
                }
            }
            guard case .success(let count) = sent, count > 0 else {
                let reason = if case .failure(let error) = sent { "\(error)" } else { "nothing was written" }
                throw ClipboardError(.connectionFailed, "writing to the Wayland compositor at \(name): \(reason)")
            }
            offset += count
            attached = -1
        }
    }

    /// A request's arguments, each aligned to 32 bits.
    struct Arguments {
        var bytes: [UInt8] = []

        func uint(_ value: UInt32) -> Arguments {
            var copy = self
            copy.bytes.appendWord(value)
            return copy
        }

        /// A string: its length with the NUL, the bytes, the NUL, padding.
        func string(_ value: String) -> Arguments {
            var copy = self
            let utf8 = Array(value.utf8)
            copy.bytes.appendWord(UInt32(utf8.count + 1))
            copy.bytes += utf8
            copy.bytes.append(0)
            copy.bytes.pad()
            return copy
        }
    }

    // MARK: Receiving

    /// The next message, or `nil` when none came before `deadline`.
    ///
    /// - Throws: ``ClipboardError``: `connectionFailed` when the compositor closed the connection;
    ///   `protocolError` for the display's `error` event and for a malformed message.
    func nextMessage(deadline: ContinuousClock.Instant) throws(ClipboardError) -> Message? {
        while true {
            if let message = try bufferedMessage() {
                if message.object == Self.display, message.opcode == 0 {
                    var reader = ArgumentReader(message)
                    let object = try reader.uint()
                    let code = try reader.uint()
                    let words = try reader.string()
                    throw ClipboardError(
                        .protocolError,
                        "the Wayland compositor at \(name) reported error \(code) on object \(object): \(words)")
                }
                return message
            }
            guard try waitReadable(deadline: deadline) else { return nil }
            try fill()
        }
    }

    /// The next descriptor that came with the messages read, for a message that carries one.
    func takeDescriptor() throws(ClipboardError) -> Int32 {
        guard !descriptors.isEmpty else {
            throw ClipboardError(.protocolError, "a Wayland message that carries a descriptor came without one")
        }
        return descriptors.removeFirst()
    }

    /// Sends `wl_display.sync` and hands every message before its answer to `handle`.
    func roundTrip(deadline: ContinuousClock.Instant, _ handle: (Message) throws(ClipboardError) -> Void)
        throws(ClipboardError)
    {
        let callback = newID()
        try send(Self.display, 0, Arguments().uint(callback))
        while true {
            guard let message = try nextMessage(deadline: deadline) else {
                throw ClipboardError(.timedOut, "the Wayland compositor at \(name) did not answer in time")
            }
            if message.object == callback, message.opcode == 0 { return }
            try handle(message)
        }
    }

    private func bufferedMessage() throws(ClipboardError) -> Message? {
        let available = input.count - inputStart
        guard available >= 8 else { return nil }
        let word = input.word(at: inputStart + 4)
        let size = Int(word >> 16)
        guard size >= 8, size % 4 == 0 else {
            throw ClipboardError(
                .protocolError, "the Wayland compositor at \(name) sent a message of \(size) bytes, not a multiple of 4"
            )
        }
        guard available >= size else { return nil }
        let message = Message(
            object: input.word(at: inputStart), opcode: UInt16(word & 0xFFFF),
            arguments: Array(input[(inputStart + 8)..<(inputStart + size)]))
        inputStart += size
        return message
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
                        descriptor, buffer.baseAddress!, buffer.count, slots.baseAddress!, Int32(slots.count), &count)
                }
            }
        }
        descriptors += received.prefix(Int(count))
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
                if try SystemCalls.poll(descriptor, for: Int16(POLLIN), until: deadline) { return true }
            } catch {
                throw ClipboardError(.connectionFailed, "waiting for the Wayland compositor at \(name): \(error)")
            }
            if ContinuousClock.now >= deadline { return false }
        }
    }
}

/// Reads a message's arguments in order.
struct ArgumentReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ message: WaylandConnection.Message) {
        bytes = message.arguments
    }

    mutating func uint() throws(ClipboardError) -> UInt32 {
        guard offset + 4 <= bytes.count else {
            throw ClipboardError(.protocolError, "a Wayland message ended before its arguments did")
        }
        defer { offset += 4 }
        return bytes.word(at: offset)
    }

    /// A string: its length with the NUL, then the bytes; a null string is empty.
    mutating func string() throws(ClipboardError) -> String {
        let length = Int(try uint())
        guard length > 0 else { return "" }
        guard offset + length <= bytes.count, bytes[offset + length - 1] == 0 else {
            throw ClipboardError(.protocolError, "a Wayland message holds a malformed string")
        }
        defer { offset += (length + 3) / 4 * 4 }
        return String(decoding: bytes[offset..<(offset + length - 1)], as: UTF8.self)
    }
}

extension [UInt8] {
    /// Appends a Wayland word: 32 bits in the host's byte order.
    mutating func appendWord(_ value: UInt32) {
        appendUInt32(UInt32(littleEndian: value))
    }

    /// The Wayland word at `offset`.
    func word(at offset: Int) -> UInt32 {
        UInt32(littleEndian: uint32(at: offset))
    }
}

extension Duration {
    /// The duration in whole milliseconds, rounded down.
    var milliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
