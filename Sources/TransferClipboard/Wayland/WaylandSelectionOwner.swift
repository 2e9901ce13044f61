internal import CTransferKitSystem
internal import TransferSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The owner's side of a Wayland selection, through data-control: a data source offering the
/// content's types, set as the selection; each `send(type, descriptor)` answered by writing the
/// bytes into the pipe and closing it. Several transfers go on at once, each written as its
/// reader takes the bytes, so that one reader that stops cannot stall the others (wl-copy's
/// blocking write can, as its own comment says); one silent for longer than `idle` is dropped.
///
/// It serves until the compositor cancels the source (another client set the selection) and
/// every transfer under way has ended, or until released.
final class WaylandSelectionOwner: SelectionServer {
    private let control: WaylandDataControl
    private let content: ClipboardContent
    private let source: UInt32
    private let idle: Duration
    private(set) var ownsSelection = true
    private let setRequest: UInt16
    private var transfers: [Transfer] = []

    private struct Transfer {
        let descriptor: Int32
        let bytes: Data
        /// The sealed memory the bytes are, when they are a snapshot's: spliced from, not written.
        let snapshot: ClipboardSnapshot?
        var offset = 0
        var lastActivity = ContinuousClock.now
    }

    /// Offers `content` as `selection`.
    ///
    /// - Throws: ``ClipboardError``: `unsupported` for the primary selection where the compositor
    ///   has none; what the compositor reports.
    init(
        _ control: WaylandDataControl, _ selection: ClipboardSelection, content: ClipboardContent, idle: Duration,
        deadline: ContinuousClock.Instant
    ) throws(ClipboardError) {
        self.control = control
        self.content = content
        self.idle = idle
        if selection == .primary, !control.hasPrimarySelection {
            throw ClipboardError(
                .unsupported,
                "the Wayland compositor at \(control.connection.name) has \(control.protocolName) version 1, which "
                    + "has no primary selection")
        }
        setRequest =
            selection == .primary
            ? WaylandDataControl.Opcode.setPrimarySelection : WaylandDataControl.Opcode.setSelection
        let connection = control.connection
        source = connection.newID(.dataControlSource)
        try connection.send(control.manager, WaylandDataControl.Opcode.createDataSource, .init().uint(source))
        for target in content.targets {
            try connection.send(source, WaylandDataControl.Opcode.offer, .init().string(target))
        }
        try connection.send(control.device, setRequest, .init().uint(source))
        try connection.roundTrip(deadline: deadline) { event throws(ClipboardError) in
            try handle(event)
        }
    }

    deinit {
        transfers.forEach { close($0.descriptor) }
    }

    var isServing: Bool { ownsSelection || !transfers.isEmpty }

    func serve(until deadline: ContinuousClock.Instant) throws(ClipboardError) {
        let connection = control.connection
        while isServing {
            // The compositor's messages first: they may start transfers.
            while let event = try connection.nextEvent(deadline: .now) {
                try handle(event)
            }
            let now = ContinuousClock.now
            // Readers that stopped reading are let go.
            transfers.removeAll { transfer in
                guard now - transfer.lastActivity >= idle else { return false }
                close(transfer.descriptor)
                return true
            }
            let remaining = now.duration(to: deadline)
            guard remaining > .zero else { return }
            var pollers = [pollfd(fd: connection.descriptor, events: Int16(POLLIN), revents: 0)]
            pollers += transfers.map { pollfd(fd: $0.descriptor, events: Int16(POLLOUT), revents: 0) }
            let wait = min(remaining, transfers.isEmpty ? remaining : idle)
            let ready: Int
            do throws(Errno) {
                ready = try SystemCalls.poll(&pollers, until: now + wait)
            } catch {
                throw ClipboardError(.connectionFailed, "waiting for the Wayland compositor: \(error)")
            }
            guard ready > 0 else { continue }
            for index in transfers.indices.reversed() where pollers[index + 1].revents != 0 {
                if !write(&transfers[index]) {
                    close(transfers[index].descriptor)
                    transfers.remove(at: index)
                }
            }
        }
    }

    /// Writes what the pipe takes — a snapshot's pages spliced into it, other bytes written —;
    /// `false` when the transfer is over (all written, or the reader gone).
    private func write(_ transfer: inout Transfer) -> Bool {
        while transfer.offset < transfer.bytes.count {
            let chunk = min(transfer.bytes.count - transfer.offset, 1 << 20)
            let written: Result<Int, Errno>
            if let snapshot = transfer.snapshot {
                var offset = Int64(transfer.offset)
                written = SystemCalls.valueOrErrno {
                    transferkit_splice_to_pipe(snapshot.descriptor, &offset, transfer.descriptor, UInt(chunk))
                }
            } else {
                written = transfer.bytes.withUnsafeBytes { bytes in
                    SystemCalls.valueOrErrno {
                        transferkit_write_without_sigpipe(
                            transfer.descriptor, bytes.baseAddress! + transfer.offset, chunk)
                    }
                }
            }
            switch written {
            case .success(0): return false  // nothing more to move: the snapshot ended early
            case .success(let count): transfer.offset += count
            case .failure(let error): return error == .wouldBlock
            }
            transfer.lastActivity = .now
        }
        return false
    }

    private func handle(_ event: WaylandEvent) throws(ClipboardError) {
        switch event {
        case .send(source, let type, let received):
            let descriptor = control.connection.claim(received)
            guard ownsSelection, case .success(let bytes) = content.bytes(for: type) else {
                close(descriptor)  // a type not offered, or an export that failed: an empty answer
                return
            }
            SystemCalls.widenPipe(descriptor)
            let flags = fcntl(descriptor, F_GETFL)
            _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
            var transfer = Transfer(descriptor: descriptor, bytes: bytes, snapshot: content.snapshot(for: type))
            if write(&transfer) {
                transfers.append(transfer)
            } else {
                close(descriptor)
            }
        case .cancelled(source):
            ownsSelection = false
            try control.connection.send(source, WaylandDataControl.Opcode.destroy)
            control.connection.forget(source)
        default:
            try control.handle(event)
        }
    }

    func release() {
        guard ownsSelection else { return }
        ownsSelection = false
        try? control.connection.send(control.device, setRequest, .init().uint(0))
        try? control.connection.send(source, WaylandDataControl.Opcode.destroy)
        control.connection.forget(source)
        try? control.connection.roundTrip(deadline: .now + .seconds(1)) { _ in }
    }
}
