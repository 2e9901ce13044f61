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

/// The transfers a Wayland data source has under way — a selection's owner, a drag's source —:
/// each `send(type, descriptor)` answered by writing the bytes into the pipe as its reader takes
/// them, then closing it. Several go on at once, so that one reader that stops cannot stall the
/// others (wl-copy's blocking write can, as its own comment says); one silent for longer than the
/// idle time-out is dropped. A snapshot's pages are spliced into the pipe, not copied through the
/// process.
///
/// One thread uses it; the descriptors are its own, closed when each transfer ends (or at
/// ``closeAll()``).
struct WaylandTransfers {
    private struct Transfer {
        let descriptor: FileDescriptor
        let bytes: Data
        /// The sealed memory the bytes are, when they are a snapshot's: spliced from, not written.
        let snapshot: ClipboardSnapshot?
        var offset = 0
        var lastActivity = ContinuousClock.now
    }

    private var transfers: [Transfer] = []

    /// Whether none is under way.
    var isEmpty: Bool { transfers.isEmpty }

    /// Starts writing `bytes` into the pipe `descriptor` (now this value's to close), as much as
    /// it takes at once.
    mutating func start(_ descriptor: FileDescriptor, bytes: Data, snapshot: ClipboardSnapshot?) {
        descriptor.widenPipe()
        // A pipe left blocking would stall every other reader while this one is slow.
        guard (try? descriptor.setNonBlocking()) != nil else { return descriptor.close() }
        var transfer = Transfer(descriptor: descriptor, bytes: bytes, snapshot: snapshot)
        if Self.write(&transfer) {
            transfers.append(transfer)
        } else {
            descriptor.close()
        }
    }

    /// Lets go of the readers that took nothing for `idle`.
    mutating func dropSilent(idle: Duration, now: ContinuousClock.Instant) {
        transfers.removeAll { transfer in
            guard now - transfer.lastActivity >= idle else { return false }
            transfer.descriptor.close()
            return true
        }
    }

    /// What to wait for: each pipe writable, in order.
    var pollers: [pollfd] {
        transfers.map { pollfd(fd: $0.descriptor.rawValue, events: Int16(POLLOUT), revents: 0) }
    }

    /// Writes into each pipe that `ready` (``pollers``, as the wait returned them) says is ready,
    /// and ends the transfers that are over.
    mutating func write(ready: some Collection<pollfd>) {
        let ready = Array(ready)
        for index in transfers.indices.reversed() where index < ready.count && ready[index].revents != 0 {
            if !Self.write(&transfers[index]) {
                transfers[index].descriptor.close()
                transfers.remove(at: index)
            }
        }
    }

    /// Lets go of silent readers, then waits until the compositor on `connection` has a message, a
    /// pipe can take more (which is written), or `deadline` comes: `false` once it has passed.
    mutating func wait(
        on connection: WaylandConnection, idle: Duration, until deadline: ContinuousClock.Instant?,
        interruptedBy wake: FileDescriptor? = nil
    ) throws(ClipboardError) -> Bool {
        let now = ContinuousClock.now
        dropSilent(idle: idle, now: now)
        if let deadline, deadline <= now { return false }
        let woken = wake.map { [pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0)] } ?? []
        var pollers =
            [pollfd(fd: connection.descriptor.rawValue, events: Int16(POLLIN), revents: 0)] + woken + pollers
        // Asleep until the deadline, or a transfer's idle time-out.
        let idleDue = transfers.isEmpty ? nil : now + idle
        let wait = [deadline, idleDue].compactMap { $0 }.min()
        let ready: Int
        do throws(Errno) {
            ready = try SystemCalls.poll(&pollers, until: wait)
        } catch {
            throw ClipboardError(
                .connectionFailed, "waiting for the Wayland compositor at \(connection.name): \(error)")
        }
        if ready > 0 { write(ready: pollers.dropFirst(1 + woken.count)) }
        if !woken.isEmpty, pollers[1].revents != 0 { return false }
        return true
    }

    /// Closes every pipe.
    mutating func closeAll() {
        transfers.forEach { $0.descriptor.close() }
        transfers = []
    }

    /// Writes what the pipe takes — a snapshot's pages spliced into it, other bytes written —;
    /// `false` when the transfer is over (all written, or the reader gone).
    private static func write(_ transfer: inout Transfer) -> Bool {
        while transfer.offset < transfer.bytes.count {
            let chunk = min(transfer.bytes.count - transfer.offset, 1 << 20)
            let written: Result<Int, Errno>
            if let snapshot = transfer.snapshot {
                var offset = Int64(transfer.offset)
                written = SystemCalls.valueOrErrno {
                    transferkit_splice_to_pipe(
                        snapshot.descriptor.rawValue, &offset, transfer.descriptor.rawValue, UInt(chunk))
                }
            } else {
                written = transfer.bytes.withUnsafeBytes { bytes in
                    SystemCalls.valueOrErrno {
                        transferkit_write_without_sigpipe(
                            transfer.descriptor.rawValue, bytes.baseAddress! + transfer.offset, chunk)
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
}
