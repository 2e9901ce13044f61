import Foundation
import Synchronization
import Testing
import TransferKit

@testable import TransferClipboard

/// A clipboard owner that misbehaves in one way, on a thread of its own, until stopped.
final class HostileOwner: @unchecked Sendable {
    enum Behaviour {
        case neverAnswers
        case endlessINCR
        case hundredThousandTargets
        case targetsAsString
        case diesMidTransfer
    }

    private let stopped = Atomic(false)
    private let ready = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)

    init(_ behaviour: Behaviour, environment: [String: String]) throws {
        let failure = Mutex<(any Error)?>(nil)
        Thread { [self] in
            defer { done.signal() }
            do {
                let deadline = ContinuousClock.now + .seconds(10)
                var connection: X11Connection? = try X11Connection(
                    display: environment["DISPLAY"]!, environment: environment, timeout: .seconds(10))
                let selection = try X11Selection(connection!, deadline: deadline)
                let time = try selection.timestamp(deadline: deadline)
                try connection!.setSelectionOwner(selection.window, selection: selection.atoms.clipboard, time: time)
                try connection!.sync(deadline: deadline)
                ready.signal()
                var incr: (requestor: X11Window, property: X11Atom, type: X11Atom)?
                while !stopped.load(ordering: .acquiring), let current = connection {
                    guard let event = try current.nextEvent(deadline: .now + .milliseconds(50)) else { continue }
                    if case .selectionRequest(let time, _, let requestor, _, let target, let property) = event {
                        func notify() throws {
                            try current.notifySelection(
                                requestor: requestor, selection: selection.atoms.clipboard, target: target,
                                property: property, time: time)
                        }
                        switch behaviour {
                        case .neverAnswers:
                            continue
                        case .hundredThousandTargets:
                            var atoms: [UInt8] = []
                            for atom in 0..<100_000 { atoms.appendUInt32(UInt32(1000 + atom)) }
                            try current.changeProperty(
                                requestor, property, type: X11Atom.atom, format: 32, data: atoms[...])
                            try notify()
                        case .targetsAsString:
                            try current.changeProperty(
                                requestor, property, type: X11Atom.string, format: 8,
                                data: Array("image/png".utf8)[...])
                            try notify()
                        case .endlessINCR, .diesMidTransfer:
                            try current.selectPropertyChanges(on: requestor)
                            try current.changeProperty(
                                requestor, property, type: selection.atoms.incr, format: 32, data: [0, 0, 0, 1][...])
                            try notify()
                            incr = (requestor, property, target)
                        }
                    } else if let transfer = incr,
                        case .propertyNotify(transfer.requestor, transfer.property, _, X11Event.PropertyState.deleted) =
                            event
                    {
                        if case .diesMidTransfer = behaviour {
                            connection = nil  // the connection closes: the owner is gone
                            break
                        }
                        try current.changeProperty(
                            transfer.requestor, transfer.property, type: transfer.type, format: 8,
                            data: [UInt8](repeating: 0x41, count: 1 << 20)[...])
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

/// What `operation` on `clipboard` ends with, and how long it took — run on an executor of its
/// own, so that the time measured is the operation's, not a wait for one of the threads the
/// rest of the suite keeps busy.
func timedOutcome(
    _ clipboard: Clipboard, _ operation: @escaping (Clipboard) async throws(ClipboardError) -> Void
) async -> (error: ClipboardError?, elapsed: Duration) {
    await withTaskExecutorPreference(ClipboardExecutor()) {
        let start = ContinuousClock.now
        do throws(ClipboardError) {
            try await operation(clipboard)
            return (nil, ContinuousClock.now - start)
        } catch {
            return (error, ContinuousClock.now - start)
        }
    }
}

@Suite("A hostile clipboard owner cannot hang or exhaust us", .serialized)
struct HostileOwnerTests {
    static let limits = Clipboard.Limits(
        maximumBytes: 8 << 20, maximumTypes: 4096, idleTimeout: .milliseconds(800), timeout: .seconds(10))

    func expectFailure(
        _ behaviour: HostileOwner.Behaviour, code: ClipboardError.Code, within seconds: Double,
        _ operation: @escaping (Clipboard) async throws(ClipboardError) -> Void
    ) async throws {
        guard let server = try XvfbServer.start() else { return }
        let owner = try HostileOwner(behaviour, environment: server.environment)
        defer { owner.stop() }
        let clipboard = try Clipboard(environment: server.environment, limits: Self.limits)
        let (error, elapsed) = await timedOutcome(clipboard, operation)
        #expect(error?.code == code, "expected \(code): \(error.map { "\($0)" } ?? "the operation succeeded")")
        #expect(elapsed < .seconds(seconds))
    }

    @Test("an owner that never answers: timedOut within the idle timeout")
    func neverAnswers() async throws {
        try await expectFailure(.neverAnswers, code: .timedOut, within: 3) { clipboard throws(ClipboardError) in
            _ = try await clipboard.types()
        }
    }

    @Test("an endless INCR: tooLarge at the limit, memory bounded by it")
    func endlessINCR() async throws {
        try await expectFailure(.endlessINCR, code: .tooLarge, within: 8) { clipboard throws(ClipboardError) in
            _ = try await clipboard.data(for: "text/plain")
        }
    }

    @Test("a target list of 100,000 atoms: tooLarge, without looking up their names")
    func tooManyTargets() async throws {
        try await expectFailure(.hundredThousandTargets, code: .tooLarge, within: 3) {
            clipboard throws(ClipboardError) in _ = try await clipboard.types()
        }
    }

    @Test("TARGETS of the wrong type and format: protocolError, saying what was expected")
    func wrongTypeOfTargets() async throws {
        try await expectFailure(.targetsAsString, code: .protocolError, within: 3) { clipboard throws(ClipboardError) in
            _ = try await clipboard.types()
        }
    }

    @Test("an owner that dies in the middle of INCR: timedOut, with the bytes so far named")
    func diesMidTransfer() async throws {
        try await expectFailure(.diesMidTransfer, code: .timedOut, within: 4) { clipboard throws(ClipboardError) in
            _ = try await clipboard.data(for: "image/png")
        }
    }
}

@Suite("Our owner answers the ICCCM's own targets")
struct OwnerProtocolTests {
    @Test("MULTIPLE: each pair converted in order, a refused one's property set to None; TIMESTAMP")
    func multipleAndTimestamp() async throws {
        guard let server = try XvfbServer.start() else { return }
        let clipboard = try Clipboard(environment: server.environment)
        let ownership = try await clipboard.copy("several at once")
        defer { ownership.stop() }
        let deadline = ContinuousClock.now + .seconds(10)
        let connection = try X11Connection(
            display: server.display, environment: server.environment, timeout: .seconds(10))
        let requestor = try X11Selection(connection, deadline: deadline)
        let first = try connection.internAtom("FIRST", deadline: deadline)
        let second = try connection.internAtom("SECOND", deadline: deadline)
        let unknown = try connection.internAtom("application/x-not-offered", deadline: deadline)
        var pairs: [UInt8] = []
        for atom in [requestor.atoms.utf8String, first, unknown, second] { pairs.appendUInt32(atom.rawValue) }
        try connection.changeProperty(
            requestor.window, requestor.atoms.property, type: requestor.atoms.atomPair, format: 32, data: pairs[...])
        let time = try requestor.timestamp(deadline: deadline)
        try connection.convertSelection(
            requestor: requestor.window, selection: requestor.atoms.clipboard, target: requestor.atoms.multiple,
            property: requestor.atoms.property, time: time)
        var notified: X11Atom?
        while notified == nil, let event = try connection.nextEvent(deadline: deadline) {
            if case .selectionNotify(_, _, _, _, let property) = event { notified = property }
        }
        #expect(notified == requestor.atoms.property)
        let answered = try connection.getProperty(
            requestor.window, requestor.atoms.property, delete: true, longLength: 64, deadline: deadline)
        let atoms = stride(from: 0, to: answered.value.count, by: 4).map {
            X11Atom(rawValue: answered.value.uint32(at: $0))
        }
        #expect(atoms == [requestor.atoms.utf8String, first, unknown, 0])
        let text = try connection.getProperty(requestor.window, first, delete: true, longLength: 64, deadline: deadline)
        #expect(String(decoding: text.value, as: UTF8.self) == "several at once")
        let timestamp = try requestor.convert(
            .clipboard, target: requestor.atoms.timestamp, targetName: "TIMESTAMP", limit: 64, idle: .seconds(3),
            deadline: deadline)
        #expect(timestamp.type == X11Atom.integer && timestamp.format == 32 && timestamp.bytes.count == 4)
        #expect(timestamp.bytes.uint32(at: 0) != 0)
    }
}
