internal import Foundation
internal import Synchronization
internal import TransferSupport

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// An HTTP/1.1 server's connections, served from one thread by readiness (`poll`), as an
/// event-driven server serves them: a connection that is idle, or sends its head a byte at a time,
/// costs a descriptor and a few hundred bytes, not a thread, so thousands of them do not keep a
/// good client waiting.
///
/// The thread accepts connections, reads each request head within the limits and its deadline,
/// hands it to the handler (which replies at once, or from another thread when the answer takes a
/// while: an image to draw), and writes the answer
/// as the socket takes it, with `Date` and `Keep-Alive` or `Connection: close`. Every connection
/// waits under a deadline of its own: a first request's head within the request time-out, a
/// kept-alive connection's next one within the idle time-out (then it is closed without a word),
/// a head that has begun within the request time-out from its first byte (then `408`), a response
/// within the write time-out. A connection reads nothing while its answer is being made or
/// written, so a client that pipelines requests is answered one at a time. After a refusal, or the
/// last response of a closing connection, the rest of what the client sends is read and discarded
/// (a second, 4 MB at most): closing a socket with unread bytes resets it, and a reset can destroy
/// the response before the client reads it.
///
/// At ``Settings/maximumConnections`` open connections, the one idle longest (waiting for a
/// request, nothing of one sent) is closed for the newcomer, as nginx reuses its keep-alive
/// connections; only when every connection is in the middle of a request is the newcomer answered
/// `503` and closed. Running out of descriptors does the same, or stops accepting for 100 ms.
///
/// `Sendable`: what other threads see — the answers made, the statistics, the request to stop — is
/// behind a `Mutex`; the connections belong to the loop's thread alone.
final class HTTPServerLoop: Sendable {
    /// The limits and time-outs a loop serves with.
    struct Settings: Sendable {
        /// The limits of a request head.
        var limits: HTTPRequestHead.Limits
        /// How long a head may take from its first byte, and a new connection may wait for it.
        var requestTimeout: Duration
        /// How long a kept-alive connection may wait for its next request.
        var idleTimeout: Duration
        /// How long writing one response may take.
        var writeTimeout: Duration
        /// The most connections open at once.
        var maximumConnections: Int
        /// The most requests on one connection; the last is answered with `Connection: close`.
        var maximumRequestsPerConnection: Int
    }

    /// The handler's answer to a request head.
    struct Reply: Sendable {
        /// The response.
        var response: HTTPResponse
        /// Whether the connection closes after it, whatever the request asked (a request whose
        /// content was not read: HTTP's framing is then in doubt).
        var closes = false
    }

    /// What the loop has done so far.
    struct Statistics: Sendable, Hashable {
        /// Connections accepted, refused ones included.
        var accepted = 0
        /// Connections answered `503` because every one of the most allowed was in a request.
        var refused = 0
        /// Idle connections closed to make room for new ones.
        var idleClosed = 0
        /// Connections open now.
        var open = 0
        /// Responses begun, errors included.
        var responses = 0
    }

    /// An answer a worker made, for the loop to write.
    private struct Answer {
        let connection: Int
        let bytes: [UInt8]
        let closes: Bool
    }

    private struct Shared {
        var statistics = Statistics()
        var answers: [Answer] = []
        var isStopping = false
        /// The threads in ``waitForStatistics(timeout:_:)``, woken at the next change.
        var statisticsWatchers: [DispatchSemaphore] = []
    }

    private let shared = Mutex(Shared())
    /// A pipe that wakes the loop's `poll`: a byte is written when an answer is made or a stop asked.
    private let wakeUp: (readEnd: FileDescriptor, writeEnd: FileDescriptor)
    /// Signalled once, when the loop has closed every connection and the listener.
    private let finished = DispatchSemaphore(value: 0)

    /// Starts serving the connections `listener` accepts, on a thread named `name`, answering each
    /// request head with `handler`, which passes its reply to the closure it is given exactly once.
    /// The handler is called on the loop's thread and must not block: it replies at once when the
    /// answer is at hand (written without delay), or hands the work to another thread and replies
    /// from there.
    ///
    /// - Throws: `POSIXError` when the wake-up pipe cannot be made (out of descriptors).
    init(
        listener: HTTPListener, settings: Settings, name: String,
        handler: @escaping @Sendable (HTTPRequestHead, _ reply: @escaping @Sendable (Reply) -> Void) -> Void
    ) throws {
        do throws(Errno) {
            wakeUp = try FileDescriptor.pipe()
            for end in [wakeUp.readEnd, wakeUp.writeEnd, listener.descriptor] { try end.setNonBlocking() }
        } catch {
            throw POSIXError(POSIXErrorCode(rawValue: error.rawValue) ?? .EMFILE)
        }
        let thread = Thread { [self] in
            var loop = Loop(owner: self, listener: listener, settings: settings, name: name, handler: handler)
            loop.run()
            updateStatistics { $0.open = 0 }
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    deinit {
        wakeUp.readEnd.close()
        wakeUp.writeEnd.close()
    }

    /// What the loop has done so far.
    var statistics: Statistics { shared.withLock { $0.statistics } }

    /// Changes the statistics, and wakes the threads in ``waitForStatistics(timeout:_:)`` when
    /// they changed.
    private func updateStatistics(_ change: (inout Statistics) -> Void) {
        let watchers = shared.withLock { shared -> [DispatchSemaphore] in
            let before = shared.statistics
            change(&shared.statistics)
            guard shared.statistics != before else { return [] }
            defer { shared.statisticsWatchers.removeAll() }
            return shared.statisticsWatchers
        }
        for watcher in watchers { watcher.signal() }
    }

    /// Waits until `condition` holds for the statistics — woken by each change, not by a clock —
    /// or `timeout` has passed.
    ///
    /// - Returns: Whether it held.
    func waitForStatistics(timeout: Duration, _ condition: (Statistics) -> Bool) -> Bool {
        let deadline =
            DispatchTime.now()
            + .nanoseconds(
                Int(
                    timeout.components.seconds * 1_000_000_000
                        + timeout.components.attoseconds / 1_000_000_000))
        while true {
            let changed = DispatchSemaphore(value: 0)
            let holds = shared.withLock { shared in
                if condition(shared.statistics) { return true }
                shared.statisticsWatchers.append(changed)
                return false
            }
            if holds { return true }
            guard changed.wait(timeout: deadline) == .success else {
                return shared.withLock { condition($0.statistics) }
            }
        }
    }

    /// Stops serving: the listener is closed, idle connections closed, and responses being made or
    /// written finished (for at most the write time-out). Returns when every connection is closed;
    /// called again, or from several threads, each call returns once the loop has finished.
    func stop() {
        let first = shared.withLock { shared in
            defer { shared.isStopping = true }
            return !shared.isStopping
        }
        if first { wake() }
        waitUntilStopped()
    }

    /// Blocks until the loop has finished, after ``stop()``.
    func waitUntilStopped() {
        finished.wait()
        finished.signal()
    }

    private func wake() {
        let byte: UInt8 = 1
        // A full pipe (wouldBlock) wakes the loop already.
        _ = withUnsafeBytes(of: byte) { bytes in Result { () throws(Errno) in try wakeUp.writeEnd.write(bytes) } }
    }

    /// Hands a worker's answer to the loop.
    private func deliver(_ answer: Answer) {
        shared.withLock { $0.answers.append(answer) }
        wake()
    }

    // MARK: - The loop's thread

    /// Where a handler's reply goes: kept for the loop when it comes before the handler returns (it
    /// is written at once), delivered through the wake-up pipe when it comes later, from another
    /// thread.
    ///
    /// `Sendable`: its state is behind a `Mutex`.
    private final class ReplySlot: Sendable {
        private let state = Mutex<(returned: Bool, answer: Answer?)>((false, nil))

        /// Keeps `answer` for the loop; `false` when the handler has returned (then it must be
        /// delivered).
        func keep(_ answer: Answer) -> Bool {
            state.withLock { state in
                guard !state.returned else { return false }
                state.answer = answer
                return true
            }
        }

        /// Says the handler has returned: the answer it gave meanwhile, if any.
        func take() -> Answer? {
            state.withLock { state in
                state.returned = true
                return state.answer
            }
        }
    }

    /// One connection, as the loop's thread sees it.
    private final class Connection {
        /// Where a connection is in its exchange.
        enum Phase {
            /// Waiting for a request, nothing of it yet: closed quietly at the deadline.
            case idle
            /// A head has begun: `408` at the deadline.
            case reading
            /// A worker is making the answer: nothing is read meanwhile.
            case answering
            /// Writing an answer; `closes` says what comes after it.
            case writing(closes: Bool)
            /// Discarding what the client still sends, before closing.
            case draining(discarded: Int)
        }

        let descriptor: FileDescriptor
        var phase = Phase.idle
        var deadline: ContinuousClock.Instant?
        /// When it last finished something: the idle connection with the oldest is closed first.
        var lastActive: ContinuousClock.Instant
        /// What has arrived and is not yet read as a head.
        var input: [UInt8] = []
        var scanner: HTTPRequestHead.Scanner
        var output: [UInt8] = []
        var written = 0
        var served = 0

        init(descriptor: FileDescriptor, limits: HTTPRequestHead.Limits, deadline: ContinuousClock.Instant) {
            self.descriptor = descriptor
            self.deadline = deadline
            lastActive = .now
            scanner = HTTPRequestHead.Scanner(limits: limits)
        }

        var isIdle: Bool {
            if case .idle = phase { return true }
            return false
        }
    }

    /// The state of the loop's thread: the listener, the connections by number.
    private struct Loop {
        let owner: HTTPServerLoop
        let listener: HTTPListener
        let settings: Settings
        let handler: @Sendable (HTTPRequestHead, _ reply: @escaping @Sendable (Reply) -> Void) -> Void
        /// Connections whose next head has arrived while they were answering.
        var waiting: [Int] = []
        var connections: [Int: Connection] = [:]
        var nextNumber = 0
        var isListening = true
        /// Accepting waits until then after running out of descriptors with none idle to close.
        var acceptingPausedUntil: ContinuousClock.Instant?
        /// Set once stopping: connections still open then are closed.
        var stopDeadline: ContinuousClock.Instant?
        var scratch = [UInt8](repeating: 0, count: 65_536)

        init(
            owner: HTTPServerLoop, listener: HTTPListener, settings: Settings, name: String,
            handler: @escaping @Sendable (HTTPRequestHead, _ reply: @escaping @Sendable (Reply) -> Void) -> Void
        ) {
            self.owner = owner
            self.listener = listener
            self.settings = settings
            self.handler = handler
        }

        mutating func run() {
            var entries: [pollfd] = []
            var numbers: [Int] = []
            while true {
                let (isStopping, answers) = owner.shared.withLock { shared in
                    defer { shared.answers.removeAll() }
                    return (shared.isStopping, shared.answers)
                }
                for answer in answers { write(answer) }
                readWaitingHeads()
                if isStopping, stopDeadline == nil { beginStopping() }
                if let stopDeadline {
                    if connections.isEmpty { return }
                    if ContinuousClock.now >= stopDeadline {
                        for number in Array(connections.keys) { close(number) }
                        return
                    }
                }
                entries.removeAll(keepingCapacity: true)
                numbers.removeAll(keepingCapacity: true)
                entries.append(pollfd(fd: owner.wakeUp.readEnd.rawValue, events: Int16(POLLIN), revents: 0))
                let now = ContinuousClock.now
                if let until = acceptingPausedUntil, until <= now { acceptingPausedUntil = nil }
                let accepting = isListening && acceptingPausedUntil == nil
                if accepting {
                    entries.append(pollfd(fd: listener.descriptor.rawValue, events: Int16(POLLIN), revents: 0))
                }
                var nearest = stopDeadline ?? acceptingPausedUntil
                for (number, connection) in connections {
                    let events: Int16
                    switch connection.phase {
                    case .idle, .reading, .draining: events = Int16(POLLIN)
                    case .writing: events = Int16(POLLOUT)
                    case .answering: continue
                    }
                    entries.append(pollfd(fd: connection.descriptor.rawValue, events: events, revents: 0))
                    numbers.append(number)
                    if let deadline = connection.deadline, nearest.map({ deadline < $0 }) ?? true { nearest = deadline }
                }
                // A failed wait (out of memory) waits again; the deadlines below still end connections.
                _ = try? SystemCalls.poll(&entries, until: nearest)

                if entries[0].revents != 0 { drainWakeUp() }
                if accepting, entries[1].revents != 0 { acceptAll() }
                let first = accepting ? 2 : 1
                for (entry, number) in zip(entries[first...], numbers) where entry.revents != 0 {
                    ready(number)
                    readWaitingHeads()
                }
                expireDeadlines()
                readWaitingHeads()
            }
        }

        // MARK: Accepting

        private mutating func acceptAll() {
            for _ in 0..<256 {
                switch Result(catching: { () throws(Errno) in try listener.descriptor.accept(nonBlocking: true) }) {
                case .success(let descriptor):
                    // Small writes go at once (a hint: where refused, they are only grouped).
                    try? descriptor.setOption(level: Int32(IPPROTO_TCP), TCP_NODELAY, to: 1)
                    admit(descriptor)
                case .failure(let error):
                    switch error.rawValue {
                    case EAGAIN, EWOULDBLOCK: return
                    case ECONNABORTED, EPROTO: continue
                    case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                        if closeLongestIdle() { continue }
                        acceptingPausedUntil = .now + .milliseconds(100)
                        return
                    default:
                        isListening = false
                        listener.descriptor.close()
                        return
                    }
                }
            }
        }

        /// Serves a new connection, making room by closing the one idle longest when the most
        /// are open; refuses it `503` when none is idle.
        private mutating func admit(_ descriptor: FileDescriptor) {
            owner.updateStatistics { $0.accepted += 1 }
            guard connections.count < settings.maximumConnections || closeLongestIdle() else {
                refuse(descriptor)
                return
            }
            nextNumber += 1
            connections[nextNumber] = Connection(
                descriptor: descriptor, limits: settings.limits, deadline: .now + settings.requestTimeout)
            let open = connections.count
            owner.updateStatistics { $0.open = open }
        }

        /// Answers `503` with what the socket takes at once, without waiting, and closes.
        private func refuse(_ descriptor: FileDescriptor) {
            let response = HTTPResponse.text(
                .serviceUnavailable,
                "connections: expected at most \(settings.maximumConnections) at once, found more, each in a "
                    + "request; retry",
                fields: [HTTPField(.retryAfter, "1")])
            let bytes = Self.bytes(of: response, keepAlive: false, forHead: false, idleTimeout: settings.idleTimeout)
            // Counted first: a client that reads the refusal finds the statistics saying so.
            owner.updateStatistics {
                $0.refused += 1
                $0.responses += 1
            }
            _ = bytes.withUnsafeBytes { bytes in
                Result { () throws(Errno) in try descriptor.send(bytes, waiting: false) }
            }
            descriptor.shutDown(.writing)
            descriptor.close()
        }

        /// Closes the connection idle longest; `false` when none is idle.
        private mutating func closeLongestIdle() -> Bool {
            let idle = connections.lazy.filter { $0.value.isIdle }
            guard let (number, _) = idle.min(by: { $0.value.lastActive < $1.value.lastActive }) else { return false }
            close(number) { $0.idleClosed += 1 }
            return true
        }

        // MARK: Reading and answering

        /// Reads or writes what the connection is ready for.
        private mutating func ready(_ number: Int) {
            guard let connection = connections[number] else { return }
            switch connection.phase {
            case .idle, .reading:
                guard receive(connection) else { return close(number) }
                readHeads(number)
            case .draining(let discarded):
                let before = connection.input.count
                let open = receive(connection)
                let total = discarded + connection.input.count - before
                connection.input.removeAll(keepingCapacity: true)
                guard open, total < 4 << 20 else { return close(number) }
                connection.phase = .draining(discarded: total)
            case .writing:
                continueWriting(number)
            case .answering:
                break
            }
        }

        /// Reads what has arrived onto the connection's input (at most 256 KB at a time, so that
        /// one busy client does not hold up the others); `false` when the client has closed or
        /// reset it.
        private mutating func receive(_ connection: Connection) -> Bool {
            for _ in 0..<4 {
                let descriptor = connection.descriptor
                let received = scratch.withUnsafeMutableBytes { bytes in
                    Result { () throws(Errno) in try descriptor.receiveNow(into: bytes.baseAddress!, count: bytes.count)
                    }
                }
                switch received {
                case .success(let count) where count > 0:
                    connection.input += scratch[..<count]
                    if count < scratch.count { return true }
                case .failure(.wouldBlock): return true
                default: return false
                }
            }
            return true
        }

        /// Reads the next head from the connection's input, if it has arrived whole, and hands
        /// it to a worker; refuses one that breaks the limits or HTTP's syntax.
        private mutating func readHeads(_ number: Int) {
            guard let connection = connections[number] else { return }
            switch connection.scanner.scan(connection.input) {
            case nil:
                if connection.isIdle, !connection.input.isEmpty {
                    connection.phase = .reading
                    connection.deadline = .now + settings.requestTimeout
                }
            case .failure(let refusal):
                answer(number, with: .text(refusal.status, refusal.reason), closes: true)
            case .success(let end):
                let parsed = HTTPRequestHead.parse(connection.input[..<end])
                connection.input.removeFirst(end)
                connection.scanner = HTTPRequestHead.Scanner(limits: settings.limits)
                switch parsed {
                case .failure(let refusal):
                    answer(number, with: .text(refusal.status, refusal.reason), closes: true)
                case .success(let head):
                    connection.served += 1
                    connection.phase = .answering
                    connection.deadline = nil
                    let isLast = connection.served >= settings.maximumRequestsPerConnection
                    let (owner, idleTimeout, slot) = (owner, settings.idleTimeout, ReplySlot())
                    handler(head) { reply in
                        let keepAlive = !reply.closes && !isLast && head.keepsAlive
                        let bytes = Self.bytes(
                            of: reply.response, keepAlive: keepAlive, forHead: head.method == .head,
                            idleTimeout: idleTimeout)
                        let answer = Answer(connection: number, bytes: bytes, closes: !keepAlive)
                        if !slot.keep(answer) { owner.deliver(answer) }
                    }
                    // Answered before the handler returned: written now, without a trip through the
                    // wake-up pipe.
                    if let answer = slot.take() { write(answer) }
                }
            }
        }

        /// Answers the connection on the loop's own thread: a refusal.
        private mutating func answer(_ number: Int, with response: HTTPResponse, closes: Bool) {
            let bytes = Self.bytes(of: response, keepAlive: !closes, forHead: false, idleTimeout: settings.idleTimeout)
            write(Answer(connection: number, bytes: bytes, closes: closes))
        }

        /// A response's bytes: its head with `Date` and `Keep-Alive` or `Connection: close`, and its
        /// content unless `forHead` (a `HEAD` request: the length is still given).
        private static func bytes(
            of response: HTTPResponse, keepAlive: Bool, forHead: Bool, idleTimeout: Duration
        ) -> [UInt8] {
            let fields = [
                HTTPField(.date, HTTPDate.now()),
                keepAlive
                    ? HTTPField(.keepAlive, "timeout=\(idleTimeout.components.seconds)")
                    : HTTPField(.connection, "close"),
            ]
            var bytes = response.head(adding: fields)
            if !forHead, !response.status.forbidsContent, let body = response.body { bytes += body }
            return bytes
        }

        // MARK: Writing

        /// Begins writing an answer, within the write time-out.
        private mutating func write(_ answer: Answer) {
            guard let connection = connections[answer.connection] else { return }  // Closed while it was made.
            owner.updateStatistics { $0.responses += 1 }
            connection.output = answer.bytes
            connection.written = 0
            connection.phase = .writing(closes: answer.closes || stopDeadline != nil)
            connection.deadline = .now + settings.writeTimeout
            continueWriting(answer.connection)
        }

        /// Writes what the socket takes of the answer; when it is all written, the connection waits
        /// for its next request (and reads one that has already arrived) or drains and closes.
        private mutating func continueWriting(_ number: Int) {
            guard let connection = connections[number], case .writing(let closes) = connection.phase else { return }
            while connection.written < connection.output.count {
                let (descriptor, offset) = (connection.descriptor, connection.written)
                let sent = connection.output.withUnsafeBytes { bytes in
                    Result { () throws(Errno) in
                        try descriptor.send(UnsafeRawBufferPointer(rebasing: bytes[offset...]), waiting: false)
                    }
                }
                switch sent {
                case .success(let count): connection.written += count
                case .failure(.wouldBlock): return
                case .failure: return close(number)
                }
            }
            connection.output = []
            connection.lastActive = .now
            if stopDeadline != nil { return close(number) }
            if closes {
                connection.descriptor.shutDown(.writing)
                connection.input = []
                connection.phase = .draining(discarded: 0)
                connection.deadline = .now + .seconds(1)
                return
            }
            connection.phase = .idle
            connection.deadline = .now + settings.idleTimeout
            // A request that has already arrived (pipelined) is read once this write's caller has
            // returned: the loop reads heads one after another, not one inside another.
            if !connection.input.isEmpty { waiting.append(number) }
        }

        /// Reads the heads that arrived while their connections were answering, until none is left.
        private mutating func readWaitingHeads() {
            while let number = waiting.popLast() { readHeads(number) }
        }

        // MARK: Deadlines and closing

        /// Ends the connections whose deadline has passed: an idle one quietly, a head that has not
        /// arrived whole with `408`, a write or a drain by closing.
        private mutating func expireDeadlines() {
            let now = ContinuousClock.now
            for (number, connection) in connections {
                guard let deadline = connection.deadline, deadline <= now else { continue }
                switch connection.phase {
                case .reading:
                    answer(
                        number,
                        with: .text(
                            .requestTimeout,
                            "request: expected a complete head within \(settings.requestTimeout.words), found "
                                + "\(connection.input.count) bytes without its end"),
                        closes: true)
                case .idle, .writing, .draining, .answering:
                    close(number)
                }
            }
        }

        /// Stops accepting, closes the connections that are not being answered, and gives the
        /// others until the write time-out.
        private mutating func beginStopping() {
            stopDeadline = .now + settings.writeTimeout
            if isListening {
                isListening = false
                listener.descriptor.close()
            }
            for (number, connection) in connections {
                switch connection.phase {
                case .answering, .writing: continue
                case .idle, .reading, .draining: close(number)
                }
            }
        }

        /// Closes a connection, counted first: a client that sees its connection closed finds the
        /// statistics saying so.
        private mutating func close(_ number: Int, countedAs counted: (inout Statistics) -> Void = { _ in }) {
            guard let connection = connections.removeValue(forKey: number) else { return }
            let open = connections.count
            owner.updateStatistics {
                $0.open = open
                counted(&$0)
            }
            connection.descriptor.close()
        }

        private func drainWakeUp() {
            var bytes = [UInt8](repeating: 0, count: 256)
            while case .success(let count) = bytes.withUnsafeMutableBytes({ buffer in
                Result { () throws(Errno) in
                    try owner.wakeUp.readEnd.read(into: buffer.baseAddress!, count: buffer.count)
                }
            }), count == bytes.count {}
        }
    }
}
