internal import CTransferKitSystem
internal import TransferSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension WaylandConnection {
    /// Asks `offer` — a data-control offer, or a drag's `wl_data_offer` — for its bytes of `type`
    /// with its `receive` request, and hands them to `sink` as they arrive: a pipe handed over
    /// through the compositor, read to its end.
    ///
    /// The end of the pipe is the end of the data, as Wayland has no length: a sender that dies
    /// mid-transfer gives what it wrote so far, as `wl-paste` does.
    ///
    /// - Parameter sender: Who sends, in messages: "the clipboard's owner".
    /// - Throws: ``ClipboardError``: `tooLarge` past `limit`; `timedOut` after `idle` without a
    ///   byte, or at `deadline`.
    func receive<Offer: WaylandReceivingInterface>(
        _ type: String, from offer: WaylandObject<Offer>, sender: String, limit: Int, idle: Duration,
        deadline: ContinuousClock.Instant, into sink: ChunkSink
    ) throws(ClipboardError) {
        let ends: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
        do throws(Errno) {
            ends = try FileDescriptor.pipe()
        } catch {
            throw ClipboardError(.connectionFailed, "cannot make a pipe: \(error)")
        }
        defer { ends.readEnd.close() }
        try ends.writeEnd.closeAfter { () throws(ClipboardError) in
            try send(Offer.receive(type, into: ends.writeEnd), to: offer)
        }
        ends.readEnd.widenPipe()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var received = 0
        var lastByte = ContinuousClock.now
        while true {
            let wait = min(deadline, lastByte + idle)
            let remaining = ContinuousClock.now.duration(to: wait)
            guard remaining > .zero else {
                throw ClipboardError(
                    .timedOut,
                    "\(sender) sent \(received) bytes of \(type), then nothing for \(idle)"
                        + (wait == deadline ? " (the operation's deadline)" : ""))
            }
            do throws(Errno) {
                guard try ends.readEnd.poll(for: Int16(POLLIN), until: .now + remaining) else { continue }
            } catch {
                throw ClipboardError(.connectionFailed, "waiting for \(sender): \(error)")
            }
            let count: Int
            do throws(Errno) {
                count = try buffer.withUnsafeMutableBytes { bytes in
                    Result { () throws(Errno) in
                        try ends.readEnd.read(into: bytes.baseAddress!, count: bytes.count)
                    }
                }.get()
            } catch .wouldBlock {
                continue
            } catch {
                throw ClipboardError(.transferFailed, "reading \(type) from \(sender): \(error)")
            }
            if count == 0 { return }
            received += count
            guard received <= limit else {
                throw ClipboardError(
                    .tooLarge,
                    "\(sender) sent more than \(limit) bytes of \(type) (Clipboard.Limits.maximumBytes)")
            }
            try sink.write(buffer[0..<count])
            lastByte = .now
        }
    }
}
