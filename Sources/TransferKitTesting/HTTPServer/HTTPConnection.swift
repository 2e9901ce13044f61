internal import TransferSupport

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// One accepted connection, served by a thread of its own (``LoopbackHTTPServer``'s): reading
/// request heads and writing responses, every wait bounded by a deadline, so that a client can hold
/// a connection only by reading and sending.
///
/// Not `Sendable`: one thread serves it.
struct HTTPConnection {
    /// The connected socket.
    let descriptor: FileDescriptor
    /// What has arrived and is not yet read as a head: the start of the next request.
    private var buffer: [UInt8] = []
    /// The receiving buffer, allocated once.
    private var scratch = [UInt8](repeating: 0, count: 16_384)

    /// The connection of an accepted socket.
    init(descriptor: FileDescriptor) { self.descriptor = descriptor }

    /// How a wait for a request head ended.
    enum HeadOutcome {
        /// A head arrived and was read.
        case head(HTTPRequestHead)
        /// The head was refused: answer the refusal, then close.
        case refused(HTTPRequestHead.Refusal)
        /// The client closed the connection, or sent nothing before the idle deadline: close
        /// without a word.
        case closed
    }

    /// Waits for the next request head and reads it, within `requestTimeout` from now (the loopback
    /// server reads one request per connection). A head that has not ended in time is refused
    /// `408`; a connection that sent nothing is closed without a word.
    mutating func readHead(limits: HTTPRequestHead.Limits, requestTimeout: Duration) -> HeadOutcome {
        var scanner = HTTPRequestHead.Scanner(limits: limits)
        let deadline = ContinuousClock.now + requestTimeout
        while true {
            switch scanner.scan(buffer) {
            case .success(let end):
                let parsed = HTTPRequestHead.parse(buffer[..<end])
                buffer.removeFirst(end)
                switch parsed {
                case .success(let head): return .head(head)
                case .failure(let refusal): return .refused(refusal)
                }
            case .failure(let refusal):
                return .refused(refusal)
            case nil:
                switch receive(until: deadline) {
                case .received: continue
                case .closed: return .closed
                case .timedOut:
                    // Nothing of a request yet: an idle connection, closed without a word.
                    guard !buffer.isEmpty else { return .closed }
                    return .refused(
                        HTTPRequestHead.Refusal(
                            status: .requestTimeout,
                            reason: "request: expected a complete head within \(requestTimeout.words), found "
                                + "\(buffer.count) bytes without its end"))
                }
            }
        }
    }

    private enum ReceiveOutcome { case received, closed, timedOut }

    /// Reads what has arrived into the buffer, waiting until `deadline` for something.
    private mutating func receive(until deadline: ContinuousClock.Instant) -> ReceiveOutcome {
        guard wait(for: Int16(POLLIN), until: deadline) else { return .timedOut }
        let descriptor = descriptor
        let received = scratch.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) in try descriptor.receiveNow(into: bytes.baseAddress!, count: bytes.count) }
        }
        switch received {
        case .success(let count) where count > 0:
            buffer += scratch[..<count]
            return .received
        case .failure(.wouldBlock): return .received
        default: return .closed
        }
    }

    /// Waits until `deadline` unless the client closes the connection first (what it sends
    /// meanwhile is read and dropped): a server's delay that ends when nobody is left to answer.
    ///
    /// - Returns: Whether the client closed the connection before `deadline`.
    mutating func waitForClientToLeave(until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            switch receive(until: deadline) {
            case .closed: return true
            case .timedOut: return false
            case .received: buffer.removeAll()
            }
        }
    }

    /// Writes `response` — its head with `fields` added, then its content unless `forHead` (a
    /// `HEAD` request: the length is still given) — before `deadline`.
    ///
    /// - Returns: Whether every byte was written; `false` when the peer is gone or too slow.
    func send(
        _ response: HTTPResponse, adding fields: [HTTPField], forHead: Bool, until deadline: ContinuousClock.Instant?
    ) -> Bool {
        guard write(response.head(adding: fields), until: deadline) else { return false }
        guard !forHead, !response.status.forbidsContent, let body = response.body, !body.isEmpty else { return true }
        return write(body, until: deadline)
    }

    /// Writes every byte of `bytes` before `deadline` (`nil`: without one).
    ///
    /// - Returns: `false` when the peer is gone or too slow.
    func write(_ bytes: [UInt8], until deadline: ContinuousClock.Instant?) -> Bool {
        bytes.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Result { () throws(Errno) in
                    try descriptor.send(UnsafeRawBufferPointer(rebasing: bytes[offset...]), waiting: false)
                }
                switch sent {
                case .success(let count): offset += count
                case .failure(.wouldBlock):
                    guard wait(for: Int16(POLLOUT), until: deadline) else { return false }
                case .failure: return false
                }
            }
            return true
        }
    }

    /// Waits for `events` until `deadline`; `false` when it passed. A failed wait counts as ready:
    /// the read or write that follows says what failed.
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant?) -> Bool {
        while true {
            if let deadline, ContinuousClock.now >= deadline { return false }
            switch Result(catching: { () throws(Errno) in
                try descriptor.poll(for: events, until: deadline)
            }) {
            case .success(true), .failure: return true
            case .success(false): continue
            }
        }
    }

    /// Makes the next close reset the connection (a TCP RST, not an orderly close).
    func resetOnClose() {
        try? descriptor.resetOnClose()  // Where refused, the connection closes in order instead.
    }

    /// Closes the socket.
    func close() {
        descriptor.close()
    }
}

extension Duration {
    /// The duration in words: `10 seconds`, `800 milliseconds`.
    var words: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) second\(milliseconds == 1000 ? "" : "s")" }
        return "\(milliseconds) milliseconds"
    }
}
