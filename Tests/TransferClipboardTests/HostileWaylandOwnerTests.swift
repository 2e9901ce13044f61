import Foundation
import Synchronization
import Testing
import TransferKit
import TransferSupport

@testable import TransferClipboard

/// A Wayland clipboard owner that misbehaves in one way, on a thread of its own, until stopped:
/// a data-control source of its own, set as the selection, answering `send` as it should not.
final class HostileWaylandOwner: @unchecked Sendable {
    enum Behaviour {
        /// Keeps the pipe open and writes nothing.
        case neverWrites
        /// Writes without end.
        case writesForever
        /// Offers 3,000 types, over a limit of 1,000. (Not 100,000 as on X11: wlroots compares each
        /// new type with every one before it, which takes minutes over 100,000; and the compositor
        /// sends the list to every data-control device at once, the owner's own included, so
        /// libwayland 1.21 ends any client whose socket that burst fills, at about 5,000 types.)
        case manyTypes
        /// Writes 1 MiB, then its process is gone: the pipe and the connection close.
        case diesMidTransfer
    }

    private let stopped = Atomic(false)
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour, socket: String) throws {
        _ = DesktopTools.ignoresBrokenPipes  // its writes go on after we stop reading
        let failure = Mutex<(any Error)?>(nil)
        Thread { [self] in
            defer { done.signal() }
            var kept: [FileDescriptor] = []
            defer { kept.forEach { $0.close() } }
            do {
                let deadline = ContinuousClock.now + .seconds(10)
                var control: WaylandDataControl? = try WaylandDataControl(
                    try WaylandConnection(socket: socket), maximumTypes: 1 << 20, deadline: deadline)
                let connection = control!.connection
                let source = connection.newObject(DataControlSource.self)
                try connection.send(.createDataSource(source), to: control!.manager)
                let types =
                    behaviour == .manyTypes
                    ? (0..<3_000).map { "application/x-hostile-\($0)" } : ["text/plain", "image/png"]
                for type in types { try connection.send(.offer(mimeType: type), to: source) }
                try connection.send(.set(.clipboard, to: source), to: control!.device)
                try connection.roundTrip(deadline: deadline) { _ in }
                ready.signal()
                while !stopped.load(ordering: .acquiring), let current = control {
                    guard let event = try current.connection.nextEvent(deadline: .now + .milliseconds(50)) else {
                        continue
                    }
                    guard case .send(source.id, _, let received) = event else { continue }
                    let descriptor = current.connection.claim(received)
                    let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
                    switch behaviour {
                    case .neverWrites, .manyTypes:
                        kept.append(descriptor)
                    case .writesForever:
                        Thread { [self] in
                            while !stopped.load(ordering: .acquiring) {
                                if chunk.withUnsafeBytes({ write(descriptor.rawValue, $0.baseAddress!, $0.count) }) <= 0
                                {
                                    break
                                }
                            }
                            descriptor.close()
                        }.start()
                    case .diesMidTransfer:
                        _ = chunk.withUnsafeBytes { write(descriptor.rawValue, $0.baseAddress!, $0.count) }
                        descriptor.close()
                        control = nil  // the connection closes: the owner is gone
                    }
                }
            } catch {
                failure.withLock { $0 = error }
                ready.signal()
            }
        }.start()
        ready.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    func stop() {
        stopped.store(true, ordering: .releasing)
        done.wait()
    }
}

@Suite("A hostile Wayland clipboard owner, or reader, cannot hang or exhaust us", .serialized)
struct HostileWaylandOwnerTests {
    static let limits = Clipboard.Limits(
        maximumBytes: 8 << 20, maximumTypes: 4096, idleTimeout: .milliseconds(800), timeout: .seconds(10))

    /// Runs `operation` against a hostile owner on a compositor of its own; the time it took.
    func measure(
        _ behaviour: HostileWaylandOwner.Behaviour, limits: Clipboard.Limits = Self.limits,
        _ operation: @escaping @Sendable (Clipboard) async throws(ClipboardError) -> Void
    ) async throws -> (error: ClipboardError?, elapsed: Duration)? {
        guard let server = try SwayServer.start() else { return nil }
        let owner = try HostileWaylandOwner(behaviour, socket: server.socket)
        defer { owner.stop() }
        let clipboard = try Clipboard(environment: server.environment, limits: limits)
        return await timedOutcome(clipboard, operation)
    }

    @Test("an owner that never writes: timedOut within the idle timeout")
    func neverWrites() async throws {
        guard
            let (error, elapsed) = try await measure(
                .neverWrites, { clipboard throws(ClipboardError) in _ = try await clipboard.data(for: "text/plain") })
        else { return }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        #expect(elapsed < .seconds(3))
    }

    @Test("an owner that writes without end: tooLarge at the limit, memory bounded by it")
    func writesForever() async throws {
        guard
            let (error, elapsed) = try await measure(
                .writesForever, { clipboard throws(ClipboardError) in _ = try await clipboard.data(for: "image/png") })
        else { return }
        #expect(error?.code == .tooLarge, "\(String(describing: error))")
        #expect(elapsed < .seconds(5))
    }

    @Test("more types than the limit: tooLarge, at once")
    func manyTypes() async throws {
        guard
            let (error, elapsed) = try await measure(
                .manyTypes,
                limits: Clipboard.Limits(maximumTypes: 1000, idleTimeout: .seconds(1), timeout: .seconds(10)),
                { clipboard throws(ClipboardError) in _ = try await clipboard.types() })
        else { return }
        #expect(error?.code == .tooLarge, "\(String(describing: error))")
        #expect(elapsed < .seconds(5))
    }

    @Test("an owner that dies mid-transfer: what it wrote, at once (Wayland's pipe has no length)")
    func diesMidTransfer() async throws {
        let received = Mutex<Int?>(nil)
        guard
            let (error, elapsed) = try await measure(
                .diesMidTransfer,
                { clipboard throws(ClipboardError) in
                    let data = try await clipboard.data(for: "image/png")
                    received.withLock { $0 = data.count }
                })
        else { return }
        #expect(error == nil)
        #expect(received.withLock { $0 } == 1 << 20)
        #expect(elapsed < .seconds(3))
    }

    @Test("a reader that never reads: our owner serves others meanwhile, and lets it go after the idle timeout")
    func stalledReader() async throws {
        guard let server = try SwayServer.start() else { return }
        let clipboard = try Clipboard(
            environment: server.environment, limits: Clipboard.Limits(idleTimeout: .milliseconds(800)))
        let payload = Data(repeating: 0x5A, count: 4 << 20)
        let ownership = try await clipboard.copy(payload, as: ["application/x-large"])
        defer { ownership.stop() }
        // A reader that asks, then never reads: the pipe fills at 64 KiB.
        let deadline = ContinuousClock.now + .seconds(10)
        let control = try WaylandDataControl(
            try WaylandConnection(socket: server.socket), maximumTypes: 16, deadline: deadline)
        let (offer, types) = try control.types(.clipboard)
        #expect(types == ["application/x-large"])
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer { readEnd.close() }
        try writeEnd.closeAfter { () throws(ClipboardError) in
            try control.connection.send(.receive(mimeType: types[0], descriptor: writeEnd), to: offer)
        }
        // Meanwhile wl-paste gets all of it.
        let pasted = try await DesktopTools.run(
            "wl-paste", ["--type", "application/x-large"], environment: server.environment, timeout: .seconds(20))
        #expect(pasted.output == payload)
        // After the idle timeout the stalled transfer is dropped: the owner closes its end of the
        // pipe, which the reader sees as a hang-up (poll reports it whatever events are asked for)
        // with the pipe still full — an event, not a wait of the idle time.
        var hangUp = [pollfd(fd: readEnd.rawValue, events: 0, revents: 0)]
        #expect(poll(&hangUp, 1, 10_000) == 1 && hangUp[0].revents & Int16(POLLHUP) != 0)
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(readEnd.rawValue, &buffer, buffer.count)
            if count <= 0 { break }
            total += count
        }
        #expect(total < payload.count)
        #expect(ownership.isServing)
    }
}
