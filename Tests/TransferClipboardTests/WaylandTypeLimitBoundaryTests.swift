import Foundation
import Synchronization
import Testing
import TransferClipboard
import TransferSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A Wayland compositor of the test's own, no display needed: it answers a data-control client's
/// requests on a Unix socket with the wire format (*The Wayland Protocol*, "Wire Format") — the
/// registry's globals (`wl_seat`, `zwlr_data_control_manager_v1` version 2), each `sync`'s `done`
/// — and, once the client has a data-control device, an offer of `types` set as the clipboard.
/// It serves one client, then stops.
final class FakeDataControlCompositor: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private let types: [String]
    private let stopped = Atomic(false)
    private let done = DispatchSemaphore(value: 0)

    init(offering types: [String]) throws {
        self.types = types
        path = "/tmp/tk-wl-\(UUID().uuidString.prefix(8))"
        guard let listening = listeningUnixSocket(at: path) else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        listener = listening
        Thread { [self] in
            defer { done.signal() }
            serve()
        }.start()
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        done.wait()
        close(listener)
        unlink(path)
    }

    /// Waits up to 50 ms for `descriptor` to be readable.
    private func readable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 50) > 0
    }

    private func serve() {
        var client: Int32 = -1
        while !stopped.load(ordering: .acquiring), client < 0 {
            if readable(listener) { client = (try? FileDescriptor(rawValue: listener).accept())?.rawValue ?? -1 }
        }
        guard client >= 0 else { return }
        defer { close(client) }
        var input: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var registry: UInt32?
        var manager: UInt32?
        var device: UInt32?
        var sentGlobals = false
        var sentOffer = false
        while !stopped.load(ordering: .acquiring) {
            guard readable(client) else { continue }
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }  // the client is gone
            input += buffer[0..<count]
            while input.count >= 8 {
                let size = Int(word(input, 4) >> 16)
                guard size >= 8, input.count >= size else { break }
                let object = word(input, 0)
                let opcode = word(input, 4) & 0xFFFF
                let arguments = Array(input[8..<size])
                input.removeFirst(size)
                switch (object, opcode) {
                case (1, 1):  // wl_display.get_registry
                    registry = word(arguments, 0)
                case (1, 0):  // wl_display.sync: what is due, then done
                    var output: [UInt8] = []
                    if let registry, !sentGlobals {
                        sentGlobals = true
                        output += message(registry, 0, [.uint(1), .string("wl_seat"), .uint(7)])
                        output += message(registry, 0, [.uint(2), .string("zwlr_data_control_manager_v1"), .uint(2)])
                    }
                    if let device, !sentOffer {
                        sentOffer = true
                        let offer: UInt32 = 0xFF00_0000
                        output += message(device, 0, [.uint(offer)])  // data_offer
                        for type in types { output += message(offer, 0, [.string(type)]) }  // offer
                        output += message(device, 1, [.uint(offer)])  // selection
                        output += message(device, 3, [.uint(0)])  // primary_selection: empty
                    }
                    output += message(word(arguments, 0), 0, [.uint(0)])  // wl_callback.done
                    guard send(output, to: client) else { return }
                case (registry, 0):  // wl_registry.bind: name, interface, version, new_id
                    let length = Int(word(arguments, 4))
                    let interface = String(decoding: arguments[8..<(8 + length - 1)], as: UTF8.self)
                    if interface == "zwlr_data_control_manager_v1" {
                        manager = word(arguments, 8 + (length + 3) / 4 * 4 + 4)
                    }
                case (manager, 1):  // zwlr_data_control_manager_v1.get_data_device: new_id, seat
                    device = word(arguments, 0)
                default:
                    break
                }
            }
        }
    }

    private enum Argument {
        case uint(UInt32)
        case string(String)
    }

    private func message(_ object: UInt32, _ opcode: UInt32, _ arguments: [Argument]) -> [UInt8] {
        var body: [UInt8] = []
        for argument in arguments {
            switch argument {
            case .uint(let value): append(value, to: &body)
            case .string(let text):
                let bytes = Array(text.utf8)
                append(UInt32(bytes.count + 1), to: &body)
                body += bytes + [0]
                while body.count % 4 != 0 { body.append(0) }
            }
        }
        var output: [UInt8] = []
        append(object, to: &output)
        append(UInt32(8 + body.count) << 16 | opcode, to: &output)
        return output + body
    }

    private func append(_ value: UInt32, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    private func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    private func send(_ bytes: [UInt8], to client: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(client, $0.baseAddress!, $0.count) }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// `Clipboard.Limits.maximumTypes` on Wayland, at its edge: an owner may offer exactly the limit,
/// and one more is `tooLarge` — the limit is the most types accepted ("the most types an owner may
/// offer"), as X11 reads it (`TARGETS` of at most `maximumTypes` atoms).
@Suite("The Wayland clipboard's limit on offered types, on a compositor of the test's own")
struct WaylandTypeLimitBoundaryTests {
    /// What `types()` gives when the owner offers `count` types under a limit of `limit`.
    func types(offering count: Int, limit: Int) async throws -> Result<[String], ClipboardError> {
        let names = (0..<count).map { "application/x-kind-\($0)" }
        let compositor = try FakeDataControlCompositor(offering: names)
        defer { compositor.stop() }
        let clipboard = try Clipboard(
            environment: ["WAYLAND_DISPLAY": compositor.path],
            limits: Clipboard.Limits(maximumTypes: limit, idleTimeout: .seconds(5), timeout: .seconds(10)))
        #expect(clipboard.display == .wayland(compositor.path))
        do throws(ClipboardError) {
            return .success(try await clipboard.types().map(\.name))
        } catch {
            return .failure(error)
        }
    }

    @Test("exactly the limit of types is accepted, every one in order; one more is tooLarge", arguments: [1, 8, 4096])
    func waylandAcceptsExactlyTheTypeLimit(limit: Int) async throws {
        let atLimit = try await types(offering: limit, limit: limit)
        #expect(try atLimit.get() == (0..<limit).map { "application/x-kind-\($0)" })
        let pastLimit = try await types(offering: limit + 1, limit: limit)
        guard case .failure(let error) = pastLimit else {
            Issue.record("\(limit + 1) types under a limit of \(limit) were accepted")
            return
        }
        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.description.contains("more than \(limit) types"), "\(error)")
        // Fewer than the limit, of course.
        #expect(try await types(offering: limit - 1, limit: limit).get().count == limit - 1)
    }
}
